/**
 * Output that is safe to print: the CLI quotes file names and file content (diagnostic
 * messages), and a file can hold terminal escapes (`ESC[2J`, `ESC]0;title BEL`), NUL, C1
 * controls or bidi overrides that would clear the screen, retitle the terminal or reorder
 * what the reader sees. Text output shows each of them as a visible escape; JSON output keeps
 * the same values and writes them as `\u` escapes.
 */

/**
 * C0 controls, DEL, C1 controls, the bidi embeddings, overrides, isolates and marks, the
 * Unicode line and paragraph separators, and lone surrogates.
 */
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** What JSON.stringify leaves raw among those (outside strings its output has only ASCII whitespace and punctuation). */
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g;

const NAMED: Record<string, string> = { '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/**
 * One line of plain, printable text: `\n`, `\r` and `\t` by name, other controls up to U+00FF
 * as `\x1b`, the rest as `\u{202e}`. Everything else, backslashes included, is left as written.
 */
export function printable(s: string): string {
  return s.replace(UNSAFE, (c) => {
    const named = NAMED[c];
    if (named) return named;
    const code = c.charCodeAt(0);
    return code <= 0xff ? `\\x${code.toString(16).padStart(2, '0')}` : `\\u{${code.toString(16)}}`;
  });
}

/**
 * JSON text (from JSON.stringify) with the characters JSON leaves raw written as `\uXXXX`
 * escapes: the same JSON value, nothing a terminal acts on. JSON.stringify already escapes C0
 * controls and lone surrogates; any other such character can only stand inside a string.
 */
export function jsonPrintable(json: string): string {
  return json.replace(UNSAFE_IN_JSON, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}
