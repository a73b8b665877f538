/**
 * How large `agent-files check` lets V8's heap grow: its young generation, and its old one.
 *
 * V8 doubles a heap's young generation while many short-lived objects survive a scavenge, up to
 * 16 MB per semi-space on Node 20 (three spaces of that size count towards the resident size)
 * and more on Node 24. `check`'s walk and configuration reads make it grow to the most before the
 * first file is checked; checking a file makes objects that mostly die young, for which 8 MB
 * semi-spaces cost little more than the largest. So each thread starts with growth turned off
 * (`--semi-space-growth-factor=1`), and lets the space grow to 16 MB in all while it checks
 * (`whileChecking`, asked before each file). On 10,000 skills peak RSS fell from about 218 MB to
 * 190-196 MB on Node 20 (threads) for about 5 % more time; turning growth off for the whole run
 * made 1,250 scavenges of 160 and the run about 10 % slower (docs/performance.md).
 *
 * After each full collection V8 lets the old generation grow to a multiple of what survived it,
 * up to 4 times on a small heap whose collections are quick. The first one in a `check` run of
 * 10,000 skills comes early (about 20 MB survive it), so the main thread's old generation grew to
 * about 90 MB before the next, whatever the run kept. With the multiple set to 2
 * (`--heap-growing-percent=100`) V8 collects as the run's records grow: two more full
 * collections (25 ms) on 10,000 skills, and peak RSS with threads on Node 20 222 → 210 MB
 * (docs/performance.md).
 *
 * V8 reads both flags each time it sizes a space, so they can be changed while the process runs.
 * Each thread sets them: on Node 20 a worker's heap still grows when only the main thread did.
 * They are set only on V8 versions where they are known to exist (an unknown flag makes V8 print
 * an error), and each is left alone when the user sized that generation themselves.
 */
import * as v8 from 'node:v8';

/** Major V8 versions known to read the flags (Node 20: 11, Node 22: 12, Node 24: 13). */
const KNOWN_V8_MAJORS = new Set([11, 12, 13]);
/** The new space (both semi-spaces) a thread lets grow while it checks files. */
export const CHECKING_NEW_SPACE_BYTES = 16 * 1024 * 1024;
/** Files checked between two looks at the new space's size. */
const FILES_PER_LOOK = 8;
/** How far the old generation may grow past what survived the last full collection: to twice that. */
export const OLD_GENERATION_GROWTH_PERCENT = 100;

/** Whether this process may set the young generation's growth: a known V8, no young-generation flag of the user's. */
export function keepsYoungGenerationSmall(v8Version: string, nodeFlags: readonly string[]): boolean {
  return knownV8(v8Version) && !nodeFlags.some((f) => /semi[-_]space|young[-_]generation/.test(f));
}

/** Whether this process may set the old generation's growth: a known V8, no flag of the user's for it. */
export function limitsOldGenerationGrowth(v8Version: string, nodeFlags: readonly string[]): boolean {
  return knownV8(v8Version) && !nodeFlags.some((f) => /heap[-_]growing/.test(f));
}

const knownV8 = (version: string) => KNOWN_V8_MAJORS.has(Number(version.split('.')[0]));

/** The growth factor this thread last set; undefined while the CLI does not manage it. */
let factor: number | undefined;
let files = 0;

function setFactor(next: number): void {
  if (factor === next) return;
  v8.setFlagsFromString(`--semi-space-growth-factor=${next}`);
  factor = next;
}

/** At a thread's start: no young-generation growth until it checks files, the old generation's growth limited. Returns which the CLI manages. */
export function keepHeapSmall(): { young: boolean; old: boolean } {
  const flags = [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  const young = keepsYoungGenerationSmall(process.versions.v8, flags);
  const old = limitsOldGenerationGrowth(process.versions.v8, flags);
  if (young) setFactor(1);
  if (old) v8.setFlagsFromString(`--heap-growing-percent=${OLD_GENERATION_GROWTH_PERCENT}`);
  return { young, old };
}

/** The growth factor while checking files: V8's default (2) below `CHECKING_NEW_SPACE_BYTES` of new space, none (1) from there. */
export function checkingGrowthFactor(newSpaceBytes: number): 1 | 2 {
  return newSpaceBytes < CHECKING_NEW_SPACE_BYTES ? 2 : 1;
}

/** Before each file a thread checks (looking at the new space every few files): see `checkingGrowthFactor`. */
export function whileChecking(): void {
  if (factor === undefined || files++ % FILES_PER_LOOK !== 0) return;
  setFactor(checkingGrowthFactor(newSpaceSize()));
}

function newSpaceSize(): number {
  return v8.getHeapSpaceStatistics().find((s) => s.space_name === 'new_space')?.space_size ?? 0;
}
