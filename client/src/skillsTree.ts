/** The Skills tree: agent files → identity → skills → dependencies, live from the server's index. */
import * as vscode from 'vscode';
import type { LanguageClient } from 'vscode-languageclient/node';
import { WorkspaceIndexChangedNotification, WorkspaceIndexRequest, type IndexedFile, type IndexedSkill, type WorkspaceIndexResult } from '../../server/src/lsp/protocol';

export type SkillNode =
  | { type: 'file'; file: IndexedFile }
  | { type: 'identity'; file: IndexedFile }
  | { type: 'skill'; file: IndexedFile; skill: IndexedSkill }
  | { type: 'dependency'; file: IndexedFile; name: string; z: number; path: number[] };

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

  /** The current index (fetched on demand); used by the tree and by tests. */
  async files(): Promise<IndexedFile[]> {
    if (!this.#files) {
      const r = await this.client.sendRequest<WorkspaceIndexResult>(WorkspaceIndexRequest, {});
      this.#files = r.files.filter((f) => f.isAgent || f.kind !== '3md');
    }
    return this.#files;
  }

  async getChildren(node?: SkillNode): Promise<SkillNode[]> {
    if (!node) return (await this.files()).map((file) => ({ type: 'file', file }));
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
    const uri = vscode.Uri.parse(node.type === 'file' ? node.file.uri : node.file.uri);
    switch (node.type) {
      case 'file': {
        const item = new vscode.TreeItem(node.file.name, vscode.TreeItemCollapsibleState.Expanded);
        item.description = vscode.workspace.asRelativePath(uri);
        item.resourceUri = uri;
        item.iconPath = statusIcon(node.file.errors, node.file.warnings, 'hubot');
        item.contextValue = 'agentFile';
        item.tooltip = `${node.file.name}\n${uri.fsPath}\n${node.file.skills.length} skill(s), ${node.file.errors} error(s), ${node.file.warnings} warning(s)`;
        item.command = { command: 'vscode.open', title: 'Open', arguments: [uri] };
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
        item.tooltip = new vscode.MarkdownString(
          [`**${s.name}** (z=${s.z})`, s.tool ? `Tool: \`${s.tool}\`` : 'No tool (guidance only)', s.inputs.length ? `Inputs: ${s.inputs.map((i) => `${i.name}: ${i.type}${i.required ? '' : '?'}`).join(', ')}` : ''].filter(Boolean).join('\n\n'),
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

function statusIcon(errors: number, warnings: number, fallback: string): vscode.ThemeIcon {
  if (errors) return new vscode.ThemeIcon('error', new vscode.ThemeColor('problemsErrorIcon.foreground'));
  if (warnings) return new vscode.ThemeIcon('warning', new vscode.ThemeColor('problemsWarningIcon.foreground'));
  return new vscode.ThemeIcon(fallback);
}

function reveal(uri: string, range: { start: { line: number; character: number }; end: { line: number; character: number } }): vscode.Command {
  return { command: 'agentFiles.revealPlane', title: 'Reveal', arguments: [uri, range] };
}
