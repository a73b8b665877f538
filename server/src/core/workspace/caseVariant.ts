/**
 * The file a path names only where letter case does not count: `@agents.md` beside an
 * `AGENTS.md` resolves on macOS and Windows (case-insensitive by default), and on Linux, in a
 * container or CI runner, and in GitHub's rendering of a link, names nothing.
 */
import type { IWorkspaceHost } from './host';
import { basenameUri, dirnameUri, isInside, resolveRelative } from '../world/paths';

/**
 * Missing segments looked up at most: a path that misses more is no slip of case. (In the server,
 * an analysis depends on the names of each folder listed here: a name added or removed there drops
 * it, a change inside a folder the listing held does not; lsp/documentCache.ts.)
 */
const MAX_SEGMENTS = 3;

/** Finds, for a path that does not exist, the file it names when case is ignored (`caseVariants`). */
export type CaseLookup = (uri: string, top: string) => string | undefined;

/**
 * A lookup for one check: the existing file or folder that a `uri` which does not exist names
 * when case is ignored, or undefined. Each segment below the deepest folder that exists (not
 * above `top`) is matched, ignoring case, against its folder's listing (each folder's listing is
 * indexed once for the check, so a file of many missing links into one large folder reads it
 * once); a segment with no match, or with several (`Readme.md` and `README.md` side by side), has
 * no one variant, and neither has a name the listing holds as written that leads nowhere (a
 * symbolic link whose target is missing). `exists` is the caller's lookup (one that remembers its
 * answers for the check).
 */
export function caseVariants(host: IWorkspaceHost, exists: (uri: string) => boolean = (u) => host.exists(u)): CaseLookup {
  const listings = new Map<string, Map<string, string[]>>();
  const named = (dir: string, segment: string): readonly string[] => {
    let byLower = listings.get(dir);
    if (!byLower) {
      byLower = new Map();
      for (const name of host.readDirectory(dir)) {
        const k = name.toLowerCase();
        const names = byLower.get(k);
        if (names) names.push(name);
        else byLower.set(k, [name]);
      }
      listings.set(dir, byLower);
    }
    return byLower.get(segment.toLowerCase()) ?? [];
  };
  return (uri, top) => {
    const missing = [basenameUri(uri)];
    let dir = dirnameUri(uri);
    while (!exists(dir)) {
      if (missing.length >= MAX_SEGMENTS || !isInside(top, dir) || dir === top) return undefined;
      missing.unshift(basenameUri(dir));
      const up = dirnameUri(dir);
      if (up === dir) return undefined;
      dir = up;
    }
    if (!isInside(top, dir) || !host.isDirectory(dir)) return undefined;
    for (const segment of missing) {
      const matches = named(dir, segment);
      if (matches.length !== 1) return undefined;
      dir = resolveRelative(dir, matches[0]!);
    }
    return dir !== uri && exists(dir) ? dir : undefined;
  };
}
