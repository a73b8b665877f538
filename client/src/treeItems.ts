/**
 * The rows of the Skills view other than skill groups: agent.3md agents and their planes, AGENT.md
 * agents and their `extends` chain, Agent World worlds, instruction files and "Instructions in
 * effect". Each function makes the tree item of one kind of node.
 */
import * as vscode from 'vscode';
import type {
  IndexedFile,
  IndexedHookEvent,
  IndexedHookHandler,
  IndexedMcpServer,
  IndexedSkill,
  IndexedWorld,
  IndexedWorldAgent,
  IndexedWorldNode,
  InstructionsInEffectResult,
} from '../../server/src/lsp/protocol';
import type { SkillGroup } from './skillGroups';
import { describeProblems, type Problems } from './problems';

/** One parent in an AGENT.md `extends` chain, nearest first. */
export interface ExtendsLink {
  name: string;
  /** The parent's AGENT.md, when the name (or path) resolves in the workspace. */
  file?: IndexedFile;
  /**
   * `unresolved`: no AGENT.md has that name; `cycle`: the chain comes back to an agent already in it;
   * `not-agent`: the path names an instruction-file AGENT.md, which is no parent.
   */
  state: 'ok' | 'unresolved' | 'cycle' | 'not-agent';
}

export type SkillNode =
  /** `nested`: a group inside another (a marketplace's plugin), drawn collapsed (skillsTree.ts `groupItem`). */
  | { type: 'skillGroup'; group: SkillGroup; nested?: true }
  | { type: 'skillFile'; file: IndexedFile; group: string }
  | { type: 'file'; file: IndexedFile }
  | { type: 'identity'; file: IndexedFile }
  | { type: 'skill'; file: IndexedFile; skill: IndexedSkill }
  | { type: 'dependency'; file: IndexedFile; name: string; z: number; path: number[] }
  | { type: 'workflow'; file: IndexedFile; world: IndexedWorld }
  | { type: 'worldGroup'; file: IndexedFile; world: IndexedWorld; group: 'nodes' | 'agents' }
  | { type: 'worldNode'; file: IndexedFile; world: IndexedWorld; node: IndexedWorldNode }
  | { type: 'worldAgent'; file: IndexedFile; agent: IndexedWorldAgent }
  | { type: 'prompt'; file: IndexedFile; agent: IndexedWorldAgent; promptUri: string }
  | { type: 'extends'; file: IndexedFile; chain: ExtendsLink[] }
  | { type: 'ancestor'; file: IndexedFile; link: ExtendsLink }
  | { type: 'instructions'; files: IndexedFile[] }
  | { type: 'agentsAndCommands'; files: IndexedFile[] }
  | { type: 'hooksGroup'; files: IndexedFile[] }
  | { type: 'mcpGroup'; files: IndexedFile[] }
  | { type: 'hookEvent'; file: IndexedFile; event: IndexedHookEvent }
  | { type: 'hookHandler'; file: IndexedFile; handler: IndexedHookHandler }
  | { type: 'mcpServer'; file: IndexedFile; server: IndexedMcpServer }
  | { type: 'inEffect'; uri: string }
  | { type: 'effectClient'; client: InstructionsInEffectResult['clients'][number] }
  | { type: 'effectItem'; item: { uri: string; why: string }; n: number };

export const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

const FILE_ICONS: Record<IndexedFile['kind'], string> = {
  '3md': 'hubot',
  skill: 'book',
  'agent-md': 'person',
  world: 'organization',
  instructions: 'note',
  subagent: 'account',
  command: 'terminal',
  hooks: 'zap',
  'github-hooks': 'zap',
  'claude-settings': 'settings-gear',
  'mcp-config': 'server',
  'plugin-manifest': 'extensions',
};

export function reveal(uri: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }): vscode.Command {
  return { command: 'agentFiles.revealPlane', title: 'Reveal', arguments: [uri, range] };
}

/** The icon of a row with problems (as the Problems panel counts them), else `fallback`. */
export function statusIcon(p: Problems, fallback: string): vscode.ThemeIcon {
  if (p.errors) return new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'));
  if (p.warnings) return new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
  if (p.information) return new vscode.ThemeIcon('info', new vscode.ThemeColor('problemsInfoIcon.foreground'));
  return new vscode.ThemeIcon(fallback);
}

