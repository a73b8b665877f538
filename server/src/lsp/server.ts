/**
 * The Agent Files language server: capabilities, document sync, diagnostics and the
 * registration of every handler. Handlers stay thin: find the document, delegate to the core.
 */
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  MessageType,
  ShowMessageNotification,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import { DocumentStore, type OpenDocument } from './documents';
import { PushDiagnostics } from './diagnostics';
import { PacedQueue } from './pacedQueue';
import { PullDiagnostics } from './pullDiagnostics';
import { createRunner } from './runner';
import { isTracked, WorkspaceIndex } from './workspace';
import { registerFeatures } from './features';
import { registerCustomRequests } from './customRequests';
import { registerSkillsPromptRequest } from './skillsPromptRequest';
import { registerCheckWorldRequest } from './checkWorldRequest';
import { INSTRUCTION_WATCHERS, registerInstructionsRequest } from './instructionsRequest';
import { WorkspaceFiles } from './workspaceFiles';
import { IndexStatusNotification, VisibleEditorsNotification, WorkspaceIndexChangedNotification, type IndexStatus, type VisibleEditorsParams } from './protocol';
import type { ServerContext } from './context';
import { VERSION } from '../meta';
import { createProviders } from './formats/registry';
import type { FormatContext } from './formats/provider';
import { fileKindOf } from '../core/fileKinds';
import { LineModels } from './lineModel';
import { mapPositions } from '../core/lineMap';
import { ConfigStore, isConfigFile } from './config';
import { isIgnoreFile, LiveFolders } from './liveFolders';
import { relativeLabel } from '../core/host';
import { dirnameUri } from '../core/world/paths';
import type { ServerHost } from './host';
import { DEFAULT_SETTINGS, readSettings, type ServerSettings } from './settings';
import { closedDiagnostics, openDiagnostics, type FileDiagnosticsDeps } from './fileDiagnostics';
import { WorkspaceDiagnostics } from './workspaceDiagnostics';
import { Reindexer } from './reindexer';

/** A folder URI as the server keeps it: normalised, without a trailing slash. */
const folderUri = (uri: string): string => {
  try {
    return URI.parse(uri).toString().replace(/\/$/, '');
  } catch {
    return uri; // not a URI: no host serves it
  }
};

const errorText = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e));

/** The `clientInfo.name` of VS Code and its builds that share its chat and skill loader (Insiders, OSS, VSCodium). */
const VS_CODE_CLIENT = /^(Visual Studio Code|Code - OSS|VSCodium)\b/;

