/**
 * Deterministic synthetic agents for benchmarks and scale tests: an identity, a shared
 * `cite-sources` skill, and n-1 generated skills with ~1.5 KB bodies, a fenced example and,
 * for about a quarter of them, a dependency link.
 */

const VERBS = [
  'find',
  'fetch',
  'summarize',
  'translate',
  'review',
  'deploy',
  'build',
  'test',
  'lint',
  'format',
  'search',
  'index',
  'archive',
  'restore',
  'compare',
  'merge',
  'split',
  'rename',
  'audit',
  'export',
  'import',
  'sync',
  'scan',
  'tag',
  'sort',
  'filter',
  'count',
  'plot',
  'draft',
  'publish',
];
const NOUNS = ['files', 'issues', 'commits', 'invoices', 'tickets', 'logs', 'metrics', 'images', 'contracts', 'emails', 'tables', 'reports', 'notes', 'builds'];

/** Verb/noun pairs repeat after lcm(verbs, nouns) skills; later rounds get a numeric suffix. */
const gcd = (a: number, b: number): number => (b ? gcd(b, a % b) : a);
const PERIOD = (VERBS.length * NOUNS.length) / gcd(VERBS.length, NOUNS.length);

/** A small linear congruential generator, so every run builds the same text. */
export function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 0x100000000;
  };
}

function body(verb: string, noun: string, dep: boolean): string {
  const lines = [
    `# Skill: ${verb} ${noun}`,
    '',
    `Purpose: ${verb} the ${noun} the user points at, and report what changed.`,
    '',
    '## Inputs',
    `- ${noun}: which ${noun} to ${verb} (a path, an id or a query).`,
    '',
    '## Procedure',
    `1. Confirm which ${noun} are meant; ask when the request is ambiguous.`,
    `2. Run the tool with the narrowest scope that answers the request.`,
    `3. Check the result against the request before answering.`,
    `4. Summarize in at most five bullet points; quote exact names.`,
    `5. Offer the next step, but do not take it unasked.`,
    '',
    '## Example',
    '```sh',
    `tool ${verb} --${noun} "last week" --format json`,
    '```',
    '',
    '## Edge cases',
    `- No ${noun} match: say so and suggest a broader query.`,
    `- Too many ${noun}: show the first twenty and the total count.`,
    `- Permission denied: report it; never retry with elevated rights.`,
  ];
  if (dep) lines.push('', 'For any external claim in the result, attach a source via [[z=1|cite-sources]].');
  return lines.join('\n');
}

/** An agent with `n` skills (n+1 planes). Skill names stay unique at any n. */
export function genAgent(n: number, seed = 42): string {
  const rand = rng(seed + n);
  const out = [
    '---',
    '3md: 1.0',
    'axis: skill',
    `title: Atlas-${n}`,
    'agent: atlas',
    'model: claude-opus-4-8',
    'tools: web, bash, fs, tool',
    'entry: "0"',
    '---',
    'Synthetic agent for the benchmark.',
    '',
    '@plane z=0 label="Atlas" kind=identity',
    'You are Atlas. Pick the one skill that fits the request and follow it.',
    '',
    '@plane z=1 label="cite-sources" kind=skill triggers="cite source, attribution, reference" inputs="claims"',
    'Attach a source to every claim.',
  ];
  for (let i = 2; i <= n; i++) {
    const verb = VERBS[(i - 2) % VERBS.length]!;
    const noun = NOUNS[(i - 2) % NOUNS.length]!;
    const round = Math.floor((i - 2) / PERIOD);
    const name = `${verb}-${noun}${round ? `-${round + 1}` : ''}`;
    out.push(
      '',
      `@plane z=${i} label="${name}" kind=skill triggers="${verb} ${noun}, ${verb}, ${noun}" inputs="${noun}" tool="tool ${verb} {${noun}}"`,
      body(verb, noun, rand() < 0.25),
    );
  }
  return out.join('\n') + '\n';
}

/** Requests like a person would type, for routing benchmarks and identity tests. */
export function genRequests(n: number, count = 24, seed = 7): string[] {
  const rand = rng(seed + n);
  const leads = ['I need to', 'Can you', 'Please', 'Go ahead and', 'Help me'];
  const tails = ['for the team', 'before the deadline', 'and keep it short', 'right away', ''];
  const out: string[] = [];
  for (let k = 0; k < count; k++) {
    const i = 2 + Math.floor(rand() * Math.max(1, n - 1));
    const verb = VERBS[(i - 2) % VERBS.length]!;
    const noun = NOUNS[(i - 2) % NOUNS.length]!;
    out.push(`${leads[k % leads.length]} ${verb} the latest ${noun} ${tails[k % tails.length]}`.trim());
  }
  return out;
}
