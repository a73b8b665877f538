/**
 * `npm run fuzz [-- --seconds N] [-- --property NAME[,NAME…]] [-- --seed S]`: runs the parser
 * properties of test/unit/fuzz.test.ts for a chosen time (default 60 s, shared between the
 * properties) with fresh seeds, prints what it tried, and saves every failing input (shrunk) as
 * JSON under test/fixtures/fuzz-regressions/, which the unit suite replays. The `shell-matrix`
 * property runs the command-fill attack matrix (test/helpers/shellMatrix.ts) in real shells with
 * batches of generated hostile values (`npm run test:shells` runs the template enumeration of
 * test/helpers/fillEnumeration.ts). Exit 1 on a failure.
 */
import fc from 'fast-check';
import { relative } from 'node:path';
import { properties, saveRegression } from '../test/helpers/fuzzInputs';
import { generatedValues, HAND_PICKED } from '../test/helpers/hostileValues';
import { runMatrix } from '../test/helpers/shellMatrix';
import { availableShells, SHELLS } from '../test/helpers/shellRunners';

/** The command-fill attack matrix is one more "property": every shape × hostile values × real shells. */
const SHELL_MATRIX = 'shell-matrix';

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npm run fuzz -- [--seconds N] [--property NAME[,NAME...]] [--seed S]\n`);
  process.exit(2);
}

function parseArgs(argv: string[]): { seconds: number; only: string[] | null; seed: number | null } {
  let seconds = 60;
  let only: string[] | null = null;
  let seed: number | null = null;
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    const [key, inline] = a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    const value = () => inline ?? argv[++i] ?? usage(`${key} needs a value`);
    if (key === '--seconds') {
      seconds = Number(value());
      if (!Number.isFinite(seconds) || seconds <= 0) usage('--seconds must be a positive number');
    } else if (key === '--property') only = value().split(',').filter(Boolean);
    else if (key === '--seed') {
      seed = Number(value());
      if (!Number.isInteger(seed)) usage('--seed must be an integer');
    } else if (key === '--help' || key === '-h') usage('');
    else usage(`unknown option ${a}`);
  }
  return { seconds, only, seed };
}

const { seconds, only, seed } = parseArgs(process.argv.slice(2));
const all = properties();
const chosen = only ? all.filter((p) => only.includes(p.name)) : all;
const matrix = !only || only.includes(SHELL_MATRIX);
if (only)
  for (const n of only) if (n !== SHELL_MATRIX && !all.some((p) => p.name === n)) usage(`unknown property ${n} (known: ${[...all.map((p) => p.name), SHELL_MATRIX].join(', ')})`);

const sliceMs = (seconds * 1000) / (chosen.length + (matrix ? 1 : 0));
let nextSeed = seed ?? (Date.now() ^ (process.pid << 16)) | 0;
let failures = 0;
const started = Date.now();
console.log(`fuzzing ${chosen.length} properties for ${seconds} s (${Math.round(sliceMs)} ms each)`);

for (const p of chosen) {
  const end = Date.now() + sliceMs;
  let runs = 0;
  const seeds: number[] = [];
  const found: string[] = [];
  // Fresh seeds until the slice is used up; a failure ends a round, the next round starts anew.
  while (Date.now() < end) {
    const s = nextSeed;
    nextSeed = (Math.imul(nextSeed, 1103515245) + 12345) | 0;
    seeds.push(s);
    const details = fc.check(
      fc.property(p.arbitrary, (input) => p.check(input)),
      { seed: s, numRuns: 1_000_000_000, interruptAfterTimeLimit: Math.max(1, end - Date.now()), markInterruptAsFailure: false },
    );
    runs += details.numRuns;
    if (details.failed && details.counterexample) {
      const error = details.errorInstance instanceof Error ? details.errorInstance.message : String(details.errorInstance);
      const file = saveRegression({
        property: p.name,
        input: details.counterexample[0],
        seed: s,
        path: details.counterexamplePath ?? undefined,
        error: error.split('\n').slice(0, 12).join('\n'),
      });
      found.push(relative(process.cwd(), file));
      failures++;
    }
  }
  const status = found.length ? `FAILED ${found.length}` : 'ok';
  console.log(`${p.name.padEnd(20)} ${status.padEnd(9)} ${String(runs).padStart(8)} runs  seeds ${seeds.join(', ')}`);
  for (const f of found) console.log(`  saved ${f}`);
}

if (matrix) {
  // The hand-picked values first, then batches of generated ones with fresh seeds until the slice is used.
  const end = Date.now() + Math.max(sliceMs, 1);
  let batch: string[] = [...HAND_PICKED];
  let cases = 0;
  let executed = 0;
  const problems: string[] = [];
  const seeds: number[] = [];
  const { shells, missing } = availableShells(SHELLS);
  if (missing) console.log(`${SHELL_MATRIX.padEnd(20)} note: ${missing}`);
  do {
    const r = runMatrix(batch, { shells });
    cases += r.cases;
    executed += r.executed;
    problems.push(...r.failures);
    seeds.push(nextSeed);
    batch = generatedValues(150, nextSeed);
    nextSeed = (Math.imul(nextSeed, 1103515245) + 12345) | 0;
  } while (Date.now() < end && problems.length === 0);
  console.log(
    `${SHELL_MATRIX.padEnd(20)} ${(problems.length ? `FAILED ${problems.length}` : 'ok').padEnd(9)} ${String(cases).padStart(8)} fills, ${executed} commands run  seeds ${seeds.join(', ')}`,
  );
  for (const p of problems.slice(0, 20)) console.log(`  ${p}`);
  failures += problems.length;
}

console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${failures ? `${failures} failing input(s) saved; the unit suite replays them` : 'no failures'}`);
process.exit(failures ? 1 : 0);
