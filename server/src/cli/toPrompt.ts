/**
 * `to-prompt DIR...`: the reference `<available_skills>` XML. Each DIR is a skill folder (it
 * holds SKILL.md) or a folder of skill folders. A skill is listed when the reference loader
 * accepts it: frontmatter with a non-empty `name` and `description` (no name-format rules).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { emptyHost } from '../core/workspace/host';
import { analyzeSkill, skillsToPrompt } from '../core/skills';
import { UsageError } from './args';
import { FatalError, readFileOrFail, type Io } from './io';

/** The rules whose failure makes the reference loader (`read_properties`) raise. */
const LOAD_ERRORS = new Set([
  'skill-frontmatter-missing',
  'skill-frontmatter-unclosed',
  'skill-frontmatter-not-mapping',
  'skill-yaml-invalid',
  'skill-yaml-colon-in-value',
  'skill-yaml-strict',
  'skill-name-missing',
  'skill-name-empty',
  'skill-description-missing',
  'skill-description-empty',
]);

interface PromptSkill {
  name: string;
  description: string;
  location: string;
}

/** The SKILL.md of a folder: `SKILL.md` first, then `skill.md`, as the reference finds it. */
function skillFileIn(dir: string): string | undefined {
  for (const name of ['SKILL.md', 'skill.md']) {
    const p = path.join(dir, name);
    try {
      if (fs.statSync(p).isFile()) return p;
    } catch {
      // try the next name
    }
  }
  return undefined;
}

/** One skill folder: the skill, or why the reference loader would refuse it. */
function loadSkill(dir: string, file: string): PromptSkill | string {
  const real = path.join(fs.realpathSync(dir), path.basename(file));
  const a = analyzeSkill(readFileOrFail(file), URI.file(real).toString(), emptyHost, { checkReferences: false, targets: ['skills-ref'] });
  const refused = a.diagnostics.find((d) => d.severity === 'error' && LOAD_ERRORS.has(d.code));
  if (refused || !a.skill.name || !a.skill.description) return refused?.message ?? 'no name or description';
  return { name: a.skill.name, description: a.skill.description, location: real };
}

export function toPromptCommand(argv: string[], io: Io): number {
  if (argv.some((a) => a.startsWith('--'))) throw new UsageError(`unknown option '${argv.find((a) => a.startsWith('--'))}'`);
  if (argv.length === 0) throw new UsageError('usage: agent-files to-prompt DIR...');
  const skills: PromptSkill[] = [];
  for (const arg of argv) {
    let st: fs.Stats;
    try {
      st = fs.statSync(arg);
    } catch {
      throw new FatalError(`agent-files: cannot read ${arg}: no such file or folder`);
    }
    // The reference accepts a SKILL.md path as well as its folder.
    const dir = st.isDirectory() ? arg : path.dirname(arg);
    const own = st.isDirectory() ? skillFileIn(dir) : arg;
    const folders: [string, string][] = [];
    if (own) folders.push([dir, own]);
    else {
      let names: string[] = [];
      try {
        names = fs.readdirSync(dir).sort();
      } catch {
        throw new FatalError(`agent-files: cannot read ${arg}: not a readable folder`);
      }
      for (const n of names) {
        const sub = path.join(dir, n);
        const f = fs.statSync(sub, { throwIfNoEntry: false })?.isDirectory() ? skillFileIn(sub) : undefined;
        if (f) folders.push([sub, f]);
      }
    }
    let found = 0;
    for (const [d, f] of folders) {
      const s = loadSkill(d, f);
      if (typeof s === 'string') io.err(`agent-files: skipping ${f}: ${s}`);
      else {
        skills.push(s);
        found++;
      }
    }
    if (found === 0) {
      io.err(`agent-files: ${arg}: no valid skill (a folder with a SKILL.md that has a name and a description)`);
      return 1;
    }
  }
  io.out(skillsToPrompt(skills));
  return 0;
}
