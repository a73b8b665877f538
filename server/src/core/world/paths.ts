/**
 * URI arithmetic for a world: promptPath is relative to world.json's folder, the project is
 * the folder that holds `.agent-world/`. Pure string work (no file system): a path that
 * escapes the project is reported, never read.
 */
import { URI } from 'vscode-uri';
import { isUriError, unlessExpected } from '../analysis/expectedErrors';
import { beforeQueryOrFragment, trimEndWhere } from '../text/text';

const isSlash = (c: string) => c === '/';

/** Folder URI (no trailing slash) of a file URI. */
export function dirnameUri(uri: string): string {
  try {
    const u = URI.parse(uri);
    const p = trimEndWhere(u.path, isSlash);
    const i = p.lastIndexOf('/');
    return u.with({ path: i <= 0 ? '/' : p.slice(0, i) }).toString();
  } catch (e) {
    // A URI vscode-uri cannot parse is cut at its last slash instead.
    unlessExpected(e, isUriError);
    return uri.replace(/\/[^/]*$/, '');
  }
}

export function basenameUri(uri: string): string {
  const p = trimEndWhere(beforeQueryOrFragment(uri), isSlash);
  return decodeURIComponent(p.slice(p.lastIndexOf('/') + 1));
}

/** The project folder: the parent of `.agent-world/`, or world.json's own folder otherwise. */
export function projectUriOf(worldUri: string): string {
  const dir = dirnameUri(worldUri);
  return basenameUri(dir) === '.agent-world' ? dirnameUri(dir) : dir;
}

/** True for `/x`, `\x`, `C:\x`, `C:/x` and URIs: paths that ignore the world folder. */
export function isAbsolutePath(p: string): boolean {
  return /^[\\/]/.test(p) || /^[A-Za-z]:[\\/]?/.test(p) || /^[A-Za-z][A-Za-z0-9+.-]+:\/\//.test(p);
}

/** The last folder URI parsed by `resolveRelative`: a world resolves every agent's promptPath against one folder. */
let lastBase: { uri: string; base: URI } | undefined;
function parsedBase(dirUri: string): URI {
  if (lastBase?.uri !== dirUri) lastBase = { uri: dirUri, base: URI.parse(dirUri) };
  return lastBase.base;
}

/** A path part of unreserved characters only (what `URI.toString` writes as it is), not `.` or `..`. */
const PART = String.raw`(?!\.\.?(?:/|$))[A-Za-z0-9._~-]+`;
/** A `file:` URI of such parts, without a trailing slash: its text is what parsing and writing it again gives. */
const PLAIN_FILE_URI = new RegExp(`^file://(?:/${PART})+$`);
const PLAIN_PATH = new RegExp(`^${PART}(?:/${PART})*$`);

/** True for a `file:` URI whose path is parts of unreserved characters (no `.` or `..` part, no empty part): its path is the text after `file://`, as it is. */
export function isPlainFileUri(uri: string): boolean {
  return PLAIN_FILE_URI.test(uri);
}

/** Joins a relative path onto a folder URI, resolving `.` and `..` (backslashes count as `/`). */
export function resolveRelative(dirUri: string, rel: string): string {
  // Most joins (a skill's `scripts/run.py` onto its folder) need no parsing: nothing to resolve or encode.
  if (PLAIN_PATH.test(rel) && isPlainFileUri(dirUri)) return `${dirUri}/${rel}`;
  return resolveByUri(dirUri, rel);
}

/** `resolveRelative` through vscode-uri: parsed, its parts resolved, written again. */
export function resolveByUri(dirUri: string, rel: string): string {
  try {
    const base = parsedBase(dirUri);
    const parts = base.path.split('/').filter((s) => s !== '');
    for (const seg of rel.replace(/\\/g, '/').split('/')) {
      if (seg === '' || seg === '.') continue;
      if (seg === '..') parts.pop();
      else parts.push(seg);
    }
    return base.with({ path: '/' + parts.join('/') }).toString();
  } catch (e) {
    // A URI vscode-uri cannot parse is joined as text instead.
    unlessExpected(e, isUriError);
    return dirUri + '/' + rel;
  }
}

/** Whether a relative path leaves the folder it starts from on the way (`../x`, `a/../../x`). */
export function climbsOut(path: string): boolean {
  let depth = 0;
  for (const part of path.split(/[\\/]/)) {
    if (part === '..') depth--;
    else if (part !== '.' && part !== '') depth++;
    if (depth < 0) return true;
  }
  return false;
}

/** True when `uri` is `folder` itself or lies below it. */
export function isInside(folderUri: string, uri: string): boolean {
  const f = trimEndWhere(folderUri, isSlash);
  return uri === f || uri.startsWith(f + '/');
}

/** Project-relative path of a URI below `folderUri` (undefined when outside). */
export function relativePath(folderUri: string, uri: string): string | undefined {
  const f = trimEndWhere(folderUri, isSlash);
  if (!uri.startsWith(f + '/')) return undefined;
  return decodeURIComponent(uri.slice(f.length + 1));
}

/** Where a promptPath points, or why it may not be read. */
export type PromptTarget = { kind: 'ok'; uri: string } | { kind: 'escapes' };

export function resolvePromptPath(worldUri: string, promptPath: string, dirUri = dirnameUri(worldUri), projectUri = projectUriOf(worldUri)): PromptTarget {
  if (isAbsolutePath(promptPath)) return { kind: 'escapes' };
  const uri = resolveRelative(dirUri, promptPath);
  return isInside(projectUri, uri) ? { kind: 'ok', uri } : { kind: 'escapes' };
}
