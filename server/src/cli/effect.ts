/**
 * `agent-files effect PATH [--client NAME] [--format text|json]`: what each coding agent loads
 * for a file or folder: the instruction files in effect, in order, with the bytes Codex reads of
 * each (cut at its 32 KiB), and the skills each client finds in the repository. The same answer
 * as the editor's "Show Instructions in Effect" and the MCP `loaded_for` tool.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { readArgs, UsageError } from './args';
import { jsonPrintable, printable } from './escape';
import { FatalError, type Io } from './io';
import { loadedFor, type LoadedFor } from './loadedFor';
import { CONTEXT_WINDOW_HELP, readContextWindowFlag } from './contextWindow';
import { budgetBar, byteSize } from '../core/effect/bar';

export const EFFECT_HELP = `Usage: agent-files effect PATH [--client NAME] [--root DIR] [--context-window CLIENT=TOKENS] [--format text|json]

Prints what each coding agent loads for PATH (a file, or a folder: then for a file directly in
it): the instruction files in effect in the order the client reads them (Codex: one AGENTS.md per
folder from the project root down, with the bytes it reads of each up to 32 KiB; Claude Code:
CLAUDE.md from the root down and the matching .claude/rules; Gemini CLI; GitHub Copilot), and the
SKILL.md files each client finds in the repository, and the skill listing each client puts in
context for a session started there (its budget, and the skills it shortens or leaves out). --client keeps the clients whose name starts
with NAME (codex, claude, gemini, copilot, …). The repository is the nearest folder above PATH
holding .git (or --root DIR), else the working folder. Codex's fallback names and cap come from
the .codex/config.toml files from the project root down (never the one in your home folder).

  ${CONTEXT_WINDOW_HELP}`;

/** The folder the answer is read from: the nearest above PATH holding .git, else the working folder (or PATH's own). */
function repositoryOf(real: string, cwd: string): string {
  const own = fs.statSync(real).isDirectory() ? real : path.dirname(real);
  for (let dir = own; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, '.git'))) return dir;
    if (path.dirname(dir) === dir) break;
  }
  const here = fs.realpathSync(cwd);
  return real === here || real.startsWith(here + path.sep) ? here : own;
}

function realFolder(p: string): string {
  try {
    const real = fs.realpathSync(p);
    if (fs.statSync(real).isDirectory()) return real;
  } catch {
    // reported below
  }
  throw new FatalError(`agent-files: --root ${p} is not a folder`);
}

function text(r: LoadedFor): string {
  const lines = [`What each client loads for ${r.path}${r.note ? ` (${r.note})` : ''}`];
  for (const c of r.instructions) {
    lines.push('', `${c.client}: ${c.order}`);
    if (c.files.length === 0) lines.push('  (nothing)');
    const width = Math.max(...c.files.map((f) => f.path.length), 0);
    for (const f of c.files) {
      const size = f.bytes !== undefined && f.read === undefined ? `${byteSize(f.bytes)}, ` : '';
      lines.push(`  ${f.path.padEnd(width)}  ${size}${f.why}${f.cutAt ? ` (stops at line ${f.cutAt.line + 1})` : ''}`);
    }
    if (c.budget) lines.push(`  ${'total'.padEnd(width)}  ${budgetBar(c.budget.used, c.budget.limit, 'bytes')} read`);
    for (const e of c.config?.errors ?? []) lines.push(`  ${e.path}:${e.line + 1}:${e.character + 1}: not valid TOML (${e.message}): its settings are left out`);
    for (const src of c.config?.sources ?? []) lines.push(`  settings from ${src}`);
  }
  if (r.skill) lines.push('', `This skill: ${r.skill.clients.length ? r.skill.clients.join(', ') : 'no client is known to load it'} (${r.skill.why})`);
  if (r.skills.length || r.skillsNoClientLoads.length) {
    lines.push('', 'Skills in the repository, by client:');
    for (const s of r.skills) lines.push(`  ${s.client}: ${s.files.length}`);
    if (r.skillsNoClientLoads.length) lines.push(`  no client (outside every client's folders): ${r.skillsNoClientLoads.length}`);
  }
  if (r.listings.length) {
    lines.push('', 'Skill listing in context (a session started here: the skills of the client folders here and above):');
    for (const l of r.listings) lines.push(...listingLines(l));
  }
  return lines.map(printable).join('\n');
}

