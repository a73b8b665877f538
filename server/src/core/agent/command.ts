/** Filling a skill's command template: POSIX single-quoting, typed values stringified. */

const PLACEHOLDER = /\{([a-zA-Z_]\w*)\}/g;

/** Wraps in single quotes; each `'` becomes `'\''`. Nothing else needs escaping in sh. */
export function shQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** How a typed input value becomes one shell word: numbers and booleans as written, objects and arrays as JSON. */
export function stringifyValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean' || typeof v === 'bigint') return String(v);
  if (v === null || v === undefined) return '';
  try {
    return JSON.stringify(v) ?? String(v);
  } catch {
    return String(v);
  }
}

/** Replaces every `{name}` that has a value; placeholders without one stay as written. */
export function fillCommand(template: string, values: Record<string, unknown> = {}): string {
  return template.replace(PLACEHOLDER, (whole, name: string) =>
    Object.prototype.hasOwnProperty.call(values, name) ? shQuote(stringifyValue(values[name])) : whole,
  );
}

/** Distinct placeholder names in first-occurrence order. */
export function commandPlaceholders(template: string): string[] {
  return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}
