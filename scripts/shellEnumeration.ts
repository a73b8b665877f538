/**
 * `npm run test:shells [-- --values all|quick] [--generated N] [--seed S] [--shell NAME[,NAME…]] [--out FILE] [--no-pairings]`:
 * the full command-fill enumeration (test/helpers/fillEnumeration.ts) in every shell: the 2,025
 * fragment pairings and N generated templates (default 2,000), filled with the enumeration's
 * values and the hand-picked hostile ones. Prints the counts; exit 1 when a value ran or a filled
 * value did not arrive exactly; `--out FILE` appends every failure to FILE.
 */
import { appendFileSync } from 'node:fs';
import { ENUMERATION_VALUES, generatedTemplates, pairedTemplates, runEnumeration } from '../test/helpers/fillEnumeration';
import { HAND_PICKED } from '../test/helpers/hostileValues';
import { availableShells, SHELLS } from '../test/helpers/shellRunners';

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npm run test:shells -- [--values all|quick] [--generated N] [--seed S] [--shell NAME[,NAME...]] [--out FILE] [--no-pairings]\n`);
  process.exit(2);
}

const args = process.argv.slice(2);
let valuesKind = 'all';
let generated = 2000;
let seed = 1;
let only: string[] | null = null;
let out: string | null = null;
let pairings = true;
for (let i = 0; i < args.length; i++) {
  const [key, inline] = args[i]!.includes('=') ? [args[i]!.slice(0, args[i]!.indexOf('=')), args[i]!.slice(args[i]!.indexOf('=') + 1)] : [args[i]!, undefined];
  const value = () => inline ?? args[++i] ?? usage(`${key} needs a value`);
  if (key === '--values') valuesKind = value();
  else if (key === '--generated') generated = Number(value());
  else if (key === '--seed') seed = Number(value());
  else if (key === '--shell') only = value().split(',');
  else if (key === '--out') out = value();
  else if (key === '--no-pairings') pairings = false;
  else usage(`unknown option ${args[i]}`);
}
if (!['all', 'quick'].includes(valuesKind) || !Number.isInteger(generated) || generated < 0 || !Number.isInteger(seed)) usage('bad option value');

// Values with a `/` could match real files through a glob the template puts next to the placeholder.
const values = valuesKind === 'quick' ? [...ENUMERATION_VALUES] : [...new Set([...ENUMERATION_VALUES, ...HAND_PICKED.filter((v) => !v.includes('/'))])];
const { shells, missing } = availableShells(only ? SHELLS.filter((s) => only!.includes(s.name)) : SHELLS);
if (missing) console.log(`note: ${missing}`);
const sets: [string, string[]][] = [
  ['pairings', pairings ? pairedTemplates() : []],
  ['generated', generatedTemplates(generated, seed)],
];
let failures = 0;
const started = Date.now();
for (const [name, templates] of sets) {
  if (!templates.length) continue;
  const r = runEnumeration(templates, values, shells);
  console.log(
    `${name}: ${r.templates} templates × ${values.length} values × ${shells.length} shells (${shells.map((s) => s.name).join(', ')}): ${r.cases} fills, ${r.refused} refused, ${r.run} run; templates refused whole: ${r.refusedTemplates} per shell; values that ran: ${r.ran.length}; not exactly right: ${r.wrong.length}`,
  );
  for (const line of [...r.ran.slice(0, 40), ...r.wrong.slice(0, 40)]) console.log(`  ${line}`);
  if (out) appendFileSync(out, [...r.ran, ...r.wrong].map((l) => `${name}: ${l}\n`).join(''));
  failures += r.ran.length + r.wrong.length;
}
console.log(`done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${failures ? `${failures} failures` : 'no failures'}`);
process.exit(failures ? 1 : 0);
