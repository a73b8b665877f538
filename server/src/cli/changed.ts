/**
 * `check --changed` and `check --since REF`: the files a change touched, from git, and the checked
 * files whose findings such a change can alter.
 *
 * Changed: `--changed` is what `git status` shows (staged, unstaged and untracked, against HEAD);
 * `--since REF` adds everything that differs from REF (`git diff REF`: commits since REF and the
 * work tree). Deleted and renamed files count: a link to them can break.
 *
 * Affected, besides the changed files themselves: a file whose text names a changed file (by its
 * name: links, imports and `@` mentions), the SKILL.md of a skill whose folder holds a changed file,
 * every file of an `.agent-world/` folder where a file changed, and the cross-file findings (a
 * duplicate skill name) whose message names a changed file.
 */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { Diagnostic } from '../core/types';
import { FatalError } from './io';

export interface ChangeSet {
  /** Absolute paths of the files the change touched (deleted ones included). */
  files: Set<string>;
  /** What was compared, for messages: `the work tree against HEAD`, `origin/main`. */
  label: string;
}

function git(cwd: string, args: string[]): string {
  try {
    return execFileSync('git', args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'], maxBuffer: 1 << 28 });
  } catch (e) {
    const err = e as { stderr?: string; code?: string };
    if (err.code === 'ENOENT') throw new FatalError('agent-files: --changed and --since need git, which is not on the PATH');
    throw new FatalError(`agent-files: git ${args.join(' ')}: ${(err.stderr ?? String(e)).trim().split('\n')[0]}`);
  }
}

const nulList = (out: string) => out.split('\0').filter((s) => s !== '');

/** The files changed in the git repository holding `dir`: against HEAD, or since `ref`. */
export function changedFiles(dir: string, ref: string | undefined): ChangeSet {
  if (ref !== undefined && (ref === '' || ref.startsWith('-'))) throw new FatalError(`agent-files: --since needs a git revision, not '${ref}'`);
  const top = git(dir, ['rev-parse', '--show-toplevel']).trim();
  const against = ref ?? 'HEAD';
  // `--` ends the revisions: a ref can never be read as a path or an option.
  const diff = git(top, ['diff', '--name-only', '--no-renames', '-z', against, '--']);
  const untracked = git(top, ['ls-files', '--others', '--exclude-standard', '-z']);
  const files = new Set([...nulList(diff), ...nulList(untracked)].map((rel) => path.resolve(top, rel)));
  return { files, label: ref === undefined ? 'the work tree against HEAD' : ref };
}

/** A checked file, for the affected test. */
export interface CandidateFile {
  /** Absolute path. */
  abs: string;
  text: string | undefined;
}

/** The folder a SKILL.md speaks for: a changed file anywhere under it affects the SKILL.md. */
const isSkill = (abs: string) => /(^|[\\/])(SKILL|skill)\.md$/.test(abs);
const worldFolderOf = (abs: string): string | undefined => /^(.*[\\/]\.agent-world)(?:[\\/]|$)/.exec(abs)?.[1];

/** Names many files share: a mention is looked for with its folder (`pdf/SKILL.md`). */
const COMMON_NAMES = new Set(['SKILL.md', 'skill.md', 'AGENTS.md', 'AGENT.md', 'CLAUDE.md', 'GEMINI.md', 'README.md', 'index.md', 'world.json', 'world.eval.md']);

/** What a file that names `abs` holds: its name, or its folder and name when the name is a common one. */
function mentionOf(abs: string): string {
  const base = path.basename(abs);
  return COMMON_NAMES.has(base) ? `${path.basename(path.dirname(abs))}/${base}` : base;
}

/** The absolute paths of the candidates whose findings the change can alter. */
export function affectedFiles(candidates: readonly CandidateFile[], change: ChangeSet): Set<string> {
  const out = new Set<string>();
  const names = new Set([...change.files].map(mentionOf));
  const worlds = new Set([...change.files].map(worldFolderOf).filter((w): w is string => w !== undefined));
  for (const c of candidates) {
    if (change.files.has(c.abs)) out.add(c.abs);
    else if (isSkill(c.abs) && [...change.files].some((f) => f.startsWith(path.dirname(c.abs) + path.sep))) out.add(c.abs);
    else if (worlds.has(worldFolderOf(c.abs) ?? '')) out.add(c.abs);
    else if (c.text !== undefined && [...names].some((n) => c.text!.includes(n))) out.add(c.abs);
  }
  return out;
}

/** True when a cross-file finding's message names a changed file (by its name). */
export function namesChangedFile(message: string, change: ChangeSet): boolean {
  for (const f of change.files) if (message.includes(mentionOf(f))) return true;
  return false;
}

/**
 * With --changed or --since, the files to report: the affected ones whole, and the others holding
 * a cross-file finding that names a changed file (`'cross'`: only those findings).
 */
export function reportedFiles(
  entries: readonly { uri: string; read: { text: string } | { tooLarge: number } }[],
  cross: Map<string, Diagnostic[]>,
  change: ChangeSet,
): Map<string, 'whole' | 'cross'> {
  const byAbs = new Map(entries.map((e) => [URI.parse(e.uri).fsPath, e]));
  const affected = affectedFiles(
    [...byAbs].map(([abs, e]) => ({ abs, text: 'text' in e.read ? e.read.text : undefined })),
    change,
  );
  const out = new Map<string, 'whole' | 'cross'>();
  for (const [abs, e] of byAbs) {
    if (affected.has(abs)) out.set(e.uri, 'whole');
    else if ((cross.get(e.uri) ?? []).some((d) => namesChangedFile(d.message, change))) out.set(e.uri, 'cross');
  }
  return out;
}
