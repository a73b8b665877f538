/** A small, strict argument reader: unknown flags are usage errors, never ignored. */

export class UsageError extends Error {}

export interface Args {
  positional: string[];
  flags: Map<string, string | true>;
}

/** Short options every command understands, as their long names. */
const SHORT: Record<string, string> = { '-f': '--format', '-h': '--help' };

/**
 * `valued` lists the flags that take a value (`--format json` or `--format=json`, `-f json`);
 * those also in `repeated` may be given more than once, their values joined with commas.
 */
export function readArgs(argv: string[], known: string[], valued: string[] = [], repeated: string[] = []): Args {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const raw = argv[i]!;
    const a = SHORT[raw] !== undefined && (known.includes(SHORT[raw]!.slice(2)) || valued.includes(SHORT[raw]!.slice(2))) ? SHORT[raw]! : raw;
    if (a === '--') {
      for (const x of argv.slice(i + 1)) positional.push(x);
      break;
    }
    if (!a.startsWith('--') || a === '-') {
      positional.push(a);
      continue;
    }
    const eq = a.indexOf('=');
    const name = eq < 0 ? a.slice(2) : a.slice(2, eq);
    if (!known.includes(name) && !valued.includes(name)) throw new UsageError(`unknown option '--${name}'`);
    if (valued.includes(name)) {
      const v = eq >= 0 ? a.slice(eq + 1) : argv[++i];
      if (v === undefined) throw new UsageError(`option '--${name}' needs a value`);
      const before = flags.get(name);
      flags.set(name, repeated.includes(name) && typeof before === 'string' ? `${before},${v}` : v);
    } else {
      if (eq >= 0) throw new UsageError(`option '--${name}' takes no value`);
      flags.set(name, true);
    }
  }
  return { positional, flags };
}
