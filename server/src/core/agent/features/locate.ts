/** What sits under a cursor in a 3md document: the shared first step of every provider. */
import { rangeContains, type Position } from '../../types';
import type { ThreeMdAnalysis } from '../threemdAnalysis';
import { attributeOf, skillOf, type Dependency, type InputDecl, type Skill, type Span } from '../model';
import { directiveAtLine } from '../../threemd/parser';
import type { Attribute, FrontmatterField } from '../../threemd/syntax';
import type { Link } from '../../threemd/link';
import type { Plane } from '../../threemd/plane';

export type Target =
  | { kind: 'link'; plane: Plane; link: Link }
  | { kind: 'dependency'; plane: Plane; dep: Dependency }
  | { kind: 'z'; plane: Plane; attr: Attribute }
  | { kind: 'label'; plane: Plane; attr: Attribute }
  | { kind: 'trigger'; skill: Skill; span: Span }
  | { kind: 'input'; skill: Skill; input: InputDecl }
  | { kind: 'inputType'; skill: Skill; input: InputDecl }
  | { kind: 'placeholder'; skill: Skill; span: Span }
  | { kind: 'binary'; skill: Skill; span: Span }
  | { kind: 'attribute'; plane: Plane | null; attr: Attribute }
  | { kind: 'field'; field: FrontmatterField; part: 'key' | 'value' }
  | { kind: 'toolsEntry'; span: Span }
  | { kind: 'keyword'; plane: Plane | null };

/** The innermost element at `pos`, or null. */
export function locate(a: ThreeMdAnalysis, pos: Position): Target | null {
  const doc = a.doc;
  const fm = doc.frontmatter;
  if (fm.present && pos.line <= fm.endLine) {
    const field = fm.fields.find((f) => f.line === pos.line);
    if (!field) return null;
    if (field.key === 'tools') {
      const span = a.model.tools.find((t) => rangeContains(t.range, pos));
      if (span) return { kind: 'toolsEntry', span };
    }
    if (rangeContains(field.keyRange, pos)) return { kind: 'field', field, part: 'key' };
    if (rangeContains(field.valueRange, pos)) return { kind: 'field', field, part: 'value' };
    return null;
  }
  const d = directiveAtLine(doc, pos.line);
  const plane = d?.plane ?? (d ? null : (doc.planes.find((p) => p.directive === null) ?? null));
  if (d && d.line === pos.line) {
    if (rangeContains(d.keywordRange, pos)) return { kind: 'keyword', plane: d.plane };
    const attr = d.attributes.find((x) => rangeContains(x.range, pos));
    if (!attr) return null;
    if (d.plane) {
      const p = d.plane;
      const skill = skillOf(p);
      if (attr.key === 'z' && attr === attributeOf(p, 'z') && rangeContains(attr.valueRange, pos)) return { kind: 'z', plane: p, attr };
      if (attr.key === 'label' && rangeContains(attr.valueRange, pos)) return { kind: 'label', plane: p, attr };
      if (attr === attributeOf(p, 'triggers')) {
        const span = skill.triggers.find((t) => rangeContains(t.range, pos));
        if (span) return { kind: 'trigger', skill, span };
      }
      if (attr === attributeOf(p, 'inputs')) {
        for (const input of skill.inputs) {
          if (rangeContains(input.nameRange, pos)) return { kind: 'input', skill, input };
          if (input.typeSpan && rangeContains(input.typeSpan.range, pos)) return { kind: 'inputType', skill, input };
        }
      }
      if (attr === attributeOf(p, 'tool')) {
        const ph = skill.placeholders.find((s) => rangeContains(s.range, pos));
        if (ph) return { kind: 'placeholder', skill, span: ph };
        const binary = skill.binary;
        if (binary && rangeContains(binary.range, pos)) return { kind: 'binary', skill, span: binary };
      }
    }
    return { kind: 'attribute', plane: d.plane, attr };
  }
  if (!plane) return null;
  const link = plane.links.find((l) => rangeContains(l.range, pos));
  if (link) return { kind: 'link', plane, link };
  const dep = skillOf(plane).deps.find((x) => rangeContains(x.range, pos));
  if (dep) return { kind: 'dependency', plane, dep };
  return null;
}

/** The `@plane` directive line range of the plane with this z (the navigation target). */
export function planeByZ(a: ThreeMdAnalysis, z: number): Plane | undefined {
  return a.doc.planes.find((p) => p.z === z);
}
