/**
 * For a symbolic link written as an absolute path on one machine (`.claude/skills ->
 * /Users/ana/dev/app/.agents/skills`), the path inside the folder walked that names the same
 * thing (`.agents/skills`, when that folder has one), relative to the link's folder: the link
 * to write instead. The longest such ending of the target wins; a link to itself never.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

export function sameProjectPath(link: string, target: string, root: string): string | undefined {
  if (!path.isAbsolute(target)) return undefined;
  const parts = target.split(/[\\/]+/).filter(Boolean);
  const self = path.resolve(link);
  for (let k = parts.length - 1; k >= 1; k--) {
    const candidate = path.resolve(root, ...parts.slice(parts.length - k));
    if (candidate === self || !fs.existsSync(candidate)) continue;
    return path.relative(path.dirname(self), candidate).split(path.sep).join('/');
  }
  return undefined;
}