/** Starts the server on a connection, reading the workspace through the host its entry point gives. */
export function startServer(connection: Connection, host: ServerHost): void {
  const runner = createRunner(connection);
  const documents = new DocumentStore({ log: (m) => connection.console.error(m) });
  const index = new WorkspaceIndex(host.fs);
  let settings = DEFAULT_SETTINGS;
  let pullDiagnostics = false;
  let configurationPull = false;
  let watchRegistration = false;
  let progressSupport = false;
  let folderEvents = false;
  /** The workspace folders the host serves, as URIs. */
  let folders: string[] = [];
  /** The documents the client's editors show, when it says (agentFiles/visibleEditors); every open one otherwise. */
  let shown: Set<string> | undefined;
  /** The client is VS Code (from `clientInfo` at initialize). */
  let editorIsVsCode = false;

  const providers = createProviders(documents);
  const providerOf = (doc: OpenDocument) => (doc.kind ? providers[doc.kind] : undefined);
  index.host.overlay = (uri) => documents.get(uri)?.doc.getText();
  const workspaceFiles = new WorkspaceFiles(host.fs, () => folders);
  const formatContext: FormatContext = {
    host: index.host,
    files: () => index.files(),
    skillsNamed: (key) => index.skillsNamed(key),
    textOf: (uri) => index.host.readText(uri),
    roots: () => folders,
    get schemaDiagnostics() {
      return settings.schemaDiagnostics;
    },
    get skillTargets() {
      return settings.targets;
    },
    get detection() {
      return settings.agentDetection;
    },
    workspaceFiles: () => workspaceFiles.list(),
    get editorValidatesPromptFiles() {
      return settings.editorValidatesPromptFiles;
    },
    editorShows: (uri) => !shown || shown.has(uri),
    get editorIsVsCode() {
      return editorIsVsCode;
    },
    repository: () => index.repository(),
  };
  const configs = new ConfigStore(
    (uri) => index.host.readText(uri),
    (uri) => documents.get(uri)?.doc.getText(),
    // A config above the workspace folder, or above the repository the file is in, never applies (as in the CLI).
    { inside: (folder) => folders.some((f) => folder === f || folder.startsWith(f + '/')), isRepoRoot: (folder) => index.host.exists(`${folder}/.git`) },
  );
  // The index holds the live files only, as the CLI's walk finds them.
  const live = new LiveFolders(
    (uri) => index.host.readText(uri),
    configs,
    () => folders,
  );
  index.liveFilter = (folder) => live.filter(folder);
  index.isLive = (uri) => live.isLive(uri);
  /** The format context of one file: the `targets` of its .agent-files.json win over the setting (diagnostics, features and its index entry alike). */
  const contextFor = (uri: string): FormatContext => {
    const found = configs.forFile(uri);
    const targets = found.config.targets;
    if (!targets?.length || !found.uri) return formatContext;
    const source = `'targets' in ${relativeLabel(dirnameUri(uri), found.uri)}`;
    return Object.create(formatContext, { skillTargets: { value: targets }, skillTargetsSource: { value: source } }) as FormatContext;
  };
  const lines = new LineModels(documents, (uri) => index.host.readText(uri));
  /** An index entry made from a text, with its positions in LSP's line model. */
  const toLspLines = <T>(uri: string, text: string, file: T): T => {
    const map = LineModels.ofText(text);
    return map && file ? mapPositions(file, 'toLsp', uri, (u) => (u === uri ? map : null)) : file;
  };
  // One file that breaks an analysis must never empty the index: it is left out and logged.
  index.summarize = (uri, text) => {
    const kind = fileKindOf(URI.parse(uri).path);
    const provider = kind ? providers[kind] : undefined;
    try {
      return toLspLines(uri, text, provider?.summarize?.(uri, text, contextFor(uri)) ?? null);
    } catch (e) {
      runner.log.error(`indexing ${uri} failed, the file is left out of the index: ${errorText(e)}`);
      return null;
    }
  };

  const fileDeps: FileDiagnosticsDeps = { documents, providerOf, contextFor, configs, lines, readText: (uri) => index.host.readText(uri), log: runner.log };
  const reindexer = new Reindexer({
    documents,
    providerOf,
    contextFor,
    lines,
    index,
    log: runner.log,
    idleFor: () => runner.idleFor(),
    queue: new PacedQueue({
      run: (uri) => reindexer.reindex(uri),
      shown: (uri) => !shown || shown.has(uri),
      quietFor: () => runner.quietFor(),
      slice: (work) => configs.holding(work),
      what: 're-index',
      log: runner.log,
      // Behind the diagnostics: while the client never pauses, a slice once a second.
      forceEvery: 1000,
    }),
    delay: () => settings.diagnosticDelay,
  });
  const diagnosticsOf = (uri: string) => {
    const started = performance.now();
    const result = openDiagnostics(fileDeps, uri);
    if (!result) return null;
    reindexer.checked(uri, performance.now() - started);
    // Pushed diagnostics are work for the client too: a re-index waits for a pause after them.
    runner.worked();
    return result;
  };
  const versionOf = (uri: string) => documents.get(uri)?.doc.version;
  /** Open documents waiting for their dependents to be found and (push) their diagnostics, worked off between the client's messages. */
  const queue = new PacedQueue({
    run: (uri, changed) => runQueued(uri, changed),
    shown: (uri) => !shown || shown.has(uri),
    quietFor: () => runner.quietFor(),
    // Within a slice each folder's configuration is looked up once.
    slice: (work) => configs.holding(work),
    what: 'diagnostics',
    log: runner.log,
  });
  const push = new PushDiagnostics(connection, settings.diagnosticDelay, diagnosticsOf, versionOf, queue);
  const pull = new PullDiagnostics(diagnosticsOf, versionOf);
  const workspace = new WorkspaceDiagnostics(
    {
      files: () => index.known(),
      isOpen: (uri) => documents.get(uri) !== undefined,
      hiddenReport: (uri) => {
        if (!shown || shown.has(uri) || !pullDiagnostics) return null;
        const r = pull.report(uri);
        return r.kind === 'full' && r.resultId ? { resultId: r.resultId, items: r.items } : null;
      },
      scope: () => settings.diagnosticsScope,
      scanning: () => index.scanning,
      idleFor: () => runner.idleFor(),
      // Checking closed files waits for a longer pause than an open document's re-index.
      pause: () => Math.max(300, 2 * settings.diagnosticDelay),
      log: runner.log,
    },
    (uri) => closedDiagnostics(fileDeps, uri),
    (uri) => {
      const kind = fileKindOf(URI.parse(uri).path);
      return (kind && providers[kind]?.dependencyKey?.(uri, contextFor(uri))) || '';
    },
  );
  /** Files changed (a buffer, a file on disk): the analyses and the closed files' reports that read them are made again. */
  const filesChanged = (uris: string[], deep = false) => {
    documents.filesChanged(uris);
    // A configuration file governs the files below it: every closed file's report is made again.
    if (uris.some((u) => isConfigFile(u))) workspace.reports.invalidateAll();
    workspace.reports.filesChanged(uris, deep);
    workspace.changed();
  };
  /** Asks the client to pull the open documents' diagnostics again, when it said it can be asked (and only once initialized). */
  let refreshSupport = false;
  let initialized = false;
  const refreshOpen = () => {
    if (pullDiagnostics && refreshSupport && initialized)
      connection.languages.diagnostics.refresh().catch((e: unknown) => runner.log.error(`workspace/diagnostic/refresh failed: ${errorText(e)}`));
  };

  /** The client shows indexing itself (VS Code's status bar item, initialization option `indexStatus`): it gets our notifications, not a progress. */
  let statusNotifications = false;
  /** The agent files the server checks, as the CLI counts them (configuration files aside). */
  const checkedFiles = () => index.known().filter((u) => !isConfigFile(u)).length;
  const sendStatus = (status: IndexStatus) => {
    if (statusNotifications) void connection.sendNotification(IndexStatusNotification, status);
  };
  // A plugin or marketplace manifest changed: the targets of plugin skills may have (every cached analysis, index entry and open document again).
  index.onDidChangeRepository(() => {
    documents.settingsChanged();
    void configs.whileIndexing(() => index.reindexAll());
    for (const e of documents.all()) refresh(e);
  });

  let indexTimer: ReturnType<typeof setTimeout> | undefined;
  index.onDidChange(() => {
    pull.invalidate();
    workspace.changed();
    if (indexTimer) clearTimeout(indexTimer);
    indexTimer = setTimeout(() => {
      void connection.sendNotification(WorkspaceIndexChangedNotification, {});
      if (!index.scanning) sendStatus({ indexing: false, files: checkedFiles() });
    }, 100);
  });

  /**
   * Re-indexes an open buffer and queues its diagnostics; the documents that depend on it are
   * found when it comes up in the queue (that takes its analysis, too slow for each of 10,000 opens).
   */
  const refresh = (entry: OpenDocument) => {
    // Another document's diagnostics may read this one (a SKILL.md's references, a world's prompts).
    pull.invalidate();
    if (pullDiagnostics) queue.schedule(entry.uri, 0, true);
    else push.schedule(entry.uri, true);
    reindexer.soon(entry.uri);
  };
  /**
   * A queued document comes up. Opened or edited (`changed`): the open documents that depend on it
   * are queued (push) or the client is told to pull again, and it is queued once more for its own
   * diagnostics, which so come after every change of a burst is known. Else its diagnostics are pushed.
   */
  const runQueued = (uri: string, changed: boolean) => {
    const entry = documents.get(uri);
    if (!entry) return;
    if (!changed) {
      if (!pullDiagnostics) push.flush(uri);
      return;
    }
    // Every open document depends on a config file being edited.
    const dependents = isConfigFile(uri) ? documents.all().map((e) => e.uri) : (providerOf(entry)?.dependents?.(entry, contextFor(uri)) ?? []);
    if (pullDiagnostics) {
      if (dependents.length) refreshOpen();
      return;
    }
    for (const d of dependents) if (documents.get(d)) queue.schedule(d, 0);
    queue.schedule(uri, 0);
  };
  const applySettings = (next: ServerSettings) => {
    const changed =
      next.agentDetection !== settings.agentDetection || next.targets.join(',') !== settings.targets.join(',') || next.schemaDiagnostics !== settings.schemaDiagnostics;
    const scopeChanged = next.diagnosticsScope !== settings.diagnosticsScope;
    settings = next;
    pull.invalidate();
    push.delay = next.diagnosticDelay;
    documents.detection = next.agentDetection;
    if (scopeChanged) workspace.changed();
    if (!changed) return;
    documents.settingsChanged();
    workspace.reports.invalidateAll();
    workspace.changed();
    void configs.whileIndexing(() => index.reindexAll());
    for (const e of documents.all()) refresh(e);
    refreshOpen();
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities ?? {};
    pullDiagnostics = !!caps.textDocument?.diagnostic;
    refreshSupport = !!caps.workspace?.diagnostics?.refreshSupport;
    configurationPull = !!caps.workspace?.configuration;
    watchRegistration = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    statusNotifications = (params.initializationOptions as { indexStatus?: unknown } | undefined)?.indexStatus === true;
    progressSupport = !!caps.window?.workDoneProgress && !statusNotifications;
    folderEvents = !!caps.workspace?.workspaceFolders;
    editorIsVsCode = VS_CODE_CLIENT.test(params.clientInfo?.name ?? '');
    applySettings(readSettings(params.initializationOptions, DEFAULT_SETTINGS));
    folders = (params.workspaceFolders ?? []).map((f) => folderUri(f.uri)).filter((u) => host.fs.servesFolder(u));
    if (!folders.length && params.rootUri && host.fs.servesFolder(folderUri(params.rootUri))) folders = [folderUri(params.rootUri)];
    // The folders bound what the server reads from the start: a document opened before the scan
    // sees its .agent-files.json and the files it references.
    for (const f of folders) index.host.addRoot(f);
    return {
      capabilities: {
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
        experimental: { agentFiles: { pid: host.pid } },
      },
      serverInfo: { name: 'agent-files-language-server', version: VERSION },
    };
  });

  connection.onInitialized(async () => {
    initialized = true;
    // A client that does not pull gets the closed files' diagnostics published.
    if (!pullDiagnostics) void workspace.publishLoop({ publish: (uri, items) => push.publishClosed(uri, items), published: () => push.published() });
    if (folderEvents) {
      connection.workspace.onDidChangeWorkspaceFolders((e) => {
        const removed = new Set(e.removed.map((r) => folderUri(r.uri)));
        for (const r of removed) index.host.removeRoot(r);
        const added = e.added.map((a) => folderUri(a.uri)).filter((u) => host.fs.servesFolder(u));
        folders = [...folders.filter((f) => !removed.has(f)), ...added];
        live.changed();
        // What the host may read changed: no cached analysis stands.
        documents.settingsChanged();
        workspace.reports.invalidateAll();
        workspace.changed();
        void scanWorkspace(added);
      });
    }
    if (watchRegistration) {
      connection.client
        .register(DidChangeWatchedFilesNotification.type, {
          watchers: [
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
            ...INSTRUCTION_WATCHERS,
            // Subagents and commands (duplicate names in one .claude/agents folder).
            { globPattern: '**/.claude/{agents,commands}/**/*.md' },
            { globPattern: '**/.github/{agents,chatmodes,prompts}/*.md' },
            ...(host.watchEverything ? [{ globPattern: '**/*' }] : []),
          ],
        })
        .catch((e: unknown) => runner.log.error(`registering the file watchers failed: ${errorText(e)}`));
    }
    if (configurationPull) await pullSettings();
    await scanWorkspace(folders);
  });

  const pullSettings = async () => {
    try {
      const [cfg] = (await connection.workspace.getConfiguration([{ section: 'agentFiles' }])) as unknown[];
      if (cfg) applySettings(readSettings(cfg, settings));
    } catch {
      // A client without configuration support keeps the initialization options.
    }
  };

  const scanWorkspace = async (roots: string[]) => {
    if (!roots.length) return;
    const started = Date.now();
    const reporter = progressSupport ? await connection.window.createWorkDoneProgress().catch(() => null) : null;
    reporter?.begin('Agent Files: indexing', 0, `${roots.length} folder(s)`, true);
    try {
      const report = await configs.whileIndexing(() =>
        index.scan(
          roots,
          (done, total) => {
            reporter?.report(total ? Math.round((100 * done) / total) : 0, `${done}/${total} files`);
            sendStatus({ indexing: true, done, total, files: checkedFiles() });
          },
          () => !!reporter?.token.isCancellationRequested,
        ),
      );
      runner.log.info(`indexed ${report.files} file(s) in ${Date.now() - started} ms`);
      if (report.skipped.length) {
        const list = report.skipped.slice(0, 3).join(', ');
        // A notification: no answer is awaited, so no client can leave it unhandled.
        void connection.sendNotification(ShowMessageNotification.type, {
          type: MessageType.Info,
          message: `Agent Files: ${report.skipped.length} file(s) over 5 MB are indexed only when opened (${list}${report.skipped.length > 3 ? ', …' : ''}).`,
        });
      }
    } finally {
      reporter?.done();
    }
  };

  connection.onDidChangeConfiguration(
    runner.safeNotify('didChangeConfiguration', (params) => {
      if (configurationPull) void pullSettings();
      else applySettings(readSettings((params.settings as Record<string, unknown> | undefined)?.['agentFiles'], settings));
    }),
  );

  connection.onDidOpenTextDocument(
    runner.safeNotify('didOpen', (p) => {
      const entry = documents.open(p.textDocument.uri, p.textDocument.languageId, p.textDocument.version, p.textDocument.text);
      push.opened(entry.uri);
      // Analyses of other documents that read this file (through the host) saw its disk copy or nothing.
      filesChanged([entry.uri]);
      refresh(entry);
    }),
  );
  connection.onDidChangeTextDocument(
    runner.safeNotify('didChange', (p) => {
      const entry = documents.change(p.textDocument.uri, p.textDocument.version, p.contentChanges);
      if (!entry) runner.log.error(`didChange for a document that is not open: ${p.textDocument.uri}`);
      else {
        filesChanged([entry.uri]);
        refresh(entry);
      }
    }),
  );
  connection.onDidCloseTextDocument(
    runner.safeNotify('didClose', (p) => {
      const uri = p.textDocument.uri;
      documents.close(uri);
      filesChanged([uri]);
      lines.forget(uri);
      // With the workspace in scope the file keeps its problems: its report from disk takes over (published when it differs).
      if (settings.diagnosticsScope === 'workspace' && index.isKnown(uri)) push.cancel(uri);
      else push.clear(uri);
      pull.forget(uri);
      pull.invalidate();
      reindexer.forget(uri);
      index.setOpen(uri, null);
    }),
  );
  /** Something on disk changed: every open document is checked again (a missing prompt, a referenced file may have appeared). */
  const revalidateOpen = () => {
    pull.invalidate();
    if (pullDiagnostics) refreshOpen();
    else for (const e of documents.all()) push.schedule(e.uri);
  };
  connection.onDidChangeWatchedFiles(
    runner.safeNotify('didChangeWatchedFiles', async (p) => {
      // The host re-reads the changed files first (at once on Node, over the client in the browser).
      await Promise.all(p.changes.map((c) => host.fs.refresh(c.uri, c.type === FileChangeType.Deleted)));
      const configChanged = p.changes.some((c) => isConfigFile(c.uri));
      if (configChanged) configs.changed();
      if (configChanged || p.changes.some((c) => isIgnoreFile(c.uri))) {
        // What is live may have changed (a .gitignore, `include` or `ignore`): the folders are scanned again,
        // which also remakes every entry (a config's `targets` reach the view, not only diagnostics).
        live.changed();
        void scanWorkspace(folders);
      }
      filesChanged(
        p.changes.map((c) => c.uri),
        p.changes.some((c) => c.type === FileChangeType.Deleted),
      );
      // A file that is neither indexed nor one of ours (seen by a watch-everything host) leaves the index as it is.
      const indexed = (uri: string) => index.get(uri) !== undefined || isTracked(URI.parse(uri).path) || index.isManifest(uri);
      for (const c of p.changes) if (!documents.get(c.uri) && indexed(c.uri)) index.fileChanged(c.uri, c.type === FileChangeType.Deleted);
      if (p.changes.some((c) => c.type !== FileChangeType.Changed)) workspaceFiles.invalidate();
      revalidateOpen();
    }),
  );
  // A text the host fetched after a read had to go without it: check the open documents again, once per burst.
  let loadTimer: ReturnType<typeof setTimeout> | undefined;
  let configLoaded = false;
  host.fs.onDidLoad((uri) => {
    if (isConfigFile(uri)) {
      configs.changed();
      configLoaded = true;
    }
    // Analyses that read it while it was missing are dropped.
    filesChanged([uri]);
    if (loadTimer) clearTimeout(loadTimer);
    loadTimer = setTimeout(() => {
      loadTimer = undefined;
      // A config read after the files it governs were indexed: their entries (and the targets the Skills view shows) are made again.
      if (configLoaded) void configs.whileIndexing(() => index.reindexAll());
      configLoaded = false;
      revalidateOpen();
    }, 50);
  });

  connection.onNotification(
    VisibleEditorsNotification,
    runner.safeNotify('visibleEditors', (p: VisibleEditorsParams) => {
      const next = new Set(Array.isArray(p?.uris) ? p.uris.filter((u): u is string => typeof u === 'string') : []);
      const before = shown;
      shown = next;
      // An open document shown or hidden now: its own report (and the workspace report standing for it) change.
      if (!documents.all().some((d) => (before ? before.has(d.uri) : true) !== next.has(d.uri))) return;
      pull.invalidate();
      refreshOpen();
      workspace.changed();
    }),
  );

  connection.languages.diagnostics.on(
    runner.safe('textDocument/diagnostic', (p) => {
      const uri = p.textDocument.uri;
      // A file that is not open (the client asks once more as it closes one): its report from disk, as the workspace's.
      const closed = !documents.get(uri) && settings.diagnosticsScope === 'workspace' ? workspace.reports.report(uri) : null;
      if (!closed) return pull.report(uri, p.previousResultId);
      return p.previousResultId === closed.resultId ? { kind: 'unchanged', resultId: closed.resultId } : { kind: 'full', resultId: closed.resultId, items: closed.items };
    }),
  );
  connection.languages.diagnostics.onWorkspace(runner.safe('workspace/diagnostic', (p, token, _workDone, progress) => workspace.pull(p, token, progress)));

  const ctx: ServerContext = { connection, documents, index, runner, formatContext, contextFor, providerOf, lines, configs, ...(host.heapUsed ? { heapUsed: host.heapUsed } : {}) };
  registerFeatures(ctx);
  registerCustomRequests(ctx);
  registerSkillsPromptRequest(ctx);
  registerCheckWorldRequest(ctx);
  registerInstructionsRequest(ctx);
  connection.onShutdown(() => {
    queue.dispose();
    workspace.dispose();
  });
  connection.listen();
}
