/**
 * The tolerant 3md parser: the reference grammar (3md 1.0) with ranges, error recovery and
 * every error reported. `strictResult` gives the reference's own answer (first error or document).
 */
import { lineRange } from '../types';
import { leadingWs, splitLines, trimWs } from '../text';
import { collapseLines, parseDirective, planeHeader, scanLinks, type BodySource } from './directive';
import { isDirectiveLine, scanFrontmatter } from './frontmatter';
import { bareRecord, Plane, type Directive, type Frontmatter, type Link, type ParseIssue, type ThreeMdDocument } from './syntax';

/** Parses a whole text. Never throws. */
export function parseThreeMd(text: string): ThreeMdDocument {
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  const hasCr = body.includes('\r');
  const lines = hasCr ? splitLines(body) : body.split('\n');
  const col0 = bom ? 1 : 0;
  // With LF line breaks only, a plane's body is a slice of the text itself rather than a copy.
  let cut: ((first: number, last: number) => string) | undefined;
  if (!hasCr) {
    const starts = new Int32Array(lines.length);
    let at = 0;
    for (let i = 0; i < lines.length; i++) {
      starts[i] = at;
      at += lines[i]!.length + 1;
    }
    cut = (first, last) => body.slice(starts[first]!, starts[last]! + lines[last]!.length);
  }
  const frontmatter = scanFrontmatter(lines, col0);
  const head = interpretFrontmatter(frontmatter);
  const bodyStart = frontmatter.present ? frontmatter.endLine + 1 : 0;

  const directives: Directive[] = [];
  const marks: number[] = [];
  let fence = '';
  let firstDirective = lines.length;
  for (let i = bodyStart; i < lines.length; i++) {
    const raw = lines[i]!;
    if (!isStructuralLine(raw)) continue;
    marks.push(i);
    const fenceChange = fenceTransition(raw, fence);
    if (fenceChange !== null) {
      fence = fenceChange;
      continue;
    }
    if (fence || !isDirectiveLine(raw)) continue;
    if (directives.length === 0) firstDirective = i;
    else directives[directives.length - 1]!.endLine = i;
    directives.push(parseDirective(raw, i, lines.length));
  }

  const doc: ThreeMdDocument = {
    getText: () => text,
    lines,
    bom,
    frontmatter,
    ...head,
    preamble: null,
    preambleStartLine: bodyStart,
    preambleEndLine: firstDirective,
    directives,
    marks: Int32Array.from(marks),
    planes: [],
    zs: new Set(),
    linkTargets: { zs: new Set() },
    shape: {},
    revision: 0,
    loneCr: hasCr && /\r(?!\n)/.test(text),
  };
  const source = cut && { cut };
  const pre = collapseLines(lines, bodyStart, firstDirective, source);
  if (directives.length === 0) {
    if (pre) doc.planes.push(implicitPlane(doc, pre.text, bodyStart, lines.length, pre.first, pre.last));
  } else {
    doc.preamble = pre ? pre.text : null;
    const seen = new Set<number>();
    for (const d of directives) {
      const plane = buildPlane(doc, d, source);
      if (!plane) continue;
      if (seen.has(plane.z)) {
        markDuplicate(d, plane.z);
        continue;
      }
      seen.add(plane.z);
      d.plane = plane;
      doc.planes.push(plane);
    }
  }
  resolveLinkTargets(doc);
  return doc;
}

/**
 * Only a line starting with a blank, a backtick, a tilde or `@` can open or close a fence or be
 * a directive: most lines are settled by their first character.
 */
export function mayBeStructural(raw: string): boolean {
  const c0 = raw.charCodeAt(0);
  return c0 === 32 || c0 === 9 || c0 === 96 || c0 === 126 || c0 === 64;
}

/**
 * Fence bookkeeping of the reference: returns the new fence state when this line opens or
 * closes a fence, or null when it does not touch it.
 */
export function fenceTransition(raw: string, fence: string): string | null {
  // Only the first non-blank characters matter; read them without making a trimmed copy.
  const at = leadingWs(raw);
  const c = raw.charCodeAt(at);
  if (c !== 96 && c !== 126) return null; // ` or ~
  if (fence) return c === fence.charCodeAt(0) && threeOf(raw, at, c) ? '' : null;
  return threeOf(raw, at, c) ? (c === 96 ? '`' : '~') : null;
}

/** True when the characters at `at`, `at + 1` and `at + 2` are all `c` (the first is known to be). */
function threeOf(raw: string, at: number, c: number): boolean {
  return raw.charCodeAt(at + 1) === c && raw.charCodeAt(at + 2) === c;
}