/** An AGENT.md without OS Protocol frontmatter: listed under Instructions, never as an agent or a parent. */
export function isInstructionFile(f: IndexedFile): boolean {
  return f.kind === 'instructions' || (f.kind === 'agent-md' && f.agentMdKind === 'instructions');
}

/** A subagent, custom agent, command or prompt file: listed under Agents and commands. */
export function isAgentOrCommand(f: IndexedFile): boolean {
  return f.kind === 'subagent' || f.kind === 'command';
}

/** The workspace-relative folder of a file. */
export function folderOf(fileUri: string): string {
  return vscode.workspace.asRelativePath(vscode.Uri.joinPath(vscode.Uri.parse(fileUri), '..'));
}

/** The row of an agent.3md, AGENT.md, world or instruction file. */
export function fileItem(f: IndexedFile, problems: Problems): vscode.TreeItem {
  const uri = vscode.Uri.parse(f.uri);
  if (isInstructionFile(f)) {
    const item = new vscode.TreeItem(vscode.workspace.asRelativePath(uri), vscode.TreeItemCollapsibleState.None);
    item.description = f.instructions ? `${f.instructions.label} · ${f.instructions.clients.join(', ')}` : 'instruction file';
    item.resourceUri = uri;
    item.iconPath = statusIcon(problems, 'note');
    item.contextValue = 'instructionFile';
    item.tooltip = fileTooltip(f, uri, problems);
    item.command = { command: 'vscode.open', title: 'Open', arguments: [uri] };
    return item;
  }
  if (isAgentOrCommand(f)) {
    // Hooks in its frontmatter: listed under it.
    const item = new vscode.TreeItem(
      f.kind === 'command' ? `/${f.name}` : f.name,
      f.hooks?.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None,
    );
    item.description = `${f.agentFile?.label ?? f.kind} · ${vscode.workspace.asRelativePath(uri)}`;
    item.resourceUri = uri;
    item.iconPath = statusIcon(problems, FILE_ICONS[f.kind]);
    item.contextValue = 'agentOrCommand';
    item.tooltip = fileTooltip(f, uri, problems);
    item.command = { command: 'vscode.open', title: 'Open', arguments: [uri] };
    return item;
  }
  const leaf = f.kind === 'agent-md' && !f.extends;
  const item = new vscode.TreeItem(f.name, leaf ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Expanded);
  item.description = vscode.workspace.asRelativePath(uri);
  item.resourceUri = uri;
  item.iconPath = statusIcon(problems, FILE_ICONS[f.kind]);
  // agent3md: the row of a .3md agent ("Show Graph" draws its skill dependencies).
  item.contextValue = f.kind === 'world' ? 'agentWorld' : f.kind === '3md' ? 'agent3md' : 'agentFile';
  item.tooltip = fileTooltip(f, uri, problems);
  item.command = { command: 'vscode.open', title: 'Open', arguments: [uri] };
  return item;
}

/** The hover text of a file row: what it is, its full path, and its problems. */
export function fileTooltip(f: IndexedFile, uri: vscode.Uri, problems: Problems): vscode.MarkdownString | string {
  const findings = `Problems: ${describeProblems(problems)}`;
  switch (f.kind) {
    case 'instructions':
      return new vscode.MarkdownString(
        [`**${f.instructions?.label ?? f.name}** (instruction file)`, f.instructions ? `Read by ${f.instructions.clients.join(', ')}.` : '', `\`${uri.fsPath}\``, findings]
          .filter(Boolean)
          .join('\n\n'),
      );
    case 'agent-md':
      if (isInstructionFile(f)) {
        return new vscode.MarkdownString(
          [
            '**AGENT.md: instruction file**',
            'Markdown for coding agents (the Amp / agents.md convention). Its frontmatter, if any, holds no OS Protocol key (`name`, `description`, `extends`, `tools`, `workflows`, `annotations`), so no OS Protocol rules apply and it is not an agent.',
            `\`${uri.fsPath}\``,
            findings,
          ].join('\n\n'),
        );
      }
      return new vscode.MarkdownString(
        [`**${f.name}** (AGENT.md: OS Protocol agent)`, f.description ?? '*no description*', f.extends ? `extends \`${f.extends.value}\`` : '', `\`${uri.fsPath}\``, findings]
          .filter(Boolean)
          .join('\n\n'),
      );
    case 'subagent':
    case 'command':
      return new vscode.MarkdownString([`**${f.name}** (${f.agentFile?.label ?? f.kind})`, f.description ?? '', `\`${uri.fsPath}\``, findings].filter(Boolean).join('\n\n'));
    case 'world':
      return `${f.name} (Agent World)\n${uri.fsPath}\nworkflow: ${f.world?.type ?? '(none)'}, ${f.world?.nodes.length ?? 0} node(s), ${f.world?.agents.length ?? 0} agent(s)\n${findings}`;
    default:
      return `${f.name}\n${uri.fsPath}\n${f.skills.length} skill(s)\n${findings}`;
  }
}

