/**
 * LSP's line model against the formats' own. LSP counts CR, LF and CRLF as line breaks; the
 * 3md reference, the YAML library and the other readers count only LF and CRLF, so in a text
 * with a lone CR their line numbers differ from the client's. Verdicts stay the readers' own
 * (a lone CR can decide whether a `---` line closes a frontmatter, as in the reference), and
 * positions are translated between the two models at the LSP boundary.
 */
import type { Position } from '../types';

/** True when `text` has a CR that is not followed by LF: the two line models differ. */
export function hasLoneCr(text: string): boolean {
  // Most texts have no CR at all: a substring test answers them without the pattern.
  return text.includes('\r') && /\r(?!\n)/.test(text);
}

/** Line starts of a text, counting CR, LF and CRLF as breaks (`lsp`) or only LF and CRLF. */
function lineStarts(text: string, lsp: boolean): Int32Array {
  const starts = [0];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 10) starts.push(i + 1);
    else if (c === 13 && lsp && text.charCodeAt(i + 1) !== 10) starts.push(i + 1);
  }
  return Int32Array.from(starts);
}

class Lines {
  constructor(
    private readonly text: string,
    private readonly starts: Int32Array,
  ) {}

  /** End of a line's content: before its LF, CRLF or (LSP) CR. */
  #end(line: number): number {
    if (line + 1 >= this.starts.length) return this.text.length;
    let end = this.starts[line + 1]! - 1;
    if (this.text.charCodeAt(end) === 10 && end > this.starts[line]! && this.text.charCodeAt(end - 1) === 13) end--;
    return end;
  }

  offsetAt(p: Position): number {
    if (p.line < 0) return 0;
    if (p.line >= this.starts.length) return this.text.length;
    return Math.min(this.starts[p.line]! + Math.max(0, p.character), this.#end(p.line));
  }

  positionAt(offset: number): Position {
    const o = Math.max(0, Math.min(offset, this.text.length));
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= o) lo = mid;
      else hi = mid - 1;
    }
    return { line: lo, character: Math.min(o, this.#end(lo)) - this.starts[lo]! };
  }
}

/** Converts positions between a format's line model (LF, CRLF) and LSP's (CR, LF, CRLF) for one text. */
export class LineMap {
  readonly #own: Lines;
  readonly #lsp: Lines;

  constructor(text: string) {
    this.#own = new Lines(text, lineStarts(text, false));
    this.#lsp = new Lines(text, lineStarts(text, true));
  }

  toLsp(p: Position): Position {
    return this.#lsp.positionAt(this.#own.offsetAt(p));
  }

  fromLsp(p: Position): Position {
    return this.#own.positionAt(this.#lsp.offsetAt(p));
  }

  /** Offset of an LSP position (as a client means it). */
  lspOffsetAt(p: Position): number {
    return this.#lsp.offsetAt(p);
  }
}

/** `text` with an edit whose range is in LSP's line model applied (reversed ranges are swapped). */
export function applyLspEdit(text: string, range: { start: Position; end: Position }, newText: string): string {
  const map = new LineMap(text);
  let a = map.lspOffsetAt(range.start);
  let b = map.lspOffsetAt(range.end);
  if (b < a) [a, b] = [b, a];
  return text.slice(0, a) + newText + text.slice(b);
}

type Dir = 'toLsp' | 'fromLsp';

const isPosition = (v: Record<string, unknown>) => typeof v['line'] === 'number' && typeof v['character'] === 'number' && Object.keys(v).length === 2;

/**
 * A copy of `value` with every position (`{line, character}`) and folding range line
 * (`startLine` / `endLine`) translated, for the document `uri` (positions under another `uri`
 * use that document's map, from `mapOf`). Shared sub-objects are copied, never changed.
 */
export function mapPositions<T>(value: T, dir: Dir, uri: string, mapOf: (uri: string) => LineMap | null): T {
  const visit = (v: unknown, at: string): unknown => {
    if (Array.isArray(v)) return v.map((x) => visit(x, at));
    if (!v || typeof v !== 'object') return v;
    const o = v as Record<string, unknown>;
    const here = typeof o['uri'] === 'string' ? (o['uri'] as string) : at;
    if (isPosition(o)) {
      const map = mapOf(here);
      return map ? map[dir](o as unknown as Position) : { ...o };
    }
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(o)) {
      if (k === 'changes' && x && typeof x === 'object' && !Array.isArray(x)) {
        // WorkspaceEdit.changes: keyed by document URI.
        out[k] = Object.fromEntries(Object.entries(x as Record<string, unknown>).map(([u, edits]) => [u, visit(edits, u)]));
      } else if (k === 'edits' && o['textDocument'] && typeof (o['textDocument'] as { uri?: unknown }).uri === 'string') {
        out[k] = visit(x, (o['textDocument'] as { uri: string }).uri);
      } else out[k] = visit(x, here);
    }
    if (typeof o['startLine'] === 'number' && typeof o['endLine'] === 'number') {
      const map = mapOf(here);
      if (map) {
        const sc = typeof o['startCharacter'] === 'number' ? (o['startCharacter'] as number) : undefined;
        const ec = typeof o['endCharacter'] === 'number' ? (o['endCharacter'] as number) : undefined;
        const start = map[dir]({ line: o['startLine'] as number, character: sc ?? 0 });
        const end = map[dir]({ line: o['endLine'] as number, character: ec ?? Number.MAX_SAFE_INTEGER });
        out['startLine'] = start.line;
        out['endLine'] = end.line;
        if (sc !== undefined) out['startCharacter'] = start.character;
        if (ec !== undefined) out['endCharacter'] = end.character;
      }
    }
    return out;
  };
  return visit(value, uri) as T;
}
