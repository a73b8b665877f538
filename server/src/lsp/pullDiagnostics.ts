/**
 * Pull diagnostics (`textDocument/diagnostic`, what VS Code uses): every report carries a
 * `resultId` made from the report's own content, so an analysis that did not change gives the
 * same id, and a client that sends that id back gets an `unchanged` report instead of the whole
 * list again. A repeat pull with nothing changed in between is answered from the last report,
 * without computing anything.
 */
import type { Diagnostic as LspDiagnostic, DocumentDiagnosticReport } from 'vscode-languageserver';

interface Report {
  version: number;
  epoch: number;
  resultId: string;
  items: LspDiagnostic[];
}

export class PullDiagnostics {
  readonly #reports = new Map<string, Report>();
  /** Bumped by anything that can change a document's diagnostics besides its own text. */
  #epoch = 0;

  constructor(
    /** Computes the diagnostics of a document at its current version, or null when it is gone. */
    private readonly compute: (uri: string) => { version: number; diagnostics: LspDiagnostic[] } | null,
    private readonly currentVersion: (uri: string) => number | undefined,
  ) {}

  /**
   * Something outside a document changed (another document, the workspace index, a file on disk,
   * the settings): the next pull of every document recomputes, and keeps its id when the result
   * is the same.
   */
  invalidate(): void {
    this.#epoch++;
  }

  forget(uri: string): void {
    this.#reports.delete(uri);
  }

  report(uri: string, previousResultId?: string): DocumentDiagnosticReport {
    const version = this.currentVersion(uri);
    let last = this.#reports.get(uri);
    if (version === undefined) {
      this.#reports.delete(uri);
      return { kind: 'full', items: [] };
    }
    if (!last || last.version !== version || last.epoch !== this.#epoch) {
      const epoch = this.#epoch;
      const result = this.compute(uri);
      if (!result) return { kind: 'full', items: [] };
      const resultId = contentId(JSON.stringify(result.diagnostics));
      last = { version: result.version, epoch, resultId, items: last?.resultId === resultId ? last.items : result.diagnostics };
      this.#reports.set(uri, last);
    }
    return previousResultId === last.resultId ? { kind: 'unchanged', resultId: last.resultId } : { kind: 'full', resultId: last.resultId, items: last.items };
  }
}

/**
 * A 53-bit hash of a report's text with its length (cyrb53): equal reports get equal ids, in
 * this server and after a restart, and two different reports colliding is vanishingly unlikely.
 */
export function contentId(s: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return `${(4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36)}-${s.length.toString(36)}`;
}
