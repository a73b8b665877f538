/**
 * world.eval.md: fenced ```json routing cases (V1 parse, V2 at least one case, V3 fields that
 * name real types, codes, agents, nodes and commands, V4 pattern-minimum coverage), plus W18
 * for messages that both hand off and stop. Also exposes the agent/node references for
 * navigation and rename.
 */
import { printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import { boundedParseTree, MAX_DOCUMENT_DEPTH } from '../text/jsonDepth';
import { LineIndex } from '../text/text';
import type { Diagnostic, Range } from '../types';
import { diag, firstLineRange } from './diag';
import { hasCompletionSignal, resolveAlias, resolveMentions } from './mentions';
import type { WorldModel } from './model';
import { BLOCKED_CODES, RESULT_TYPES, STEP_COMMANDS } from './patterns';

export interface EvalBlock {
  /** 1-based, as in the eval's `json block {n}` messages. */
  n: number;
  /** Offset of the block's content in the whole text. */
  offset: number;
  content: string;
  root?: Node;
  errors: ParseError[];
  /** Offset (in `content`) of the bracket past the nesting limit, when the block was too deep to parse. */
  tooDeepAt?: number;
}

export interface EvalRef {
  kind: 'agent' | 'node';
  value: string;
  /** Which field: expect.agent, complete.agent, completeAgent, expect.workflowNode… */
  field: string;
  range: Range;
  inner: Range;
}

/** Every ```json fence of the eval contract, parsed. Never throws. */
export function parseEvalBlocks(text: string): EvalBlock[] {
  const out: EvalBlock[] = [];
  const re = /```json[^\S\r\n]*\r?\n([\s\S]*?)```/g;
  let n = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const content = m[1]!;
    const errors: ParseError[] = [];
    const { root, tooDeepAt } = boundedParseTree(content, errors, { disallowComments: true, allowTrailingComma: false });
    const b: EvalBlock = { n: ++n, offset: m.index + m[0].length - 3 - content.length, content, errors };
    if (tooDeepAt !== -1) b.tooDeepAt = tooDeepAt;
    if (root) b.root = root;
    out.push(b);
  }
  return out;
}

function prop(n: Node | undefined, key: string): Node | undefined {
  if (n?.type !== 'object') return undefined;
  for (const p of n.children ?? []) if (p.children?.[0]?.value === key) return p.children[1];
  return undefined;
}

function keyNode(n: Node | undefined, key: string): Node | undefined {
  if (n?.type !== 'object') return undefined;
  for (const p of n.children ?? []) if (p.children?.[0]?.value === key) return p.children[0];
  return undefined;
}

/** Case objects of a block: the root object or the objects of a root array. */
export function caseNodes(block: EvalBlock): Node[] {
  const r = block.root;
  const items = r?.type === 'array' ? (r.children ?? []) : r ? [r] : [];
  return items.filter((c) => c.type === 'object' && prop(c, 'name') && prop(c, 'expect') && (prop(c, 'input') || prop(c, 'given') || prop(c, 'complete')));
}

interface Step {
  node: Node;
  /** Where a step-level finding sits (the `input`/`complete` key, or the `given` item). */
  anchor: Node;
}

function stepsOf(c: Node): Step[] {
  const out: Step[] = [];
  const given = prop(c, 'given');
  if (given?.type === 'array') for (const g of given.children ?? []) out.push({ node: g, anchor: g });
  for (const k of ['input', 'complete']) {
    const v = prop(c, k);
    if (v) out.push({ node: v, anchor: keyNode(c, k)! });
  }
  return out;
}

/** Agent and node references in the routing cases (for navigation and rename). */
export function evalReferences(text: string): EvalRef[] {
  const index = new LineIndex(text);
  const out: EvalRef[] = [];
  for (const b of parseEvalBlocks(text)) {
    const add = (kind: EvalRef['kind'], field: string, n: Node | undefined) => {
      if (n?.type !== 'string' || typeof n.value !== 'string') return;
      const s = b.offset + n.offset;
      out.push({
        kind,
        field,
        value: n.value,
        range: { start: index.positionAt(s), end: index.positionAt(s + n.length) },
        inner: { start: index.positionAt(s + 1), end: index.positionAt(s + n.length - 1) },
      });
    };
    for (const c of caseNodes(b)) {
      const expect = prop(c, 'expect');
      add('agent', 'expect.agent', prop(expect, 'agent'));
      add('node', 'expect.workflowNode', prop(expect, 'workflowNode'));
      for (const st of stepsOf(c)) {
        add('agent', 'agent', prop(st.node, 'agent'));
        add('agent', 'completeAgent', prop(st.node, 'completeAgent'));
      }
    }
  }
  return out;
}