function linkLabel(l: ExtendsLink): string {
  return l.state === 'unresolved' ? `${l.name} (unresolved)` : l.state === 'cycle' ? `${l.name} (cycle)` : l.state === 'not-agent' ? `${l.name} (not an agent)` : l.name;
}

/**
 * The `extends` chain of an AGENT.md over the index, nearest parent first. A name resolves to
 * another AGENT.md with that `name` (a path-like value to the file it names, as the server
 * does); the chain ends at an unresolved parent or at the first repeat.
 */
export function extendsChain(file: IndexedFile, files: IndexedFile[]): ExtendsLink[] {
  const agents = files.filter((f) => f.kind === 'agent-md');
  const chain: ExtendsLink[] = [];
  const seen = new Set([file.uri]);
  let cur = file;
  while (cur.extends) {
    const value = cur.extends.value.trim();
    let parent: IndexedFile | undefined;
    if (value.includes('/') || /\.md$/i.test(value)) {
      const target = vscode.Uri.joinPath(vscode.Uri.parse(cur.uri), '..', value).toString();
      parent = agents.find((a) => a.uri === target || a.uri === `${target.replace(/\/$/, '')}/AGENT.md`);
    } else {
      const from = cur;
      // Another agent of that name first; extending one's own name is a one-step cycle.
      parent = agents.find((a) => a.nameRange && a.name === value && a.uri !== from.uri) ?? (from.nameRange && from.name === value ? from : undefined);
    }
    if (!parent) {
      chain.push({ name: value, state: 'unresolved' });
      break;
    }
    if (isInstructionFile(parent)) {
      chain.push({ name: value, file: parent, state: 'not-agent' });
      break;
    }
    if (seen.has(parent.uri)) {
      chain.push({ name: parent.name, file: parent, state: 'cycle' });
      break;
    }
    chain.push({ name: parent.name, file: parent, state: 'ok' });
    seen.add(parent.uri);
    cur = parent;
  }
  return chain;
}

/** The nodes `configItem` (configItems.ts) draws. */
export type ConfigNode = Extract<SkillNode, { type: 'hooksGroup' | 'mcpGroup' | 'hookEvent' | 'hookHandler' | 'mcpServer' }>;

