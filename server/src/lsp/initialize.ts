/**
 * The server's start and its settings: `initialize` (what the client can do, the workspace
 * folders, the capabilities we announce), `initialized` (folder events, file watchers, the first
 * scan), and the settings from the initialization options or the client's configuration.
 */
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  TextDocumentSyncKind,
  WatchKind,
  type InitializeParams,
  type InitializeResult,
  type ServerCapabilities,
} from 'vscode-languageserver';
import { INSTRUCTION_WATCHERS } from './instructionsRequest';
import { VERSION } from '../meta';
import { DEFAULT_SETTINGS, readSettings, type ServerSettings } from './settings';
import type { DiagnosticsScheduling } from './diagnosticsScheduling';
import type { WorkspaceIndexing } from './workspaceIndexing';
import { errorText, folderUri, type ServerParts } from './serverParts';

/** What the server announces, for a client that pulls diagnostics or not. */
function capabilities(pullDiagnostics: boolean, pid: number | undefined): ServerCapabilities {
  return {
    textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
    completionProvider: { triggerCharacters: ['{', ':', '=', ' ', '@', '/', '"'], resolveProvider: false },
    hoverProvider: true,
    definitionProvider: true,
    referencesProvider: true,
    renameProvider: { prepareProvider: true },
    documentSymbolProvider: true,
    workspaceSymbolProvider: true,
    foldingRangeProvider: true,
    documentLinkProvider: { resolveProvider: false },
    codeLensProvider: { resolveProvider: true },
    codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite, 'source.fixAll.agentFiles'] },
    ...(pullDiagnostics ? { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: true } } : {}),
    workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
    // The process id lets the extension tests check that a killed server is restarted.
    experimental: { agentFiles: { pid } },
  };
}

/** The file watchers the server asks a client for (every file it reads may change a verdict). */
export function watchers(watchEverything: boolean | undefined) {
  return [
    { globPattern: '**/*.3md' },
    { globPattern: '**/{SKILL,skill,AGENT}.md' },
    { globPattern: '**/.agent-world/**' },
    { globPattern: '**/.agent-files.json' },
    // Plugin and marketplace manifests decide who loads a plugin's skills.
    { globPattern: '**/{.claude-plugin,.codex-plugin}/*.json' },
    { globPattern: '**/.agents/plugins/marketplace.json' },
    { globPattern: '**/plugin.json' },
    { globPattern: '**/.gitignore' },
    { globPattern: '**/.git/info/exclude' },
    // The files git tracks are live whatever a .gitignore says (liveFolders.ts).
    { globPattern: '**/.git/index' },
    // A root's README and install scripts say where a collection's skills are installed (core/skills/installs.ts).
    { globPattern: '**/{README.md,readme.md,README,INSTALL.md}' },
    { globPattern: '**/install*.{sh,ps1,py,js,mjs,ts}' },
    // A repository's own tools that read its skills' keys (core/skills/ownKeyReaders.ts).
    { globPattern: '**/{scripts,tools,bin,schema,schemas}/**/*.{py,js,mjs,cjs,ts,mts,cts,tsx,rb,go,sh,json}' },
    // A workspace folder's VS Code settings add skills folders (chat.agentSkillsLocations, core/skills/vscodeLocations.ts).
    { globPattern: '**/.vscode/settings.json' },
    // A Gemini CLI extension's manifest installs its skills for Gemini CLI.
    { globPattern: '**/gemini-extension.json' },
    ...INSTRUCTION_WATCHERS,
    // Subagents and commands (duplicate names in one .claude/agents folder).
    { globPattern: '**/.claude/{agents,commands}/**/*.md' },
    { globPattern: '**/.github/{agents,chatmodes,prompts}/*.md' },
    // A Claude Code plugin's agents, commands and hooks (which files are one, the manifests decide).
    { globPattern: '**/{agents,commands}/**/*.md' },
    { globPattern: '**/hooks/*.json' },
    { globPattern: '**/.opencode/{agent,agents}/**/*.md' },
    { globPattern: '**/.gemini/agents/*.md' },
    // MCP server configurations.
    { globPattern: '**/{.mcp.json,.vscode/mcp.json,.cursor/mcp.json}' },
    // A skill's eval files.
    { globPattern: '**/evals/evals.json' },
    { globPattern: '**/{eval_queries,train_queries,validation_queries}.json' },
    { globPattern: '**/trigger_eval*.json' },
    { globPattern: '**/trigger-eval*.json' },
    // Every path, created or deleted only: the list of workspace files that instruction globs match follows it (workspaceFiles.ts).
    watchEverything ? { globPattern: '**/*' } : { globPattern: '**/*', kind: WatchKind.Create | WatchKind.Delete },
  ];
}

