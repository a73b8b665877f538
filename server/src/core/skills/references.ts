/**
 * Relative file references of a SKILL.md: body links, bare `scripts/…` paths and a bundled
 * license file, resolved from the skill folder and checked through the host.
 */
import { beforeQueryOrFragment } from '../text';
import { linkOutside, relativeLabel, type IWorkspaceHost } from '../host';
import type { Diagnostic, Range } from '../types';
import { headingAnchors, scanMarkdown, type MdHeading } from './markdown';
import { resolveInside } from './paths';
import { licenseFileMentions } from './licenseFile';
import type { SkillReference } from './skillReference';

export type { SkillReference } from './skillReference';

const LICENSE_FILE = /^(?:LICEN[CS]E[\w.-]*|COPYING[\w.-]*|[\w.-]+\.(?:txt|md))$/i;

/** Collects every reference of a skill, already resolved (no host access). */
export function collectReferences(text: string, bodyStartLine: number, skillDir: string, license?: { value: string; range: Range }): SkillReference[] {
  const out: SkillReference[] = [];
  const scanned = scanMarkdown(text, bodyStartLine);
  // Each path is resolved once: a skill that links one file 150,000 times resolves it once.
  const resolved = new Map<string, ReturnType<typeof resolveInside>>();
  // The scanner's references are this call's own: each is completed where it stands (a spread
  // copy per reference was most of the time for 150,000 links).
  for (const r of scanned.absolute as SkillReference[]) {
    r.source = 'body';
    r.escapes = false;
    r.absolute = true;
    out.push(r);
  }
  for (const r of scanned.refs as SkillReference[]) {
    r.source = 'body';
    if (r.path === '') {
      r.escapes = false;
      out.push(r);
      continue;
    }
    let res = resolved.get(r.path);
    if (!res) resolved.set(r.path, (res = resolveInside(skillDir, r.path)));
    r.uri = res.uri;
    r.escapes = res.escapes;
    out.push(r);
  }
  if (license && license.range.start.line === license.range.end.line) {
    const line = text.split('\n', license.range.start.line + 1)[license.range.start.line] ?? '';
    const from = license.range.start.character;
    const segment = line.slice(from, license.range.end.character);
    const whole = LICENSE_FILE.test(license.value.trim());
    const hits = whole ? [{ index: segment.indexOf(license.value.trim()), text: license.value.trim() }] : licenseFileMentions(segment);
    for (const h of hits) {
      if (h.index < 0) continue;
      const res = resolveInside(skillDir, h.text);
      out.push({
        kind: whole ? 'link' : 'path',
        path: h.text,
        range: { start: { line: license.range.start.line, character: from + h.index }, end: { line: license.range.start.line, character: from + h.index + h.text.length } },
        inCode: false,
        source: 'license',
        uri: res.uri,
        escapes: res.escapes,
      });
    }
  }
  return out;
}

/** Reads each Markdown target once per analysis: its heading anchors and the files it links on to. */
export class AnchorCache {
  readonly #map = new Map<string, { anchors: Map<string, MdHeading>; onward: string[] } | undefined>();
  constructor(private readonly host: IWorkspaceHost) {}

  #read(uri: string) {
    if (!this.#map.has(uri)) {
      const t = this.host.readText(uri);
      const v =
        t === undefined
          ? undefined
          : {
              anchors: headingAnchors(t),
              onward: scanMarkdown(t)
                .refs.filter((r) => r.kind === 'link' && r.path !== '')
                .map((r) => r.path),
            };
      this.#map.set(uri, v);
    }
    return this.#map.get(uri);
  }

  get(uri: string): Map<string, MdHeading> | undefined {
    return this.#read(uri)?.anchors;
  }

  /** Relative files the target itself links to. */
  onward(uri: string): string[] {
    return this.#read(uri)?.onward ?? [];
  }
}

function isMarkdown(uri: string): boolean {
  return /\.(md|markdown|mdx)$/i.test(beforeQueryOrFragment(uri));
}

/**
 * Diagnostics for missing files, missing anchors, absolute paths, and paths that leave the skill
 * folder (with `..`) or the workspace (through a symlink; `skillDir` names it in the message).
 */
/**
 * How one file format words the shared reference check: its codes and the folder its references
 * must stay in. SKILL.md and instruction files (AGENTS.md, CLAUDE.md, …) use the same check.
 */
