/**
 * One measurement of retained heap per skill, in its own process (run by benchReference.ts with
 * `node --expose-gc --import tsx`): a generated agent of N skills is loaded and routed once, and
 * the heap growth after full collections is divided by N. The text is made before the first
 * reading, so neither side is charged for it.
 *
 *   benchHeapChild.ts agent-files N         our runtime: parse, agent model, route
 *   benchHeapChild.ts agent-files-check N   the same through the check's analysis
 *   benchHeapChild.ts reference N DIR       the reference runtime (DIR/src/runtime.ts)
 *
 * Prints `{"kbPerSkill": …}`.
 */
import { pathToFileURL } from 'node:url';
import { join } from 'node:path';
import { genAgent } from './genAgent';
import { parseThreeMd } from '../server/src/core/threemd/parser';
import { buildAgent } from '../server/src/core/agent/model';
import { AgentRuntime } from '../server/src/core/agent/runtime';
import { analyzeThreeMd } from '../server/src/core/agent/threemdAnalysis';

interface Routable {
  route(text: string): unknown;
}

async function loader(which: string, refDir: string | undefined): Promise<(text: string) => Routable> {
  if (which === 'agent-files') return (text) => new AgentRuntime(buildAgent(parseThreeMd(text)));
  if (which === 'agent-files-check') return (text) => analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' }).runtime;
  if (which === 'reference' && refDir) {
    const ref = (await import(pathToFileURL(join(refDir, 'src', 'runtime.ts')).href)) as { Agent: new (text: string) => Routable };
    return (text) => new ref.Agent(text);
  }
  throw new Error(`usage: benchHeapChild.ts agent-files|agent-files-check|reference N [DIR]`);
}

async function main(): Promise<void> {
  const [which = '', count = '10000', refDir] = process.argv.slice(2);
  const n = Number(count);
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) throw new Error('run with --expose-gc');
  const load = await loader(which, refDir);
  // Warm the code paths on a small agent, so compiled code is not counted as data.
  load(genAgent(50)).route('search the web');
  const text = genAgent(n);
  gc();
  gc();
  const before = process.memoryUsage().heapUsed;
  const agent = load(text);
  agent.route('search files for a pattern');
  gc();
  gc();
  const after = process.memoryUsage().heapUsed;
  process.stdout.write(JSON.stringify({ kbPerSkill: (after - before) / n / 1024, routed: agent !== undefined }) + '\n');
}

void main();
