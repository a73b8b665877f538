/** Folder walks shared by the instruction-chain models (effect.ts, opencodeEffect.ts, cursorEffect.ts). */
import { dirnameUri } from '../world/paths';

/** Whether `uri` lies below the folder `dir` (both URIs). */
export function within(dir: string, uri: string): boolean {
  return uri.startsWith(dir.replace(/\/$/, '') + '/');
}

/** The folders from `root` down to `dir`, both included (root first). */
export function folderChain(root: string, dir: string): string[] {
  const out: string[] = [];
  let at = dir;
  for (let n = 0; n < 256; n++) {
    out.unshift(at);
    if (at === root) break;
    const up = dirnameUri(at);
    if (up === at || !within(root, at)) break;
    at = up;
  }
  return out;
}

/** `uri` relative to the folder `base`, decoded ('src/a.ts'). */
export function relativeTo(base: string, uri: string): string {
  return decodeURIComponent(uri.slice(base.replace(/\/$/, '').length + 1));
}

/** A file named `name` (may hold a slash) in the folder `dir`, as a URI. */
export function fileIn(dir: string, name: string): string {
  return `${dir.replace(/\/$/, '')}/${name}`;
}
