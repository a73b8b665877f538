/**
 * The options of a program's arguments as getopt-style programs read them: clusters of short
 * letters (`-abc`), an argument attached or in the next word (`-n1`, `-n 1`), long options with
 * `=` or the next word, `--` ending them. The program rules (programRules.ts) use it to find where
 * a wrapper's program or an interpreter's script begins.
 */
import type { OptionSpec } from './programTables';
import { DYNAMIC, type Word } from './shellWords';

export type OnOption = (option: string, argument: Word | undefined, word: Word) => 'stop' | void;

/**
 * Skips the options from `from` (each with its argument, attached or the next word) and returns
 * where the operands begin; `--` ends the options. `on` sees each option (each letter of a
 * cluster); it may end the options after one (`python -c`).
 */
export function parseOptions(args: readonly Word[], from: number, spec: OptionSpec, on?: OnOption): number {
  let j = from;
  while (j < args.length) {
    const w = args[j]!;
    const t = w.text;
    if (t === '--') return j + 1;
    if (t.length < 2 || !(t[0] === '-' || (spec.plus && t[0] === '+'))) return j;
    if (t.startsWith('--')) {
      const eq = t.indexOf('=');
      const name = eq < 0 ? t : t.slice(0, eq);
      const takes = eq < 0 ? (spec.long2?.includes(name) ? 2 : spec.long?.includes(name) ? 1 : 0) : 0;
      const stop = on?.(name, takes ? args[j + takes] : eq < 0 ? undefined : w, w);
      j += 1 + takes;
      if (stop) return j;
      continue;
    }
    let k = 1;
    let next = j + 1;
    for (; k < t.length; k++) {
      const option = t[0] + t[k]!;
      if (spec.short?.includes(t[k]!) && t[k] !== DYNAMIC) {
        const attached = k + 1 < t.length;
        if (!attached) next = j + 2;
        if (on?.(option, attached ? w : args[j + 1], w)) return next;
        break;
      }
      if (on?.(option, undefined, w)) return next;
    }
    j = next;
  }
  return j;
}