const n = (x: number) => x.toLocaleString('en-US');
/** The most cut skills a client's part names in text (JSON has them all). */
const MAX_CUT_SHOWN = 20;
const STATE_TEXT = { full: 'full', shortened: 'shortened', 'name-only': 'name only', 'left-out': 'left out' } as const;

function listingLines(l: LoadedFor['listings'][number]): string[] {
  const out = [`  ${l.client}: ${l.skills} skills need ${n(l.needed)} ${l.unit}, budget ${n(l.budget)} (${l.budgetNote}); uses ${n(Math.min(l.used, l.budget))}`];
  if (!l.cut.length) return [...out, '    every skill listed in full'];
  out.push(`    ${l.order}`);
  const width = Math.max(...l.cut.slice(0, MAX_CUT_SHOWN).map((c) => c.path.length));
  for (const c of l.cut.slice(0, MAX_CUT_SHOWN)) {
    const kept = c.state === 'shortened' ? ` (${n(c.keptChars)} of ${n(c.fullChars)} characters)` : '';
    const sure = c.atLeast ? `${STATE_TEXT[c.atLeast]} with a window up to 272,000 tokens too; with this budget ` : c.certain ? '' : 'may be ';
    out.push(`    ${c.path.padEnd(width)}  ${sure}${STATE_TEXT[c.state]}${kept}`);
  }
  if (l.cut.length > MAX_CUT_SHOWN) out.push(`    … and ${l.cut.length - MAX_CUT_SHOWN} more`);
  return out;
}

export function effectCommand(argv: string[], io: Io): number {
  const { positional, flags } = readArgs(argv, ['help'], ['client', 'format', 'root', 'context-window'], ['context-window']);
  const listing = readContextWindowFlag(flags.get('context-window'));
  if (flags.has('help')) {
    io.out(EFFECT_HELP);
    return 0;
  }
  if (positional.length !== 1) throw new UsageError('usage: agent-files effect PATH [--client NAME] [--root DIR] [--format text|json]');
  const format = (flags.get('format') as string | undefined) ?? 'text';
  if (format !== 'text' && format !== 'json') throw new UsageError(`unknown format '${format}' (use text or json)`);
  let real: string;
  try {
    real = fs.realpathSync(path.resolve(io.cwd, positional[0]!));
  } catch {
    throw new FatalError(`agent-files: cannot read ${positional[0]}: no such file or folder`);
  }
  const root = flags.has('root') ? realFolder(path.resolve(io.cwd, flags.get('root') as string)) : repositoryOf(real, io.cwd);
  if (real !== root && !real.startsWith(root + path.sep)) throw new UsageError(`${positional[0]} is not inside the root ${flags.get('root')}`);
  const r = loadedFor({ real, root }, io.cwd, listing);
  const wanted = (flags.get('client') as string | undefined)?.toLowerCase();
  const shown: LoadedFor = wanted
    ? {
        ...r,
        instructions: r.instructions.filter((c) => c.client.toLowerCase().startsWith(wanted)),
        skills: r.skills.filter((s) => s.client.toLowerCase().startsWith(wanted)),
        listings: r.listings.filter((l) => l.client.toLowerCase().startsWith(wanted)),
      }
    : r;
  if (wanted && shown.instructions.length === 0 && shown.skills.length === 0)
    throw new UsageError(`no client named '${wanted}' (use one of: ${r.instructions.map((c) => c.client).join(', ')})`);
  io.out(format === 'json' ? jsonPrintable(JSON.stringify(shown, null, 2)) : text(shown));
  return 0;
}
