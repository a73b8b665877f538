/**
 * The Skills view, live from the server's index, in the user's terms: SKILL.md skills grouped by
 * where they load from (a marketplace and its plugins, a plugin, a client's skills folder such as
 * `.claude/skills` or `.agents/skills`, another folder), one row per skill, a plugin's agents,
 * commands, hooks and MCP servers under it; agent.3md agents with their planes; AGENT.md agents
 * with their `extends` chain; Agent World worlds; instruction files; the project's agents and
 * commands, hooks (per file, event and handler) and MCP servers; and what is in effect for the active editor. Problem counts are what the Problems panel lists;
 * the "with problems" filter keeps only what has some.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { instructionsInEffect } from './instructionsInEffect';
import { WorkspaceIndexChangedNotification, WorkspaceIndexRequest, type IndexedFile, type WorkspaceIndexResult } from '../../server/src/lsp/protocol';
import { filesIn, groupSkills, isMarketplace, isPluginPart, skillsIn, withProblems, type SkillGroup } from './skillGroups';
import { describeProblems, problemsLabel, problemsOf, sumProblems, totalOf, type Problems } from './problems';
import { detailItem, extendsChain, fileItem, folderOf, isAgentOrCommand, isInstructionFile, statusIcon, ZERO, reveal, type SkillNode } from './treeItems';
import { TARGET_LABELS, type Target } from '../../server/src/core/skills/targets';
import { configFileItem, configItem, handlerCount, isConfigEntry } from './configItems';
import { LatestValue } from './latestValue';
import { RedrawGate } from './redrawGate';
import { answerNoSoonerThan } from './treeAnswer';

export { extendsChain, isInstructionFile, type ExtendsLink, type SkillNode } from './treeItems';

/** The context key of the "with problems" filter (the view title shows one of its two buttons). */
export const PROBLEMS_ONLY_CONTEXT = 'agentFiles.problemsOnly';

const GROUP_ICONS: Record<SkillGroup['kind'], string> = { marketplace: 'package', plugin: 'extensions', client: 'folder-library', folder: 'folder' };
const GROUP_KINDS: Record<SkillGroup['kind'], string> = { marketplace: 'marketplace', plugin: 'plugin', client: 'skills folder', folder: 'folder' };

