/**
 * A simulated run written as a routing case of world.eval.md (spec §3.9): its steps replayed on a
 * fresh router state (`given`, then the last one as `input` or `complete`) and an `expect` read
 * from the last result, so the eval finds what the run found. Refused steps are left out (they
 * changed nothing); a run the eval cannot replay (a host action completed, a turn completed when
 * the result before was no agent_instruction) is refused with the reason.
 */
import { routingCaseNames } from './caseFences';
import type { SimRun, SimStep } from './simRun';
import type { RouterResult } from './types';

export type CaseFromRun = { ok: true; value: Record<string, unknown>; text: string } | { ok: false; reason: string };

/** The fields of `expect` the eval compares, as the last result has them. */
export function expectOf(result: RouterResult, agent?: string): Record<string, unknown> {
  const expect: Record<string, unknown> = { type: result.type };
  if (result.type === 'agent_instruction') {
    expect.agent = agent ?? result.agent;
    if (result.workflow.node) expect.workflowNode = result.workflow.node;
  }
  if (result.type === 'blocked') expect.code = result.code;
  return expect;
}

function stepJson(step: SimStep, previous: RouterResult | undefined, n: number): Record<string, unknown> | string {
  const c = step.command;
  if (c.command === 'user') return { command: 'user', content: c.content };
  if (!('turnId' in c)) return `step ${n} completes host action ${String(c.actionId)}: the eval completes agent turns only`;
  if (previous?.type !== 'agent_instruction') {
    return `step ${n} completes ${c.turnId} after ${previous ? `${/^[aeiou]/.test(previous.type) ? 'an' : 'a'} ${previous.type} result` : 'no result'}: the eval completes a turn only after an agent_instruction`;
  }
  if (previous.turnId !== c.turnId) return { command: 'complete', turnId: c.turnId, content: c.content };
  return step.agent !== undefined ? { command: 'complete', agent: step.agent, content: c.content } : { command: 'complete', content: c.content };
}

/** The routing case of a run, named `name`; its JSON text is indented by two spaces. */
export function caseFromRun(run: SimRun, name: string): CaseFromRun {
  const steps = run.steps.filter((s) => s.result.type !== 'error');
  if (steps.length === 0) return { ok: false, reason: 'the run has no step the router accepted yet' };
  const written: Record<string, unknown>[] = [];
  let previous: RouterResult | undefined;
  for (const [i, step] of steps.entries()) {
    const json = stepJson(step, previous, i + 1);
    if (typeof json === 'string') return { ok: false, reason: json };
    written.push(json);
    previous = step.result;
  }
  const last = steps.at(-1)!;
  const lastJson = written.pop()!;
  const value: Record<string, unknown> = { name };
  if (written.length > 0) value.given = written;
  if (last.command.command === 'user') value.input = lastJson;
  else {
    const { command: _command, ...complete } = lastJson;
    value.complete = complete;
  }
  value.expect = expectOf(last.result, last.resultAgent);
  return { ok: true, value, text: JSON.stringify(value, null, 2) };
}

/** Why `name` cannot name a new case of this eval text (empty, or taken by a case already there). */
export function caseNameProblem(evalText: string | undefined, name: string): string | undefined {
  if (!name.trim()) return 'A routing case needs a name.';
  const taken = routingCaseNames(evalText ?? '').includes(name.trim());
  return taken ? `world.eval.md already has a routing case named "${name.trim()}".` : undefined;
}

export interface CaseInsertion {
  /** Where the text goes in the eval text (its end); 0 for a new file. */
  offset: number;
  text: string;
  /** world.eval.md does not exist yet: the text is the whole file. */
  create: boolean;
}

/** The fenced block of a case, appended to world.eval.md after a blank line (or a new file with a title). */
export function caseInsertion(evalText: string | undefined, caseText: string, worldName: string): CaseInsertion {
  const fence = `\`\`\`json\n${caseText}\n\`\`\`\n`;
  if (evalText === undefined) {
    return { offset: 0, text: `# ${worldName} eval\n\nRouting cases: each fenced json block is run on the router by the Agent World eval.\n\n${fence}`, create: true };
  }
  const sep = evalText === '' || evalText.endsWith('\n\n') ? '' : evalText.endsWith('\n') ? '\n' : '\n\n';
  return { offset: evalText.length, text: `${sep}${fence}`, create: false };
}
