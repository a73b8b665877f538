/**
 * Workspace diagnostics: every file of the workspace index gets its problems without being
 * opened. Clients that pull (`workspace/diagnostic`, VS Code) get reports with result ids, an
 * unchanged file answered `unchanged`, streamed as partial results; the others (Neovim, Emacs) get
 * them published, for the files with problems, and cleared once fixed.
 *
 * Open documents are left to the document diagnostics (unless the editor hides them, see
 * `hiddenReport`). A file that is not open is checked from
 * disk once (./fileDiagnostics.ts) and its report is kept until something it depends on changes:
 * its own text, a file its check read (a referenced file, world.json, an import), the settings or
 * a configuration file, or what its format takes from the index (`FormatProvider.dependencyKey`:
 * duplicate skill names, the agents an AGENT.md may extend). So a keystroke re-checks only the
 * closed files that read the document typed in, and only after a pause in the client's requests.
 */
import type {
  CancellationToken,
  Diagnostic as LspDiagnostic,
  ResultProgressReporter,
  WorkspaceDiagnosticParams,
  WorkspaceDiagnosticReport,
  WorkspaceDiagnosticReportPartialResult,
  WorkspaceDocumentDiagnosticReport,
} from 'vscode-languageserver';
import { belowAny, normalizeUri, touches, type Shallow } from './documentCache';
import type { ClosedDiagnostics } from './fileDiagnostics';
import { contentId } from './pullDiagnostics';
import type { Logger } from './runner';
import type { DiagnosticsScope } from './settings';

/** A closed file's report: its diagnostics and the id made from them. */
export interface ClosedReport {
  resultId: string;
  items: LspDiagnostic[];
}

interface Cached {
  /** The generation and dependency key it was made at; '' once something it read changed. */
  key: string;
  report: ClosedReport | null;
  reads: readonly string[];
  /** Those of `reads` whose answers depend on less than everything below them (documentCache.ts `Shallow`). */
  shallow: Shallow;
}

/** The kept reports of closed files, and which file's report read which URI. */
export class ClosedReports {
  readonly #cache = new Map<string, Cached>();
  /** A URI read → the closed files whose check read it. */
  readonly #readers = new Map<string, Set<string>>();
  #generation = 0;
  /** How many closed files were checked, since the server started. */
  checked = 0;

  constructor(
    private readonly compute: (uri: string) => ClosedDiagnostics | null,
    /** What the file's diagnostics take from outside its text and the files it reads, as a string. */
    private readonly dependencyKey: (uri: string) => string,
  ) {}

  /** The report of a file that is not open (null when it is not ours or cannot be read). */
  report(uri: string): ClosedReport | null {
    const key = `${this.#generation}|${this.dependencyKey(uri)}`;
    const hit = this.#cache.get(uri);
    if (hit && hit.key === key) return hit.report;
    this.#drop(uri);
    this.checked++;
    const r = this.compute(uri);
    let report: ClosedReport | null = null;
    if (r) {
      const resultId = contentId(JSON.stringify(r.diagnostics));
      report = hit?.report?.resultId === resultId ? hit.report : { resultId, items: r.diagnostics };
    }
    const reads = r ? [...r.reads] : [normalizeUri(uri)];
    this.#cache.set(uri, { key, report, reads, shallow: r?.shallow ?? new Map() });
    for (const read of reads) {
      let set = this.#readers.get(read);
      if (!set) this.#readers.set(read, (set = new Set()));
      set.add(uri);
    }
    return report;
  }

