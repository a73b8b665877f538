/**
 * Diagnostics delivery: pull when the client supports it, otherwise push, debounced per
 * document. A result computed for an older version is dropped; closing a document clears it.
 */
import { DiagnosticSeverity, type Connection, type Diagnostic as LspDiagnostic } from 'vscode-languageserver';
import type { Diagnostic } from '../core/types';
import { RULES_URL } from '../cli/meta';

const SEVERITY: Record<Diagnostic['severity'], DiagnosticSeverity> = {
  error: DiagnosticSeverity.Error,
  warning: DiagnosticSeverity.Warning,
  information: DiagnosticSeverity.Information,
  hint: DiagnosticSeverity.Hint,
};

/** The LSP form of a core diagnostic: source, code, a link to the rule's section, related info. */
export function toLspDiagnostic(d: Diagnostic, uri: string): LspDiagnostic {
  const out: LspDiagnostic = {
    range: d.range,
    severity: SEVERITY[d.severity],
    source: 'agent-files',
    code: d.code,
    codeDescription: { href: `${RULES_URL}#${d.code.toLowerCase()}` },
    message: d.message,
  };
  if (d.related?.length) out.relatedInformation = d.related.map((r) => ({ location: { uri, range: r.range }, message: r.message }));
  if (d.data) out.data = d.data;
  return out;
}

export class PushDiagnostics {
  readonly #timers = new Map<string, NodeJS.Timeout>();
  readonly #published = new Map<string, string>();
  delay: number;

  constructor(
    private readonly connection: Connection,
    delay: number,
    /** Computes the diagnostics of a document at its current version, or null when it is gone. */
    private readonly compute: (uri: string) => { version: number; diagnostics: LspDiagnostic[] } | null,
    private readonly currentVersion: (uri: string) => number | undefined,
  ) {
    this.delay = delay;
  }

  schedule(uri: string): void {
    const pending = this.#timers.get(uri);
    if (pending) clearTimeout(pending);
    this.#timers.set(
      uri,
      setTimeout(() => {
        this.#timers.delete(uri);
        this.flush(uri);
      }, this.delay),
    );
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
    const pending = this.#timers.get(uri);
    if (pending) clearTimeout(pending);
    this.#timers.delete(uri);
    this.#published.delete(uri);
    void this.connection.sendDiagnostics({ uri, diagnostics: [] });
  }

  dispose(): void {
    for (const t of this.#timers.values()) clearTimeout(t);
    this.#timers.clear();
  }
}
