/**
 * File references of a SKILL.md: body links, paths named in the body and a bundled license file,
 * resolved from the skill folder where that needs no host (the check resolves the rest, see
 * referenceCheck.ts). Also the cache of target files' anchors, and how each format words the check.
 */
import type { IWorkspaceHost } from '../workspace/host';
import type { Range } from '../types';
import { headingAnchors, scanMarkdown, type MdHeading, type MdScan } from './markdown';
import { resolveInside } from './paths';
import { licenseFileMentions } from './licenseFile';
import type { SkillReference } from './skillReference';

export type { SkillReference } from './skillReference';

const LICENSE_FILE = /^(?:LICEN[CS]E[\w.-]*|COPYING[\w.-]*|[\w.-]+\.(?:txt|md))$/i;

/**
 * Collects every reference of a skill. Relative paths and `${CLAUDE_SKILL_DIR}` paths are
 * resolved from the skill folder (no host access); `/`-rooted and `${CLAUDE_PLUGIN_ROOT}` paths
 * are left to the check, which finds their roots through the host.
 */
export function collectReferences(
  text: string,
  bodyStartLine: number,
  skillDir: string,
  license?: { value: string; range: Range },
  /** The body's scan from `bodyStartLine`, when the caller made it already; its references become this call's. */
  scanned: MdScan = scanMarkdown(text, bodyStartLine),
): SkillReference[] {
  const out: SkillReference[] = [];
  // Each path is resolved once: a skill that links one file 150,000 times resolves it once.
  const resolved = new Map<string, ReturnType<typeof resolveInside>>();
  const resolve = (p: string) => {
    let res = resolved.get(p);
    if (!res) resolved.set(p, (res = resolveInside(skillDir, p)));
    return res;
  };
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
    r.escapes = false;
    out.push(r);
    if (r.path === '' || r.base === 'root' || r.base === 'plugin') continue;
    const res = resolve(r.base === 'skill' ? r.rest! : r.path);
    r.escapes = res.escapes;
    if (res.uri) r.uri = res.uri;
  }
  // In the order they stand in the text (paths on one machine were scanned apart).
  if (scanned.absolute.length) out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  if (license && license.range.start.line === license.range.end.line) {
    const line = text.split('\n', license.range.start.line + 1)[license.range.start.line] ?? '';
    const from = license.range.start.character;
    const segment = line.slice(from, license.range.end.character);
    const whole = LICENSE_FILE.test(license.value.trim());
    const hits = whole ? [{ index: segment.indexOf(license.value.trim()), text: license.value.trim() }] : licenseFileMentions(segment);
    for (const h of hits) {
      if (h.index < 0) continue;
      const res = resolveInside(skillDir, h.text);
      const ref: SkillReference = {
        kind: whole ? 'link' : 'path',
        context: whole ? 'link' : 'prose',
        path: h.text,
        range: { start: { line: license.range.start.line, character: from + h.index }, end: { line: license.range.start.line, character: from + h.index + h.text.length } },
        source: 'license',
        escapes: res.escapes,
      };
      if (res.uri) ref.uri = res.uri;
      out.push(ref);
    }
  }
  return out;
}

/** Reads each Markdown target once per analysis: its anchors and the files it links on to. */
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

/**
 * How one file format words the shared reference check: its codes and the folder its references
 * must stay in. SKILL.md and instruction files (AGENTS.md, CLAUDE.md, …) use the same check.
 */
export interface ReferenceWording {
  codes: { missing: string; anchor: string; absolute: string; outside: string };
  /** "Referenced file", "Linked file": how a message starts. */
  noun: string;
  /** "the skill folder", "this file's folder": where relative references resolve from. */
  home: string;
  /** The message for a relative link whose target does not exist: it resolves `from` a folder `to` a path. */
  missing(path: string, from: string, to: string): string;
  /** Why an absolute path is a problem, after "Reference 'x' is an absolute path; ". */
  absoluteWhy: string;
  /** The message for a relative path that climbs out of the folder references must stay in. */
  outside(path: string): string;
  /** Report Markdown targets that link on to further files (the spec's one-level rule for skills). */
  deep: boolean;
  /** Check paths named in code spans and fenced blocks (`python scripts/x.py`), not only links. */
  codePaths: boolean;
}

export const SKILL_REFERENCES: ReferenceWording = {
  codes: { missing: 'skill-file-missing', anchor: 'skill-anchor-missing', absolute: 'skill-reference-absolute', outside: 'skill-reference-outside' },
  noun: 'Referenced file',
  home: 'the skill folder',
  missing: (path) => `Referenced file '${path}' does not exist in the skill folder`,
  absoluteWhy: "clients read a skill's files from its own folder, on other machines too, so write it relative to the skill folder",
  outside: (path) => `Reference '${path}' points outside the skill folder; skills should only reference their own files`,
  deep: true,
  codePaths: true,
};
