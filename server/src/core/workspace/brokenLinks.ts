/**
 * An agent file committed as a symbolic link that leads nowhere in the repository
 * (`.gemini/skills/pdf/SKILL.md -> ../../../skills/pdf/SKILL.md` after the skill moved, a
 * nested `CLAUDE.md -> src/AGENTS.md` written from the wrong folder): every client that looks for
 * the file finds nothing to read, so the skill, agent or instructions never load. Pure: the
 * walk tells the link's kind, its target as written, and whether the target is a file the
 * repository's `.gitignore` leaves out or lies in a git submodule (both made by a step each
 * checkout runs: information).
 */
import type { Diagnostic } from '../types';
import type { FileKind } from './fileKinds';

/** Where the missing target is: nowhere the repository makes it (`instead`: the target read from the root exists, at this path from the link's folder), a file `.gitignore` leaves out, or a submodule's folder. */
export type BrokenLinkTarget = { missing: true; instead?: string } | { ignored: true } | { submodule: string };

/** What never loads behind a link of each kind. */
function whatNeverLoads(kind: FileKind): string {
  switch (kind) {
    case 'skill':
      return 'no client loads this skill';
    case 'instructions':
      return 'no client reads these instructions';
    case 'subagent':
      return 'no client loads this agent';
    case 'command':
      return 'no client loads this command';
    default:
      return 'no client reads this file';
  }
}

/** The target as written, with a line break or another control character shown escaped (`'AGENTS.md\\n'`: a link made from a file's text keeps its final newline). */
function shownTarget(target: string): string {
  const shown = JSON.stringify(target).slice(1, -1);
  return shown === target ? `'${target}'` : `'${shown}' (its target holds a control character: git keeps a link's target as written, line break and all)`;
}

/** The finding on a link (at the start of the file it stands for) whose target, as written, leads nowhere. */
export function brokenLinkDiagnostic(kind: FileKind, target: string, where: BrokenLinkTarget): Diagnostic {
  const at = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const link = `This file is a symbolic link to ${shownTarget(target)}`;
  if ('ignored' in where)
    return {
      code: 'file-link-broken',
      severity: 'information',
      message: `${link}, a file the repository's .gitignore leaves out: until a step of each checkout makes it (a build or a setup script), ${whatNeverLoads(kind)}`,
      range: at,
    };
  if ('submodule' in where)
    return {
      code: 'file-link-broken',
      severity: 'information',
      message: `${link}, inside the git submodule '${where.submodule}': a checkout without its submodules (git clone without --recurse-submodules) leaves it empty, and then ${whatNeverLoads(kind)}`,
      range: at,
    };
  return {
    code: 'file-link-broken',
    severity: 'error',
    message: `${link}, which leads nowhere: the repository has no such file, so ${whatNeverLoads(kind)} (a link's target is read from the link's own folder${'instead' in where && where.instead ? `; the file the target names from the repository's root is '${where.instead}' from here` : ''})`,
    range: at,
  };
}
