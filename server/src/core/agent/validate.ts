/**
 * agent3md/1 conformance: every rule of the reference validator, in its order, with its
 * messages, on the narrowest range. Runs on the recovered document even when 3md errors exist.
 */
import { lineRange, type Diagnostic, type Range, type Severity } from '../types';
import { documentIssues } from '../threemd/parser';
import type { Plane, ThreeMdDocument } from '../threemd/syntax';
import { attributeOf, buildAgent, dependencies, fieldOf, INPUT_TYPES, type AgentModel, type Skill } from './model';
import { AgentRule } from './rules';

function diag(code: string, severity: Severity, message: string, range: Range, extra?: Partial<Diagnostic>): Diagnostic {
  return { code, severity, message, range, ...extra };
}

/** Where a plane-level problem is shown when no narrower element applies: the `@plane` keyword. */
function planeAnchor(p: Plane): Range {
  return p.directive ? p.directive.keywordRange : (p.bodyRange ?? lineRange(p.bodyStartLine, 0, 0));
}

function frontmatterAnchor(doc: ThreeMdDocument): Range {
  const fm = doc.frontmatter;
  return fm.present ? lineRange(fm.openLine, 0, 3) : lineRange(0, 0, 0);
}

/** Validates an agent document. `model` may be passed when the caller already built it. */
export function validateAgent(doc: ThreeMdDocument, model: AgentModel = buildAgent(doc)): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const issue of documentIssues(doc)) {
    out.push(diag(AgentRule.parse, 'error', `not valid 3md: ${issue.message}`, issue.range, { data: { threemd: issue.code } }));
  }
  checkName(doc, out);
  checkIdentity(model, out);
  checkLabels(model, out);
  checkLinks(doc, out);
  checkEntry(doc, out);
  checkCycles(model, out);
  for (const s of model.skills) checkSkill(s, model, out);
  checkExtras(model, out);
  return out;
}

function checkName(doc: ThreeMdDocument, out: Diagnostic[]): void {
  if (doc.title || doc.metadata['agent']) return;
  const f = fieldOf(doc, 'title', true) ?? fieldOf(doc, 'agent');
  out.push(diag(AgentRule.frontmatter, 'error', 'need a `title:` or `agent:` to name the agent', f ? f.keyRange : frontmatterAnchor(doc)));
}

function checkIdentity(m: AgentModel, out: Diagnostic[]): void {
  const ids = m.explicitIdentities;
  if (ids.length > 1) {
    for (const extra of ids.slice(1)) {
      const kind = attributeOf(extra, 'kind');
      out.push(
        diag(AgentRule.identity, 'error', `expected one identity plane, found ${ids.length}`, kind ? kind.valueRange : planeAnchor(extra), {
          related: [{ range: planeAnchor(ids[0]!), message: `first identity plane (z=${ids[0]!.z})` }],
        }),
      );
    }
  } else if (ids.length === 0 && m.doc.planes.length === 0) {
    out.push(diag(AgentRule.identity, 'error', 'document has no planes (need at least an identity plane)', frontmatterAnchor(m.doc)));
  }
}

function checkLabels(m: AgentModel, out: Diagnostic[]): void {
  const seen = new Map<string, Skill>();
  for (const s of m.skills) {
    const label = s.plane.label?.trim();
    const attr = attributeOf(s.plane, 'label');
    if (!label) {
      const msg = `skill at z=${s.z} has no label (every skill needs a name)`;
      out.push(diag(AgentRule.missingLabel, 'error', msg, attr ? attr.valueRange : planeAnchor(s.plane)));
      continue;
    }
    const first = seen.get(label);
    if (first) {
      out.push(
        diag(AgentRule.uniqueSkill, 'error', `duplicate skill name "${label}" (also at z=${first.z})`, attr!.valueRange, {
          related: [{ range: attributeOf(first.plane, 'label')!.valueRange, message: `"${label}" is first declared at z=${first.z}` }],
        }),
      );
    } else seen.set(label, s);
  }
}

function checkLinks(doc: ThreeMdDocument, out: Diagnostic[]): void {
  const zs = new Set(doc.planes.map((p) => p.z));
  for (const p of doc.planes) {
    for (const d of dependencies(p)) {
      if (!zs.has(d.z)) {
        out.push(diag(AgentRule.deadLink, 'error', `link [[z=${d.z}]] points to a plane that does not exist`, d.range, { data: { target: d.z } }));
      }
    }
  }
}


function checkEntry(doc: ThreeMdDocument, out: Diagnostic[]): void {
  const f = fieldOf(doc, 'entry');
  if (!f) return;
  const raw = f.value.trim();
  if (!/^-?\d+$/.test(raw)) {
    out.push(diag(AgentRule.entry, 'error', `entry: "${f.value}" must be a plane z (an integer)`, f.valueRange));
  } else if (!doc.planes.some((p) => p.z === Number(raw))) {
    out.push(diag(AgentRule.entry, 'error', `entry: "${f.value}" does not resolve to a real plane`, f.valueRange));
  }
}

/**
 * Three-colour DFS without recursion (document-controlled depth must not overflow the stack).
 * Every back edge is reported, on the link that closes the cycle, with the chain as related info.
 */
