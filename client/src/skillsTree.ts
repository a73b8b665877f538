/**
 * The Skills tree, live from the server's index: agent.3md files → identity → skills →
 * dependencies; SKILL.md skills; AGENT.md agents (OS Protocol) with their `extends` chain;
 * Agent World worlds → workflow, nodes (agent and next nodes) and agents (prompt files); and an
 * "Instructions" group for AGENT.md instruction files (plain Markdown, not agents).
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { instructionsInEffect } from './instructionsInEffect';
import {
  WorkspaceIndexChangedNotification,
  type InstructionsInEffectResult,
  WorkspaceIndexRequest,
  type IndexedFile,
  type IndexedSkill,
  type IndexedWorld,
  type IndexedWorldAgent,
  type IndexedWorldNode,
  type WorkspaceIndexResult,
} from '../../server/src/lsp/protocol';

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
  | { type: 'inEffect'; uri: string }
  | { type: 'effectClient'; client: InstructionsInEffectResult['clients'][number] }
  | { type: 'effectItem'; item: { uri: string; why: string }; n: number };

export class SkillsTree implements vscode.TreeDataProvider<SkillNode>, vscode.Disposable {
  readonly #changed = new vscode.EventEmitter<SkillNode | undefined>();
  readonly onDidChangeTreeData = this.#changed.event;
  #files: IndexedFile[] | undefined;
  #disposables: vscode.Disposable[] = [];

  constructor(private readonly client: LanguageClient) {}

  listen(): void {
    this.#disposables.push(this.client.onNotification(WorkspaceIndexChangedNotification, () => this.refresh()));
  }

  refresh(): void {
    this.#files = undefined;
    this.#changed.fire(undefined);
  }

  /** The "Instructions in effect" section follows the active editor. */
  activeEditorChanged(): void {
    const uri = activeFileUri();
    if (uri === this.#effectUri) return;
    this.#effectUri = uri;
    this.#changed.fire(undefined);
  }

  #effectUri: string | undefined = activeFileUri();

  /** The current index (fetched on demand); used by the tree and by tests. */
  async files(): Promise<IndexedFile[]> {
    if (!this.#files) {
      const r = await this.client.sendRequest<WorkspaceIndexResult>(WorkspaceIndexRequest, {});
      this.#files = r.files.filter((f) => f.isAgent || f.kind !== '3md');
    }
    return this.#files;
  }

  async getChildren(node?: SkillNode): Promise<SkillNode[]> {
    if (!node) {
      const all = await this.files();
      const instructions = all.filter(isInstructionFile);
      const roots: SkillNode[] = all.filter((f) => !isInstructionFile(f)).map((file) => ({ type: 'file', file }));
      if (instructions.length) roots.push({ type: 'instructions', files: instructions });
      if (this.#effectUri) roots.push({ type: 'inEffect', uri: this.#effectUri });
      return roots;
    }
    if (node.type === 'instructions') return node.files.map((file) => ({ type: 'file', file }));
    if (node.type === 'inEffect') {
      const r = await instructionsInEffect(this.client, node.uri).catch(() => undefined);
      return (r?.clients ?? []).map((client) => ({ type: 'effectClient', client }));
    }
    if (node.type === 'effectClient') return node.client.items.map((item, n) => ({ type: 'effectItem', item, n }));
    if (node.type === 'file' && node.file.kind === 'world' && node.file.world) {
      const world = node.file.world;
      return [
        { type: 'workflow', file: node.file, world },
        { type: 'worldGroup', file: node.file, world, group: 'nodes' },
        { type: 'worldGroup', file: node.file, world, group: 'agents' },
      ];
    }
    if (node.type === 'file' && node.file.kind === 'agent-md') {
      return node.file.extends ? [{ type: 'extends', file: node.file, chain: extendsChain(node.file, await this.files()) }] : [];
    }
    if (node.type === 'worldGroup') {
      return node.group === 'nodes'
        ? node.world.nodes.map((n) => ({ type: 'worldNode', file: node.file, world: node.world, node: n }))
        : node.world.agents.map((agent) => ({ type: 'worldAgent', file: node.file, agent }));
    }
    if (node.type === 'worldAgent') return node.agent.promptUri ? [{ type: 'prompt', file: node.file, agent: node.agent, promptUri: node.agent.promptUri }] : [];
    if (node.type === 'extends') return node.chain.map((link) => ({ type: 'ancestor', file: node.file, link }));
    if (node.type === 'file') {
      const kids: SkillNode[] = [];
      if (node.file.identity) kids.push({ type: 'identity', file: node.file });
      for (const skill of node.file.skills) kids.push({ type: 'skill', file: node.file, skill });
      return kids;
    }
    if (node.type === 'skill') return node.skill.deps.map((d) => ({ type: 'dependency', file: node.file, name: d.name, z: d.z, path: [node.skill.z, d.z] }));
    if (node.type === 'dependency') {
      // Expands one level at a time; a dependency already on the path (a cycle) is not expanded again.
      const skill = node.file.skills.find((s) => s.z === node.z);
      return (skill?.deps ?? []).filter((d) => !node.path.includes(d.z)).map((d) => ({ type: 'dependency', file: node.file, name: d.name, z: d.z, path: [...node.path, d.z] }));
    }
    return [];
  }

  getTreeItem(node: SkillNode): vscode.TreeItem {
    if (node.type === 'instructions') {
      const item = new vscode.TreeItem('Instructions', vscode.TreeItemCollapsibleState.Collapsed);
      item.description = String(node.files.length);
      item.iconPath = new vscode.ThemeIcon('book');
      item.tooltip =
        'Instruction files for coding agents: AGENTS.md, CLAUDE.md, GEMINI.md, Copilot instructions, Claude Code rules, and AGENT.md files without OS Protocol frontmatter (the Amp / agents.md convention, no OS Protocol checks).';
      item.contextValue = 'instructionsGroup';
      return item;
    }
    if (node.type === 'inEffect') {
      const target = vscode.Uri.parse(node.uri);
      const item = new vscode.TreeItem('Instructions in effect', vscode.TreeItemCollapsibleState.Collapsed);
      item.description = `for ${vscode.workspace.asRelativePath(target)}`;
      item.iconPath = new vscode.ThemeIcon('list-ordered');
      item.tooltip = `What each client loads for ${vscode.workspace.asRelativePath(target)}, in order`;
      item.contextValue = 'instructionsInEffect';
      return item;
    }
    if (node.type === 'effectClient') {
      const item = new vscode.TreeItem(node.client.client, node.client.items.length ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
      item.description = node.client.items.length ? String(node.client.items.length) : 'nothing';
      item.tooltip = node.client.order;
      item.iconPath = new vscode.ThemeIcon('account');
      return item;
    }
    if (node.type === 'effectItem') {
      const target = vscode.Uri.parse(node.item.uri);
      const item = new vscode.TreeItem(`${node.n + 1}. ${vscode.workspace.asRelativePath(target)}`, vscode.TreeItemCollapsibleState.None);
      item.description = node.item.why;
      item.resourceUri = target;
      item.iconPath = new vscode.ThemeIcon('note');
      item.command = { command: 'vscode.open', title: 'Open', arguments: [target] };
      return item;
    }
    const uri = vscode.Uri.parse(node.file.uri);
    switch (node.type) {
      case 'file': {
        const f = node.file;
        if (isInstructionFile(f)) {
          const item = new vscode.TreeItem(vscode.workspace.asRelativePath(uri), vscode.TreeItemCollapsibleState.None);
          item.description = f.instructions ? `${f.instructions.label} · ${f.instructions.clients.join(', ')}` : 'instruction file';
          item.resourceUri = uri;
          item.iconPath = new vscode.ThemeIcon('note');
          item.contextValue = 'instructionFile';
          item.tooltip = fileTooltip(f, uri);
          item.command = { command: 'vscode.open', title: 'Open', arguments: [uri] };
          return item;
        }
        const leaf = f.kind === 'agent-md' && !f.extends;
        const item = new vscode.TreeItem(f.name, leaf ? vscode.TreeItemCollapsibleState.None : vscode.TreeItemCollapsibleState.Expanded);
        item.description = vscode.workspace.asRelativePath(uri);
        item.resourceUri = uri;
        item.iconPath = statusIcon(f.errors, f.warnings, FILE_ICONS[f.kind]);
        item.contextValue = f.kind === 'world' ? 'agentWorld' : 'agentFile';
        item.tooltip = fileTooltip(f, uri);
        item.command = { command: 'vscode.open', title: 'Open', arguments: [uri] };
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
        item.iconPath = vscode.ThemeIcon.File;
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
        const s = node.skill;
        const item = new vscode.TreeItem(s.name, s.deps.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
        item.description = `z=${s.z}${s.triggers.length ? ' · ' + s.triggers.join(', ') : ''}`;
        item.tooltip =
          node.file.kind === 'skill'
            ? new vscode.MarkdownString(
                [`**${s.name}**`, s.description ?? '', `Folder: \`${folderOf(node.file.uri)}\``, node.file.targets?.summary ?? ''].filter(Boolean).join('\n\n'),
              )
            : new vscode.MarkdownString(
                [
                  `**${s.name}** (z=${s.z})`,
                  s.tool ? `Tool: \`${s.tool}\`` : 'No tool (guidance only)',
                  s.inputs.length ? `Inputs: ${s.inputs.map((i) => `${i.name}: ${i.type}${i.required ? '' : '?'}`).join(', ')}` : '',
                ]
                  .filter(Boolean)
                  .join('\n\n'),
              );
        item.iconPath = statusIcon(s.errors, s.warnings, s.tool ? 'terminal' : 'book');
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

  dispose(): void {
    this.#changed.dispose();
    for (const d of this.#disposables) d.dispose();
  }
}

const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

const FILE_ICONS: Record<IndexedFile['kind'], string> = { '3md': 'hubot', skill: 'book', 'agent-md': 'person', world: 'organization', instructions: 'note' };

/** The active editor's file, when it is a file on disk. */
function activeFileUri(): string | undefined {
  const u = vscode.window.activeTextEditor?.document.uri;
  return u && u.scheme === 'file' ? u.toString() : undefined;
}

/** The hover text of a file node: what it is, where, and its findings. */
function fileTooltip(f: IndexedFile, uri: vscode.Uri): vscode.MarkdownString | string {
  const findings = `${f.errors} error(s), ${f.warnings} warning(s)`;
  switch (f.kind) {
    case 'skill':
      return new vscode.MarkdownString(
        [`**${f.name}** (SKILL.md)`, f.description ?? '*no description*', `Folder: \`${folderOf(f.uri)}\``, f.targets?.summary ?? '', findings].filter(Boolean).join('\n\n'),
      );
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
          ].join('\n\n'),
        );
      }
      return new vscode.MarkdownString(
        [`**${f.name}** (AGENT.md: OS Protocol agent)`, f.description ?? '*no description*', f.extends ? `extends \`${f.extends.value}\`` : '', `\`${uri.fsPath}\``, findings]
          .filter(Boolean)
          .join('\n\n'),
      );
    case 'world':
      return `${f.name} (Agent World)\n${uri.fsPath}\nworkflow: ${f.world?.type ?? '(none)'}, ${f.world?.nodes.length ?? 0} node(s), ${f.world?.agents.length ?? 0} agent(s)\n${findings}`;
    default:
      return `${f.name}\n${uri.fsPath}\n${f.skills.length} skill(s), ${findings}`;
  }
}

/** The workspace-relative folder of a file. */
function folderOf(fileUri: string): string {
  return vscode.workspace.asRelativePath(vscode.Uri.joinPath(vscode.Uri.parse(fileUri), '..'));
}

function linkLabel(l: ExtendsLink): string {
  return l.state === 'unresolved' ? `${l.name} (unresolved)` : l.state === 'cycle' ? `${l.name} (cycle)` : l.state === 'not-agent' ? `${l.name} (not an agent)` : l.name;
}

/** An AGENT.md without OS Protocol frontmatter: listed under Instructions, never as an agent or a parent. */
export function isInstructionFile(f: IndexedFile): boolean {
  return f.kind === 'instructions' || (f.kind === 'agent-md' && f.agentMdKind === 'instructions');
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

function statusIcon(errors: number, warnings: number, fallback: string): vscode.ThemeIcon {
  if (errors) return new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'));
  if (warnings) return new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
  return new vscode.ThemeIcon(fallback);
}

function reveal(uri: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }): vscode.Command {
  return { command: 'agentFiles.revealPlane', title: 'Reveal', arguments: [uri, range] };
}
