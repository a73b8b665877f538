/** World graphs made to order, and the join findings the core reports on them (world-upstream and stress tests). */
import { analyzeWorld } from '../../server/src/core/world';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const URI = 'file:///ws/.agent-world/world.json';

/** A sequential world of `n` nodes n0… with these edges and requires (node indices). */
export function world(n: number, edges: [number, number][], requires: [number, number][], extra: Record<string, string[]> = {}): string {
  const nodes: Record<string, unknown> = {};
  const agents: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    nodes[`n${i}`] = { agent: `a${i}`, requires: requires.filter(([a]) => a === i).map(([, b]) => `n${b}`) };
    agents[`a${i}`] = { role: 'r', promptPath: `prompts/a${i}.md` };
  }
  const e: Record<string, string[]> = { ...extra };
  for (const [a, b] of edges) (e[`n${a}`] ??= []).push(`n${b}`);
  return JSON.stringify({ world: { id: 'w', name: 'w' }, workflow: { type: 'sequential-pipeline', entry: 'n0', nodes, edges: e }, agents });
}

/** The world-unreachable-join findings of a world, as "nI requires nJ: never | not upstream". */
export const joins = (text: string) =>
  analyzeWorld(text, URI, new InMemoryHost())
    .diagnostics.filter((d) => d.code === 'world-unreachable-join')
    .map((d) => {
      const m = /^workflow\.nodes\.(\w+)\.requires "(\w+)" (can never|is not upstream)/.exec(d.message)!;
      return `${m[1]} requires ${m[2]}: ${m[3] === 'can never' ? 'never' : 'not upstream'}`;
    });
