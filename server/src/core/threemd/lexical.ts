/** The reference's value grammar: unquoting, escapes and the finite-decimal number grammar. */

const DECIMAL = /^[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?$/;

/** Parses a 3md number (z, x, y, link targets); null when it is not a finite decimal. */
export function parseFiniteDecimal(text: string): number | null {
  if (!DECIMAL.test(text)) return null;
  const n = Number(text);
  return Number.isFinite(n) ? n : null;
}

/** A backslash emits the next character literally; a trailing lone backslash stays. */
export function unescapeValue(s: string): string {
  if (!s.includes('\\')) return s;
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const c = s[i]!;
    if (c === '\\' && i + 1 < s.length) {
      out += s[i + 1];
      i++;
    } else out += c;
  }
  return out;
}

/** True when `s` is wrapped in matching double or single quotes. */
export function isQuoted(s: string): boolean {
  if (s.length < 2) return false;
  const f = s[0];
  return (f === '"' || f === "'") && s[s.length - 1] === f;
}

/** Strips matching outer quotes and unescapes; anything else is returned verbatim. */
export function unquote(s: string): string {
  return isQuoted(s) ? unescapeValue(s.slice(1, -1)) : s;
}
