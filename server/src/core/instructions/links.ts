/**
 * Relative Markdown links of an instruction file and their `#anchors`, checked by the same
 * reference check as SKILL.md (skills/references.ts) with the instruction files' wording: a
 * link may point anywhere in the workspace, not only below the file.
 */
import type { IWorkspaceHost } from '../host';
import type { Diagnostic } from '../types';
import { headingAnchors, scanMarkdown } from '../skills/markdown';
import { checkReferences, type ReferenceWording, type SkillReference } from '../skills/references';
import { dirnameUri, resolveRelative } from '../world/paths';

export const INSTRUCTION_REFERENCES: ReferenceWording = {
  codes: { missing: 'instructions-link-missing', anchor: 'instructions-anchor-missing', absolute: 'instructions-link-absolute', outside: 'instructions-link-outside' },
  missingWhere: 'in the workspace',
  absoluteWhy: 'it names a file on this machine only, so write it relative to this file',
  outside: (path) => `Link '${path}' points outside the workspace: Agent Files does not read it, and a checkout of this repository elsewhere may not have it`,
  deep: false,
};

export function insideRoots(uri: string, roots: readonly string[] | undefined): boolean {
  if (!roots || !roots.length) return true;
  return roots.some((r) => uri === r || uri.startsWith(r.replace(/\/$/, '') + '/'));
}

/** The file's relative links (bare paths are not links in instruction files), resolved from its folder. */
export function instructionLinks(text: string, uri: string, startLine: number, roots?: readonly string[]): SkillReference[] {
  const scanned = scanMarkdown(text, startLine);
  const out: SkillReference[] = [];
  for (const r of scanned.absolute) out.push({ ...r, source: 'body', escapes: false, absolute: true });
  for (const r of scanned.refs) {
    if (r.kind !== 'link') continue;
    if (r.path === '') {
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
  return checkReferences(instructionLinks(text, uri, startLine, roots), headingAnchors(text), host, dirnameUri(uri), INSTRUCTION_REFERENCES);
}
