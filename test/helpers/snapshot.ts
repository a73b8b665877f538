/** A plain, comparable projection of a parsed 3md document (the tree has back-references). */
import type { ThreeMdDocument } from '../../server/src/core/threemd/syntax';

export function snapshot(doc: ThreeMdDocument): unknown {
  return JSON.parse(
    JSON.stringify({
      lines: doc.lines,
      frontmatter: doc.frontmatter,
      version: doc.version,
      axis: doc.axis,
      title: doc.title,
      metadata: doc.metadata,
      preamble: doc.preamble,
      preambleStartLine: doc.preambleStartLine,
      preambleEndLine: doc.preambleEndLine,
      headIssues: doc.headIssues,
      zs: [...doc.zs].sort((a, b) => a - b),
      marks: [...doc.marks],
      directives: doc.directives.map((d) => ({
        ...d,
        attributes: d.attributes,
        keywordRange: d.keywordRange,
        range: d.range,
        plane: d.plane && { ...d.plane, bodyRange: d.plane.bodyRange, links: d.plane.links, directive: undefined, origin: undefined, memo: undefined, parts: undefined },
      })),
      planes: doc.planes.map((p) => ({ ...p, bodyRange: p.bodyRange, links: p.links, directive: p.directive?.line, origin: undefined, memo: undefined, parts: undefined })),
    }),
  );
}
