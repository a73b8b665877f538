/**
 * A URI split where its path starts, as written (no decoding; a query or fragment stays in the
 * path): `file:///ws/a` → `file://` + `/ws/a`, `vscode-vfs://github/o/r/a` → `vscode-vfs://github` +
 * `/o/r/a`, and a URI without an authority (`memfs:/ws/a`, as some virtual workspaces have) →
 * `memfs:` + `/ws/a`. Core reads URIs as text (no URI library in the pure ring), in one place.
 */
const SCHEME_AND_AUTHORITY = /^[a-z][\w+.-]*:(?:\/\/[^/]*)?/i;

export function splitUri(uri: string): { head: string; path: string } {
  const head = SCHEME_AND_AUTHORITY.exec(uri)?.[0] ?? '';
  return { head, path: uri.slice(head.length) };
}
