/**
 * The workspace index as the server keeps it: the folder scans, each file's entry, what a watched
 * file or a text the host fetched late changes, and the status the client shows while indexing.
 */
import { FileChangeType, MessageType, ShowMessageNotification } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import { isTracked } from './workspace';
import { IndexStatusNotification, WorkspaceIndexChangedNotification, type IndexStatus } from './protocol';
import { LineModels } from './lineModel';
import { mapPositions } from '../core/text/lineMap';
import { isConfigFile } from './config';
import { gitIndexFolder, isIgnoreFile } from './liveFolders';
import type { DiagnosticsScheduling } from './diagnosticsScheduling';
import { errorText, type ServerParts } from './serverParts';

export interface WorkspaceIndexing {
  /** Scans folders into the index (with progress or status notifications, as the client asked). */
  scanWorkspace(roots: string[]): Promise<void>;
}

export function setUpWorkspaceIndexing(s: ServerParts, d: DiagnosticsScheduling): WorkspaceIndexing {
  const { connection, runner, state, documents, index, providers, contextFor, configs } = s;
  const { pull, workspace, refresh } = d;

  /** An index entry made from a text, with its positions in LSP's line model. */
  const toLspLines = <T>(uri: string, text: string, file: T): T => {
    const map = LineModels.ofText(text);
    return map && file ? mapPositions(file, 'toLsp', uri, (u) => (u === uri ? map : null)) : file;
  };
  // One file that breaks an analysis must never empty the index: it is left out and logged.
  index.summarize = (uri, text) => {
    const kind = index.kindOf(uri);
    const provider = kind ? providers[kind] : undefined;
    try {
      return toLspLines(uri, text, provider?.summarize?.(uri, text, contextFor(uri)) ?? null);
    } catch (e) {
      runner.log.error(`indexing ${uri} failed, the file is left out of the index: ${errorText(e)}`);
      return null;
    }
  };

  /** The agent files the server checks, as the CLI counts them (configuration files aside). */
  const checkedFiles = () => index.known().filter((u) => !isConfigFile(u)).length;
  const sendStatus = (status: IndexStatus) => {
    if (state.client.statusNotifications) void connection.sendNotification(IndexStatusNotification, status);
  };
  // A plugin or marketplace manifest changed: the targets of plugin skills may have (every cached analysis, index entry and open document again).
  index.onDidChangeRepository(() => {
    // An open file may have become (or stopped being) a plugin's agent, command or hooks file.
    documents.reclassify();
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

  const scanWorkspace = async (roots: string[]) => {
    if (!roots.length) return;
    const started = Date.now();
    const reporter = state.client.progressSupport ? await connection.window.createWorkDoneProgress().catch(() => null) : null;
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

  return { scanWorkspace };
}

/** Files changed on disk (watched by the client) or fetched late by the host: the index, the live folders and the open documents follow. */
export function registerFileWatching(s: ServerParts, d: DiagnosticsScheduling, indexing: WorkspaceIndexing): void {
  const { connection, host, runner, state, documents, index, configs, live, workspaceFiles } = s;
  const { filesChanged, revalidateOpen } = d;
  const { scanWorkspace } = indexing;
  connection.onDidChangeWatchedFiles(
    runner.safeNotify('didChangeWatchedFiles', async (p) => {
      // The host re-reads the changed files first (at once on Node, over the client in the browser).
      await Promise.all(p.changes.map((c) => host.fs.refresh(c.uri, c.type === FileChangeType.Deleted)));
      // A README or install script at a folder's root may say where the skills are installed (their targets follow).
      for (const c of p.changes) index.installSourceChanged(c.uri);
      const configChanged = p.changes.some((c) => isConfigFile(c.uri));
      if (configChanged) configs.changed();
      // A git index that now tracks other files changes what is live too (it changes far more often without that).
      const trackedChanged = p.changes.some((c) => {
        const folder = gitIndexFolder(c.uri);
        return folder !== undefined && live.trackedChanged(folder);
      });
      const rescan = configChanged || trackedChanged || p.changes.some((c) => isIgnoreFile(c.uri) || (c.type !== FileChangeType.Changed && index.isManifest(c.uri)));
      if (rescan) {
        // What is live may have changed (a .gitignore, `include` or `ignore`): the folders are scanned again,
        // which also remakes every entry (a config's `targets` reach the view, not only diagnostics); a plugin
        // manifest created or deleted changes which files are the plugin's agents, commands and hooks.
        live.changed();
        void scanWorkspace(state.folders);
      }
      const read = filesChanged(
        p.changes.map((c) => c.uri),
        p.changes.some((c) => c.type === FileChangeType.Deleted),
      );
      // A file that is neither indexed nor one of ours (seen by a watch-everything host) leaves the index as it is.
      const indexed = (uri: string) => index.get(uri) !== undefined || isTracked(URI.parse(uri).path) || index.isManifest(uri) || index.kindOf(uri) !== null;
      const reindexed = p.changes.filter((c) => !documents.get(c.uri) && indexed(c.uri));
      for (const c of reindexed) index.fileChanged(c.uri, c.type === FileChangeType.Deleted);
      const listed = workspaceFiles.changed(p.changes.filter((c) => c.type !== FileChangeType.Changed).map((c) => ({ uri: c.uri, deleted: c.type === FileChangeType.Deleted })));
      // The open documents depend on what their analyses read, the index (names, manifests, configs) and the
      // list of workspace files (instruction globs): a change to none of them (a file under node_modules or
      // .git, say, seen by the watcher of every path) asks the client for nothing.
      if (rescan || read || reindexed.length || listed) revalidateOpen();
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
}
