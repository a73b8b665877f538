/**
 * The CLI keeps V8's young generation at its starting size.
 *
 * V8 doubles a heap's young generation while many short-lived objects survive a scavenge, up to
 * 16 MB per semi-space on Node 20 (three of them count towards the resident size) and more on
 * Node 24. A `check` run makes such objects for every file and keeps few of them, so the growth buys
 * nothing but memory: on 10,000 skills, peak RSS fell from about 220 MB to 188 MB on Node 20 and
 * from 320-350 MB to under 200 MB on Node 24, at the same or a shorter time (docs/performance.md).
 *
 * V8 reads `--semi-space-growth-factor` each time it grows the space, so it can be set once the
 * process runs. Each thread sets it: on Node 20 a worker's heap still grows when only the main
 * thread did (on Node 24 the flag holds for both). It is set only on V8 versions where it is known
 * to exist (an unknown flag makes V8 print an error), and never when the user chose a
 * young-generation size themselves.
 */
import * as v8 from 'node:v8';

/** Major V8 versions known to read the flag (Node 20: 11, Node 22: 12, Node 24: 13). */
const KNOWN_V8_MAJORS = new Set([11, 12, 13]);

/** Whether this process should keep its young generation small: a known V8, no young-generation flag of the user's. */
export function keepsYoungGenerationSmall(v8Version: string, nodeFlags: readonly string[]): boolean {
  if (!KNOWN_V8_MAJORS.has(Number(v8Version.split('.')[0]))) return false;
  return !nodeFlags.some((f) => /semi[-_]space|young[-_]generation/.test(f));
}

/** Sets the flag for this process when `keepsYoungGenerationSmall` says so; returns whether it did. */
export function keepYoungGenerationSmall(): boolean {
  const flags = [...process.execArgv, ...(process.env['NODE_OPTIONS'] ?? '').split(/\s+/)];
  if (!keepsYoungGenerationSmall(process.versions.v8, flags)) return false;
  v8.setFlagsFromString('--semi-space-growth-factor=1');
  return true;
}
