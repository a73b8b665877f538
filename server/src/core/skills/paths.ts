/** URI arithmetic for skills: the skill folder, and relative paths that must stay inside it. */
import { URI, Utils } from 'vscode-uri';
import { isDecodeError, isUriError, unlessExpected } from '../analysis/expectedErrors';

/** The folder holding the SKILL.md (as a URI string without a trailing slash). */
export function skillDirOf(uri: string): string {
  try {
    return Utils.dirname(URI.parse(uri)).toString();
  } catch (e) {
    // vscode-uri throws on a string that is not a valid URI; the caller gets the fallback.
    unlessExpected(e, isUriError);
    return uri;
  }
}

/** The decoded name of the folder holding the file, as the Python reference sees it. */
export function parentDirName(uri: string): string {
  try {
    return Utils.basename(Utils.dirname(URI.parse(uri)));
  } catch (e) {
    // vscode-uri throws on a string that is not a valid URI; the caller gets the fallback.
    unlessExpected(e, isUriError);
    return '';
  }
}

/** The decoded file name of a URI. */
export function fileNameOf(uri: string): string {
  try {
    return Utils.basename(URI.parse(uri));
  } catch (e) {
    // vscode-uri throws on a string that is not a valid URI; the caller gets the fallback.
    unlessExpected(e, isUriError);
    return '';
  }
}

export type Resolved = { uri: string; escapes: false } | { uri: undefined; escapes: true };

/**
 * Resolves a relative path against a folder. A path whose `..` climbs above the folder is not
 * resolved at all, so nothing outside the skill is ever looked at.
 */
export function resolveInside(dirUri: string, relPath: string): Resolved {
  const parts: string[] = [];
  for (const seg of relPath.replace(/\\/g, '/').split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') {
      if (parts.length === 0) return { uri: undefined, escapes: true };
      parts.pop();
    } else parts.push(seg);
  }
  try {
    const base = URI.parse(dirUri);
    return { uri: (parts.length ? Utils.joinPath(base, ...parts) : base).toString(), escapes: false };
  } catch (e) {
    // A folder URI vscode-uri cannot parse resolves nothing, as if it escaped.
    unlessExpected(e, isUriError);
    return { uri: undefined, escapes: true };
  }
}

/** Decodes `%20`-style escapes of a Markdown link target; leaves bad escapes as they are. */
export function decodeTarget(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch (e) {
    // A malformed % escape is read as written.
    unlessExpected(e, isDecodeError);
    return s;
  }
}
