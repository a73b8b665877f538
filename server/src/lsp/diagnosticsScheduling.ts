/**
 * When diagnostics are made and sent: pushed after a delay to clients that do not pull, answered
 * to `textDocument/diagnostic` and `workspace/diagnostic` for those that do, the open documents
 * re-indexed after a pause, and what a change (a buffer, a file on disk) makes stale.
 */
import { PushDiagnostics } from './diagnostics';
import { PacedQueue } from './pacedQueue';
import { PullDiagnostics } from './pullDiagnostics';
import type { OpenDocument } from './documents';
import { VisibleEditorsNotification, type VisibleEditorsParams } from './protocol';
import { isConfigFile } from './config';
import { closedDiagnostics, openDiagnostics, type FileDiagnosticsDeps } from './fileDiagnostics';
import { WorkspaceDiagnostics } from './workspaceDiagnostics';
import { Reindexer } from './reindexer';
import { errorText, type ServerParts } from './serverParts';

export interface DiagnosticsScheduling {
  reindexer: Reindexer;
  /** Open documents' diagnostics and dependents, worked off in slices between the client's messages. */
  queue: PacedQueue;
  push: PushDiagnostics;
  pull: PullDiagnostics;
  workspace: WorkspaceDiagnostics;
  /**
   * Files changed (a buffer, a file on disk): the analyses and the closed files' reports that read
   * them are made again. True when an open document's analysis read one of them.
   */
  filesChanged(uris: string[], deep?: boolean): boolean;
  /** Asks the client to pull the open documents' diagnostics again, when it said it can be asked (and only once initialized). */
  refreshOpen(): void;
  /**
   * Re-indexes an open buffer and queues its diagnostics; the documents that depend on it are
   * found when it comes up in the queue (that takes its analysis, too slow for each of 10,000 opens).
   */
  refresh(entry: OpenDocument): void;
  /** Something on disk that open documents depend on changed: every open document is checked again (a missing prompt, a referenced file may have appeared). */
  revalidateOpen(): void;
}

export function createDiagnosticsScheduling(s: ServerParts): DiagnosticsScheduling {
  const { connection, runner, state, documents, index, providers, providerOf, contextFor, configs, lines } = s;
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
      shown: (uri) => !state.shown || state.shown.has(uri),
      quietFor: () => runner.quietFor(),
      slice: (work) => configs.holding(work),
      what: 're-index',
      log: runner.log,
      // Behind the diagnostics: while the client never pauses, a slice once a second.
      forceEvery: 1000,
    }),
    delay: () => state.settings.diagnosticDelay,
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
    shown: (uri) => !state.shown || state.shown.has(uri),
    quietFor: () => runner.quietFor(),
    // Within a slice each folder's configuration is looked up once.
    slice: (work) => configs.holding(work),
    what: 'diagnostics',
    log: runner.log,
  });
  const push = new PushDiagnostics(connection, state.settings.diagnosticDelay, diagnosticsOf, versionOf, queue);
  const pull = new PullDiagnostics(diagnosticsOf, versionOf);
  const workspace = new WorkspaceDiagnostics(
    {
      files: () => index.known(),
      isOpen: (uri) => documents.get(uri) !== undefined,
      hiddenReport: (uri) => {
        if (!state.shown || state.shown.has(uri) || !state.client.pullDiagnostics) return null;
        const r = pull.report(uri);
        return r.kind === 'full' && r.resultId ? { resultId: r.resultId, items: r.items } : null;
      },
      scope: () => state.settings.diagnosticsScope,
      scanning: () => index.scanning,
      idleFor: () => runner.idleFor(),
      // Checking closed files waits for a longer pause than an open document's re-index.
      pause: () => Math.max(300, 2 * state.settings.diagnosticDelay),
      log: runner.log,
    },
    (uri) => closedDiagnostics(fileDeps, uri),
    (uri) => {
      const kind = index.kindOf(uri);
      return (kind && providers[kind]?.dependencyKey?.(uri, contextFor(uri))) || '';
    },
  );
  const filesChanged = (uris: string[], deep = false) => {
    const dropped = documents.filesChanged(uris, deep);
    // A configuration file governs the files below it: every closed file's report is made again.
    if (uris.some((u) => isConfigFile(u))) workspace.reports.invalidateAll();
    workspace.reports.filesChanged(uris, deep);
    workspace.changed();
    return dropped;
  };
  const refreshOpen = () => {
    if (state.client.pullDiagnostics && state.client.refreshSupport && state.initialized)
      connection.languages.diagnostics.refresh().catch((e: unknown) => runner.log.error(`workspace/diagnostic/refresh failed: ${errorText(e)}`));
  };
  const refresh = (entry: OpenDocument) => {
    // Another document's diagnostics may read this one (a SKILL.md's references, a world's prompts).
    pull.invalidate();
    if (state.client.pullDiagnostics) queue.schedule(entry.uri, 0, true);
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
      if (!state.client.pullDiagnostics) push.flush(uri);
      return;
    }
    // Every open document depends on a config file being edited.
    const dependents = isConfigFile(uri) ? documents.all().map((e) => e.uri) : (providerOf(entry)?.dependents?.(entry, contextFor(uri)) ?? []);
    if (state.client.pullDiagnostics) {
      if (dependents.length) refreshOpen();
      return;
    }
    for (const d of dependents) if (documents.get(d)) queue.schedule(d, 0);
    queue.schedule(uri, 0);
  };
  const revalidateOpen = () => {
    pull.invalidate();
    if (state.client.pullDiagnostics) refreshOpen();
    else for (const e of documents.all()) push.schedule(e.uri);
  };
  return { reindexer, queue, push, pull, workspace, filesChanged, refreshOpen, refresh, revalidateOpen };
}

/** The diagnostics requests, and the editors the client shows (what VS Code validates itself, and keeps, depends on them). */
export function registerDiagnosticRequests(s: ServerParts, d: DiagnosticsScheduling): void {
  const { connection, runner, state, documents } = s;
  const { pull, workspace, refreshOpen } = d;
  connection.onNotification(
    VisibleEditorsNotification,
    runner.safeNotify('visibleEditors', (p: VisibleEditorsParams) => {
      const next = new Set(Array.isArray(p?.uris) ? p.uris.filter((u): u is string => typeof u === 'string') : []);
      const before = state.shown;
      state.shown = next;
      // An open document shown or hidden now: its own report (and the workspace report standing for it) change.
      if (!documents.all().some((doc) => (before ? before.has(doc.uri) : true) !== next.has(doc.uri))) return;
      pull.invalidate();
      refreshOpen();
      workspace.changed();
    }),
  );

  connection.languages.diagnostics.on(
    runner.safe('textDocument/diagnostic', (p) => {
      const uri = p.textDocument.uri;
      // A file that is not open (the client asks once more as it closes one): its report from disk, as the workspace's.
      const closed = !documents.get(uri) && state.settings.diagnosticsScope === 'workspace' ? workspace.reports.report(uri) : null;
      if (!closed) return pull.report(uri, p.previousResultId);
      return p.previousResultId === closed.resultId ? { kind: 'unchanged', resultId: closed.resultId } : { kind: 'full', resultId: closed.resultId, items: closed.items };
    }),
  );
  connection.languages.diagnostics.onWorkspace(runner.safe('workspace/diagnostic', (p, token, _workDone, progress) => workspace.pull(p, token, progress)));
}
