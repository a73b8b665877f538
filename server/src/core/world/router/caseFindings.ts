/**
 * What the editor shows for the routing cases of world.eval.md: a lens per case (`✓ passes` /
 * `✗ {the eval's reason}`), a diagnostic on the failing part of a failing case (the expect
 * field that did not match, the step that failed), and one on each object the eval skips
 * because it is not a case.
 */
import type { Node } from 'jsonc-parser';
import type { IWorkspaceHost } from '../../workspace/host';
import { LineIndex } from '../../text/text';
import type { Diagnostic, Range } from '../../types';
import { diag } from '../diag';
import type { CaseFailureAt } from './cases';
import { evaluateCases } from './evalReport';

export interface CaseLens {
  range: Range;
  title: string;
  status: 'PASS' | 'FAIL' | 'NOT_RUN';
  name: string;
  /** The case's `name` value (where its hover is). */
  nameRange?: Range;
  /** `type=…, agent=…` of the case's last router result, when a step ran. */
  actual?: string;
}

export interface CaseFindings {
  diagnostics: Diagnostic[];
  lenses: CaseLens[];
}

function prop(n: Node | undefined, key: string): Node | undefined {
  if (n?.type !== 'object') return undefined;
  for (const p of n.children ?? []) if (p.children?.[0]?.value === key) return p.children[1];
  return undefined;
}

/** The node a failure is about: the expect field, the part of the step the reason names, or the case's name. */
function failureNode(c: Node, at: CaseFailureAt | undefined, reason: string): Node {
  if (at && 'expect' in at) return prop(prop(c, 'expect'), at.expect) ?? prop(c, 'expect') ?? c;
  if (at && 'step' in at) {
    const value = prop(c, at.step);
    const step = at.index !== undefined && value?.type === 'array' ? (value.children?.[at.index] ?? value) : value;
    if (!step) return c;
    const part = reason.startsWith('expected agent')
      ? (prop(step, 'agent') ?? prop(step, 'completeAgent'))
      : reason.startsWith('unsupported eval step command')
        ? prop(step, 'command')
        : reason.endsWith('is missing content') || reason.startsWith('complete step requires')
          ? undefined
          : (prop(step, 'content') ?? prop(step, 'message'));
    return part ?? step;
  }
  return prop(c, 'name') ?? c;
}

/**
 * Runs the routing cases of `evalText` against the world at `worldUri` (read through `host`,
 * so the caller can tell which files the result depends on). Never throws on file contents.
 */
export function routingCaseFindings(evalText: string, worldUri: string, host: IWorkspaceHost, now: string): CaseFindings {
  const index = new LineIndex(evalText);
  const rangeOf = (n: Node): Range => ({ start: index.positionAt(n.offset), end: index.positionAt(n.offset + n.length) });
  const head = (n: Node): Range => ({ start: index.positionAt(n.offset), end: index.positionAt(n.offset + 1) });
  const worldText = host.exists(worldUri) && !host.isDirectory(worldUri) ? host.readText(worldUri) : undefined;
  const out: CaseFindings = { diagnostics: [], lenses: [] };
  const withName = (lens: CaseLens, c: Node): CaseLens => {
    const name = prop(c, 'name');
    return name ? { ...lens, nameRange: rangeOf(name) } : lens;
  };
  const { parsed, cases, error } = evaluateCases(worldText ?? '', worldUri, evalText, host, now);
  for (const s of parsed.skipped) {
    out.diagnostics.push(
      diag(
        'world-eval-not-a-case',
        'warning',
        `The Agent World eval skips this object: a routing case needs name, expect and one of given, input or complete, and it has no ${s.missing.join(', no ')}`,
        head(s.node),
      ),
    );
  }
  if (worldText === undefined || error !== undefined) {
    const why = worldText === undefined ? 'world.json is missing' : `the router does not load world.json: ${error!.split('\n')[0]}`;
    for (const c of parsed.cases) out.lenses.push(withName({ range: head(c.node), title: `routing case not run: ${why}`, status: 'NOT_RUN', name: String(c.value.name) }, c.node));
    return out;
  }
  for (const c of cases) {
    if (c.status === 'PASS') {
      out.lenses.push(withName({ range: head(c.node), title: `✓ passes (${c.actual ?? ''})`, status: 'PASS', name: c.name, actual: c.actual ?? '' }, c.node));
      continue;
    }
    const reason = c.reason ?? '';
    const lens: CaseLens = withName({ range: head(c.node), title: `✗ ${reason}`, status: 'FAIL', name: c.name }, c.node);
    if (c.actual !== undefined) lens.actual = c.actual;
    out.lenses.push(lens);
    out.diagnostics.push(diag('world-eval-case-fails', 'warning', `The Agent World eval fails routing case "${c.name}": ${reason}`, rangeOf(failureNode(c.node, c.at, reason))));
  }
  return out;
}