/** Rows below files: world parts, extends chains, agent.3md identity, planes and dependencies, instructions in effect. */
export function detailItem(node: Exclude<SkillNode, { type: 'skillGroup' | 'skillFile' | 'file' } | ConfigNode>, problemsOfUri: (uri: string) => Problems): vscode.TreeItem {
  switch (node.type) {
    case 'instructions': {
      const item = new vscode.TreeItem('Instructions', vscode.TreeItemCollapsibleState.Collapsed);
      item.description = String(node.files.length);
      item.iconPath = new vscode.ThemeIcon('book');
      item.tooltip =
        'Instruction files for coding agents: AGENTS.md, CLAUDE.md, GEMINI.md, Copilot instructions, Claude Code rules, and AGENT.md files without OS Protocol frontmatter (the Amp / agents.md convention, no OS Protocol checks).';
      item.contextValue = 'instructionsGroup';
      return item;
    }
    case 'agentsAndCommands': {
      const item = new vscode.TreeItem('Agents and commands', vscode.TreeItemCollapsibleState.Collapsed);
      item.description = String(node.files.length);
      item.iconPath = new vscode.ThemeIcon('account');
      item.tooltip =
        'Subagents and commands of coding agents: Claude Code .claude/agents and .claude/commands, VS Code .github/agents (and .github/chatmodes) and .github/prompts.';
      item.contextValue = 'agentsAndCommandsGroup';
      return item;
    }
    case 'inEffect': {
      const target = vscode.Uri.parse(node.uri);
      const item = new vscode.TreeItem('Instructions in effect', vscode.TreeItemCollapsibleState.Collapsed);
      item.description = `for ${vscode.workspace.asRelativePath(target)}`;
      item.iconPath = new vscode.ThemeIcon('list-ordered');
      item.tooltip = `What each client loads for ${vscode.workspace.asRelativePath(target)}, in order`;
      item.contextValue = 'instructionsInEffect';
      return item;
    }
    case 'effectClient': {
      const item = new vscode.TreeItem(node.client.client, node.client.items.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
      item.description = node.client.items.length ? String(node.client.items.length) : 'nothing';
      item.tooltip = node.client.order;
      item.iconPath = new vscode.ThemeIcon('account');
      return item;
    }
    case 'effectItem': {
      const target = vscode.Uri.parse(node.item.uri);
      const item = new vscode.TreeItem(`${node.n + 1}. ${vscode.workspace.asRelativePath(target)}`, vscode.TreeItemCollapsibleState.None);
      item.description = node.item.why;
      item.resourceUri = target;
      item.iconPath = new vscode.ThemeIcon('note');
      item.command = { command: 'vscode.open', title: 'Open', arguments: [target] };
      return item;
    }
    case 'workflow': {
      const w = node.world;
      const item = new vscode.TreeItem(`workflow: ${w.type ?? '(none)'}`, vscode.TreeItemCollapsibleState.None);
      item.description = `entry: ${w.entry ?? '(none)'}`;
      item.iconPath = new vscode.ThemeIcon('type-hierarchy');
      item.tooltip = `workflow.type ${w.type ?? '(none)'}\nworkflow.entry ${w.entry ?? '(none)'}\n${w.nodes.length} node(s), ${w.agents.length} agent(s)`;
      const entry = w.nodes.find((n) => n.id === w.entry);
      if (entry) item.command = reveal(node.file.uri, entry.range);
      return item;
    }
    case 'worldGroup': {
      const nodes = node.group === 'nodes';
      const count = nodes ? node.world.nodes.length : node.world.agents.length;
      const item = new vscode.TreeItem(nodes ? 'Nodes' : 'Agents', count ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
      item.description = String(count);
      item.iconPath = new vscode.ThemeIcon(nodes ? 'circuit-board' : 'organization');
      return item;
    }
    case 'worldNode': {
      const n = node.node;
      const item = new vscode.TreeItem(n.id, vscode.TreeItemCollapsibleState.None);
      item.description = `agent: ${n.agent ?? '(none)'} · ${n.next.length ? `next: ${n.next.join(', ')}` : 'final'}`;
      const entry = n.id === node.world.entry;
      item.iconPath = new vscode.ThemeIcon(entry ? 'play-circle' : n.next.length ? 'circle-outline' : 'pass');
      item.tooltip = `workflow.nodes.${n.id}${entry ? ' (entry)' : ''}\nagent: ${n.agent ?? '(none)'}\nnext: ${n.next.length ? n.next.join(', ') : '(none: a final node)'}`;
      item.contextValue = 'worldNode';
      item.command = reveal(node.file.uri, n.range);
      return item;
    }
    case 'worldAgent': {
      const a = node.agent;
      const item = new vscode.TreeItem(a.id, a.promptUri ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
      item.description = [a.name && a.name !== a.id ? a.name : '', a.promptPath ?? 'no promptPath'].filter(Boolean).join(' · ');
      item.iconPath = new vscode.ThemeIcon('person');
      item.tooltip = `agents.${a.id}${a.name ? ` (${a.name})` : ''}\nprompt: ${a.promptPath ?? '(none)'}`;
      item.contextValue = 'worldAgent';
      item.command = reveal(node.file.uri, a.range);
      return item;
    }
    case 'prompt': {
      const target = vscode.Uri.parse(node.promptUri);
      const item = new vscode.TreeItem(node.agent.promptPath ?? vscode.workspace.asRelativePath(target), vscode.TreeItemCollapsibleState.None);
      item.description = 'prompt';
      item.resourceUri = target;
      item.iconPath = statusIcon(problemsOfUri(node.promptUri), 'file');
      item.tooltip = target.fsPath;
      item.contextValue = 'worldPrompt';
      item.command = { command: 'vscode.open', title: 'Open Prompt', arguments: [target] };
      return item;
    }
    case 'extends': {
      const item = new vscode.TreeItem(`extends: ${node.chain.map(linkLabel).join(' → ')}`, vscode.TreeItemCollapsibleState.Collapsed);
      item.iconPath = new vscode.ThemeIcon(node.chain.some((l) => l.state !== 'ok') ? 'warning' : 'type-hierarchy-super');
      item.tooltip = `${node.file.name} extends ${node.chain.map(linkLabel).join(' → ')}`;
      item.contextValue = 'agentExtends';
      const parent = node.chain[0]?.file;
      if (parent) item.command = reveal(parent.uri, parent.nameRange ?? ZERO);
      return item;
    }
    case 'ancestor': {
      const l = node.link;
      const item = new vscode.TreeItem(l.name, vscode.TreeItemCollapsibleState.None);
      item.description =
        l.state === 'unresolved'
          ? 'unresolved: no AGENT.md has this name'
          : l.state === 'not-agent'
            ? `not an agent: instruction file · ${vscode.workspace.asRelativePath(vscode.Uri.parse(l.file!.uri))}`
            : `${l.state === 'cycle' ? 'cycle · ' : ''}${vscode.workspace.asRelativePath(vscode.Uri.parse(l.file!.uri))}`;
      item.iconPath = l.state === 'ok' ? new vscode.ThemeIcon('person') : new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
      if (l.file) {
        item.tooltip = l.file.description ? `${l.name}: ${l.file.description}` : l.name;
        item.command = reveal(l.file.uri, l.file.nameRange ?? ZERO);
      }
      item.contextValue = 'agentAncestor';
      return item;
    }
    case 'identity': {
      const id = node.file.identity!;
      const item = new vscode.TreeItem(id.name, vscode.TreeItemCollapsibleState.None);
      item.description = `identity · z=${id.z}`;
      item.iconPath = new vscode.ThemeIcon('person');
      item.command = reveal(node.file.uri, id.range);
      return item;
    }
    case 'skill': {
      // A plane of an agent.3md (SKILL.md files are one row each, see skillsTree.ts).
      const s = node.skill;
      const item = new vscode.TreeItem(s.name, s.deps.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
      item.description = `z=${s.z}${s.triggers.length ? ' · ' + s.triggers.join(', ') : ''}`;
      item.tooltip = new vscode.MarkdownString(
        [
          `**${s.name}** (z=${s.z})`,
          s.tool ? `Tool: \`${s.tool}\`` : 'No tool (guidance only)',
          s.inputs.length ? `Inputs: ${s.inputs.map((i) => `${i.name}: ${i.type}${i.required ? '' : '?'}`).join(', ')}` : '',
        ]
          .filter(Boolean)
          .join('\n\n'),
      );
      item.iconPath = statusIcon({ errors: s.errors, warnings: s.warnings, information: 0 }, s.tool ? 'terminal' : 'book');
      item.contextValue = 'skill';
      item.command = reveal(node.file.uri, s.range);
      return item;
    }
    case 'dependency': {
      const target = node.file.skills.find((s) => s.z === node.z);
      const more = (target?.deps ?? []).some((d) => !node.path.includes(d.z));
      const item = new vscode.TreeItem(node.name, more ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
      item.description = `dependency · z=${node.z}`;
      item.iconPath = new vscode.ThemeIcon('references');
      if (target) item.command = reveal(node.file.uri, target.range);
      return item;
    }
  }
}