export interface ReferenceWording {
  codes: { missing: string; anchor: string; absolute: string; outside: string };
  /** "in the skill folder", "in the workspace": where a missing file was looked for. */
  missingWhere: string;
  /** Why an absolute path is a problem, after "Reference 'x' is an absolute path; ". */
  absoluteWhy: string;
  /** The message for a relative path that climbs out of the folder references must stay in. */
  outside(path: string): string;
  /** Report Markdown targets that link on to further files (the spec's one-level rule for skills). */
  deep: boolean;
}

export const SKILL_REFERENCES: ReferenceWording = {
  codes: { missing: 'skill-file-missing', anchor: 'skill-anchor-missing', absolute: 'skill-reference-absolute', outside: 'skill-reference-outside' },
  missingWhere: 'in the skill folder',
  absoluteWhy: "clients read a skill's files from its own folder, on other machines too, so write it relative to the skill folder",
  outside: (path) => `Reference '${path}' points outside the skill folder; skills should only reference their own files`,
  deep: true,
};

export function checkReferences(
  refs: SkillReference[],
  ownAnchors: Map<string, MdHeading>,
  host: IWorkspaceHost,
  skillDir?: string,
  wording: ReferenceWording = SKILL_REFERENCES,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const anchors = new AnchorCache(host);
  const known = new Map<string, boolean>();
  const missing = new Map<string, { message: string; data: Readonly<Record<string, unknown>> }>();
  const exists = (u: string): boolean => {
    let v = known.get(u);
    if (v === undefined) {
      v = host.exists(u);
      known.set(u, v);
    }
    return v;
  };
  for (const r of refs) {
    if (r.absolute) {
      out.push({
        code: wording.codes.absolute,
        severity: 'warning',
        message: `Reference '${r.path}' is ${/^file:/i.test(r.path) ? 'a file: URI' : 'an absolute path'}; ${wording.absoluteWhy}`,
        range: r.range,
      });
      continue;
    }
    if (r.path === '') {
      if (r.fragment && !ownAnchors.has(r.fragment.toLowerCase())) out.push(anchorMissing(r, 'this file', wording));
      continue;
    }
    if (r.escapes) {
      if (r.kind === 'link' || r.source === 'license') {
        out.push({
          code: wording.codes.outside,
          severity: 'warning',
          message: wording.outside(r.path),
          range: r.range,
        });
      }
      continue;
    }
    if (!r.uri) continue;
    // A license file named inside prose is checked by checkLicenseMentions (licenseFile.ts).
    if (r.source === 'license' && r.kind === 'path') continue;
    if (!exists(r.uri)) {
      const via = linkOutside(host, r.uri);
      if (via !== undefined) {
        out.push({
          code: wording.codes.outside,
          severity: 'warning',
          message: `Reference '${r.path}' leads outside the workspace through the symbolic link '${skillDir ? relativeLabel(skillDir, via) : via}'; it is not read`,
          range: r.range,
          data: { via },
        });
        continue;
      }
      // One message and one frozen data value per path: a file linked 150,000 times is one text.
      let m = missing.get(r.path);
      if (!m) missing.set(r.path, (m = { message: `Referenced file '${r.path}' does not exist ${wording.missingWhere}`, data: Object.freeze({ target: r.uri, path: r.path }) }));
      out.push({ code: wording.codes.missing, severity: 'warning', message: m.message, range: r.range, data: m.data });
      continue;
    }
    if (r.fragment && isMarkdown(r.uri)) {
      const a = anchors.get(r.uri);
      if (a && !a.has(r.fragment.toLowerCase())) out.push(anchorMissing(r, `'${r.path}'`, wording));
    }
    // The spec asks for references one level deep from SKILL.md: agents may only partly read a chain.
    if (wording.deep && r.source === 'body' && r.kind === 'link' && isMarkdown(r.uri)) {
      const onward = anchors.onward(r.uri);
      if (onward.length) {
        out.push({
          code: 'skill-reference-deep',
          severity: 'information',
          message: `'${r.path}' links on to ${onward
            .slice(0, 3)
            .map((p) => `'${p}'`)
            .join(', ')}${onward.length > 3 ? ', …' : ''}; keep file references one level deep from SKILL.md`,
          range: r.range,
        });
      }
    }
  }
  return out;
}

function anchorMissing(r: SkillReference, where: string, wording: ReferenceWording): Diagnostic {
  return {
    code: wording.codes.anchor,
    severity: 'information',
    message: `No heading with the anchor '#${r.fragment}' in ${where}`,
    range: r.range,
    data: { fragment: r.fragment },
  };
}
