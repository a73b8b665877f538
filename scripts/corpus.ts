/**
 * `npm run corpus -- DIR [--only NAME,…] [--reuse] [--list uncovered|false|true|stale|all] [--info]`
 *
 * The precision lab: checks every repository folder under DIR the way its owner would
 * (`agent-files check .` from the repository's root, JSON output), and compares the errors and
 * warnings with the hand verdicts in test/corpus/verdicts.tsv. Prints precision per code, the
 * false errors, recall over the true problems found by reading, and every error or warning that no
 * verdict covers yet. Never runs in CI: DIR holds whole public repositories fetched by hand.
 *
 * DIR layout: one folder per repository, named `owner+name`; an optional DIR/manifest.tsv
 * (`owner/name<TAB>commit`) names the commit each folder was exported from. Results are cached in
 * DIR/.results/ (`--reuse` reads them instead of checking again).
 *
 * verdicts.tsv columns: repository, commit, path, line (1-based), code, verdict, reason.
 * verdict is `true` (the diagnostic is right for the file's client), `false` (it is wrong), or
 * `missed` (a true problem found by reading that the product should report at that line).
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

interface Finding {
  repository: string;
  path: string;
  line: number;
  code: string;
  severity: string;
  message: string;
}

interface Verdict {
  repository: string;
  commit: string;
  path: string;
  line: number;
  code: string;
  verdict: 'true' | 'false' | 'missed';
  reason: string;
}

const VERDICTS = resolve(__dirname, '..', 'test', 'corpus', 'verdicts.tsv');
const CLI = resolve(__dirname, '..', 'dist', 'cli.js');

function usage(message: string): never {
  process.stderr.write(`${message}\nusage: npm run corpus -- DIR [--only NAME,...] [--reuse] [--list uncovered|false|true|stale|all] [--info]\n`);
  process.exit(2);
}

function parseArgs(argv: string[]) {
  let dir: string | undefined;
  let only: string[] | null = null;
  let reuse = false;
  let info = false;
  const lists = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (a === '--only') only = (argv[++i] ?? usage('--only needs names')).split(',');
    else if (a === '--reuse') reuse = true;
    else if (a === '--info') info = true;
    else if (a === '--list') lists.add(argv[++i] ?? usage('--list needs a kind'));
    else if (a.startsWith('-')) usage(`unknown option ${a}`);
    else dir = a;
  }
  if (!dir) usage('DIR is required');
  if (lists.size === 0) lists.add('uncovered');
  return { dir: resolve(dir), only, reuse, info, lists };
}

const key = (repository: string, path: string, line: number, code: string) => `${repository}\t${path}\t${line}\t${code}`;

function readVerdicts(): Verdict[] {
  if (!existsSync(VERDICTS)) return [];
  const rows = readFileSync(VERDICTS, 'utf8').split('\n');
  const out: Verdict[] = [];
  rows.forEach((row, i) => {
    if (i === 0 || row.trim() === '' || row.startsWith('#')) return;
    const [repository, commit, path, line, code, verdict, reason] = row.split('\t');
    if (!repository || !path || !code || !['true', 'false', 'missed'].includes(verdict ?? '')) {
      throw new Error(`verdicts.tsv:${i + 1}: expected repository, commit, path, line, code, verdict (true|false|missed), reason`);
    }
    out.push({ repository, commit: commit ?? '', path, line: Number(line), code, verdict: verdict as Verdict['verdict'], reason: reason ?? '' });
  });
  return out;
}

function readManifest(dir: string): Map<string, string> {
  const file = join(dir, 'manifest.tsv');
  const map = new Map<string, string>();
  if (!existsSync(file)) return map;
  for (const row of readFileSync(file, 'utf8').split('\n')) {
    const [repository, commit] = row.split('\t');
    if (repository && commit) map.set(repository, commit);
  }
  return map;
}

interface CheckedFile {
  path: string;
  diagnostics: { code: string | number; severity: string; message: string; range: { start: { line: number } } }[];
}

function checkRepository(folder: string): Promise<{ files: CheckedFile[] }> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, 'check', '-f', 'json', '--allow-empty', '.'], { cwd: folder });
    const chunks: Buffer[] = [];
    const errors: Buffer[] = [];
    const timer = setTimeout(() => child.kill('SIGKILL'), 300_000);
    child.stdout.on('data', (c: Buffer) => chunks.push(c));
    child.stderr.on('data', (c: Buffer) => errors.push(c));
    child.on('close', (status) => {
      clearTimeout(timer);
      const text = Buffer.concat(chunks).toString('utf8');
      try {
        done(JSON.parse(text));
      } catch {
        fail(new Error(`${folder}: exit ${status}, no JSON: ${Buffer.concat(errors).toString('utf8').slice(0, 500)}`));
      }
    });
  });
}

async function collect(dir: string, only: string[] | null, reuse: boolean): Promise<{ findings: Finding[]; repositories: string[] }> {
  const names = readdirSync(dir)
    .filter((n) => n.includes('+') && statSync(join(dir, n)).isDirectory())
    .filter((n) => !only || only.includes(n) || only.includes(n.replace('+', '/')))
    .sort();
  const cache = join(dir, '.results');
  mkdirSync(cache, { recursive: true });
  const findings: Finding[] = [];
  let next = 0;
  const worker = async () => {
    while (next < names.length) {
      const name = names[next++]!;
      const cached = join(cache, `${name}.json`);
      let result: { files: CheckedFile[] };
      if (reuse && existsSync(cached)) result = JSON.parse(readFileSync(cached, 'utf8'));
      else {
        const started = Date.now();
        result = await checkRepository(join(dir, name)).catch((e: Error) => {
          process.stderr.write(`${e.message}\n`);
          return { files: [] };
        });
        writeFileSync(cached, JSON.stringify(result));
        process.stderr.write(`checked ${name} (${result.files.length} files, ${Date.now() - started} ms)\n`);
      }
      const repository = name.replace('+', '/');
      for (const f of result.files) {
        for (const d of f.diagnostics) {
          findings.push({ repository, path: f.path, line: d.range.start.line + 1, code: String(d.code), severity: d.severity, message: d.message });
        }
      }
    }
  };
  await Promise.all([worker(), worker()]);
  return { findings, repositories: names.map((n) => n.replace('+', '/')) };
}

function percent(n: number, d: number): string {
  return d === 0 ? '—' : `${((100 * n) / d).toFixed(1)}%`;
}

function report(findings: Finding[], repositories: string[], verdicts: Verdict[], manifest: Map<string, string>, lists: Set<string>, info: boolean) {
  const inScope = new Set(repositories);
  const judged = new Map<string, Verdict>();
  for (const v of verdicts) if (inScope.has(v.repository)) judged.set(key(v.repository, v.path, v.line, v.code), v);
  for (const v of judged.values()) {
    const commit = manifest.get(v.repository);
    if (commit && v.commit && commit !== v.commit) process.stderr.write(`note: ${v.repository} is at ${commit.slice(0, 12)}, its verdicts at ${v.commit.slice(0, 12)}\n`);
  }
  const loud = findings.filter((f) => f.severity === 'error' || f.severity === 'warning');
  const reportedKeys = new Set(findings.map((f) => key(f.repository, f.path, f.line, f.code)));
  const loudKeys = new Set(loud.map((f) => key(f.repository, f.path, f.line, f.code)));

  type Row = { code: string; errors: number; warnings: number; t: number; f: number; open: number };
  const rows = new Map<string, Row>();
  const uncovered: Finding[] = [];
  const falseOnes: [Finding, Verdict][] = [];
  const trueOnes: [Finding, Verdict][] = [];
  for (const d of loud) {
    const row = rows.get(d.code) ?? { code: d.code, errors: 0, warnings: 0, t: 0, f: 0, open: 0 };
    rows.set(d.code, row);
    if (d.severity === 'error') row.errors++;
    else row.warnings++;
    const v = judged.get(key(d.repository, d.path, d.line, d.code));
    if (!v || v.verdict === 'missed') {
      row.open++;
      uncovered.push(d);
    } else if (v.verdict === 'true') {
      row.t++;
      trueOnes.push([d, v]);
    } else {
      row.f++;
      falseOnes.push([d, v]);
    }
  }
  const sorted = [...rows.values()].sort((a, b) => b.errors + b.warnings - (a.errors + a.warnings) || a.code.localeCompare(b.code));
  const out: string[] = [];
  out.push(`repositories ${repositories.length}, files with findings ${new Set(findings.map((f) => f.repository + '\t' + f.path)).size}`);
  out.push('');
  out.push('code                                   errors warnings  true false  open  precision');
  let totals = { e: 0, w: 0, t: 0, f: 0, o: 0 };
  for (const r of sorted) {
    out.push(
      `${r.code.padEnd(38)} ${String(r.errors).padStart(6)} ${String(r.warnings).padStart(8)} ${String(r.t).padStart(5)} ${String(r.f).padStart(5)} ${String(r.open).padStart(5)}  ${percent(r.t, r.t + r.f).padStart(9)}`,
    );
    totals = { e: totals.e + r.errors, w: totals.w + r.warnings, t: totals.t + r.t, f: totals.f + r.f, o: totals.o + r.open };
  }
  out.push(
    `${'all'.padEnd(38)} ${String(totals.e).padStart(6)} ${String(totals.w).padStart(8)} ${String(totals.t).padStart(5)} ${String(totals.f).padStart(5)} ${String(totals.o).padStart(5)}  ${percent(totals.t, totals.t + totals.f).padStart(9)}`,
  );
  const falseErrors = falseOnes.filter(([d]) => d.severity === 'error').length;
  const trueErrors = trueOnes.filter(([d]) => d.severity === 'error').length;
  out.push('');
  out.push(`errors: ${trueErrors} true, ${falseErrors} false (precision ${percent(trueErrors, trueErrors + falseErrors)})`);

  // Recall: every problem judged real (a true verdict on a finding, or a problem found by reading).
  const real = [...judged.values()].filter((v) => v.verdict === 'true' || v.verdict === 'missed');
  const foundLoud = real.filter((v) => loudKeys.has(key(v.repository, v.path, v.line, v.code)));
  const foundQuiet = real.filter((v) => !loudKeys.has(key(v.repository, v.path, v.line, v.code)) && reportedKeys.has(key(v.repository, v.path, v.line, v.code)));
  out.push(
    `recall: ${foundLoud.length + foundQuiet.length} of ${real.length} real problems reported (${percent(foundLoud.length + foundQuiet.length, real.length)}; ${foundQuiet.length} of them as information or hint)`,
  );

  const stale = [...judged.values()].filter((v) => v.verdict !== 'missed' && !loudKeys.has(key(v.repository, v.path, v.line, v.code)));
  out.push(
    `verdicts no longer matched by an error or warning: ${stale.length} (${stale.filter((v) => v.verdict === 'false').length} false ones gone, ${stale.filter((v) => v.verdict === 'true').length} true ones gone or quieter)`,
  );

  if (info) {
    const quiet = new Map<string, number>();
    for (const f of findings) if (f.severity !== 'error' && f.severity !== 'warning') quiet.set(f.code, (quiet.get(f.code) ?? 0) + 1);
    out.push('');
    out.push('information and hints per code:');
    for (const [code, n] of [...quiet].sort((a, b) => b[1] - a[1])) out.push(`  ${code.padEnd(38)} ${n}`);
  }
  const line = (d: Finding, v?: Verdict) =>
    `  ${d.repository}\t${d.path}:${d.line}\t${d.severity}\t${d.code}\t${d.message.replace(/\s+/g, ' ').slice(0, 220)}${v ? `\t[${v.verdict}: ${v.reason}]` : ''}`;
  const all = lists.has('all');
  if (all || lists.has('false')) {
    out.push('', `false (${falseOnes.length}):`, ...falseOnes.map(([d, v]) => line(d, v)));
  }
  if (all || lists.has('true')) {
    out.push('', `true (${trueOnes.length}):`, ...trueOnes.map(([d, v]) => line(d, v)));
  }
  if (all || lists.has('stale')) {
    out.push(
      '',
      `verdicts without a matching error or warning (${stale.length}):`,
      ...stale.map((v) => `  ${v.repository}\t${v.path}:${v.line}\t${v.code}\t[${v.verdict}: ${v.reason}]`),
    );
  }
  if (all || lists.has('uncovered')) {
    out.push('', `errors and warnings without a verdict (${uncovered.length}):`, ...uncovered.map((d) => line(d)));
  }
  process.stdout.write(out.join('\n') + '\n');
}

async function main() {
  const { dir, only, reuse, info, lists } = parseArgs(process.argv.slice(2));
  if (!existsSync(CLI)) usage('dist/cli.js is missing: run `npm run build` first');
  const verdicts = readVerdicts();
  const { findings, repositories } = await collect(dir, only, reuse);
  report(findings, repositories, verdicts, readManifest(dir), lists, info);
}

main().catch((e: Error) => {
  process.stderr.write(`${e.message}\n`);
  process.exit(1);
});
