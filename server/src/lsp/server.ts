/**
 * The Agent Files language server: capabilities, document sync, diagnostics and the
 * registration of every handler. Handlers stay thin: find the document, delegate to the core.
 */
import {
  CodeActionKind,
  DidChangeWatchedFilesNotification,
  FileChangeType,
  TextDocumentSyncKind,
  type Connection,
  type InitializeParams,
  type InitializeResult,
} from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import type { AgentDetection } from '../core/agent/detect';
import { DocumentStore, suppressionText, type OpenDocument } from './documents';
import { PushDiagnostics, toLspDiagnostic } from './diagnostics';
import { PullDiagnostics } from './pullDiagnostics';
import { createRunner } from './runner';
import { WorkspaceIndex } from './workspace';
import { registerFeatures } from './features';
import { registerCustomRequests } from './customRequests';
import { registerSkillsPromptRequest } from './skillsPromptRequest';
import { registerCheckWorldRequest } from './checkWorldRequest';
import { INSTRUCTION_WATCHERS, registerInstructionsRequest } from './instructionsRequest';
import { WorkspaceFiles } from './workspaceFiles';
import { WorkspaceIndexChangedNotification } from './protocol';
import type { ServerContext } from './context';
import { VERSION } from '../meta';
import { createProviders } from './formats/registry';
import type { FormatContext } from './formats/provider';
import { fileKindOf } from '../core/fileKinds';
import { LineModels } from './lineModel';
import { mapPositions } from '../core/lineMap';
import { internalError } from '../core/analyzeFile';
import type { Diagnostic } from '../core/types';
import type { IndexedFile } from '../core/indexTypes';
import { ConfigStore, isConfigFile } from './config';
import { isIgnoreFile, LiveFolders } from './liveFolders';
import { relativeLabel } from '../core/host';
import { dirnameUri } from '../core/world/paths';
import type { ServerHost } from './host';

import { parseTargets, type Target } from '../core/skills';
import { capDiagnostics } from '../core/diagnosticCap';

/** A folder URI as the server keeps it: normalised, without a trailing slash. */
const folderUri = (uri: string): string => {
  try {
    return URI.parse(uri).toString().replace(/\/$/, '');
  } catch {
    return uri; // not a URI: no host serves it
  }
};

const errorText = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e));

export interface ServerSettings {
  diagnosticDelay: number;
  agentDetection: AgentDetection;
  schemaDiagnostics: boolean;
  /** SKILL.md targets named by the user (`agentFiles.targets`); empty = from each file's folder. */
  targets: Target[];
  /** The editor validates prompt-file frontmatter itself (VS Code): leave that out (initialization option). */
  editorValidatesPromptFiles: boolean;
}

const DEFAULTS: ServerSettings = { diagnosticDelay: 150, agentDetection: 'auto', schemaDiagnostics: true, targets: [], editorValidatesPromptFiles: false };

/** The `clientInfo.name` of VS Code and its builds that share its chat and skill loader (Insiders, OSS, VSCodium). */
const VS_CODE_CLIENT = /^(Visual Studio Code|Code - OSS|VSCodium)\b/;

function readSettings(raw: unknown, base: ServerSettings): ServerSettings {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const diag = (o['diagnostics'] ?? {}) as Record<string, unknown>;
  const delay = o['diagnosticDelay'] ?? diag['delay'];
  const detection = o['agentDetection'];
  return {
    diagnosticDelay: typeof delay === 'number' && delay >= 0 && Number.isFinite(delay) ? delay : base.diagnosticDelay,
    agentDetection: detection === 'agent' || detection === '3md' || detection === 'auto' ? detection : base.agentDetection,
    schemaDiagnostics: typeof o['schemaDiagnostics'] === 'boolean' ? o['schemaDiagnostics'] : base.schemaDiagnostics,
    // Unknown names are dropped; a list of only unknown names falls back to inference.
    targets: 'targets' in o ? parseTargets(o['targets']).targets : base.targets,
    editorValidatesPromptFiles: typeof o['editorValidatesPromptFiles'] === 'boolean' ? o['editorValidatesPromptFiles'] : base.editorValidatesPromptFiles,
  };
}

