/** A plain, comparable projection of a parsed 3md document (the tree has back-references). */
import type { ThreeMdDocument } from '../../server/src/core/threemd/document';
import type { Plane } from '../../server/src/core/threemd/plane';

function planeOf(p: Plane) {
  const { z, label, x, y, attributes, body, bodyStartLine, endLine, bodyRange, links } = p;
  return { z, label, x, y, attributes: { ...attributes }, body, bodyStartLine, endLine, bodyRange, links };
}

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
      directives: doc.directives.map((d) => ({
        line: d.line,
        endLine: d.endLine,
        end: d.end,
        duplicate: d.duplicate,
        issues: d.issues,
        attributes: d.attributes,
        keywordRange: d.keywordRange,
        range: d.range,
        plane: d.plane && planeOf(d.plane),
      })),
      planes: doc.planes.map((p) => ({ ...planeOf(p), directive: p.directive?.line })),
    }),
  );
}
