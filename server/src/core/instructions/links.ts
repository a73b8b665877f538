/**
 * Markdown links of an instruction file and their `#anchors`, checked by the same reference
 * check as SKILL.md (skills/referenceCheck.ts) with the instruction files' wording: a link may
 * point anywhere in the workspace, not only below the file. Bare paths are not links here.
 */
import type { IWorkspaceHost } from '../workspace/host';
import type { Diagnostic } from '../types';
import { headingAnchors, scanMarkdown, type MdScan } from '../skills/markdown';
import type { ReferenceWording, SkillReference } from '../skills/references';
import { checkReferences } from '../skills/referenceCheck';
import { ReferenceBases } from '../skills/referenceBases';
import { dirnameUri, resolveRelative } from '../world/paths';

export const INSTRUCTION_REFERENCES: ReferenceWording = {
  codes: { missing: 'instructions-link-missing', anchor: 'instructions-anchor-missing', absolute: 'instructions-link-absolute', outside: 'instructions-link-outside' },
  noun: 'Linked file',
  home: "this file's folder",
  missing: (path, from, to) => `Linked file '${path}' does not exist: the link resolves from ${from} to ${to}`,
  absoluteWhy: 'it names a file on this machine only, so write it relative to this file',
  outside: (path) => `Link '${path}' points outside the workspace: Agent Files does not read it, and a checkout of this repository elsewhere may not have it`,
  deep: false,
  codePaths: false,
};

/**
 * A line presented as an example (`- Example: [rules](.github/instructions/x.md)`, `e.g.: …`):
 * its links show how to write one, they are not files to read.
 */
const EXAMPLE_LINE = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:\*\*|_)?(?:examples?|e\.g\.?)(?:\*\*|_)?\s*:/i;

export function insideRoots(uri: string, roots: readonly string[] | undefined): boolean {
  if (!roots || !roots.length) return true;
  return roots.some((r) => uri === r || uri.startsWith(r.replace(/\/$/, '') + '/'));
}

/**
 * The file's links, relative ones resolved from its folder; `/`-rooted links are resolved by the
 * check (from the repository root). Paths on one machine count only as link targets.
 */
export function instructionLinks(
  text: string,
  uri: string,
  startLine: number,
  roots?: readonly string[],
  /** The text's scan from `startLine`, when the caller made it already (it is read, not changed). */
  scanned: MdScan = scanMarkdown(text, startLine),
): SkillReference[] {
  const out: SkillReference[] = [];
  const example = (r: { range: { start: { line: number } } }) => EXAMPLE_LINE.test(scanned.lines[r.range.start.line] ?? '');
  for (const r of scanned.absolute) if (r.kind === 'link' && !example(r)) out.push({ ...r, source: 'body', escapes: false, absolute: true });
  for (const r of scanned.refs) {
    if (r.kind !== 'link' || r.base === 'skill' || r.base === 'plugin' || example(r)) continue;
    if (r.path === '' || r.base === 'root') {
      out.push({ ...r, source: 'body', escapes: false });
      continue;
    }
    const target = resolveRelative(dirnameUri(uri), r.path);
    if (!insideRoots(target, roots)) out.push({ ...r, source: 'body', escapes: true });
    else out.push({ ...r, source: 'body', uri: target, escapes: false });
  }
  return out;
}

export function checkInstructionLinks(text: string, uri: string, startLine: number, host: IWorkspaceHost, roots?: readonly string[]): Diagnostic[] {
  const bases = new ReferenceBases(host, dirnameUri(uri), roots, undefined, uri);
  // One scan for the links and, when it starts where the frontmatter ends, for the links to this file's own headings.
  const scanned = scanMarkdown(text, startLine);
  const ownAnchors = () => headingAnchors(text, { scan: scanned, startLine });
  return checkReferences(instructionLinks(text, uri, startLine, roots, scanned), ownAnchors, host, bases, INSTRUCTION_REFERENCES).map(({ atMost: _, ...d }) => d);
}
