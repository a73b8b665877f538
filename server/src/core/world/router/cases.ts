/**
 * world.eval.md's routing cases as the eval harness reads and runs them (spec §3.9): every
 * ```json fence (numbered from 1, empty ones skipped) holds a case or an array of cases; a case
 * has `name`, `expect` and one of `given` / `input` / `complete`. A case runs on a fresh router
 * state: its `given` steps, its `input`, its `complete`, then the last result is compared with
 * `expect`. Results carry where a failure sits, so the editor can point at it.
 */
import { parseTree, type Node } from 'jsonc-parser';
import { isJsonSyntaxError, unlessExpected } from '../../analysis/expectedErrors';
import { depthExceededAt, MAX_DOCUMENT_DEPTH } from '../../text/jsonDepth';
import { normalizeMentionLabel } from '../mentions';
import { jsonFences } from './caseFences';
import { initialState, routerStep } from './router';
import type { RouterConfig, RouterResult, RouterState } from './types';

export interface ParsedCase {
  /** The case as JSON.parse made it. */
  value: Record<string, unknown>;
  /** Its object in the block's parse tree; offsets are in the whole markdown text. */
  node: Node;
  /** The fence it was written in (1-based, as `json block {n}`). */
  block: number;
}

export interface ParsedCases {
  cases: ParsedCase[];
  /** `json block {n}: {JSON.parse message}` with the offset of the block's content. */
  errors: { message: string; offset: number; block: number }[];
  /** Objects of a block that look like a case but lack `name`, `expect` or a step (the harness skips them silently). */
  skipped: { node: Node; block: number; missing: string[] }[];
}

/** Where a failure sits in its case. */
export type CaseFailureAt = { expect: 'type' | 'agent' | 'workflowNode' | 'code' } | { step: 'given' | 'input' | 'complete'; index?: number } | { case: true };

export interface CaseResult {
  name: string;
  status: 'PASS' | 'FAIL';
  /** The harness's FAIL reason. */
  reason?: string;
  /** `type=…, agent=…, workflowNode=…, code=…` of the last result (on PASS, as the harness records it; on FAIL when a step ran). */
  actual?: string;
  /** The last router result, for the simulator and hover. */
  result?: RouterResult;
  at?: CaseFailureAt;
}

const CASE_KEYS = ['name', 'expect', 'given', 'input', 'complete'];

/** Reads the routing cases of world.eval.md. Never throws. */
export function parseRoutingCases(markdown: string): ParsedCases {
  const out: ParsedCases = { cases: [], errors: [], skipped: [] };
  for (const { block, raw, offset } of jsonFences(markdown)) {
    const deep = depthExceededAt(raw, MAX_DOCUMENT_DEPTH);
    if (deep !== -1) {
      out.errors.push({ message: `json block ${block}: nested deeper than ${MAX_DOCUMENT_DEPTH} levels of arrays and objects`, offset: offset + deep, block });
      continue;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(raw);
    } catch (e) {
      unlessExpected(e, isJsonSyntaxError);
      out.errors.push({ message: `json block ${block}: ${(e as Error).message}`, offset, block });
      continue;
    }
    const tree = parseTree(raw);
    const values = Array.isArray(parsed) ? parsed : [parsed];
    const nodes = tree?.type === 'array' ? (tree.children ?? []) : tree ? [tree] : [];
    values.forEach((item, i) => {
      const node = nodes[i];
      if (!node) return;
      const shifted = shift(node, offset);
      const rec = item && typeof item === 'object' && !Array.isArray(item) ? (item as Record<string, unknown>) : undefined;
      if (rec && rec.name && rec.expect && (rec.input || rec.given || rec.complete)) out.cases.push({ value: rec, node: shifted, block });
      else if (rec && CASE_KEYS.some((k) => k in rec)) {
        const missing = ['name', 'expect'].filter((k) => !rec[k]);
        if (!(rec.input || rec.given || rec.complete)) missing.push('given, input or complete');
        out.skipped.push({ node: shifted, block, missing });
      }
    });
  }
  return out;
}

/** A copy of a parse-tree node with its offsets moved by `by` (children too). */
function shift(n: Node, by: number, parent?: Node): Node {
  const copy: { -readonly [K in keyof Node]: Node[K] } = { ...n, offset: n.offset + by };
  if (parent) copy.parent = parent;
  else delete copy.parent;
  if (n.children) copy.children = n.children.map((c) => shift(c, by, copy));
  return copy;
}

/** Why a case failed, and where. */
class CaseFailure extends Error {
  constructor(
    message: string,
    readonly at: CaseFailureAt,
  ) {
    super(message);
  }
}

// The harness reads steps and expectations as untyped JSON; `Json` keeps its property reads.
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above
type Json = any;

export function describeResult(r: RouterResult | null): string {
  if (!r) return '(no result)';
  const x = r as Json;
  const parts = [`type=${r.type}`];
  if (x.agent) parts.push(`agent=${String(x.agent)}`);
  if (x.workflow && x.workflow.node) parts.push(`workflowNode=${String(x.workflow.node)}`);
  if (x.code) parts.push(`code=${String(x.code)}`);
  return parts.join(', ');
}

