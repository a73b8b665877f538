/** The reference parser's observable results, for the CLI, conformance and strict checks. */
import { documentIssues, documentLinks } from './parser';
import type { ParseIssue } from './syntax';
import type { Plane } from './plane';
import type { ThreeMdDocument } from './document';

export type ReferencePlane = Pick<Plane, 'z' | 'label' | 'x' | 'y' | 'attributes' | 'body'>;

/** The conformance vectors' `expected` shape. */
export interface ReferenceDocument {
  version: string;
  axis: string;
  title: string | null;
  metadata: Record<string, string>;
  preamble: string | null;
  planes: ReferencePlane[];
}

export interface ReferenceLink {
  sourceZ: number;
  targetZ: number;
  text: string | null;
  targetExists: boolean;
}

export type StrictResult = { ok: true; document: ReferenceDocument } | { ok: false; error: ParseIssue };

/** What the reference `parse()` returns: its first error, or the document. */
export function strictResult(doc: ThreeMdDocument): StrictResult {
  const first = documentIssues(doc)[0];
  if (first) return { ok: false, error: first };
  return {
    ok: true,
    document: {
      version: doc.version ?? '',
      axis: doc.axis,
      title: doc.title,
      metadata: { ...doc.metadata },
      preamble: doc.preamble,
      planes: doc.planes.map((p) => ({ z: p.z, label: p.label, x: p.x, y: p.y, attributes: { ...p.attributes }, body: p.body })),
    },
  };
}

/** What the reference `links()` returns. */
export function referenceLinks(doc: ThreeMdDocument): ReferenceLink[] {
  return documentLinks(doc).map((l) => ({ sourceZ: l.sourceZ, targetZ: l.targetZ, text: l.text, targetExists: l.targetExists }));
}
