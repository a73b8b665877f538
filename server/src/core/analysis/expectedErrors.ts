/**
 * The few errors the core expects from the libraries it calls on user text, and handles on the
 * spot. Anything else a `catch` meets is a bug: it is rethrown, so it reaches the caller's
 * `internal-error` diagnostic (analyzeFile) or the language server's handler runner, which
 * log it, instead of being silently read as "no result".
 */

/**
 * vscode-uri's error for a string that is not a valid URI (`[UriError]: …`), or the `URIError`
 * its encoder (`encodeURIComponent`) throws when a path holds a lone surrogate.
 */
export function isUriError(e: unknown): boolean {
  return e instanceof URIError || (e instanceof Error && e.message.startsWith('[UriError]'));
}

/** `decodeURIComponent` on a malformed `%` escape. */
export function isDecodeError(e: unknown): boolean {
  return e instanceof URIError;
}

/** `JSON.parse` on text that is not JSON. */
export function isJsonSyntaxError(e: unknown): boolean {
  return e instanceof SyntaxError;
}

/** Rethrows `e` unless `expected` says it is one of the handled conditions. */
export function unlessExpected(e: unknown, expected: (e: unknown) => boolean): void {
  if (!expected(e)) throw e;
}

/** The JSON object a text holds; undefined when it is not JSON (a file a client cannot read either) or not an object. */
export function parseJsonObject(text: string): Record<string, unknown> | undefined {
  try {
    const v: unknown = JSON.parse(text);
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : undefined;
  } catch (e) {
    unlessExpected(e, isJsonSyntaxError);
    return undefined;
  }
}
