/**
 * Git submodules: a folder a repository's `.gitmodules` names is filled only when the submodules
 * are checked out (`git clone --recurse-submodules`, `git submodule update --init`; Claude Code's
 * marketplace clone fetches them, anthropics/claude-code#17293). A checkout without them holds
 * the folder empty, so a path into it that finds nothing says nothing about the repository.
 */
import type { IWorkspaceHost } from './host';
import { dirnameUri, resolveRelative } from '../world/paths';

/** Folders walked up from a path looking for its repository, at most. */
const MAX_DEPTH = 64;

/** The `path = …` entries of a `.gitmodules` text. */
export function submodulePaths(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^[ \t]*path[ \t]*=[ \t]*(.+?)[ \t]*$/gm)) {
    const p = m[1]!
      .replace(/^"(.*)"$/, '$1')
      .replace(/^\.\//, '')
      .replace(/\/+$/, '');
    if (p !== '') out.push(p);
  }
  return out;
}

/**
 * The submodule folders (URIs) the first `.gitmodules` at or above `from` names, up to the
 * repository's root (the folder holding `.git`); none when there is no such file.
 */
export function submoduleFolders(from: string, host: IWorkspaceHost): readonly string[] {
  let dir = from.replace(/\/+$/, '');
  for (let i = 0; i < MAX_DEPTH; i++) {
    // `.gitmodules` sits at a repository's root: the first one up names the submodules (a snapshot without `.git` has it too).
    const text = host.readText(`${dir}/.gitmodules`);
    if (text !== undefined) return submodulePaths(text).map((p) => resolveRelative(dir, p));
    if (host.exists(`${dir}/.git`)) return [];
    const up = dirnameUri(dir).replace(/\/+$/, '');
    if (up === dir || !up.includes('/')) return [];
    dir = up;
  }
  return [];
}

/** The folder of `folders` (submoduleFolders) that holds `uri`, or undefined. */
export function folderHolding(uri: string, folders: readonly string[]): string | undefined {
  return folders.find((folder) => uri === folder || uri.startsWith(`${folder}/`));
}

/** The submodule folder (a URI) that holds `uri`, looked up from `from` (submoduleFolders); undefined when no submodule holds it. */
export function submoduleHolding(uri: string, from: string, host: IWorkspaceHost): string | undefined {
  return folderHolding(uri, submoduleFolders(from, host));
}
