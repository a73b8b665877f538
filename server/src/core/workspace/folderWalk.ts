/**
 * The files below a folder, for the checks that look through one (a plugin's `agents/`, Gemini
 * CLI's `.gemini/commands/`, a repository's `scripts/`): a bounded walk, so that a huge tree or a
 * linked folder that leads back up ends (at most `maxFiles` files, `maxDepth` folders down).
 */
import type { IWorkspaceHost } from './host';

export interface FolderWalk {
  /** Whether an entry that is no folder to enter is a file wanted. */
  file: (name: string) => boolean;
  /** Whether an entry may be a folder to enter (asked before the host is asked whether it is one); any by default. */
  enter?: (name: string) => boolean;
  maxFiles: number;
  /** Folders entered below the first, at most. */
  maxDepth: number;
}

/** The URIs of the files wanted below `folder`, in the order the walk finds them. */
export function filesBelow(folder: string, host: IWorkspaceHost, walk: FolderWalk): string[] {
  const out: string[] = [];
  const visit = (dir: string, depth: number) => {
    for (const name of host.readDirectory(dir)) {
      if (out.length >= walk.maxFiles) return;
      const uri = `${dir}/${name}`;
      if (depth < walk.maxDepth && (walk.enter?.(name) ?? true) && host.isDirectory(uri)) visit(uri, depth + 1);
      else if (walk.file(name)) out.push(uri);
    }
  };
  visit(folder, 0);
  return out;
}
