/**
 * Hover inside world.eval.md's routing cases: on a case's name, what the router answered (the
 * case's verdict and last result); on `expect.type`, `expect.code` and a step's `command`, what
 * the value means to the router and the eval.
 */
import { getLocation } from 'jsonc-parser';
import type { Hover } from 'vscode-languageserver-types';
import { LineIndex } from '../../text/text';
import { rangeContains, type Position } from '../../types';
import { parseEvalBlocks } from '../evalContract';
import type { CaseFindings } from './caseFindings';

const RESULT_TYPE_DOCS: Record<string, string> = {
  agent_instruction: 'one agent turn to run: the agent, its workflow node, the reason it was chosen, its context and the host instruction',
  agent_instruction_batch: 'several independent turns to run in parallel (only with `workflow.parallelDispatch: true`)',
  host_action: 'an agent asked for host work (an `agent-world-host-action` block); its result goes back to that agent',
  blocked: 'the router will not route the last message; `code` says why (`workflow_edge_blocked`, `unknown_mention_target`, `turn_limit_reached`)',
  done: 'the run ended: the message carried the stop token or `<world>STOP|DONE|PASS</world>`; `final` is its text without the handoff lines',
  idle: 'nothing is pending (with `awaitingTurns` when dispatched turns have not completed yet)',
};

const CODE_DOCS: Record<string, string> = {
  workflow_edge_blocked:
    'An agent mentioned an agent that no workflow edge from its node allows. Reason: `Agent @{sender} mentioned @{target}, but no workflow edge allows {node} -> {target nodes}.`',
  unknown_mention_target:
    'An agent began a paragraph with a mention that matches no agent, and no other mention resolved (in free-mention, or at a node with outgoing edges). Reason: `Agent @{sender} used a paragraph-start mention of @{token}, which matches no agent in this world.`',
  turn_limit_reached: 'The run has completed `world.turnLimit` turns (30 by default). Reason: `Workflow stopped: turn limit {limit} reached.`',
  routing_blocked: 'The router’s default code for a block without one (it gives every block a code).',
};

const COMMAND_DOCS: Record<string, string> = {
  user: 'a top-level human message: a new run unless turns are pending; it supersedes pending blocks',
  ingest: 'the same as `user`',
  complete:
    'completes the pending agent_instruction (its `turnId` unless the step names one) with `content` as the agent’s message; `agent` / `completeAgent` assert which agent is pending',
};

export function routingCaseHover(text: string, position: Position, findings: CaseFindings): Hover | undefined {
  for (const l of findings.lenses) {
    if (l.nameRange && rangeContains(l.nameRange, position)) {
      const verdict = l.status === 'PASS' ? '✓ passes' : l.status === 'FAIL' ? `✗ fails: ${l.title.slice(2)}` : l.title;
      const last = l.actual ? `\n\nLast router result: \`${l.actual}\`` : '';
      return { contents: { kind: 'markdown', value: `**Routing case** ${verdict}${last}` }, range: l.nameRange };
    }
  }
  const index = new LineIndex(text);
  const offset = index.offsetAt(position);
  const block = parseEvalBlocks(text).find((b) => offset >= b.offset && offset <= b.offset + b.content.length);
  if (!block) return undefined;
  const loc = getLocation(block.content, offset - block.offset);
  const node = loc.previousNode;
  if (loc.isAtPropertyKey || node?.type !== 'string' || typeof node.value !== 'string') return undefined;
  const path = loc.path.filter((p) => typeof p === 'string');
  const [parent, last] = [path[path.length - 2], path[path.length - 1]];
  const doc =
    parent === 'expect' && last === 'type'
      ? RESULT_TYPE_DOCS[node.value]
      : parent === 'expect' && last === 'code'
        ? CODE_DOCS[node.value]
        : last === 'command'
          ? COMMAND_DOCS[node.value]
          : undefined;
  if (!doc) return undefined;
  const start = block.offset + node.offset;
  return { contents: { kind: 'markdown', value: `\`${node.value}\`: ${doc}` }, range: { start: index.positionAt(start), end: index.positionAt(start + node.length) } };
}
