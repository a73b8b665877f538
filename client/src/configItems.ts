/**
 * The rows of the Agent Files view for the JSON files a coding agent loads: Claude Code settings
 * and plugin hooks files with their events and handlers, MCP servers, and the plugin manifests
 * that make no group of their own (Codex's). A click opens the file at the event, handler or server.
 */
import * as vscode from 'vscode';
import type { IndexedFile } from '../../server/src/lsp/protocol';
import type { Problems } from './problems';
import { describeProblems } from './problems';
import { reveal, statusIcon, ZERO, type ConfigNode } from './treeItems';

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** The kinds `configFileItem` draws. */
export function isConfigEntry(f: IndexedFile): boolean {
  return f.kind === 'hooks' || f.kind === 'github-hooks' || f.kind === 'claude-settings' || f.kind === 'mcp-config' || f.kind === 'plugin-manifest';
}

/** Every handler of a hooks or settings file. */
export function handlerCount(f: IndexedFile): number {
  return (f.hooks ?? []).reduce((n, e) => n + e.handlers.length, 0);
}

const KIND_LABELS: Partial<Record<IndexedFile['kind'], string>> = {
  hooks: 'plugin hooks',
  'github-hooks': 'VS Code and Copilot hooks',
  'claude-settings': 'Claude Code settings',
  'mcp-config': 'MCP configuration',
};

/** The row of a settings, hooks, MCP configuration or (Codex) manifest file. */
export function configFileItem(f: IndexedFile, problems: Problems): vscode.TreeItem {
  const uri = vscode.Uri.parse(f.uri);
  const rel = vscode.workspace.asRelativePath(uri);
  const events = f.hooks ?? [];
  const manifest = f.kind === 'plugin-manifest';
  // Collapsed: a marketplace of plugins with hooks stays one row per hooks file.
  const item = new vscode.TreeItem(manifest ? f.name : rel, events.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
  const what = manifest ? (f.manifest?.label ?? 'plugin manifest') : (KIND_LABELS[f.kind] ?? f.kind);
  const holds = f.kind === 'mcp-config' ? plural(f.mcpServers?.length ?? 0, 'MCP server') : manifest ? rel : events.length ? plural(handlerCount(f), 'hook') : 'no hooks';
  item.description = `${what} · ${holds}`;
  item.resourceUri = uri;
  item.iconPath = statusIcon(problems, f.kind === 'mcp-config' ? 'server' : manifest ? 'extensions' : f.kind === 'hooks' || f.kind === 'github-hooks' ? 'zap' : 'settings-gear');
  item.contextValue = `configFile.${f.kind}`;
  item.tooltip = new vscode.MarkdownString([`**${manifest ? f.name : rel}** (${what})`, `\`${uri.fsPath}\``, `Problems: ${describeProblems(problems)}`].join('\n\n'));
  item.command = { command: 'vscode.open', title: 'Open', arguments: [uri] };
  return item;
}

/** The "Hooks" and "MCP servers" groups, an event, a handler, a server. */
export function configItem(node: ConfigNode, problemsOf: (uri: string) => Problems): vscode.TreeItem {
  switch (node.type) {
    case 'hooksGroup': {
      const item = new vscode.TreeItem('Hooks', vscode.TreeItemCollapsibleState.Collapsed);
      item.description = String(node.files.reduce((n, f) => n + handlerCount(f), 0));
      item.iconPath = new vscode.ThemeIcon('zap');
      item.tooltip =
        "Hooks of the project: the `hooks` of .claude/settings.json and .claude/settings.local.json (Claude Code; VS Code reads them too), and .github/hooks/*.json (VS Code, Copilot CLI and the Copilot cloud agent). A plugin's hooks/hooks.json is under its plugin.";
      item.contextValue = 'hooksGroup';
      return item;
    }
    case 'mcpGroup': {
      const item = new vscode.TreeItem('MCP servers', vscode.TreeItemCollapsibleState.Collapsed);
      item.description = String(node.files.reduce((n, f) => n + (f.mcpServers?.length ?? 0), 0));
      item.iconPath = new vscode.ThemeIcon('server');
      item.tooltip =
        "MCP servers of the project: Claude Code's .mcp.json, VS Code's .vscode/mcp.json and Cursor's .cursor/mcp.json (a plugin's .mcp.json is under its plugin). Agent Files never starts them.";
      item.contextValue = 'mcpGroup';
      return item;
    }
    case 'hookEvent': {
      const e = node.event;
      const item = new vscode.TreeItem(e.event, e.handlers.length ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
      item.description = plural(e.handlers.length, 'handler');
      item.iconPath = new vscode.ThemeIcon('symbol-event');
      item.tooltip = `${e.event}: ${plural(e.handlers.length, 'handler')}`;
      item.contextValue = 'hookEvent';
      item.command = reveal(node.file.uri, e.range);
      return item;
    }
    case 'hookHandler': {
      const h = node.handler;
      const item = new vscode.TreeItem(h.label || `(${h.type || 'no type'})`, vscode.TreeItemCollapsibleState.None);
      item.description = [h.type || 'no type', h.matcher ? `matcher: ${h.matcher}` : ''].filter(Boolean).join(' · ');
      item.iconPath = new vscode.ThemeIcon(h.type === 'command' ? 'terminal' : h.type === 'http' ? 'globe' : 'zap');
      item.tooltip = [`type: ${h.type || '(none)'}`, h.matcher ? `matcher: ${h.matcher}` : '', h.label].filter(Boolean).join('\n');
      item.contextValue = 'hookHandler';
      item.command = reveal(node.file.uri, h.range);
      return item;
    }
    case 'mcpServer': {
      const s = node.server;
      const uri = vscode.Uri.parse(node.file.uri);
      const item = new vscode.TreeItem(s.name, vscode.TreeItemCollapsibleState.None);
      item.description = [s.transport, vscode.workspace.asRelativePath(uri)].filter(Boolean).join(' · ');
      item.iconPath = statusIcon(problemsOf(node.file.uri), 'server');
      item.tooltip = new vscode.MarkdownString(
        [`**${s.name}** (MCP server${s.transport ? `, ${s.transport}` : ''})`, s.target ? `\`${s.target}\`` : '', `\`${uri.fsPath}\``].filter(Boolean).join('\n\n'),
      );
      item.contextValue = 'mcpServer';
      item.command = reveal(node.file.uri, s.range ?? ZERO);
      return item;
    }
  }
}
