/**
 * Baselines for `check --baseline FILE` / `--write-baseline FILE`: a repository that already has
 * findings adopts the linter by recording them, and later runs report only new ones.
 *
 * A finding is matched by its rule code, its file (relative to the baseline file's folder, so the
 * check can run from anywhere) and a fingerprint of the text of the line it starts on (trimmed,
 * runs of white space as one), never by line number: lines added or removed elsewhere in the file
 * do not revive a recorded finding, while an edit of the line itself does. Equal keys are counted:
 * two recorded findings on two equal lines hide two, not three.
 */
import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { splitLines } from '../core/text/text';
import type { Diagnostic } from '../core/types';
import { FatalError, type Io } from './io';
import type { FileResult } from './output';

export const BASELINE_VERSION = 1;

export interface BaselineEntry {
  /** `/`-separated, relative to the baseline file's folder. */
  path: string;
  code: string;
  fingerprint: string;
  /** Where it was when recorded (1-based), for people reading the file; matching ignores it. */
  line: number;
  message: string;
}

/** A checked file with its findings: `file` is its path as given to the check (relative to the working directory or absolute). */
export interface BaselineFile {
  file: string;
  text: string | undefined;
  diagnostics: readonly Diagnostic[];
}

export function fingerprintOf(code: string, lineText: string): string {
  const normal = lineText.trim().replace(/\s+/g, ' ');
  return createHash('sha256').update(`${code}\0${normal}`).digest('hex').slice(0, 16);
}

const keyOf = (p: string, code: string, fingerprint: string) => `${p}\0${code}\0${fingerprint}`;

/** The entries of one file's findings, the paths relative to `baseDir`. */
function entriesOf(f: BaselineFile, cwd: string, baseDir: string): BaselineEntry[] {
  const rel = path.relative(baseDir, path.resolve(cwd, f.file)).split(path.sep).join('/');
  const lines = f.text === undefined ? [] : splitLines(f.text);
  return f.diagnostics.map((d) => ({
    path: rel,
    code: d.code,
    fingerprint: fingerprintOf(d.code, lines[d.range.start.line] ?? ''),
    line: d.range.start.line + 1,
    message: d.message,
  }));
}

/** The baseline file's text for these findings, sorted so that it diffs well. */
export function baselineText(files: readonly BaselineFile[], cwd: string, baselinePath: string): string {
  const baseDir = path.dirname(path.resolve(cwd, baselinePath));
  const findings = files
    .flatMap((f) => entriesOf(f, cwd, baseDir))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : a.line - b.line || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0)));
  return `${JSON.stringify({ version: BASELINE_VERSION, tool: 'agent-files', findings }, null, 2)}\n`;
}

/** Reads a baseline file; a file that is not one is a fatal error naming what is wrong and where. */
export function readBaseline(file: string): BaselineEntry[] {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    throw new FatalError(`agent-files: cannot read the baseline ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    throw new FatalError(`agent-files: the baseline ${file} is not JSON: ${(e as Error).message}`);
  }
  const findings = (data as { findings?: unknown } | null)?.findings;
  if (!data || typeof data !== 'object' || (data as { version?: unknown }).version !== BASELINE_VERSION || !Array.isArray(findings)) {
    throw new FatalError(`agent-files: ${file} is not an agent-files baseline (expected {"version": ${BASELINE_VERSION}, "findings": [...]}; write one with --write-baseline)`);
  }
  return findings.map((f: unknown, i: number) => {
    const e = f as Partial<BaselineEntry> | null;
    if (!e || typeof e.path !== 'string' || typeof e.code !== 'string' || typeof e.fingerprint !== 'string') {
      throw new FatalError(`agent-files: ${file}: findings[${i}] needs "path", "code" and "fingerprint" strings`);
    }
    return { path: e.path, code: e.code, fingerprint: e.fingerprint, line: typeof e.line === 'number' ? e.line : 0, message: typeof e.message === 'string' ? e.message : '' };
  });
}

/**
 * The findings the baseline does not hold, file by file (same order), and how many it held.
 * `diagnostics` of each result are filtered; everything else is kept as it is.
 */
export function withoutBaseline<T extends BaselineFile>(
  files: readonly T[],
  baseline: readonly BaselineEntry[],
  cwd: string,
  baselinePath: string,
): { files: T[]; matched: number } {
  const baseDir = path.dirname(path.resolve(cwd, baselinePath));
  const left = new Map<string, number>();
  for (const e of baseline) {
    const k = keyOf(e.path, e.code, e.fingerprint);
    left.set(k, (left.get(k) ?? 0) + 1);
  }
  let matched = 0;
  const out = files.map((f) => {
    const entries = entriesOf(f, cwd, baseDir);
    const kept = f.diagnostics.filter((_, i) => {
      const e = entries[i]!;
      const k = keyOf(e.path, e.code, e.fingerprint);
      const n = left.get(k) ?? 0;
      if (n === 0) return true;
      left.set(k, n - 1);
      matched++;
      return false;
    });
    return { ...f, diagnostics: kept };
  });
  return { files: out, matched };
}

/** Writes the baseline next to nothing else: a temporary file in the same folder, renamed over it. */
export function writeBaseline(file: string, text: string): void {
  const tmp = path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.tmp`);
  try {
    fs.writeFileSync(tmp, text, { flag: 'wx' });
    fs.renameSync(tmp, file);
  } catch (e) {
    fs.rmSync(tmp, { force: true });
    throw new FatalError(`agent-files: cannot write the baseline ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  }
}

/** The results without the findings the baseline holds; says on stderr how many it held. */
export function applyBaseline(results: FileResult[], entries: readonly { rel: string; read: { text: string } | { tooLarge: number } }[], file: string, io: Io): FileResult[] {
  const texts = new Map(entries.map((e) => [e.rel, 'text' in e.read ? e.read.text : undefined]));
  const { files, matched } = withoutBaseline(
    results.map((r) => ({ ...r, file: r.path, text: texts.get(r.path) })),
    readBaseline(file),
    io.cwd,
    file,
  );
  if (matched) io.err(`agent-files: ${matched} finding${matched === 1 ? ' is' : 's are'} in the baseline ${file} and not reported`);
  return files.map(({ path: p, kind, diagnostics }) => ({ path: p, kind, diagnostics }));
}