export class SkillsTree implements vscode.TreeDataProvider<SkillNode>, vscode.Disposable {
  readonly #changed = new vscode.EventEmitter<SkillNode | undefined>();
  readonly onDidChangeTreeData = this.#changed.event;
  readonly #indexChanged = new vscode.EventEmitter<void>();
  /** The server's workspace index changed (the client takes one handler per notification: others listen here). */
  readonly onIndexChanged = this.#indexChanged.event;
  /** The index as the view shows it; a refresh drops it, and an answer sent before the refresh is never shown after it. */
  readonly #files = new LatestValue(async () =>
    (await this.client.sendRequest<WorkspaceIndexResult>(WorkspaceIndexRequest, {})).files.filter((f) => f.isAgent || f.kind !== '3md'),
  );
  #disposables: vscode.Disposable[] = [];
  #problemsOnly = false;
  /** Every redraw of the view: coalesced, and never while VS Code still fetches the rows of the last one. */
  readonly #gate = new RedrawGate(() => this.#changed.fire(undefined));

  constructor(private readonly client: LanguageClient) {}

  listen(): void {
    this.#disposables.push(
      this.client.onNotification(WorkspaceIndexChangedNotification, () => {
        this.refresh();
        this.#indexChanged.fire();
      }),
      this.#indexChanged,
    );
    // Counts follow the Problems panel: redrawn (not re-read from the server) when diagnostics change.
    this.#disposables.push(vscode.languages.onDidChangeDiagnostics(() => this.#gate.request()));
  }

  /** Drops the index the view holds and redraws the tree once the changes stop coming (the server announces an index change for each file of a burst). */
  refresh(): void {
    this.#files.invalidate();
    this.#gate.request();
  }

  /** The "with problems" filter: only rows with problems (as the Problems panel counts them). */
  get problemsOnly(): boolean {
    return this.#problemsOnly;
  }
  setProblemsOnly(on: boolean): void {
    this.#problemsOnly = on;
    void vscode.commands.executeCommand('setContext', PROBLEMS_ONLY_CONTEXT, on);
    this.#gate.request();
  }

  /** The "Instructions in effect" section follows the active editor. */
  activeEditorChanged(): void {
    const uri = activeFileUri();
    if (uri === this.#effectUri) return;
    this.#effectUri = uri;
    this.#gate.request();
  }

  #effectUri: string | undefined = activeFileUri();

  /** The current index (fetched on demand); used by the tree and by tests. */
  files(): Promise<IndexedFile[]> {
    return this.#files.get();
  }

  /** The skill groups as the view shows them (the filter applied). */
  async groups(): Promise<SkillGroup[]> {
    const groups = groupSkills(await this.files());
    return this.#problemsOnly ? withProblems(groups, count) : groups;
  }

  /** Answered no sooner than VS Code's tree can take it without mixing up rows (treeAnswer.ts). */
  getChildren(node?: SkillNode): Promise<SkillNode[]> {
    return this.#gate.fetching(() => answerNoSoonerThan(this.#children(node)));
  }

  async #children(node?: SkillNode): Promise<SkillNode[]> {
    if (!node) return this.#roots();
    switch (node.type) {
      case 'skillGroup':
        return [
          ...node.group.groups.map((group) => ({ type: 'skillGroup' as const, group, nested: true as const })),
          ...node.group.skills.map((file) => ({ type: 'skillFile' as const, file, group: node.group.key })),
          ...node.group.parts.flatMap((file) => partNodes(file)),
          // MCP servers and hooks written inline in the plugin.json.
          ...node.group.manifests.flatMap((file) => (file.mcpServers ?? []).map((server) => ({ type: 'mcpServer' as const, file, server }))),
          ...node.group.manifests.flatMap((file) => (file.hooks ?? []).map((event) => ({ type: 'hookEvent' as const, file, event }))),
        ];
      case 'skillFile':
        return (node.file.hooks ?? []).map((event) => ({ type: 'hookEvent', file: node.file, event }));
      case 'instructions':
      case 'agentsAndCommands':
      case 'hooksGroup':
        return node.files.map((file) => ({ type: 'file', file }));
      case 'mcpGroup':
        return node.files.flatMap((file) => partNodes(file));
      case 'hookEvent':
        return node.event.handlers.map((handler) => ({ type: 'hookHandler', file: node.file, handler }));
      case 'inEffect': {
        const r = await instructionsInEffect(this.client, node.uri).catch(() => undefined);
        return (r?.clients ?? []).map((client) => ({ type: 'effectClient', client }));
      }
      case 'effectClient':
        return node.client.items.map((item, n) => ({ type: 'effectItem', item, n }));
      case 'worldGroup':
        return node.group === 'nodes'
          ? node.world.nodes.map((n) => ({ type: 'worldNode', file: node.file, world: node.world, node: n }))
          : node.world.agents.map((agent) => ({ type: 'worldAgent', file: node.file, agent }));
      case 'worldAgent':
        return node.agent.promptUri ? [{ type: 'prompt', file: node.file, agent: node.agent, promptUri: node.agent.promptUri }] : [];
      case 'extends':
        return node.chain.map((link) => ({ type: 'ancestor', file: node.file, link }));
      case 'skill':
        return node.skill.deps.map((d) => ({ type: 'dependency', file: node.file, name: d.name, z: d.z, path: [node.skill.z, d.z] }));
      case 'dependency': {
        // Expands one level at a time; a dependency already on the path (a cycle) is not expanded again.
        const skill = node.file.skills.find((s) => s.z === node.z);
        return (skill?.deps ?? []).filter((d) => !node.path.includes(d.z)).map((d) => ({ type: 'dependency', file: node.file, name: d.name, z: d.z, path: [...node.path, d.z] }));
      }
      case 'file':
        return this.#fileChildren(node.file);
      default:
        return [];
    }
  }

  async #roots(): Promise<SkillNode[]> {
    const all = await this.files();
    const keep = (f: IndexedFile) => !this.#problemsOnly || count(f.uri) > 0;
    const roots: SkillNode[] = (await this.groups()).map((group) => ({ type: 'skillGroup', group }));
    const grouped = (f: IndexedFile) =>
      isInstructionFile(f) || isAgentOrCommand(f) || f.kind === 'hooks' || f.kind === 'github-hooks' || f.kind === 'claude-settings' || f.kind === 'mcp-config';
    // Plugin and marketplace manifests are their groups; a Codex plugin.json without a plugin group has a row.
    const ownRow = (f: IndexedFile) => f.kind !== 'skill' && !grouped(f) && !(f.kind === 'plugin-manifest' && (isPluginPart(f) || isMarketplace(f)));
    for (const file of all) if (ownRow(file) && keep(file)) roots.push({ type: 'file', file });
    const instructions = all.filter((f) => isInstructionFile(f) && keep(f));
    if (instructions.length) roots.push({ type: 'instructions', files: instructions });
    // A plugin's agents and commands are shown under their plugin.
    const agentFiles = all.filter((f) => isAgentOrCommand(f) && !isPluginPart(f) && keep(f));
    if (agentFiles.length) roots.push({ type: 'agentsAndCommands', files: agentFiles });
    // A plugin's hooks and MCP servers are shown under their plugin.
    const hooks = all.filter((f) => (f.kind === 'hooks' || f.kind === 'github-hooks' || f.kind === 'claude-settings') && !isPluginPart(f) && keep(f));
    if (hooks.length) roots.push({ type: 'hooksGroup', files: hooks });
    const mcp = all.filter((f) => f.kind === 'mcp-config' && !isPluginPart(f) && keep(f));
    if (mcp.length) roots.push({ type: 'mcpGroup', files: mcp });
    if (this.#effectUri && !this.#problemsOnly) roots.push({ type: 'inEffect', uri: this.#effectUri });
    return roots;
  }

  async #fileChildren(file: IndexedFile): Promise<SkillNode[]> {
    if (file.kind === 'world' && file.world) {
      const world = file.world;
      return [
        { type: 'workflow', file, world },
        { type: 'worldGroup', file, world, group: 'nodes' },
        { type: 'worldGroup', file, world, group: 'agents' },
      ];
    }
    if (file.kind === 'agent-md') return file.extends ? [{ type: 'extends', file, chain: extendsChain(file, await this.files()) }] : [];
    if (file.hooks) return file.hooks.map((event) => ({ type: 'hookEvent', file, event }));
    const kids: SkillNode[] = [];
    if (file.identity) kids.push({ type: 'identity', file });
    for (const skill of file.skills) kids.push({ type: 'skill', file, skill });
    return kids;
  }

  getTreeItem(node: SkillNode): vscode.TreeItem {
    switch (node.type) {
      case 'skillGroup':
        return groupItem(node.group, node.nested === true);
      case 'skillFile':
        return skillItem(node.file, node.group);
      case 'file':
        return isConfigEntry(node.file) ? configFileItem(node.file, problemsOf(node.file.uri)) : fileItem(node.file, problemsOf(node.file.uri));
      case 'hooksGroup':
      case 'mcpGroup':
      case 'hookEvent':
      case 'hookHandler':
      case 'mcpServer':
        return configItem(node, problemsOf);
      default:
        return detailItem(node, problemsOf);
    }
  }

  dispose(): void {
    this.#gate.dispose();
    this.#changed.dispose();
    for (const d of this.#disposables) d.dispose();
  }
}

