/**
 * A `license` value that names a bundled file in prose (`Complete terms in LICENSE.txt`,
 * `See LICENSE`): which words are file names, and the warning when such a file is missing.
 * A value that is only a file name (`license: LICENSE.md`) is a plain reference, checked with
 * the body's links in references.ts.
 */
import { linkOutside, relativeLabel, type IWorkspaceHost } from '../workspace/host';
import type { Finding } from './rules';
import type { SkillReference } from './skillReference';

/** Why a missing license file is advice: it changes nothing a client does. */
export const LICENSE_NOTE = "(no client reads 'license': the skill loads the same, but the terms it points to are not shipped with it)";

/** `LICENSE`, `LICENCE`, `COPYING`, with an optional `.ext` / `-SUFFIX` and an optional relative folder. */
const MENTION = /(?<![\w./-])((?:\.{1,2}\/)?(?:[\w-]+\/)*(?:LICEN[CS]E|COPYING)(?:[.-][\w.-]*\w)?)(?![\w/-])/g;
/** A word before a bare `LICENSE` that makes it a file name rather than the noun. */
const CUE = /\b(?:see|in|file|read|at|from)\s+(?:the\s+)?(?:file\s+)?$/i;

export interface LicenseFileMention {
  /** Offset in the value as written. */
  index: number;
  text: string;
}

/**
 * The file names a `license` value mentions in prose, in order. A bare `LICENSE` counts only
 * after a cue (`see LICENSE`, `terms in COPYING`), so `GNU GENERAL PUBLIC LICENSE` names no
 * file; npm's `SEE LICENSE IN <file>` names only the file.
 */
export function licenseFileMentions(value: string): LicenseFileMention[] {
  const out: LicenseFileMention[] = [];
  for (const m of value.matchAll(MENTION)) {
    const text = m[1]!;
    const index = m.index!;
    const bare = /^(?:LICEN[CS]E|COPYING)$/.test(text);
    if (bare && (!CUE.test(value.slice(0, index)) || /^\s+IN\b/i.test(value.slice(index + text.length)))) continue;
    out.push({ index, text });
  }
  return out;
}

/**
 * `skill-file-missing` (information, on the file name: no client reads `license`) for each license
 * file named in prose that is not next to SKILL.md, checked through the host like every other reference; one that leads
 * out of the workspace through a symbolic link is `skill-reference-outside` (it is not read).
 */
export function checkLicenseMentions(refs: SkillReference[], host: IWorkspaceHost, skillDir?: string): Finding[] {
  const out: Finding[] = [];
  for (const r of refs) {
    if (r.source !== 'license' || r.kind !== 'path' || !r.uri || r.escapes) continue;
    if (host.exists(r.uri)) continue;
    const via = linkOutside(host, r.uri);
    if (via !== undefined) {
      out.push({
        code: 'skill-reference-outside',
        severity: 'warning',
        message: `License file '${r.path}' named in 'license' leads outside the workspace through the symbolic link '${skillDir ? relativeLabel(skillDir, via) : via}'; it is not read`,
        range: r.range,
        data: { via },
      });
      continue;
    }
    // No client reads `license` or the file it names: the skill loads the same, so this is advice.
    out.push({
      code: 'skill-file-missing',
      severity: 'information',
      atMost: 'information',
      message: `License file '${r.path}' named in 'license' does not exist next to SKILL.md ${LICENSE_NOTE}`,
      range: r.range,
      data: { target: r.uri, path: r.path },
    });
  }
  return out;
}
