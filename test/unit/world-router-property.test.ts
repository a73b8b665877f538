// Property: on any completion text the router answers (never throws) and, in a world that
// enforces its edges, never queues a turn outside the graph. Seeded, so a failure replays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { RouterConfig, RouterState } from '../../server/src/core/world/router/types';
import { configOf, makeWorld, Run } from '../fixtures/world/routerHelpers';
import { prng } from '../helpers/prng';

const WORLDS = [
  makeWorld(
    'sequential-pipeline',
    { intake: 'intake', design: 'architect', build: 'builder', final: 'final' },
    { intake: ['design'], design: ['build'], build: ['final'], final: [] },
    { turnLimit: 12 },
  ),
  makeWorld(
    'fan-in-collector',
    { r: 'researcher', a: 'analyst', c: ['collector', ['r', 'a']] },
    { human: ['r', 'a'], r: ['c'], a: ['c'], c: [] },
    { parallelDispatch: true, turnLimit: 9 },
  ),
  makeWorld(
    'debate-ping-pong-loop',
    { pro: 'pro', con: 'con', judge: 'judge' },
    { pro: ['con', 'judge'], con: ['pro', 'judge'], judge: [] },
    { turnLimit: 5, names: { judge: 'The Judge' } },
  ),
];

function fragment(rand: () => number, agents: string[]): string {
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const agent = pick([...agents, 'nobody', 'human', 'The Judge', 'JUDGE', '1qa']);
  const pieces = [
    () => `@${agent} over to you`,
    () => `hey @${agent}, go`,
    () => `text @${agent} mid-line`,
    () => '```\n@' + agent + '\n```',
    () => `<world>TO: ${agent}, ${pick(agents)}</world>`,
    () => '<world>TO: </world>',
    () => '<world>pass</world>',
    () => '<world> stop </world>',
    () => '```agent-world-host-action\n{"kind":"shell","payload":{"cmd":"ls"}}\n```',
    () => '```agent-world-host-action\n{not json\n```',
    () => '```agent-world-host-action\nnull\n```',
    () => '```agent-world-host-action\n"str"\n```',
    () => '```agent-world-host-action\n{"id":7}\n```',
    () => '```',
    () => String.fromCharCode(...Array.from({ length: 1 + Math.floor(rand() * 12) }, () => Math.floor(rand() * 0x2fff))),
    () => '',
    () => '\r\n',
    () => '[STATE=PLAN]',
  ];
  return Array.from({ length: 1 + Math.floor(rand() * 4) }, () => pick(pieces)()).join(pick(['\n', ' ', '\n\n', '']));
}

/** Every pending or completed turn sits on a node; one routed by an edge follows an edge of its source's node. */
function outsideGraph(config: RouterConfig, state: RouterState): string[] {
  const bad: string[] = [];
  for (const t of [...state.pendingTurns, ...state.completedTurns]) {
    if (t.workflowNode === null || !Object.hasOwn(config.workflow.nodes, t.workflowNode)) bad.push(`${t.id} has no node`);
    else if (config.workflow.nodes[t.workflowNode]!.agent !== t.agent) bad.push(`${t.id}: ${t.agent} is not the agent of ${t.workflowNode}`);
    if (t.reason === 'workflow_edge') {
      const source = state.messages.find((m) => m.id === t.sourceMessageId);
      const from = source?.metadata.workflowNode ?? null;
      if (from === null || !(config.workflow.edges[from] ?? []).includes(t.workflowNode ?? '')) bad.push(`${t.id}: no edge ${from} -> ${t.workflowNode}`);
    }
  }
  return bad;
}

test('the router never throws and never leaves the graph of an enforced world, on 600 seeded runs', () => {
  for (let seed = 1; seed <= 600; seed++) {
    const rand = prng(seed);
    const world = WORLDS[seed % WORLDS.length]!;
    const config = configOf(world);
    const agents = Object.keys(config.agents);
    const run = new Run(config);
    for (let i = 0; i < 14; i++) {
      const r = rand();
      const pendingTurns = run.state.pendingTurns.filter((t) => t.status === 'pending');
      const pendingActions = run.state.pendingHostActions.filter((a) => a.status === 'pending');
      const text = fragment(rand, agents);
      const where = `seed ${seed}, step ${i}: ${JSON.stringify(text)}`;
      try {
        if (r < 0.15 || (pendingTurns.length === 0 && pendingActions.length === 0)) run.user(text || 'go');
        else if (pendingActions.length > 0 && r < 0.3) run.step({ command: 'complete', actionId: pendingActions[0]!.id, content: text });
        else run.complete(text, pendingTurns[Math.floor(rand() * pendingTurns.length)]?.id ?? 'turn_9999');
      } catch (e) {
        assert.fail(`${where}: threw ${e instanceof Error ? e.stack : String(e)}`);
      }
      assert.deepEqual(outsideGraph(config, run.state), [], where);
    }
  }
});
