/**
 * How large `agent-files check` lets V8's young generation grow.
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
 * V8 reads the flag each time it grows the space, so it can be changed while the process runs.
 * Each thread sets it: on Node 20 a worker's heap still grows when only the main thread did. It
 * is set only on V8 versions where it is known to exist (an unknown flag makes V8 print an
 * error), and never when the user chose a young-generation size themselves.
 */
import * as v8 from 'node:v8';

/** Major V8 versions known to read the flag (Node 20: 11, Node 22: 12, Node 24: 13). */
const KNOWN_V8_MAJORS = new Set([11, 12, 13]);
/** The new space (both semi-spaces) a thread lets grow while it checks files. */
export const CHECKING_NEW_SPACE_BYTES = 16 * 1024 * 1024;
/** Files checked between two looks at the new space's size. */
const FILES_PER_LOOK = 8;

/** Whether this process may set the young generation's growth: a known V8, no young-generation flag of the user's. */
export function keepsYoungGenerationSmall(v8Version: string, nodeFlags: readonly string[]): boolean {
  if (!KNOWN_V8_MAJORS.has(Number(v8Version.split('.')[0]))) return false;
  return !nodeFlags.some((f) => /semi[-_]space|young[-_]generation/.test(f));
}

/** The growth factor this thread last set; undefined while the CLI does not manage it. */
let factor: number | undefined;
let files = 0;

function setFactor(next: number): void {
  if (factor === next) return;
  v8.setFlagsFromString(`--semi-space-growth-factor=${next}`);
  factor = next;
}

/** At a thread's start: no growth until it checks files. Returns whether the CLI manages the growth. */
export function keepYoungGenerationSmall(): boolean {
  const flags = [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  if (!keepsYoungGenerationSmall(process.versions.v8, flags)) return false;
  setFactor(1);
  return true;
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
