/**
 * Diagnostics delivery: pull when the client supports it, otherwise push, debounced per
 * document. A result computed for an older version is dropped; closing a document clears it.
 */
import { capRelated } from '../core/analysis/diagnosticCap';
import { DiagnosticSeverity, type Connection, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic, Severity } from '../core/types';
import { RULES_URL } from '../meta';

const TO_LSP: Record<Diagnostic['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The LSP form of a core diagnostic: source, code, a link to the rule's section, related info (capped, see core/analysis/diagnosticCap.ts). */
export function toLspDiagnostic(d: Diagnostic, uri: string): LspDiagnostic {
  const out: LspDiagnostic = {
    range: d.range,
    severity: TO_LSP[d.severity],
    source: 'agent-files',
    code: d.code,
    codeDescription: { href: `${RULES_URL}#${d.code.toLowerCase()}` },
    message: d.message,
  };
  // Bounded by the one cap (a no-op for what the configuration step already cut).
  if (d.related?.length) out.relatedInformation = capRelated(d.related).map((r) => ({ location: { uri: r.uri ?? uri, range: r.range }, message: r.message }));
  if (d.data) out.data = d.data;
  return out;
}

const SEVERITY: Record<number, Severity> = {
  [DiagnosticSeverity.Error]: 'error',
  [DiagnosticSeverity.Warning]: 'warning',
  [DiagnosticSeverity.Information]: 'information',
  [DiagnosticSeverity.Hint]: 'hint',
};

/**
 * The core form of a diagnostic the client sent back in a code action request: quick fixes
 * read `code` and `data`, so those must survive the round trip.
 */
export function fromLspDiagnostic(d: LspDiagnostic): Diagnostic {
  const out: Diagnostic = {
    code: String(d.code ?? ''),
    severity: SEVERITY[d.severity ?? DiagnosticSeverity.Error] ?? 'error',
    message: typeof d.message === 'string' ? d.message : d.message.value,
    range: d.range,
  };
  if (d.data && typeof d.data === 'object') out.data = d.data as Record<string, unknown>;
  return out;
}

/** Our diagnostics among those the client sent, whose code starts with `prefix`. */
export function ownDiagnostics(diagnostics: LspDiagnostic[], prefix: string): LspDiagnostic[] {
  return diagnostics.filter((d) => d.source === 'agent-files' && typeof d.code === 'string' && d.code.startsWith(prefix));
}

/** Where pushed diagnostics wait until they are due (./pacedQueue.ts). */
export interface DiagnosticsScheduler {
  schedule(uri: string, delay: number, changed?: boolean): void;
  cancel(uri: string): void;
}

export class PushDiagnostics {
  readonly #published = new Map<string, string>();
  delay: number;

  constructor(
    private readonly connection: Connection,
    delay: number,
    /** Computes the diagnostics of a document at its current version, or null when it is gone. */
    private readonly compute: (uri: string) => { version: number; diagnostics: LspDiagnostic[] } | null,
    private readonly currentVersion: (uri: string) => number | undefined,
    /** Runs `flush` for each document once it is due. */
    private readonly queue: DiagnosticsScheduler,
  ) {
    this.delay = delay;
  }

  /** Publishes a document's diagnostics after the delay (`changed`: it was itself opened or edited). */
  schedule(uri: string, changed = false): void {
    this.queue.schedule(uri, this.delay, changed);
  }

  flush(uri: string): void {
    const result = this.compute(uri);
    if (!result || this.currentVersion(uri) !== result.version) return;
    const key = JSON.stringify(result.diagnostics);
    if (this.#published.get(uri) === key) return;
    this.#published.set(uri, key);
    void this.connection.sendDiagnostics({ uri, version: result.version, diagnostics: result.diagnostics });
  }

  clear(uri: string): void {
    this.cancel(uri);
    this.#published.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  /**
   * A document was opened: its next diagnostics are published even when they equal what was
   * published while it was closed (a client may have dropped those, Emacs's eglot does for a file
   * it does not visit).
   */
  opened(uri: string): void {
    this.#published.delete(uri);
  }

  /** Drops a pending publication (a closed document: its workspace report takes over, compared with what was last sent). */
  cancel(uri: string): void {
    this.queue.cancel(uri);
  }

  /**
   * Publishes a file that is not open (no version) when its diagnostics differ from the last
   * published; a clean file that was never published stays unpublished.
   */
  publishClosed(uri: string, diagnostics: LspDiagnostic[]): void {
    const key = JSON.stringify(diagnostics);
    const last = this.#published.get(uri);
    if (last === key || (last === undefined && diagnostics.length === 0)) return;
    if (diagnostics.length) this.#published.set(uri, key);
    else this.#published.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics });
  }

  /** The files whose last published diagnostics are not empty. */
  *published(): Iterable<string> {
    for (const [uri, key] of this.#published) if (key !== '[]') yield uri;
  }
}
