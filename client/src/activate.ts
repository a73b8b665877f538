/**
 * The VS Code side of Agent Files, shared by desktop VS Code (./node/extension.ts: the server
 * runs as a Node process over IPC) and VS Code in the browser (./browser/extension.ts: the server
 * runs in a Web Worker and reads the workspace through the client). Registers the Skills tree and
 * the commands, then starts the language client the entry point made.
 */
import * as vscode from 'vscode';
import { CloseAction, ErrorAction, type BaseLanguageClient, type DocumentSelector, type ErrorHandler, type LanguageClientOptions } from 'vscode-languageclient';
import { restartPolicy } from './serverRestarts';
import { SkillsTree } from './skillsTree';
import { IndexStatusBar } from './statusBar';
import { indexingMessage } from './indexMessage';
import { VisibleEditorsNotification } from '../../server/src/lsp/protocol';
import { registerCommands } from './commands';
import { EffectView, EFFECT_VIEW } from './effectView';
import type { Platform } from './routeRequest';

/** File-name patterns of the Markdown and JSON formats the server serves (.3md files go by language). */
const FILE_PATTERNS = [
  '**/{SKILL,skill,AGENT}.md',
  // A skill written as a loose file in a client's skills folder, which no client loads (the server says so).
  '**/{.claude,.agents,.codex,.gemini,.opencode,.cursor}/skills/*.md',
  '**/.opencode/skill/*.md',
  '**/.agent-world/{prompts/*.md,world.eval.md,world.json}',
  // Instruction files for coding agents.
  '**/{AGENTS,CLAUDE,CLAUDE.local,GEMINI}.md',
  '**/.github/copilot-instructions.md',
  '**/.github/instructions/**/*.instructions.md',
  // Copilot instructions straight in .github/, which Copilot never applies (the server says so).
  '**/.github/*.instructions.md',
  '**/.claude/rules/**/*.md',
  // Subagents and commands: Claude Code, VS Code custom agents and prompt files.
  '**/.claude/{agents,commands}/**/*.md',
  '**/.github/agents/*.agent.md',
  '**/.github/chatmodes/*.chatmode.md',
  '**/.github/prompts/*.prompt.md',
  // OpenCode and Gemini CLI agents.
  '**/.opencode/{agent,agents}/**/*.md',
  '**/.gemini/agents/*.md',
  // Claude Code settings (hooks, permissions).
  '**/.claude/settings{,.local}.json',
  // The hooks of VS Code, Copilot CLI and the Copilot cloud agent.
  '**/.github/hooks/*.json',
  // MCP server configurations: Claude Code, VS Code, Cursor.
  '**/.mcp.json',
  '**/.vscode/mcp.json',
  '**/.cursor/mcp.json',
  // Codex's project configuration (its instruction chain's fallback names and cap).
  '**/.codex/config.toml',
  // Codex's project hooks.
  '**/.codex/hooks.json',
  '**/.agent-files.json',
  // Claude Code plugin manifests and marketplace files.
  '**/.claude-plugin/{plugin,marketplace}.json',
  // Codex plugin manifests and marketplaces.
  '**/.codex-plugin/plugin.json',
  '**/.agents/plugins/marketplace.json',
  // A skill's eval files: evals/evals.json and trigger query sets.
  '**/evals/evals.json',
  '**/{eval_queries,train_queries,validation_queries}.json',
  '**/{trigger_eval,trigger-eval,trigger_evals,trigger-evals}*.json',
  // A plugin's agents, commands and hooks (the server checks them only inside a plugin its manifests describe).
  '**/agents/*.md',
  '**/commands/**/*.md',
  '**/hooks/hooks.json',
  // A project's hooks file at a name Claude Code does not read (the server says so).
  '**/.claude/hooks.json',
];

/**
 * What the server serves: .3md files by language, the Markdown and JSON formats by file name, in
 * documents of these URI schemes (desktop: `file`; the browser: its workspace's, such as
 * `vscode-vfs`). File-name entries carry no language: VS Code versions give SKILL.md its own
 * language id, so a `markdown` filter would silently miss it.
 */
export function documentSelector(schemes: string[]): DocumentSelector {
  return [{ language: '3md' }, ...schemes.flatMap((scheme) => FILE_PATTERNS.map((pattern) => ({ scheme, pattern })))];
}

/** The selector of desktop VS Code. */
export const DOCUMENT_SELECTOR = documentSelector(['file']);

/** The files whose outline is ours: .3md (planes) and world.json (agents and nodes), which no other outline shows. */
export function outlinedByUs(uri: vscode.Uri): boolean {
  return /\.3md$/i.test(uri.path) || /\/\.agent-world\/world\.json$/.test(uri.path);
}

