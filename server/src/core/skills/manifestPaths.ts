/** Paths as plugin and extension manifests write them (`skills`, `commands`, `source`). Pure text. */
import { isAbsolutePath } from '../world/paths';

/** A string or a list of strings, as the manifests allow for paths: each trimmed, empty and absolute ones left out. */
export function manifestPaths(v: unknown): string[] {
  const list = typeof v === 'string' ? [v] : Array.isArray(v) ? v : [];
  return list.filter((p): p is string => typeof p === 'string' && p.trim() !== '' && !isAbsolutePath(p.trim())).map((p) => p.trim());
}

/** The folder a listed path stands for: a listed `…/SKILL.md` is its folder (`.` for a bare `SKILL.md`). */
export function skillFolderOfPath(p: string): string {
  return /(^|\/)SKILL\.md$/.test(p) ? p.replace(/\/?SKILL\.md$/, '') || '.' : p;
}