  #drop(uri: string): void {
    const hit = this.#cache.get(uri);
    if (!hit) return;
    this.#cache.delete(uri);
    for (const read of hit.reads) {
      const set = this.#readers.get(read);
      set?.delete(uri);
      if (set?.size === 0) this.#readers.delete(read);
    }
  }

  /** Marks the reports that read `read` to be made again: all of them, or those a change to `changed` can alter (`touches`). */
  #stale(read: string, changed?: string, deletion = true): boolean {
    const set = this.#readers.get(read);
    if (!set) return false;
    let touched = false;
    for (const uri of set) {
      const hit = this.#cache.get(uri);
      if (!hit || (changed !== undefined && !touches(read, changed, hit.shallow.get(read), deletion))) continue;
      hit.key = '';
      touched = true;
    }
    return touched;
  }

  /** Settings, folders or a configuration file changed: every report is made again when next asked for. */
  invalidateAll(): void {
    this.#generation++;
  }

  /**
   * Files changed (a buffer edited, opened or closed, a file created, changed or deleted): the
   * reports that read them, or a folder above them, are made again, but for a folder above them a
   * report only found to exist (a file created or changed below it leaves it existing). `deep` (a
   * deletion, which may be a folder's, one file at a time) reaches those too, and the reports that
   * read something below them. True when a report was touched.
   */
  filesChanged(uris: readonly string[], deep = false): boolean {
    let touched = false;
    const changed = new Set(uris.map(normalizeUri));
    for (const c of changed) {
      const root = c.indexOf('/', c.indexOf('//') + 2);
      for (let u = c; ;) {
        if (this.#stale(u, c, deep)) touched = true;
        const i = u.lastIndexOf('/');
        if (i <= root) break;
        u = u.slice(0, i);
      }
    }
    // One pass over what was read, whatever the number of changes (a deleted tree may come as one event per file).
    if (deep) for (const read of this.#readers.keys()) if (belowAny(read, changed) && this.#stale(read)) touched = true;
    return touched;
  }

  /** A file left the workspace: its report goes. */
  forget(uri: string): void {
    this.#drop(uri);
  }
}

export interface WorkspaceDiagnosticsDeps {
  /** Every file of ours in the workspace (sorted). */
  files(): readonly string[];
  isOpen(uri: string): boolean;
  /**
   * The report of an open document the editor does not show (VS Code drops a hidden document's
   * own report and its validator's findings on it): the workspace report stands for it. Null for a
   * shown document, whose own report stands.
   */
  hiddenReport(uri: string): ClosedReport | null;
  scope(): DiagnosticsScope;
  /** True while the workspace is being indexed: reports wait for its end. */
  scanning(): boolean;
  /** How long (ms) the server has had nothing to do for the client. */
  idleFor(): number;
  /** How long a pause in the client's requests a pass waits for (ms). */
  pause(): number;
  log: Logger;
}

/** Work is done in slices of about this long (ms), yielding to the client's requests in between. */
const SLICE_MS = 20;

const yieldToEventLoop = () => new Promise<void>((r) => setTimeout(r, 0));

export class WorkspaceDiagnostics {
  readonly reports: ClosedReports;
  /** Bumped each time a change is let through (after a pause). */
  #fired = 0;
  #waiters: (() => void)[] = [];
  #timer: ReturnType<typeof setTimeout> | undefined;
  #firstChange: number | undefined;
  #disposed = false;

  constructor(
    private readonly deps: WorkspaceDiagnosticsDeps,
    compute: (uri: string) => ClosedDiagnostics | null,
    dependencyKey: (uri: string) => string,
  ) {
    this.reports = new ClosedReports(compute, dependencyKey);
  }

  /**
   * Something changed that may change a closed file's report (the index, a file, the settings):
   * whoever waits is woken once the client pauses, and at the latest after four pauses' time.
   */
  changed(): void {
    if (this.#disposed) return;
    this.#firstChange ??= performance.now();
    if (this.#timer) return;
    const attempt = () => {
      const wait = this.deps.pause();
      const idle = this.deps.idleFor();
      const left = this.#firstChange! + 4 * wait - performance.now();
      if (idle < wait && left > 0) {
        this.#timer = setTimeout(attempt, Math.min(wait - idle, left));
        return;
      }
      this.#timer = undefined;
      this.#firstChange = undefined;
      this.#fired++;
      const waiters = this.#waiters;
      this.#waiters = [];
      for (const w of waiters) w();
    };
    this.#timer = setTimeout(attempt, this.deps.pause());
  }

  /** Resolves once a change is let through after `since` (the `fired` count), or the token is cancelled. */
  #nextChange(since: number, token?: CancellationToken): Promise<void> {
    if (this.#fired !== since || token?.isCancellationRequested || this.#disposed) return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        sub?.dispose();
        resolve();
      };
      const sub = token?.onCancellationRequested(done);
      this.#waiters.push(done);
    });
  }

  /**
   * Visits the report of every closed file in the workspace scope, in slices; `afterSlice` runs
   * between two. Returns the files visited.
   */
  async #pass(visit: (uri: string, report: ClosedReport | null) => void, cancelled: () => boolean, afterSlice: () => void = () => undefined): Promise<Set<string>> {
    const seen = new Set<string>();
    if (this.deps.scope() !== 'workspace') return seen;
    const started = performance.now();
    const before = this.reports.checked;
    let slice = started;
    for (const uri of this.deps.files()) {
      if (cancelled() || this.#disposed) break;
      if (this.deps.isOpen(uri)) {
        const hidden = this.deps.hiddenReport(uri);
        if (!hidden) continue;
        seen.add(uri);
        visit(uri, hidden);
      } else {
        seen.add(uri);
        visit(uri, this.reports.report(uri));
      }
      if (performance.now() - slice > SLICE_MS) {
        afterSlice();
        await yieldToEventLoop();
        slice = performance.now();
      }
    }
    afterSlice();
    const checked = this.reports.checked - before;
    if (checked) this.deps.log.info(`workspace diagnostics: checked ${checked} of ${seen.size} closed file(s) in ${Math.round(performance.now() - started)} ms`);
    return seen;
  }

  /**
   * `workspace/diagnostic`: answers once some closed file's report differs from the client's
   * (a new file with problems, a changed or fixed one, a deleted one), with every report the
   * client knows answered `unchanged`; until then the request is held, so a client that asks
   * again at once does not make the server check anything. With a partial result token the
   * reports go out as partial results, slice by slice.
   */
  async pull(
    params: WorkspaceDiagnosticParams,
    token: CancellationToken,
    progress?: ResultProgressReporter<WorkspaceDiagnosticReportPartialResult>,
  ): Promise<WorkspaceDiagnosticReport> {
    const previous = new Map<string, string>();
    for (const p of Array.isArray(params?.previousResultIds) ? params.previousResultIds : []) {
      if (p && typeof p.uri === 'string' && typeof p.value === 'string') previous.set(p.uri, p.value);
    }
    for (;;) {
      while (this.deps.scanning() && !token.isCancellationRequested && !this.#disposed) await this.#nextChange(this.#fired, token);
      if (token.isCancellationRequested || this.#disposed) return { items: [] };
      const since = this.#fired;
      const out: WorkspaceDocumentDiagnosticReport[] = [];
      let answer = false;
      const flush = () => {
        if (answer && progress && out.length) progress.report({ items: out.splice(0) });
      };
      const seen = await this.#pass(
        (uri, report) => {
          const item = reportItem(uri, report, previous.get(uri));
          if (!item) return;
          out.push(item);
          if (item.kind === 'full') answer = true;
        },
        () => token.isCancellationRequested,
        flush,
      );
      if (token.isCancellationRequested) return { items: [] };
      // A file the client has a report of that is gone (deleted, out of scope, not ours any more): cleared.
      for (const uri of previous.keys()) {
        if (seen.has(uri) || this.deps.isOpen(uri)) continue;
        out.push({ kind: 'full', uri, version: null, items: [] });
        answer = true;
      }
      if (answer) {
        flush();
        return { items: progress ? [] : out };
      }
      await this.#nextChange(since, token);
    }
  }

  /**
   * For clients that do not pull: after each change (once the client pauses), publishes the
   * closed files whose diagnostics differ from what was last published, and clears those that
   * left the scope. Runs until `dispose`.
   */
  async publishLoop(publisher: ClosedPublisher): Promise<void> {
    let since = this.#fired;
    while (!this.#disposed) {
      await this.#nextChange(since);
      since = this.#fired;
      if (this.#disposed || this.deps.scanning()) continue;
      try {
        const seen = await this.#pass(
          (uri, report) => publisher.publish(uri, report?.items ?? []),
          () => false,
        );
        for (const uri of publisher.published()) if (!seen.has(uri) && !this.deps.isOpen(uri)) publisher.publish(uri, []);
      } catch (e) {
        this.deps.log.error(`publishing workspace diagnostics failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      }
    }
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#timer) clearTimeout(this.#timer);
    const waiters = this.#waiters;
    this.#waiters = [];
    for (const w of waiters) w();
  }
}

/** Where published diagnostics go (the push side of ./diagnostics.ts). */
export interface ClosedPublisher {
  /** Publishes a closed file's diagnostics when they differ from the last published (nothing for a clean file never published). */
  publish(uri: string, items: LspDiagnostic[]): void;
  /** The files whose last published diagnostics are not empty. */
  published(): Iterable<string>;
}

/** The workspace report of one closed file against the id the client holds; null when there is nothing to say. */
function reportItem(uri: string, report: ClosedReport | null, previous: string | undefined): WorkspaceDocumentDiagnosticReport | null {
  if (!report) return previous !== undefined ? { kind: 'full', uri, version: null, items: [] } : null;
  if (previous === report.resultId) return { kind: 'unchanged', uri, version: null, resultId: report.resultId };
  // A clean file the client has never heard of: nothing to show, nothing to hold.
  if (previous === undefined && report.items.length === 0) return null;
  return { kind: 'full', uri, version: null, resultId: report.resultId, items: report.items };
}
