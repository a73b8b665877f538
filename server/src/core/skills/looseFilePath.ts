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
/** Files kept beside the skills that are no skill, whatever they hold. */
const DOCUMENTS = /^(?:readme|changelog|license|contributing|index|notes?|agents|claude|gemini)(?:[._-][\w.-]*)?\.md$/i;

/** For `<client>/skills/<stem>.md` (not SKILL.md), the folder and the file's stem; undefined otherwise. */
export function looseSkillFile(uri: string): { folder: string; stem: string } | undefined {
  const parts = uri.split('/');
  const base = parts[parts.length - 1] ?? '';
  if (!/\.md$/i.test(base) || base.toLowerCase() === 'skill.md' || DOCUMENTS.test(base)) return undefined;
  const parent = parts[parts.length - 2] ?? '';
  const client = parts[parts.length - 3] ?? '';
  // OpenCode also reads `.opencode/skill/`.
  if (!(parent === 'skills' || (parent === 'skill' && client === '.opencode')) || !CLIENT_FOLDERS.has(client)) return undefined;
  return { folder: parts.slice(0, -1).join('/'), stem: base.replace(/\.md$/i, '') };
}
