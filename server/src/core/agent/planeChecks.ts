/**
 * The checks of one plane that read nothing but the plane: the skill rules, the tool template
 * lint and the spec-gap checks (docs/rules.md). They run on the plane's source placed on line 0,
 * once per source; a document shows them moved to the plane's line.
 */
import { lintTool } from './toolLint';
import { lineRange, type Diagnostic, type Range, type Severity } from '../types';
import type { Plane } from '../threemd/plane';
import { attributeOf, INPUT_TYPES, inputSchema, placeholderTexts, planeAtZero, skillOf, type Skill } from './model';
import { AgentRule } from './rules';

export function diag(code: string, severity: Severity, message: string, range: Range, extra?: Partial<Diagnostic>): Diagnostic {
  return { code, severity, message, range, ...extra };
}

/** Where a plane-level problem is shown when no narrower element applies: the `@plane` keyword. */
export function planeAnchor(p: Plane): Range {
  return p.directive ? p.directive.keywordRange : (p.bodyRange ?? lineRange(p.bodyStartLine, 0, 0));
}

/**
 * A check of one plane alone (its content: directive, attributes, body), registered in
 * `AGENT_RULES.plane`. `skillsOnly` checks run on skills, not on the identity. Positions are the
 * plane's own: the validator runs each check once per plane content and moves its findings.
 */
export interface PlaneRule {
  readonly name: string;
  readonly skillsOnly: boolean;
  check(plane: Plane, out: Diagnostic[]): void;
}

function checkSkill(s: Skill, out: Diagnostic[]): void {
  const p = s.plane;
  const sname = p.label ?? `skill-${s.z}`;
  // The header's values are the last attributes' values: the attribute objects (their positions) are read only for a finding.
  if (!(p.attributes['triggers'] ?? '').trim()) {
    const trig = attributeOf(p, 'triggers');
    const msg = `skill "${p.label ?? `skill-${s.z}`}" has no triggers; it can never be routed to`;
    out.push(diag(AgentRule.triggers, 'warning', msg, trig ? trig.valueRange : (attributeOf(p, 'label')?.valueRange ?? planeAnchor(p))));
  }
  // Most skills have nothing to show here: the header's values say so without ranges (a skill's inputs with ranges cost a second read of its directive line).
  if (!inputFindings(p, s.tool)) return;
  const inputs = s.inputs;
  const declared = new Set<string>();
  for (const input of inputs) {
    if (declared.has(input.name)) {
      out.push(diag(AgentRule.dupInput, 'error', `skill "${sname}" declares input "${input.name}" more than once`, input.nameRange));
    }
    declared.add(input.name);
    if (!(INPUT_TYPES as readonly string[]).includes(input.type)) {
      const msg = `input "${input.name}" has unknown type "${input.type}" (use one of: ${INPUT_TYPES.join(', ')})`;
      out.push(diag(AgentRule.inputType, 'error', msg, input.typeSpan?.range ?? input.nameRange, { data: { type: input.type } }));
    }
  }
  if (p.attributes['tool'] !== undefined && !s.tool) {
    out.push(diag(AgentRule.tool, 'warning', `skill "${sname}" has an empty tool binding`, attributeOf(p, 'tool')!.valueRange));
  }
  if (!s.tool) return;
  const used = new Set<string>();
  for (const ph of s.placeholders) {
    used.add(ph.text);
    if (!declared.has(ph.text)) {
      out.push(
        diag(AgentRule.toolInput, 'error', `skill "${sname}" command references {${ph.text}}, which is not a declared input`, ph.range, {
          data: { placeholder: ph.text },
        }),
      );
    }
  }
  for (const input of inputs) {
    if (!used.has(input.name)) {
      out.push(diag(AgentRule.unusedInput, 'warning', `skill "${sname}" declares input "${input.name}" that its command never uses`, input.nameRange));
    }
  }
}

/**
 * Whether the input and placeholder checks below find anything (or the tool binding is empty),
 * read from the header's values: a duplicate or untyped input, a placeholder not declared, an
 * input the command never uses.
 */
function inputFindings(p: Plane, tool: string | null): boolean {
  if (p.attributes['tool'] !== undefined && !tool) return true;
  const inputs = inputSchema(p);
  const declared = new Set<string>();
  for (const input of inputs) {
    if (declared.has(input.name) || !(INPUT_TYPES as readonly string[]).includes(input.type)) return true;
    declared.add(input.name);
  }
  if (!tool) return false;
  const used = new Set(placeholderTexts(tool));
  for (const name of used) if (!declared.has(name)) return true;
  for (const name of declared) if (!used.has(name)) return true;
  return false;
}