function checkCycles(m: AgentModel, out: Diagnostic[]): void {
  const planes = m.doc.planes;
  const byZ = new Map<number, Plane>();
  for (const p of planes) byZ.set(p.z, p);
  const colour = new Map<number, 1 | 2>();
  for (const root of planes) {
    if (colour.has(root.z)) continue;
    const stack: { plane: Plane; next: number }[] = [{ plane: root, next: 0 }];
    colour.set(root.z, 1);
    while (stack.length) {
      const top = stack[stack.length - 1]!;
      const deps = dependencies(top.plane);
      if (top.next >= deps.length) {
        colour.set(top.plane.z, 2);
        stack.pop();
        continue;
      }
      const dep = deps[top.next++]!;
      const target = byZ.get(dep.z);
      if (!target) continue;
      const c = colour.get(dep.z);
      if (c === 1) {
        const from = stack.findIndex((f) => f.plane.z === dep.z);
        const chain = stack.slice(from).map((f) => f.plane);
        out.push(
          diag(AgentRule.cycle, 'error', `dependency cycle detected (involving plane z=${dep.z})`, dep.range, {
            related: chain.map((p, i) => ({
              range: planeAnchor(p),
              message: `z=${p.z}${p.label ? ` "${p.label}"` : ''} depends on z=${(chain[i + 1] ?? target).z}`,
            })),
          }),
        );
      } else if (c === undefined) {
        colour.set(dep.z, 1);
        stack.push({ plane: target, next: 0 });
      }
    }
  }
}

function checkSkill(s: Skill, m: AgentModel, out: Diagnostic[]): void {
  const p = s.plane;
  const sname = p.label ?? `skill-${s.z}`;
  const labelAttr = attributeOf(p, 'label');
  const trig = attributeOf(p, 'triggers');
  if (!(trig?.value ?? '').trim()) {
    const msg = `skill "${p.label ?? `skill-${s.z}`}" has no triggers; it can never be routed to`;
    out.push(diag(AgentRule.triggers, 'warning', msg, trig ? trig.valueRange : (labelAttr?.valueRange ?? planeAnchor(p))));
  }
  const declared = new Set<string>();
  for (const input of s.inputs) {
    if (declared.has(input.name)) {
      out.push(diag(AgentRule.dupInput, 'error', `skill "${sname}" declares input "${input.name}" more than once`, input.nameRange));
    }
    declared.add(input.name);
    if (!(INPUT_TYPES as readonly string[]).includes(input.type)) {
      const msg = `input "${input.name}" has unknown type "${input.type}" (use one of: ${INPUT_TYPES.join(', ')})`;
      out.push(diag(AgentRule.inputType, 'error', msg, input.typeSpan?.range ?? input.nameRange, { data: { type: input.type } }));
    }
  }
  const toolAttr = attributeOf(p, 'tool');
  if (toolAttr && !s.tool) {
    out.push(diag(AgentRule.tool, 'warning', `skill "${sname}" has an empty tool binding`, toolAttr.valueRange));
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
  for (const input of s.inputs) {
    if (!used.has(input.name)) {
      out.push(diag(AgentRule.unusedInput, 'warning', `skill "${sname}" declares input "${input.name}" that its command never uses`, input.nameRange));
    }
  }
  if (m.tools.length && s.binary && !m.tools.some((t) => t.text === s.binary!.text)) {
    const toolsField = fieldOf(m.doc, 'tools')!;
    out.push(
      diag(AgentRule.undeclaredTool, 'warning', `skill "${sname}" runs "${s.binary.text}", which is not in the agent's tools list`, s.binary.range, {
        related: [{ range: toolsField.valueRange, message: 'the agent\'s tools list' }],
        data: { binary: s.binary.text },
      }),
    );
  }
}

const KINDS = new Set(['identity', 'skill']);

/** Checks for the spec/reference gaps (docs/rules.md): never errors, so conformance holds. */
function checkExtras(m: AgentModel, out: Diagnostic[]): void {
  const doc = m.doc;
  const v = fieldOf(doc, '3md', true);
  if (v && doc.version && doc.version !== '1.0') {
    out.push(diag(AgentRule.agentVersion, 'information', `agent3md/1 agents are written in 3md 1.0; this file says "${doc.version}"`, v.valueRange));
  }
  for (const p of doc.planes) {
    const kind = attributeOf(p, 'kind');
    if (kind && !KINDS.has(kind.value)) {
      const msg = `kind "${kind.value}" is not an agent3md/1 kind (identity or skill); this plane is read as a skill`;
      out.push(diag(AgentRule.unknownKind, 'hint', msg, kind.valueRange));
    }
    const label = attributeOf(p, 'label');
    if (label && p.label && p.label.trim() && p.label !== p.label.trim()) {
      const msg = `label "${p.label}" has surrounding whitespace: validators read "${p.label.trim()}" but the runtime routes to "${p.label}"`;
      out.push(diag(AgentRule.labelWhitespace, 'warning', msg, label.valueRange));
    }
    for (const l of p.links) {
      if (!/^\d+$/.test(l.targetText)) {
        const msg = `[[z=…]] with a target that is not an unsigned integer is a 3md link but not an agent dependency`;
        out.push(diag(AgentRule.linkNotDependency, 'information', msg, l.targetRange));
      }
    }
  }
}
