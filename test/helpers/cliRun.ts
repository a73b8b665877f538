/** The built CLI run as users run it, and a compact view of its JSON report for assertions. */
import { spawnSync } from 'node:child_process';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '../..');

/** Runs `dist/cli.js ARGS` in `cwd`: exit code, stdout, stderr. */
export function cli(cwd: string, ...args: string[]): { code: number | null; out: string; err: string } {
  const r = spawnSync(process.execPath, [join(ROOT, 'dist/cli.js'), ...args], { cwd, encoding: 'utf8' });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

interface JsonReport {
  files: { path: string; kind: string; diagnostics: { code: string; severity: string; range: { start: { line: number } } }[] }[];
}

/** Each file of a `check --format json` report as [path, kind, ['code:s@line', …]] (s: the severity's first letter, 0-based line). */
export function reportSummary(out: string): [string, string, string[]][] {
  return (JSON.parse(out) as JsonReport).files.map((f) => [f.path, f.kind, f.diagnostics.map((d) => `${d.code}:${d.severity[0]}@${d.range.start.line}`)]);
}
