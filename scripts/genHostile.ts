/**
 * Inputs whose cost once grew faster than their size (issue 18, section 2), for `npm run bench`
 * and the hang-guard tests: each must be answered in well under 2 s.
 */

const head = (title: string) => `---\n3md: 1.0\naxis: skill\ntitle: ${title}\n---\n\n`;
const identity = '@plane z=0 kind=identity label="core"\nThe identity.\n\n';

/** `n` planes, each linking to every other plane: one strongly connected component of n² links. */
export function allToAll(n: number): string {
  const out = [head(`mesh-${n}`)];
  for (let z = 0; z < n; z++) {
    const links: string[] = [];
    for (let t = 0; t < n; t++) if (t !== z) links.push(`[[z=${t}]]`);
    out.push(z === 0 ? '@plane z=0 kind=identity label="core"\n' : `@plane z=${z} label="s${z}" triggers="s${z}"\n`, links.join(' '), '\n\n');
  }
  return out.join('');
}

/** One skill whose body holds `n` links to the identity (z=0). */
export function manyLinks(n: number): string {
  return head('links') + identity + '@plane z=1 label="s" triggers="s"\n' + '[[z=0]] '.repeat(n) + '\n';
}

/** One skill whose body holds `n` links to itself: `n` self-links, each a cycle. */
export function manySelfLinks(n: number): string {
  return head('self') + identity + '@plane z=1 label="s" triggers="s"\n' + '[[z=1]] '.repeat(n) + '\n';
}

/** `n` dead links on one line. */
export function deadLinks(n: number): string {
  return head('dead') + identity + '@plane z=1 label="s" triggers="s"\n' + '[[z=9]]'.repeat(n) + '\n';
}

/** One tool template with `n` placeholders, none of them declared. */
export function undeclaredPlaceholders(n: number): string {
  return head('tool') + identity + `@plane z=1 label="s" triggers="s" tool="run ${'{q} '.repeat(n)}"\nRuns.\n`;
}

/** `n` planes in one ring: z=i links to z=i+1, the last to z=0. */
export function ring(n: number): string {
  const out = [head(`ring-${n}`)];
  for (let z = 0; z < n; z++) {
    out.push(z === 0 ? '@plane z=0 kind=identity label="core"\n' : `@plane z=${z} label="s${z}" triggers="s${z}"\n`, `[[z=${(z + 1) % n}]]\n\n`);
  }
  return out.join('');
}

/** A world.json whose `n` agents form one cycle: node i runs agent i, hands off to node i+1 and requires node i−1. */
export function worldRing(n: number): string {
  const nodes: Record<string, unknown> = {};
  const edges: Record<string, string[]> = {};
  const agents: Record<string, unknown> = {};
  for (let i = 0; i < n; i++) {
    nodes[`n${i}`] = { agent: `a${i}`, requires: [`n${(i + n - 1) % n}`], instruction: `Step ${i}.` };
    edges[`n${i}`] = [`n${(i + 1) % n}`];
    agents[`a${i}`] = { role: `r${i}`, promptPath: `prompts/a${i}.md`, contextScope: 'agent' };
  }
  return JSON.stringify({
    world: { id: 'ring', name: 'ring', stopToken: '<world>pass</world>', turnLimit: 16, mode: 'host_delegated' },
    workflow: { type: 'sequential-pipeline', entry: 'n0', entryAgent: 'a0', nodes, edges },
    agents,
  });
}

/** A SKILL.md whose body holds `n` links to a file that does not exist (issue 15: every one is a warning, capped). */
export function skillMissingLinks(n: number): string {
  return `---\nname: s\ndescription: Links to a file that is not there. Use when testing.\n---\n\n${'[x](missing.md) '.repeat(n)}\n`;
}
