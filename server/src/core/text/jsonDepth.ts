/**
 * Nesting bounds for JSON values and texts. The JSON parser and every walker of a parsed value
 * (JSON.stringify included) recurse once per level, so a value nested a few thousand levels deep
 * overflows the stack. Values and documents are measured here first, without recursion, and
 * refused with a clear message past the limit.
 */
import { parseTree, type Node, type ParseError, type ParseOptions } from 'jsonc-parser';

/** Deepest nesting accepted in a command value (`command("…", {…})`, `agentFiles/fillCommand`). */
export const MAX_VALUE_DEPTH = 64;
/** Deepest nesting accepted in a JSON document (world.json, eval cases). */
export const MAX_DOCUMENT_DEPTH = 256;

/** Whether a value nests deeper than `limit` arrays/objects (the value itself is level 1). Never recurses. */
export function tooDeep(value: unknown, limit: number = MAX_VALUE_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 1]];
  const seen = new Set<object>();
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (depth > limit) return true;
    // A cycle (only possible for values built in code, never for parsed JSON) is as bad as infinite depth.
    if (seen.has(v)) return true;
    seen.add(v);
    for (const child of Array.isArray(v) ? v : Object.values(v)) if (child && typeof child === 'object') stack.push([child, depth + 1]);
  }
  return false;
}

/** The message for a value refused by `tooDeep`. */
export function tooDeepMessage(what: string, limit: number = MAX_VALUE_DEPTH): string {
  return `${what} is nested deeper than ${limit} levels of arrays and objects; such values are refused`;
}

/**
 * Offset of the bracket where a JSON (or JSONC) text first nests deeper than `limit`, or -1.
 * Strings and comments are skipped; unbalanced brackets are the parser's business.
 */
export function depthExceededAt(text: string, limit: number = MAX_DOCUMENT_DEPTH): number {
  let depth = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x22 /* " */) {
      for (i++; i < text.length; i++) {
        const d = text.charCodeAt(i);
        if (d === 0x5c /* \ */) i++;
        else if (d === 0x22 || d === 0x0a) break;
      }
    } else if (c === 0x2f /* / */ && text.charCodeAt(i + 1) === 0x2f) {
      const nl = text.indexOf('\n', i);
      i = nl === -1 ? text.length : nl;
    } else if (c === 0x2f && text.charCodeAt(i + 1) === 0x2a /* * */) {
      const end = text.indexOf('*/', i + 2);
      i = end === -1 ? text.length : end + 1;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return i;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      if (depth > 0) depth--;
    }
  }
  return -1;
}

/**
 * jsonc-parser's `parseTree`, refusing a text nested deeper than `limit` (the parser recurses per
 * level): then `tooDeepAt` is the offset of the offending bracket and there is no tree.
 */
export function boundedParseTree(text: string, errors: ParseError[], options?: ParseOptions, limit: number = MAX_DOCUMENT_DEPTH): { root: Node | undefined; tooDeepAt: number } {
  const at = depthExceededAt(text, limit);
  if (at !== -1) return { root: undefined, tooDeepAt: at };
  return { root: parseTree(text, errors, options), tooDeepAt: -1 };
}