/** True for a line that can change the document's structure: one that can open or close a fence, or a directive. */
export function isStructuralLine(raw: string): boolean {
  if (!mayBeStructural(raw)) return false;
  const at = leadingWs(raw);
  const c = raw.charCodeAt(at);
  return ((c === 96 || c === 126) && threeOf(raw, at, c)) || isDirectiveLine(raw);
}

function interpretFrontmatter(fm: Frontmatter): Pick<ThreeMdDocument, 'version' | 'axis' | 'title' | 'metadata' | 'headIssues'> {
  const metadata: Record<string, string> = bareRecord();
  let version: string | null = null;
  let axis = 'layer';
  let title: string | null = null;
  for (const f of fm.fields) {
    const k = f.key.toLowerCase();
    if (k === '3md') version = f.value;
    else if (k === 'axis') axis = trimWs(f.value).toLowerCase();
    else if (k === 'title') title = f.value;
    else metadata[f.key] = f.value;
  }
  const headIssues = [...fm.issues];
  if (fm.present && !version) {
    const r = lineRange(fm.openLine, 0, 3);
    const versionField = fm.fields.filter((f) => f.key.toLowerCase() === '3md').pop();
    headIssues.push({
      code: 'missingVersion',
      message: "Frontmatter is missing the required '3md' version key.",
      range: versionField ? versionField.valueRange : r,
    });
  }
  return { version, axis, title, metadata, headIssues };
}

function implicitPlane(doc: ThreeMdDocument, body: string, from: number, to: number, first: number, last: number): Plane {
  const plane = new Plane({
    z: 0,
    label: null,
    x: null,
    y: null,
    attributes: bareRecord(),
    body,
    directive: null,
    bodyStartLine: from,
    endLine: to,
    bodyRange: lineRange(first, 0, 0),
    links: [],
  });
  plane.bodyRange = bodyExtent(doc, first, last);
  plane.links = scanLinks(doc.lines, from, to, 0, doc.bom ? 1 : 0, doc.linkTargets);
  return plane;
}

function bodyExtent(doc: ThreeMdDocument, first: number, last: number) {
  const c = first === 0 && doc.bom ? 1 : 0;
  return { start: { line: first, character: c }, end: { line: last, character: doc.lines[last]!.length + (last === 0 && doc.bom ? 1 : 0) } };
}

/** Builds the plane of one directive from its header and body lines (null when rejected). */
export function buildPlane(doc: ThreeMdDocument, d: Directive, source?: BodySource): Plane | null {
  const header = planeHeader(d);
  if (!header) return null;
  const from = d.line + 1;
  const body = collapseLines(doc.lines, from, d.endLine, source);
  const plane = new Plane({
    z: header.z,
    label: header.label,
    x: header.x,
    y: header.y,
    attributes: header.attributes,
    body: body ? body.text : '',
    directive: d,
    bodyStartLine: from,
    endLine: d.endLine,
    bodyRange: body ? bodyExtent(doc, body.first, body.last) : null,
    // Only the body's non-blank extent can hold links, and most bodies hold none. A source that
    // knows the links is asked without a search of the text (a body put together from pieces
    // stays in pieces until something reads it).
    links: !body
      ? []
      : source?.links
        ? source.links(body.first, body.last, header.z)
        : !body.text.includes('[[z=')
          ? []
          : scanLinks(doc.lines, body.first, body.last + 1, header.z, 0, doc.linkTargets),
  });
  plane.parts = source?.parts?.(from, d.endLine);
  return plane;
}

export function markDuplicate(d: Directive, z: number): void {
  d.duplicate = true;
  d.plane = null;
  const zAttr = [...d.attributes].reverse().find((a) => a.key === 'z');
  d.issues.push({
    code: 'duplicatePlane',
    message: `Two planes share the same z position: ${String(z)}`,
    range: zAttr ? zAttr.valueRange : d.keywordRange,
    detail: String(z),
  });
}

export function resolveLinkTargets(doc: ThreeMdDocument): void {
  doc.zs = new Set(doc.planes.map((p) => p.z));
  doc.linkTargets.zs = doc.zs;
}

/** Every issue in the reference's order: frontmatter, version, then directives by line. */
export function documentIssues(doc: ThreeMdDocument): ParseIssue[] {
  const out = [...doc.headIssues];
  for (const d of doc.directives) for (const x of d.issues) out.push(x);
  return out;
}

/** Every link, planes in source order, then left to right. */
export function documentLinks(doc: ThreeMdDocument): Link[] {
  return doc.planes.flatMap((p) => p.links);
}

/** The plane whose span contains `line`, if any (binary search over directive lines). */
export function directiveAtLine(doc: ThreeMdDocument, line: number): Directive | undefined {
  const ds = doc.directives;
  let lo = 0;
  let hi = ds.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const d = ds[mid]!;
    if (line < d.line) hi = mid - 1;
    else if (line >= d.endLine) lo = mid + 1;
    else return d;
  }
  return undefined;
}
