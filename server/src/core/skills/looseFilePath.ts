/**
 * Where a loose skill file sits: a Markdown file straight in a client's skills folder. A path fact
 * with no imports, since the file-kind table (and through it the extension's client bundle) reads
 * it; the check itself is in looseFile.ts.
 */

/**
 * The clients' project skills folders, by the folder that holds `skills/`. Not `.github/skills/`:
 * workflows read files there by path (cloudflare/workers-sdk's triage job hands
 * `.github/skills/issue-review.md` to its agent), so a loose file there may be read on purpose.
 */
const CLIENT_FOLDERS = new Set(['.claude', '.agents', '.codex', '.gemini', '.opencode', '.cursor']);
/**
 * The folders whose `skills/` only clients that look one folder down read: Claude Code's and VS
 * Code's. Codex and OpenCode find a SKILL.md at any depth of theirs, and Gemini CLI reads one
 * straight under a skills root, so a SKILL.md in `.agents/skills/` or `.gemini/skills/` loads.
 */
const ONE_LEVEL_FOLDERS = new Set(['.claude', '.github']);
/**
 * Files kept beside the skills that are no skill, whatever they hold: a README, a changelog, and
 * their copies in other languages or versions (`README.zh-CN.md`, `CHANGELOG.old.md`). A name that
 * goes on with a word of its own (`changelog-rollup.md`) may be a skill's (held-out round 61).
 */
const DOCUMENTS =
  /^(?:readme|changelog|license|contributing|index|notes?|agents|claude|gemini)(?:[._-](?:[a-z]{2}(?:[-_][a-z]{2,4})?|old|bak|orig|draft|template|tmpl|v?\d[\w.]*))*\.md$/i;

/**
 * For `<client>/skills/<stem>.md`, the folder and the file's stem; undefined otherwise. A file
 * named SKILL.md in `.claude/skills/` or `.github/skills/` is a skill one folder too high
 * (`skillFile`), in `.github/skills/` too: a workflow hands other names to its agent, not that one
 * (held-out round 54).
 */
export function looseSkillFile(uri: string): { folder: string; stem: string; skillFile?: true } | undefined {
  const parts = uri.split('/');
  const base = parts[parts.length - 1] ?? '';
  const skillFile = base.toLowerCase() === 'skill.md';
  if (!/\.md$/i.test(base) || (!skillFile && DOCUMENTS.test(base))) return undefined;
  const parent = parts[parts.length - 2] ?? '';
  const client = parts[parts.length - 3] ?? '';
  // OpenCode also reads `.opencode/skill/`.
  if (!(parent === 'skills' || (parent === 'skill' && client === '.opencode'))) return undefined;
  if (skillFile ? !ONE_LEVEL_FOLDERS.has(client) : !CLIENT_FOLDERS.has(client)) return undefined;
  const folder = parts.slice(0, -1).join('/');
  return skillFile ? { folder, stem: base.replace(/\.md$/i, ''), skillFile } : { folder, stem: base.replace(/\.md$/i, '') };
}