/** The labels the result's agent answers to: its display name, its node's agent id and name, the id of an agent with that name. */
function agentLabels(config: RouterConfig, r: Json): Set<string> {
  const out = new Set<string>();
  if (!r) return out;
  if (r.agent) out.add(normalizeMentionLabel(String(r.agent)));
  const nodeId = r.workflow && r.workflow.node;
  const node = nodeId && Object.hasOwn(config.workflow.nodes, nodeId) ? config.workflow.nodes[nodeId] : undefined;
  if (node && node.agent) {
    out.add(normalizeMentionLabel(node.agent));
    const agent = config.agents[node.agent];
    if (agent && agent.name) out.add(normalizeMentionLabel(agent.name));
  }
  for (const [id, a] of Object.entries(config.agents)) {
    if (a.name && r.agent && normalizeMentionLabel(a.name) === normalizeMentionLabel(String(r.agent))) out.add(normalizeMentionLabel(id));
  }
  return out;
}

function expectAgent(config: RouterConfig, expected: Json, r: Json, at: CaseFailureAt): void {
  if (!agentLabels(config, r).has(normalizeMentionLabel(String(expected || '')))) {
    throw new CaseFailure(`expected agent ${String(expected)}, got ${r && r.agent ? String(r.agent) : '(none)'}`, at);
  }
}

function checkExpectation(config: RouterConfig, expect: Json, r: Json): void {
  if (expect.type !== undefined && r.type !== expect.type) throw new CaseFailure(`expected type ${String(expect.type)}, got ${String(r.type)}`, { expect: 'type' });
  if (expect.agent !== undefined) expectAgent(config, expect.agent, r, { expect: 'agent' });
  if (expect.workflowNode !== undefined) {
    const node = r.workflow && r.workflow.node;
    if (node !== expect.workflowNode) throw new CaseFailure(`expected workflowNode ${String(expect.workflowNode)}, got ${node || '(none)'}`, { expect: 'workflowNode' });
  }
  if (expect.code !== undefined && r.code !== expect.code) throw new CaseFailure(`expected code ${String(expect.code)}, got ${r.code || '(none)'}`, { expect: 'code' });
}

interface Ctx {
  config: RouterConfig;
  state: RouterState;
  now: string;
}

/** One router call; a refused command fails the step with the router's message. */
function call(ctx: Ctx, command: Parameters<typeof routerStep>[2], at: CaseFailureAt): RouterResult {
  const r = routerStep(ctx.config, ctx.state, command, ctx.now);
  if (r.result.type === 'error') throw new CaseFailure(r.result.error, at);
  ctx.state = r.state;
  return r.result;
}

/** `step.command` on any JSON value, with the TypeError text JavaScript gives for null. */
function prop(step: Json, key: string): Json {
  if (step === null || step === undefined) throw new TypeError(`Cannot read properties of ${String(step)} (reading '${key}')`);
  return step[key];
}

function userStep(ctx: Ctx, step: Json, at: CaseFailureAt): RouterResult {
  const content = prop(step, 'content') !== undefined ? step.content : step.message;
  if (!String(content || '').trim()) throw new CaseFailure('user step is missing content', at);
  return call(ctx, { command: 'user', content }, at);
}

function completeStep(ctx: Ctx, step: Json, current: RouterResult | null, at: CaseFailureAt): RouterResult {
  if (!current || current.type !== 'agent_instruction') throw new CaseFailure(`complete step requires a pending agent_instruction, got ${describeResult(current)}`, at);
  const expected = prop(step, 'agent') || step.completeAgent;
  if (expected) expectAgent(ctx.config, expected, current, at);
  if (step.content === undefined) throw new CaseFailure('complete step is missing content', at);
  return call(ctx, { command: 'complete', turnId: step.turnId || current.turnId, content: step.content }, at);
}

function anyStep(ctx: Ctx, step: Json, current: RouterResult | null, at: CaseFailureAt): RouterResult {
  const command = prop(step, 'command') || (step.completeAgent || step.agent || step.turnId ? 'complete' : 'user');
  if (command === 'user' || command === 'ingest') return userStep(ctx, step, at);
  if (command === 'complete') return completeStep(ctx, step, current, at);
  throw new CaseFailure(`unsupported eval step command: ${String(command)}`, at);
}

/** Runs one case on a fresh router state (`now` stamps every command). Never throws. */
export function runRoutingCase(config: RouterConfig, item: Record<string, unknown>, now: string): CaseResult {
  const c = item as Json;
  const name = String(c.name);
  const ctx: Ctx = { config, state: initialState(now), now };
  let current: RouterResult | null = null;
  let at: CaseFailureAt = { case: true };
  try {
    const given: Json[] = c.given === undefined || c.given === null ? [] : Array.isArray(c.given) ? c.given : [c.given];
    given.forEach((step, index) => {
      at = { step: 'given', index };
      current = anyStep(ctx, step, current, at);
    });
    if (c.input) current = anyStep(ctx, c.input, current, (at = { step: 'input' }));
    if (c.complete) current = completeStep(ctx, c.complete, current, (at = { step: 'complete' }));
    if (!current) throw new CaseFailure('case did not execute any routing step', { case: true });
    checkExpectation(config, c.expect || {}, current);
    return { name, status: 'PASS', actual: describeResult(current), result: current };
  } catch (e) {
    // A CaseFailure is the case's verdict; a TypeError is what the harness reports for a step that is null.
    if (!(e instanceof CaseFailure) && !(e instanceof TypeError)) throw e;
    const out: CaseResult = { name, status: 'FAIL', reason: e.message, at: e instanceof CaseFailure ? e.at : at };
    if (current) {
      out.actual = describeResult(current);
      out.result = current;
    }
    return out;
  }
}