export interface AgentFilesApi {
  client: BaseLanguageClient;
  tree: SkillsTree;
  status: IndexStatusBar;
  /** Milliseconds `activate` took: until the commands and views were registered, and until the server answered. */
  timings: { registeredMs: number; serverReadyMs: number };
}

/** What an entry point gives: how to make its language client, for which documents, and what its editor can do. */
export interface ClientEntry extends Platform {
  selector: DocumentSelector;
  createClient(options: LanguageClientOptions): BaseLanguageClient;
}

let client: BaseLanguageClient | undefined;

/** The client library's error handler over the restart policy of ./serverRestarts.ts. */
function restartingErrorHandler(): ErrorHandler {
  const policy = restartPolicy(Date.now);
  return {
    error: (error) => {
      const v = policy.failed(error);
      return { action: ErrorAction.Continue, message: v.message, handled: !v.notify };
    },
    closed: () => {
      const v = policy.closed();
      return { action: v.restart ? CloseAction.Restart : CloseAction.DoNotRestart, message: v.message, handled: !v.notify };
    },
  };
}

export async function activateAgentFiles(context: vscode.ExtensionContext, entry: ClientEntry): Promise<AgentFilesApi> {
  const started = performance.now();
  const config = vscode.workspace.getConfiguration('agentFiles');
  const clientOptions: LanguageClientOptions = {
    documentSelector: entry.selector,
    initializationOptions: {
      diagnosticDelay: config.get<number>('diagnostics.delay', 150),
      agentDetection: config.get<string>('agentDetection', 'auto'),
      targets: [...config.get<string[]>('targets', [])],
      // VS Code's JSON support reports world.json schema errors from the contributed schema.
      schemaDiagnostics: false,
      // VS Code's prompt-file validator reports what it checks in the files it gives a prompt-file language (SKILL.md, .instructions.md, rules files) itself.
      editorValidatesPromptFiles: true,
      diagnosticsScope: config.get<string>('diagnostics.scope', 'workspace'),
      // A plain copy: VS Code hands out object settings as proxies, which a browser worker's postMessage cannot clone.
      contextWindow: { ...config.get<Record<string, number>>('contextWindow', {}) },
      // The status bar item shows indexing (instead of a progress notification).
      indexStatus: true,
    },
    synchronize: { configurationSection: 'agentFiles' },
    errorHandler: restartingErrorHandler(),
    outputChannelName: 'Agent Files',
    middleware: {
      // VS Code's Markdown support outlines Markdown files (SKILL.md, AGENTS.md, …) itself: ours would be a second group in the breadcrumb.
      provideDocumentSymbols: (document, token, next) => (outlinedByUs(document.uri) ? next(document, token) : []),
      // A window closing sends the light bulb's last requests with the extension's deactivation: the
      // client, stopped while it looked for its connection, would log each as a failed request. A
      // request waits one turn of the event loop, and the client answers it only while it runs.
      provideCodeActions: async (document, range, context, token, next) => {
        await new Promise((resolve) => setTimeout(resolve, 0));
        return client?.isRunning() && !token.isCancellationRequested ? next(document, range, context, token) : [];
      },
    },
  };
  client = entry.createClient(clientOptions);
  const tree = new SkillsTree(client);
  const status = new IndexStatusBar(client);
  const effect = new EffectView(client, tree.onIndexChanged);
  effect.view = vscode.window.createTreeView(EFFECT_VIEW, { treeDataProvider: effect });
  const skillsView = vscode.window.createTreeView('agentFiles.skills', { treeDataProvider: tree });
  context.subscriptions.push(
    skillsView,
    status.onStatus((s) => (skillsView.message = indexingMessage(s))),
    tree,
    status,
    effect,
    effect.view,
  );
  registerCommands(context, client, tree, entry, effect);
  const registeredMs = performance.now() - started;
  await client.start();
  tree.listen();
  status.listen();
  effect.listen();
  // VS Code validates prompt files, and keeps a document's own diagnostics, only while an editor shows them: the server leaves nothing to it otherwise.
  const c = client;
  const sendVisible = () =>
    void c
      .sendNotification(VisibleEditorsNotification, { uris: vscode.window.visibleTextEditors.map((e) => c.code2ProtocolConverter.asUri(e.document.uri)) })
      .catch((e: unknown) => c.error('sending the visible editors failed', e, false));
  sendVisible();
  context.subscriptions.push(vscode.window.onDidChangeVisibleTextEditors(sendVisible));
  context.subscriptions.push(vscode.window.onDidChangeActiveTextEditor(() => tree.activeEditorChanged()));
  return { client, tree, status, timings: { registeredMs, serverReadyMs: performance.now() - started } };
}

export async function deactivateAgentFiles(): Promise<void> {
  await client?.stop();
  client = undefined;
}
