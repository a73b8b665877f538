/**
 * The other paths of a SKILL.md named on the command line that a project's client skills folders
 * show it through, by symbolic links (`.claude/skills -> ../skills`, `.codex/skills/x ->
 * ../../skills/x`). A folder walk finds them itself (walk.ts, `aliases`); pre-commit names only
 * the file git tracks, where it really is, so without them a collection linked into
 * `.claude/skills` would be checked for no client at all.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { PROJECT_SKILL_FOLDERS } from '../core/skills/targets';

/** A link in a client skills folder (or the folder itself), and where it really leads. */
interface SkillLink {
  link: string;
  real: string;
}

/**
 * For each SKILL.md of `skills` that a link of a client skills folder at one of `tops` shows
 * elsewhere: its URI → the URIs of those other paths (as the walk's `aliases` gives them). Only
 * links that lead inside their top count, as a walk of the top follows only those.
 */
export function linkedSkillPaths(skills: readonly string[], tops: Iterable<string>): Map<string, string[]> {
  const out = new Map<string, string[]>();
  if (skills.length === 0) return out;
  const links = [...new Set(tops)].flatMap(skillFolderLinks);
  if (links.length === 0) return out;
  for (const file of skills) {
    const abs = path.resolve(file);
    const real = realOf(abs);
    if (real === undefined) continue;
    const others = new Set<string>();
    for (const l of links) if (real.startsWith(l.real + path.sep)) others.add(l.link + real.slice(l.real.length));
    others.delete(abs);
    if (others.size)
      out.set(
        URI.file(abs).toString(),
        [...others].sort().map((o) => URI.file(o).toString()),
      );
  }
  return out;
}

/** The client skills folders at `top` that are links, and the links straight inside them. */
function skillFolderLinks(top: string): SkillLink[] {
  const out: SkillLink[] = [];
  const realTop = realOf(top);
  if (realTop === undefined) return out;
  const add = (link: string) => {
    const real = realOf(link);
    if (real !== undefined && real.startsWith(realTop.endsWith(path.sep) ? realTop : realTop + path.sep)) out.push({ link, real });
  };
  for (const folder of PROJECT_SKILL_FOLDERS) {
    const dir = path.join(top, folder);
    const st = fs.lstatSync(dir, { throwIfNoEntry: false });
    if (!st) continue;
    if (st.isSymbolicLink()) add(dir);
    for (const entry of entriesOf(dir)) if (entry.isSymbolicLink()) add(path.join(dir, entry.name));
  }
  return out;
}

function entriesOf(dir: string): fs.Dirent[] {
  try {
    return fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    // A link to a file, or a folder that cannot be listed: it shows no skill.
    return [];
  }
}

function realOf(p: string): string | undefined {
  try {
    return fs.realpathSync.native(p);
  } catch {
    // A dangling link leads nowhere.
    return undefined;
  }
}