export function registerLifecycle(s: ServerParts, d: DiagnosticsScheduling, indexing: WorkspaceIndexing): void {
  const { connection, host, runner, state, documents, index, live, workspaceFiles } = s;
  const { push, pull, workspace, refresh, refreshOpen } = d;
  const { scanWorkspace } = indexing;

  const applySettings = (next: ServerSettings) => {
    const settings = state.settings;
    const changed =
      next.agentDetection !== settings.agentDetection ||
      next.targets.join(',') !== settings.targets.join(',') ||
      next.schemaDiagnostics !== settings.schemaDiagnostics ||
      JSON.stringify(next.contextWindow) !== JSON.stringify(settings.contextWindow);
    const scopeChanged = next.diagnosticsScope !== settings.diagnosticsScope;
    state.settings = next;
    pull.invalidate();
    push.delay = next.diagnosticDelay;
    documents.detection = next.agentDetection;
    if (scopeChanged) workspace.changed();
    if (!changed) return;
    documents.settingsChanged();
    workspace.reports.invalidateAll();
    workspace.changed();
    void s.configs.whileIndexing(() => index.reindexAll());
    for (const e of documents.all()) refresh(e);
    refreshOpen();
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities ?? {};
    const statusNotifications = (params.initializationOptions as { indexStatus?: unknown } | undefined)?.indexStatus === true;
    state.client = {
      pullDiagnostics: !!caps.textDocument?.diagnostic,
      refreshSupport: !!caps.workspace?.diagnostics?.refreshSupport,
      configurationPull: !!caps.workspace?.configuration,
      watchRegistration: !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration,
      statusNotifications,
      progressSupport: !!caps.window?.workDoneProgress && !statusNotifications,
      folderEvents: !!caps.workspace?.workspaceFolders,
    };
    applySettings(readSettings(params.initializationOptions, DEFAULT_SETTINGS));
    state.folders = (params.workspaceFolders ?? []).map((f) => folderUri(f.uri)).filter((u) => host.fs.servesFolder(u));
    if (!state.folders.length && params.rootUri && host.fs.servesFolder(folderUri(params.rootUri))) state.folders = [folderUri(params.rootUri)];
    // The folders bound what the server reads from the start: a document opened before the scan
    // sees its .agent-files.json and the files it references.
    for (const f of state.folders) index.host.addRoot(f);
    return {
      capabilities: capabilities(state.client.pullDiagnostics, host.pid),
      serverInfo: { name: 'agent-files-language-server', version: VERSION },
    };
  });

  connection.onInitialized(async () => {
    state.initialized = true;
    // From here to the end of the first scan the index is not ready: requests that need all of it wait.
    const firstScan = state.folders.length ? index.willScan() : () => undefined;
    // A client that does not pull gets the closed files' diagnostics published.
    if (!state.client.pullDiagnostics) void workspace.publishLoop({ publish: (uri, items) => push.publishClosed(uri, items), published: () => push.published() });
    if (state.client.folderEvents) {
      connection.workspace.onDidChangeWorkspaceFolders((e) => {
        const removed = new Set(e.removed.map((r) => folderUri(r.uri)));
        for (const r of removed) index.host.removeRoot(r);
        const added = e.added.map((a) => folderUri(a.uri)).filter((u) => host.fs.servesFolder(u));
        state.folders = [...state.folders.filter((f) => !removed.has(f)), ...added];
        live.changed();
        // What the host may read changed: no cached analysis stands.
        documents.settingsChanged();
        workspace.reports.invalidateAll();
        workspace.changed();
        void scanWorkspace(added);
      });
    }
    if (state.client.watchRegistration) {
      connection.client
        .register(DidChangeWatchedFilesNotification.type, { watchers: watchers(host.watchEverything) })
        // From now on the client reports every file created or deleted. A watch-everything host (the browser's) lists from what it holds, at no cost.
        .then(() => {
          if (!host.watchEverything) workspaceFiles.follow();
        })
        .catch((e: unknown) => runner.log.error(`registering the file watchers failed: ${errorText(e)}`));
    }
    try {
      if (state.client.configurationPull) await pullSettings();
      await scanWorkspace(state.folders);
    } finally {
      firstScan();
    }
  });

  const pullSettings = async () => {
    try {
      const [cfg] = (await connection.workspace.getConfiguration([{ section: 'agentFiles' }])) as unknown[];
      if (cfg) applySettings(readSettings(cfg, state.settings));
    } catch {
      // A client without configuration support keeps the initialization options.
    }
  };

  connection.onDidChangeConfiguration(
    runner.safeNotify('didChangeConfiguration', (params) => {
      if (state.client.configurationPull) void pullSettings();
      else applySettings(readSettings((params.settings as Record<string, unknown> | undefined)?.['agentFiles'], state.settings));
    }),
  );
}