/** Diagnostics of world.eval.md against `world`. */
export function analyzeEval(text: string, world: WorldModel): Diagnostic[] {
  const out: Diagnostic[] = [];
  const index = new LineIndex(text);
  const blocks = parseEvalBlocks(text);
  const r = (b: EvalBlock, offset: number, length: number): Range => ({ start: index.positionAt(b.offset + offset), end: index.positionAt(b.offset + offset + length) });
  const nr = (b: EvalBlock, n: Node) => r(b, n.offset, n.length);
  let cases = 0;
  const seen = { types: new Set<string>(), codes: new Set<string>() };
  for (const b of blocks) {
    // JSON.parse stops at its first error, and so does the eval's message.
    if (b.tooDeepAt !== undefined) {
      out.push(diag('world-eval-invalid-json', 'error', `json block ${b.n}: nested deeper than ${MAX_DOCUMENT_DEPTH} levels of arrays and objects`, r(b, b.tooDeepAt, 1)));
    }
    for (const e of b.errors.slice(0, 1)) {
      const where = index.positionAt(b.offset + e.offset);
      out.push(
        diag(
          'world-eval-invalid-json',
          'error',
          `json block ${b.n}: ${printParseErrorCode(e.error)} at line ${where.line + 1} column ${where.character + 1}`,
          r(b, e.offset, Math.max(1, e.length)),
        ),
      );
    }
    for (const c of caseNodes(b)) {
      cases++;
      const expect = prop(c, 'expect');
      const type = prop(expect, 'type');
      if (type?.type === 'string') seen.types.add(type.value);
      if (type && !(type.type === 'string' && RESULT_TYPES.includes(type.value))) {
        out.push(diag('world-eval-unknown-type', 'error', `expect.type ${JSON.stringify(type.value)} is not a router result type: ${RESULT_TYPES.join(', ')}`, nr(b, type)));
      }
      const code = prop(expect, 'code');
      if (code?.type === 'string') seen.codes.add(code.value);
      if (code && !(code.type === 'string' && (BLOCKED_CODES.includes(code.value) || code.value === 'routing_blocked'))) {
        out.push(diag('world-eval-unknown-code', 'error', `expect.code ${JSON.stringify(code.value)} is not a blocked code: ${BLOCKED_CODES.join(', ')}`, nr(b, code)));
      }
      const agentCheck = (field: string, n: Node | undefined) => {
        if (n?.type === 'string' && world.agents.size > 0 && resolveAlias(world.aliases, n.value) === undefined) {
          out.push(diag('world-eval-unknown-agent', 'error', `${field} "${n.value}" matches no agent in this world`, nr(b, n)));
        }
      };
      agentCheck('expect.agent', prop(expect, 'agent'));
      const wn = prop(expect, 'workflowNode');
      if (wn?.type === 'string' && world.nodes.size > 0 && !world.nodes.has(wn.value)) {
        out.push(diag('world-eval-unknown-node', 'error', `expect.workflowNode "${wn.value}" does not match a workflow node`, nr(b, wn)));
      }
      const expectsDone = type?.value === 'done';
      for (const st of stepsOf(c)) {
        if (st.node.type !== 'object') continue;
        const cmdNode = prop(st.node, 'command');
        const inferred = prop(st.node, 'completeAgent') || prop(st.node, 'agent') || prop(st.node, 'turnId') ? 'complete' : 'user';
        const cmd = cmdNode ? cmdNode.value : inferred;
        if (cmdNode && !(typeof cmd === 'string' && STEP_COMMANDS.includes(cmd))) {
          out.push(diag('world-eval-unsupported-command', 'error', `unsupported eval step command: ${String(cmd)}`, nr(b, cmdNode)));
          continue;
        }
        const content = prop(st.node, 'content') ?? prop(st.node, 'message');
        if (!content) out.push(diag('world-eval-missing-content', 'error', `${cmd === 'ingest' ? 'user' : String(cmd)} step is missing content`, nr(b, st.anchor)));
        agentCheck(`${cmd} step agent`, prop(st.node, 'agent'));
        agentCheck(`${cmd} step completeAgent`, prop(st.node, 'completeAgent'));
        if (content?.type === 'string' && !expectsDone && hasCompletionSignal(content.value, world.stopToken)) {
          if (resolveMentions(content.value, world.aliases).some((m) => m.agentId !== undefined)) {
            out.push(
              diag(
                'world-handoff-with-stop-token',
                'information',
                'This message both hands off with a paragraph-start mention and carries the stop token; the completion tag wins, so no routing happens',
                nr(b, content),
              ),
            );
          }
        }
      }
    }
  }
  if (cases === 0) out.push(diag('world-eval-no-routing-cases', 'error', 'no fenced json routing cases with name and expect were found', firstLineRange(text)));
  else for (const x of coverage(text, world, seen)) out.push(x);
  return out;
}

/** V4: the pattern minimums that can be read off expect.type / expect.code. */
function coverage(text: string, world: WorldModel, seen: { types: Set<string>; codes: Set<string> }): Diagnostic[] {
  const type = world.type?.value;
  if (type === undefined) return [];
  const want: [string, boolean][] = [['a done case (stop-token completion)', seen.types.has('done')]];
  if (type === 'direct-handoff' || type === 'sequential-pipeline' || type === 'custom-dag') {
    want.push(['a blocked workflow_edge_blocked case (an invalid handoff blocks)', seen.codes.has('workflow_edge_blocked')]);
  }
  if (type === 'free-mention') want.push(['a blocked unknown_mention_target case (an unresolved mention blocks)', seen.codes.has('unknown_mention_target')]);
  if (type === 'free-mention' || type === 'debate-ping-pong-loop') {
    want.push(['a blocked turn_limit_reached case (the turn limit bounds the loop)', seen.codes.has('turn_limit_reached')]);
  }
  return want
    .filter(([, ok]) => !ok)
    .map(([what]) => diag('world-eval-pattern-coverage', 'information', `world.eval.md has no case for the ${type} pattern minimum: ${what}`, firstLineRange(text)));
}
