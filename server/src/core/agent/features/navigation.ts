/** Definition, references and rename in a 3md document: planes by z, inputs by name. */
import type { Location, WorkspaceEdit, TextEdit as LspTextEdit } from 'vscode-languageserver-types';
import type { Position, Range } from '../../types';
import type { ThreeMdAnalysis } from '../threemdAnalysis';
import { attributeOf, skillOf, type Skill } from '../model';
import { parseFiniteDecimal } from '../../threemd/lexical';
import type { Plane } from '../../threemd/plane';
import { locate, planeByZ } from './locate';

/** Where a plane is declared: its whole `@plane` line (the implicit plane: its body). */
export function planeDeclarationRange(p: Plane): Range {
  return p.directive ? p.directive.range : (p.bodyRange ?? { start: { line: p.bodyStartLine, character: 0 }, end: { line: p.bodyStartLine, character: 0 } });
}

export function definition(a: ThreeMdAnalysis, uri: string, pos: Position): Location[] {
  const t = locate(a, pos);
  if (!t) return [];
  const at = (range: Range): Location[] => [{ uri, range }];
  switch (t.kind) {
    case 'link': {
      const p = planeByZ(a, t.link.targetZ);
      return p ? at(planeDeclarationRange(p)) : [];
    }
    case 'dependency': {
      const p = planeByZ(a, t.dep.z);
      return p ? at(planeDeclarationRange(p)) : [];
    }
    case 'placeholder': {
      const input = t.skill.inputs.find((i) => i.name === t.span.text);
      return input ? at(input.nameRange) : [];
    }
    case 'binary': {
      const entry = a.model.tools.find((s) => s.text === t.span.text);
      return entry ? at(entry.range) : [];
    }
    case 'field': {
      if (t.field.key !== 'entry' || t.part !== 'value') return [];
      const z = parseFiniteDecimal(t.field.value.trim());
      const p = z === null ? undefined : planeByZ(a, z);
      return p ? at(planeDeclarationRange(p)) : [];
    }
    default:
      return [];
  }
}

/** Every place a plane's z is written: its own `z=` value, each link to it, and `entry:`. */
function zOccurrences(a: ThreeMdAnalysis, z: number, includeDeclaration: boolean): Range[] {
  const out: Range[] = [];
  const p = planeByZ(a, z);
  const zAttr = p && attributeOf(p, 'z');
  if (includeDeclaration && zAttr) out.push(zAttr.valueRange);
  for (const plane of a.doc.planes) {
    const seen = new Set<string>();
    for (const l of plane.links) {
      if (l.targetZ !== z) continue;
      out.push(l.targetRange);
      seen.add(`${l.targetRange.start.line}:${l.targetRange.start.character}`);
    }
    for (const d of skillOf(plane).deps) {
      if (d.z === z && !seen.has(`${d.targetRange.start.line}:${d.targetRange.start.character}`)) out.push(d.targetRange);
    }
  }
  const entry = a.model.field('entry');
  if (entry && parseFiniteDecimal(entry.value.trim()) === z) out.push(entry.valueRange);
  return out;
}

/** Every place an input name is written in one skill: its declaration and each `{placeholder}`. */
function inputOccurrences(skill: Skill, name: string, includeDeclaration: boolean): Range[] {
  const out: Range[] = [];
  if (includeDeclaration) for (const i of skill.inputs) if (i.name === name) out.push(i.nameRange);
  for (const ph of skill.placeholders) if (ph.text === name) out.push(ph.range);
  return out;
}

type Symbol = { kind: 'z'; z: number; range: Range } | { kind: 'input'; skill: Skill; name: string; range: Range };

function symbolAt(a: ThreeMdAnalysis, pos: Position): Symbol | null {
  const t = locate(a, pos);
  if (!t) return null;
  switch (t.kind) {
    case 'z':
      return { kind: 'z', z: t.plane.z, range: t.attr.valueRange };
    case 'link':
      return { kind: 'z', z: t.link.targetZ, range: t.link.targetRange };
    case 'dependency':
      return { kind: 'z', z: t.dep.z, range: t.dep.targetRange };
    case 'input':
      return { kind: 'input', skill: t.skill, name: t.input.name, range: t.input.nameRange };
    case 'placeholder':
      return { kind: 'input', skill: t.skill, name: t.span.text, range: t.span.range };
    default:
      return null;
  }
}

export function references(a: ThreeMdAnalysis, uri: string, pos: Position, includeDeclaration: boolean): Location[] {
  const s = symbolAt(a, pos);
  if (!s) return [];
  const rs = s.kind === 'z' ? zOccurrences(a, s.z, includeDeclaration) : inputOccurrences(s.skill, s.name, includeDeclaration);
  return rs.map((range) => ({ uri, range }));
}

export function prepareRename(a: ThreeMdAnalysis, pos: Position): { range: Range; placeholder: string } | null {
  const s = symbolAt(a, pos);
  if (!s) return null;
  return { range: s.range, placeholder: s.kind === 'z' ? String(s.z) : s.name };
}

export class RenameError extends Error {}

/** Renames a plane's z (rewriting every link to it) or an input (its declaration and placeholders). */
export function rename(a: ThreeMdAnalysis, uri: string, pos: Position, newName: string): WorkspaceEdit | null {
  const s = symbolAt(a, pos);
  if (!s) return null;
  let rs: Range[];
  if (s.kind === 'z') {
    const z = parseFiniteDecimal(newName);
    if (z === null) throw new RenameError(`'${newName}' is not a finite decimal number`);
    if (z !== s.z && planeByZ(a, z)) throw new RenameError(`a plane with z=${newName} already exists`);
    if (!planeByZ(a, s.z)) throw new RenameError(`no plane has z=${s.z}`);
    rs = zOccurrences(a, s.z, true);
  } else {
    if (!/^[A-Za-z_]\w*$/.test(newName)) throw new RenameError(`'${newName}' cannot be a placeholder name (letters, digits and _ only)`);
    rs = inputOccurrences(s.skill, s.name, true);
  }
  const edits: LspTextEdit[] = rs.map((range) => ({ range, newText: newName }));
  return { changes: { [uri]: edits } };
}