const KINDS = new Set(['identity', 'skill']);

/** Checks for the spec/reference gaps on one plane (docs/rules.md): never errors, so conformance holds. */
function checkPlaneExtras(p: Plane, out: Diagnostic[]): void {
  const kind = p.attributes['kind'];
  if (kind !== undefined && !KINDS.has(kind)) {
    const msg = `kind "${kind}" is not an agent3md/1 kind (identity or skill); this plane is read as a skill`;
    out.push(diag(AgentRule.unknownKind, 'hint', msg, attributeOf(p, 'kind')!.valueRange));
  }
  if (p.label && p.label.trim() && p.label !== p.label.trim()) {
    const msg = `label "${p.label}" has surrounding whitespace: validators read "${p.label.trim()}" but the runtime routes to "${p.label}"`;
    out.push(diag(AgentRule.labelWhitespace, 'warning', msg, attributeOf(p, 'label')!.valueRange));
  }
  // A 3md link target is made of digits, signs, `e` and `.`: without one of the others right after
  // some `[[z=` and its digits, every link is a dependency and the links need not be read.
  if (!mayHoldNonDependency(p)) return;
  for (const l of p.links) {
    if (!/^\d+$/.test(l.targetText)) {
      const msg = `[[z=…]] with a target that is not an unsigned integer is a 3md link but not an agent dependency`;
      out.push(diag(AgentRule.linkNotDependency, 'information', msg, l.targetRange));
    }
  }
}

/** Some `[[z=` whose target may hold more than digits (a 3md link that is no agent dependency). */
const MAYBE_NOT_DEPENDENCY = /\[\[z=\d*[-+eE.]/;

/**
 * Whether the plane's body may hold a link that is no dependency. The pattern never crosses a
 * line, so a directive's plane asks each of its segments (its directive line too, which can only
 * make the answer a needless yes).
 */
function mayHoldNonDependency(p: Plane): boolean {
  const test = (text: string) => MAYBE_NOT_DEPENDENCY.test(text);
  if (!p.directive) return test(p.body);
  return p.source.segments.some((_, k) => p.source.segmentHolds(k, 'maybe-not-dependency', test));
}

/** The built-in plane checks, in the reference's order (the undeclared-tool check, which reads the agent's tools list, runs after `skill`). */
export const BUILTIN_PLANE_RULES: readonly PlaneRule[] = [
  { name: 'skill', skillsOnly: true, check: (p, out) => checkSkill(skillOf(p), out) },
  { name: 'tool-lint', skillsOnly: true, check: (p, out) => lintTool(skillOf(p), p, out) },
  { name: 'plane-extras', skillsOnly: false, check: checkPlaneExtras },
];

/** A plane's findings per rule, at its own line numbers, for the rule list they were made with. */
export interface PlaneFindings {
  rules: readonly PlaneRule[];
  /** Per rule: its diagnostics. */
  byRule: Diagnostic[][];
}

declare module '../threemd/plane' {
  interface SourceMemo {
    findings?: PlaneFindings;
  }
}

const NONE: Diagnostic[] = Object.freeze([]) as unknown as Diagnostic[];
/** The findings of a plane with none, for the last rule list. */
let nothing: PlaneFindings | undefined;
/** Where each rule writes (most write nothing, so no list is made for them). */
const scratch: Diagnostic[] = [];

/** The findings of every rule on a plane's source (skill rules included; the validator drops them for the identity). */
export function findingsOf(plane: Plane, rules: readonly PlaneRule[]): PlaneFindings {
  const memo = (plane.source.memo ??= {});
  if (memo.findings?.rules === rules) return memo.findings;
  // The shorthand's implicit plane is checked where it is (it is never shared).
  const at = plane.directive ? planeAtZero(plane.source) : plane;
  let any = false;
  const byRule = rules.map((r) => {
    scratch.length = 0;
    r.check(at, scratch);
    if (!scratch.length) return NONE;
    any = true;
    const out = scratch.slice();
    scratch.length = 0;
    return out;
  });
  // Most planes have no finding: they share one value per rule list.
  if (!any && nothing?.rules !== rules) nothing = { rules, byRule };
  const findings = any ? { rules, byRule } : nothing!;
  if (plane.directive) memo.findings = findings;
  return findings;
}
