/**
 * The LSP boundary of the line models (core/text/lineMap.ts): for an open document with a lone CR,
 * positions from the client are translated into the format's line model before a provider
 * sees them, and every position of the answer back into LSP's. Documents without a lone CR
 * (nearly all) pass through untouched.
 */
import { hasLoneCr, LineMap, mapPositions } from '../core/text/lineMap';
import type { DocumentStore, OpenDocument } from './documents';

export class LineModels {
  readonly #cache = new Map<string, { version: number; map: LineMap | null }>();

  constructor(
    private readonly documents: DocumentStore,
    private readonly textOf: (uri: string) => string | undefined,
  ) {}

  /** The map of an open document, or null when its two line models agree. */
  ofDocument(entry: OpenDocument): LineMap | null {
    if (entry.tree && !entry.tree.loneCr) return null;
    const hit = this.#cache.get(entry.uri);
    if (hit && hit.version === entry.doc.version && this.documents.get(entry.uri) === entry) return hit.map;
    const text = entry.doc.getText();
    const map = hasLoneCr(text) ? new LineMap(text) : null;
    this.#cache.set(entry.uri, { version: entry.doc.version, map });
    return map;
  }

  /** The map of any document: open, or read from the workspace. */
  ofUri(uri: string): LineMap | null {
    const entry = this.documents.get(uri);
    if (entry) return this.ofDocument(entry);
    const text = this.textOf(uri);
    return text !== undefined && hasLoneCr(text) ? new LineMap(text) : null;
  }

  /** The map of a text (for index entries made from it). */
  static ofText(text: string): LineMap | null {
    return hasLoneCr(text) ? new LineMap(text) : null;
  }

  forget(uri: string): void {
    this.#cache.delete(uri);
  }

  /** Client positions in `params` → the document's own line model. */
  incoming<P>(entry: OpenDocument, params: P): P {
    return this.ofDocument(entry) ? mapPositions(params, 'fromLsp', entry.uri, (u) => (u === entry.uri ? this.ofDocument(entry) : null)) : params;
  }

  /**
   * A document's own index entry, or an answer whose positions are all in the document (its code
   * lenses) → LSP positions. Every range in an entry is in the document itself (other URIs in
   * it, a world's prompt files, carry no positions), so an entry of a document whose line models
   * agree passes untouched, without walking its 10,000 skills.
   */
  outgoingEntry<R>(entry: OpenDocument, file: R): R {
    if (file === null || file === undefined) return file;
    const own = this.ofDocument(entry);
    return own ? mapPositions(file, 'toLsp', entry.uri, (u) => (u === entry.uri ? own : null)) : file;
  }

  /** A provider's answer → LSP positions (other documents' positions with their own maps). */
  outgoing<R>(entry: OpenDocument, result: R): R {
    if (result === null || result === undefined) return result;
    const own = this.ofDocument(entry);
    const maps = new Map<string, LineMap | null>();
    const mapOf = (u: string) => {
      if (u === entry.uri) return own;
      if (!maps.has(u)) maps.set(u, this.ofUri(u));
      return maps.get(u)!;
    };
    // Answers about a document without a lone CR rarely point into one that has: look only when needed.
    if (!own && !mentionsOtherUri(result, entry.uri)) return result;
    return mapPositions(result, 'toLsp', entry.uri, mapOf);
  }
}

/** Whether a value names a document other than `uri` (a Location elsewhere, a multi-file edit). */
function mentionsOtherUri(v: unknown, uri: string): boolean {
  const stack = [v];
  while (stack.length) {
    const x = stack.pop();
    if (!x || typeof x !== 'object') continue;
    if (Array.isArray(x)) {
      for (const y of x) stack.push(y);
      continue;
    }
    const o = x as Record<string, unknown>;
    if (typeof o['uri'] === 'string' && o['uri'] !== uri) return true;
    if (o['changes'] && typeof o['changes'] === 'object' && Object.keys(o['changes'] as object).some((k) => k !== uri)) return true;
    for (const y of Object.values(o)) if (y && typeof y === 'object') stack.push(y);
  }
  return false;
}