/** The problems of a file, as one number. */
const count = (uri: string) => totalOf(problemsOf(uri));

/** The clients that read a group's skills, from their targets ("Claude Code", "Codex, VS Code / Copilot, …"). */
function readers(files: IndexedFile[]): string {
  const targets = new Set<Target>();
  for (const f of files) for (const t of f.targets?.names ?? []) targets.add(t as Target);
  return [...targets].map((t) => TARGET_LABELS[t] ?? t).join(', ');
}

/** "3 skills · 2 agents · 1 command · 2 hooks · 1 MCP server": what a group holds, its plugins' included (parts only when there are some). */
function groupCounts(g: SkillGroup): string {
  const files = filesIn(g);
  const count = (n: number, one: string) => `${n} ${one}${n === 1 ? '' : 's'}`;
  const agents = files.filter((f) => f.kind === 'subagent').length;
  const commands = files.filter((f) => f.kind === 'command').length;
  // Hooks files' handlers and those of skills' and agents' frontmatter; MCP configuration files' servers and those of a plugin.json.
  const hooks = files.reduce((n, f) => n + handlerCount(f), 0);
  const servers = files.reduce((n, f) => n + (f.mcpServers?.length ?? 0), 0);
  return [
    count(skillsIn(g).length, 'skill'),
    agents ? count(agents, 'agent') : '',
    commands ? count(commands, 'command') : '',
    hooks ? count(hooks, 'hook') : '',
    servers ? count(servers, 'MCP server') : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** The rows of a plugin's part or of an MCP configuration file: its servers one row each (the file itself when it has none, so its problems show). */
function partNodes(file: IndexedFile): SkillNode[] {
  if (file.kind === 'mcp-config' && file.mcpServers?.length) return file.mcpServers.map((server) => ({ type: 'mcpServer' as const, file, server }));
  return [{ type: 'file', file }];
}

/**
 * A group's row. A top-level group starts expanded, a group inside it (a marketplace's plugin)
 * collapsed: when the rows VS Code draws expanded hold rows it draws expanded, their answer makes
 * the tree ask for more rows while it still hands out the last batch's answers, and VS Code's
 * tree can then draw one group's rows under another (treeAnswer.ts). One level of expanded rows
 * leaves it nothing to mix up.
 */
function groupItem(g: SkillGroup, nested: boolean): vscode.TreeItem {
  const skills = skillsIn(g);
  const problems = sumProblems(filesIn(g).map((f) => problemsOf(f.uri)));
  const label = g.kind === 'client' || g.kind === 'folder' ? vscode.workspace.asRelativePath(vscode.Uri.parse(g.uri)) : g.label;
  const item = new vscode.TreeItem(label, nested ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.Expanded);
  const n = groupCounts(g);
  item.description = [g.kind === 'marketplace' || g.kind === 'plugin' ? GROUP_KINDS[g.kind] : '', n, problemsLabel(problems)].filter(Boolean).join(' · ');
  item.iconPath = statusIcon(problems, GROUP_ICONS[g.kind]);
  item.id = `skills/${g.key}`;
  item.contextValue = `skillGroup.${g.kind}`;
  const where = vscode.Uri.parse(g.uri);
  const who = readers(skills);
  item.tooltip = new vscode.MarkdownString(
    [`**${g.label}** (${GROUP_KINDS[g.kind]})`, `\`${where.fsPath}\``, who ? `Read by ${who}.` : '', `${n}; problems: ${describeProblems(problems)}`].filter(Boolean).join('\n\n'),
  );
  if (g.kind === 'marketplace' || g.kind === 'plugin') item.command = { command: 'vscode.open', title: 'Open', arguments: [where] };
  return item;
}

/** A SKILL.md: one row, its name, what it is for, its problems; the full path in the tooltip. */
function skillItem(f: IndexedFile, group: string): vscode.TreeItem {
  const uri = vscode.Uri.parse(f.uri);
  const problems: Problems = problemsOf(uri);
  // Hooks in its frontmatter: listed under it.
  const item = new vscode.TreeItem(f.name, f.hooks?.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  // The group is part of the id: a skill moves to another group when the manifests are read (a
  // folder's, then its plugin's), and one id under two parents at once breaks VS Code's tree.
  item.id = `skill/${group}/${f.uri}`;
  item.description = [problemsLabel(problems), f.description ?? ''].filter(Boolean).join(' · ');
  item.resourceUri = uri;
  item.iconPath = statusIcon(problems, 'book');
  item.contextValue = 'skillFile';
  item.tooltip = new vscode.MarkdownString(
    [
      `**${f.name}** (SKILL.md)`,
      f.description ?? '*no description*',
      `\`${uri.fsPath}\``,
      `Folder: \`${folderOf(f.uri)}\``,
      f.targets?.summary ?? '',
      `Problems: ${describeProblems(problems)}`,
    ]
      .filter(Boolean)
      .join('\n\n'),
  );
  item.command = reveal(f.uri, f.nameRange ?? ZERO);
  return item;
}

/** The active editor's file, when it is a file on disk. */
function activeFileUri(): string | undefined {
  const u = vscode.window.activeTextEditor?.document.uri;
  return u && u.scheme === 'file' ? u.toString() : undefined;
}
