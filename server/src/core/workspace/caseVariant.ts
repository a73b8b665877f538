/**
 * The file a path names only where letter case does not count: `@agents.md` beside an
 * `AGENTS.md` resolves on macOS and Windows (case-insensitive by default), and on Linux, in a
 * container or CI runner, and in GitHub's rendering of a link, names nothing.
 */
import type { IWorkspaceHost } from './host';
import { basenameUri, dirnameUri, isInside, resolveRelative } from '../world/paths';

/** Missing segments looked up at most (a path that misses more is no slip of case). */
const MAX_SEGMENTS = 8;

/**
 * The existing file or folder `uri` names when case is ignored, or undefined: each segment
 * below the deepest folder that exists (not above `top`) is matched, ignoring case, against its
 * folder's listing; a segment with no match, or with several (`Readme.md` and `README.md` side
 * by side), has no one variant, and neither has a name the listing holds as written that leads
 * nowhere (a symbolic link whose target is missing).
 */
export function caseVariant(host: IWorkspaceHost, uri: string, top: string): string | undefined {
  const missing: string[] = [];
  let dir = uri;
  while (!host.exists(dir)) {
    if (missing.length >= MAX_SEGMENTS || !isInside(top, dir) || dir === top) return undefined;
    missing.unshift(basenameUri(dir));
    const up = dirnameUri(dir);
    if (up === dir) return undefined;
    dir = up;
  }
  if (missing.length === 0 || !host.isDirectory(dir)) return undefined;
  for (const segment of missing) {
    const wanted = segment.toLowerCase();
    const matches = host.readDirectory(dir).filter((name) => name.toLowerCase() === wanted);
    if (matches.length !== 1) return undefined;
    dir = resolveRelative(dir, matches[0]!);
  }
  // A listed name that leads nowhere (a symbolic link whose target is missing) is no variant.
  return dir !== uri && host.exists(dir) ? dir : undefined;
}