/** Starts the server on a connection, reading the workspace through the host its entry point gives. */
export function startServer(connection: Connection, host: ServerHost): void {
  const runner = createRunner(connection);
  const documents = new DocumentStore({ log: (m) => connection.console.error(m) });
  const index = new WorkspaceIndex(host.fs);
  let settings = DEFAULTS;
  let pullDiagnostics = false;
  let configurationPull = false;
  let watchRegistration = false;
  let progressSupport = false;
  let folderEvents = false;
  /** The workspace folders the host serves, as URIs. */
  let folders: string[] = [];
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

  /** What the last check of each open document cost (ms): the first re-index of a document expects to cost about as much. */
  const checkCost = new Map<string, number>();
  const diagnosticsOf = (uri: string) => {
    const entry = documents.get(uri);
    if (!entry) return null;
    const provider = providerOf(entry);
    let diagnostics: Diagnostic[] = [];
    const started = performance.now();
    try {
      if (isConfigFile(uri)) diagnostics = lines.outgoing(entry, capDiagnostics(configs.parse(uri, entry.doc.getText()).diagnostics));
      else diagnostics = provider ? lines.outgoing(entry, configs.apply(uri, entry.kind ?? '', suppressionText(entry), provider.diagnostics(entry, contextFor(uri)))) : [];
    } catch (e) {
      runner.log.error(`checking ${uri} failed: ${errorText(e)}`);
      diagnostics = [internalError(e)];
    }
    checkCost.set(uri, performance.now() - started);
    // Pushed diagnostics are work for the client too: a re-index waits for a pause after them.
    runner.worked();
    // configs.apply has applied the one diagnostic cap (core/diagnosticCap.ts).
    return { version: entry.doc.version, diagnostics: diagnostics.map((d) => toLspDiagnostic(d, uri)) };
  };
  const versionOf = (uri: string) => documents.get(uri)?.doc.version;
  const push = new PushDiagnostics(connection, settings.diagnosticDelay, diagnosticsOf, versionOf);
  const pull = new PullDiagnostics(diagnosticsOf, versionOf);

  // A plugin or marketplace manifest changed: the targets of plugin skills may have (every cached analysis, index entry and open document again).
  index.onDidChangeRepository(() => {
    documents.settingsChanged();
    void configs.whileIndexing(() => index.reindexAll());
    for (const e of documents.all()) refresh(e);
  });

  let indexTimer: ReturnType<typeof setTimeout> | undefined;
  index.onDidChange(() => {
    pull.invalidate();
    if (indexTimer) clearTimeout(indexTimer);
    indexTimer = setTimeout(() => void connection.sendNotification(WorkspaceIndexChangedNotification, {}), 100);
  });

  /** Re-indexes an open buffer and schedules its diagnostics and those of the documents that depend on it. */
  const refresh = (entry: OpenDocument) => {
    // Another document's diagnostics may read this one (a SKILL.md's references, a world's prompts).
    pull.invalidate();
    // Every open document depends on a config file being edited.
    const dependents = isConfigFile(entry.uri) ? documents.all().map((e) => e.uri) : (providerOf(entry)?.dependents?.(entry, contextFor(entry.uri)) ?? []);
    if (!pullDiagnostics) {
      push.schedule(entry.uri);
      for (const uri of dependents) if (documents.get(uri)) push.schedule(uri);
    } else if (dependents.length) void connection.languages.diagnostics.refresh();
    reindexSoon(entry.uri);
  };
  const reindexTimers = new Map<string, ReturnType<typeof setTimeout>>();
  /** What the last re-index of each open document cost (ms). */
  const reindexCost = new Map<string, number>();
  /**
   * Re-indexing an open document waits for a pause in typing, and then for a pause in the
   * client's requests, at least three times as long as it took last time (the first time: as long
   * as checking the document took). In a 10,000-skill agent it takes a few hundred milliseconds,
   * and run between two keystrokes it would hold up the next keystroke's diagnostics (VS Code
   * pulls them at once); in a 200,000-plane agent it takes half a second, and run as soon as the
   * document's diagnostics are out it would hold up the code lenses, symbols and folding ranges the
   * editor asks for next. A client that never pauses gets the entry after four times the wait.
   */
  const reindexSoon = (uri: string) => {
    const t = reindexTimers.get(uri);
    if (t) clearTimeout(t);
    // Read at each attempt: the check of a document just opened runs (and its cost is known) after this is scheduled.
    const waitFor = () => Math.max(settings.diagnosticDelay, 50, 3 * (reindexCost.get(uri) ?? checkCost.get(uri) ?? 0));
    const scheduled = performance.now();
    const attempt = () => {
      const wait = waitFor();
      const idle = runner.idleFor();
      const left = scheduled + 4 * wait - performance.now();
      if (idle < wait && left > 0) {
        reindexTimers.set(uri, setTimeout(attempt, Math.min(wait - idle, left)));
        return;
      }
      reindexTimers.delete(uri);
      reindex(uri);
    };
    reindexTimers.set(uri, setTimeout(attempt, waitFor()));
  };
  const reindex = (uri: string) => {
    const entry = documents.get(uri);
    const provider = entry && providerOf(entry);
    let file: IndexedFile | null | undefined;
    const started = performance.now();
    try {
      file =
        provider &&
        lines.outgoingEntry(entry!, provider.summarizeOpen ? provider.summarizeOpen(entry!, contextFor(uri)) : provider.summarize?.(uri, entry!.doc.getText(), contextFor(uri)));
    } catch (e) {
      runner.log.error(`indexing ${uri} failed, the file is left out of the index: ${errorText(e)}`);
    }
    if (documents.get(uri)) reindexCost.set(uri, performance.now() - started);
    if (file) index.setOpen(uri, file);
  };

  const applySettings = (next: ServerSettings) => {
    const changed =
      next.agentDetection !== settings.agentDetection || next.targets.join(',') !== settings.targets.join(',') || next.schemaDiagnostics !== settings.schemaDiagnostics;
    settings = next;
    pull.invalidate();
    push.delay = next.diagnosticDelay;
    documents.detection = next.agentDetection;
    if (!changed) return;
    documents.settingsChanged();
    void configs.whileIndexing(() => index.reindexAll());
    for (const e of documents.all()) refresh(e);
    if (pullDiagnostics) void connection.languages.diagnostics.refresh();
  };

  connection.onInitialize((params: InitializeParams): InitializeResult => {
    const caps = params.capabilities ?? {};
    pullDiagnostics = !!caps.textDocument?.diagnostic;
    configurationPull = !!caps.workspace?.configuration;
    watchRegistration = !!caps.workspace?.didChangeWatchedFiles?.dynamicRegistration;
    progressSupport = !!caps.window?.workDoneProgress;
    folderEvents = !!caps.workspace?.workspaceFolders;
    editorIsVsCode = VS_CODE_CLIENT.test(params.clientInfo?.name ?? '');
    applySettings(readSettings(params.initializationOptions, DEFAULTS));
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
        ...(pullDiagnostics ? { diagnosticProvider: { interFileDependencies: true, workspaceDiagnostics: false } } : {}),
        workspace: { workspaceFolders: { supported: true, changeNotifications: true } },
        // The process id lets the extension tests check that a killed server is restarted.
        experimental: { agentFiles: { pid: host.pid } },
      },
      serverInfo: { name: 'agent-files-language-server', version: VERSION },
    };
  });

  connection.onInitialized(async () => {
    if (folderEvents) {
      connection.workspace.onDidChangeWorkspaceFolders((e) => {
        const removed = new Set(e.removed.map((r) => folderUri(r.uri)));
        for (const r of removed) index.host.removeRoot(r);
        const added = e.added.map((a) => folderUri(a.uri)).filter((u) => host.fs.servesFolder(u));
        folders = [...folders.filter((f) => !removed.has(f)), ...added];
        live.changed();
        // What the host may read changed: no cached analysis stands.
        documents.settingsChanged();
        void scanWorkspace(added);
      });
    }
    if (watchRegistration) {
      void connection.client.register(DidChangeWatchedFilesNotification.type, {
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
          ...(host.watchEverything ? [{ globPattern: '**/*' }] : []),
        ],
      });
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
          (pct, msg) => reporter?.report(pct, msg),
          () => !!reporter?.token.isCancellationRequested,
        ),
      );
      runner.log.info(`indexed ${report.files} file(s) in ${Date.now() - started} ms`);
      if (report.skipped.length) {
        const list = report.skipped.slice(0, 3).join(', ');
        void connection.window.showInformationMessage(
          `Agent Files: ${report.skipped.length} file(s) over 5 MB are indexed only when opened (${list}${report.skipped.length > 3 ? ', …' : ''}).`,
        );
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
      // Analyses of other documents that read this file (through the host) saw its disk copy or nothing.
      documents.filesChanged([entry.uri]);
      refresh(entry);
    }),
  );
  connection.onDidChangeTextDocument(
    runner.safeNotify('didChange', (p) => {
      const entry = documents.change(p.textDocument.uri, p.textDocument.version, p.contentChanges);
      if (!entry) runner.log.error(`didChange for a document that is not open: ${p.textDocument.uri}`);
      else {
        documents.filesChanged([entry.uri]);
        refresh(entry);
      }
    }),
  );
  connection.onDidCloseTextDocument(
    runner.safeNotify('didClose', (p) => {
      const uri = p.textDocument.uri;
      documents.close(uri);
      documents.filesChanged([uri]);
      lines.forget(uri);
      push.clear(uri);
      pull.forget(uri);
      pull.invalidate();
      const t = reindexTimers.get(uri);
      if (t) clearTimeout(t);
      reindexTimers.delete(uri);
      reindexCost.delete(uri);
      checkCost.delete(uri);
      index.setOpen(uri, null);
    }),
  );
  /** Something on disk changed: every open document is checked again (a missing prompt, a referenced file may have appeared). */
  const revalidateOpen = () => {
    pull.invalidate();
    if (pullDiagnostics) void connection.languages.diagnostics.refresh();
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
      documents.filesChanged(p.changes.map((c) => c.uri));
      // A file that is neither indexed nor one of ours (seen by a watch-everything host) leaves the index as it is.
      const indexed = (uri: string) => index.get(uri) !== undefined || fileKindOf(URI.parse(uri).path) !== null || index.isManifest(uri);
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
    documents.filesChanged([uri]);
    if (loadTimer) clearTimeout(loadTimer);
    loadTimer = setTimeout(() => {
      loadTimer = undefined;
      // A config read after the files it governs were indexed: their entries (and the targets the Skills view shows) are made again.
      if (configLoaded) void configs.whileIndexing(() => index.reindexAll());
      configLoaded = false;
      revalidateOpen();
    }, 50);
  });

  connection.languages.diagnostics.on(runner.safe('textDocument/diagnostic', (p) => pull.report(p.textDocument.uri, p.previousResultId)));

  const ctx: ServerContext = { connection, documents, index, runner, formatContext, contextFor, providerOf, lines, configs, ...(host.heapUsed ? { heapUsed: host.heapUsed } : {}) };
  registerFeatures(ctx);
  registerCustomRequests(ctx);
  registerSkillsPromptRequest(ctx);
  registerCheckWorldRequest(ctx);
  registerInstructionsRequest(ctx);
  connection.onShutdown(() => push.dispose());
  connection.listen();
}
