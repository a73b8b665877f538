/**
 * What the router answers after a command (spec §3.8): done, else the first pending block, else
 * the first pending host action, else the pending turns (a batch with `parallelDispatch`, the
 * turn-limit block when the limit is reached), else idle.
 */
import type { Aliases } from './aliases';
import { inRun, pendingTurnsOfRun, type Draft } from './draft';
import { agentInstruction, blockedInstruction, hostActionInstruction } from './instruction';
import { queueBlock, turnLimitBlock } from './queue';
import type { Instruction, RouterConfig } from './types';
import { turnLimitReached } from './workflow';

export function nextInstruction(config: RouterConfig, aliases: Aliases, d: Draft): Instruction {
  const s = d.state;
  const world = config.world.name;
  if (s.done) {
    return { type: 'done', world, runId: s.currentRunId, final: s.final, hostInstruction: 'Give the user this final answer; the Agent World run is over.' };
  }
  const blocked = s.pendingRoutingErrors.find((e) => inRun(d, e) && e.status === 'pending');
  if (blocked) return blockedInstruction(config, blocked);
  const action = s.pendingHostActions.find((a) => inRun(d, a) && a.status === 'pending');
  if (action) return hostActionInstruction(config, d, action);
  const pending = pendingTurnsOfRun(d);
  if (config.workflow.parallelDispatch && pending.length > 0 && !turnLimitReached(config, d)) {
    const fresh = pending.filter((t) => !t.dispatched);
    if (fresh.length === 0) {
      return {
        type: 'idle',
        world,
        runId: s.currentRunId,
        awaitingTurns: pending.map((t) => t.id),
        hostInstruction: 'Every pending turn is already out with a subagent. Complete those turns before asking the router for more.',
      };
    }
    for (const t of fresh) t.dispatched = true;
    if (fresh.length === 1) return agentInstruction(config, aliases, d, fresh[0]!);
    return {
      type: 'agent_instruction_batch',
      world,
      runId: s.currentRunId,
      turns: fresh.map((t) => agentInstruction(config, aliases, d, t)),
      hostInstruction: 'Run every turn of this batch at once, one independent subagent each, and complete each through its own responseContract paths, in any order.',
    };
  }
  const turn = pending[0];
  if (turn && turnLimitReached(config, d)) {
    turn.status = 'blocked';
    turn.blockedAt = d.now;
    const b = queueBlock(d, turnLimitBlock(config, d, turn.sourceMessageId)) ?? s.pendingRoutingErrors.find((e) => inRun(d, e) && e.status === 'pending');
    if (b) return blockedInstruction(config, b);
  }
  if (turn && turn.status === 'pending') return agentInstruction(config, aliases, d, turn);
  return { type: 'idle', world, runId: s.currentRunId, hostInstruction: 'Nothing is pending in this Agent World run; the next request may come.' };
}
