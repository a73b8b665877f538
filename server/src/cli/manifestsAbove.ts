/**
 * The Claude Code plugin and marketplace manifests above a file named on the command line: they
 * say whether it is a plugin's agent, command or hooks file (a folder walk finds them itself).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** `.claude-plugin/plugin.json` and `.claude-plugin/marketplace.json` of each folder above `file`, up to the repository root (the folder holding `.git`). */
export function manifestsAbove(file: string): string[] {
  const out: string[] = [];
  let dir = path.dirname(path.resolve(file));
  for (;;) {
    for (const name of ['plugin.json', 'marketplace.json']) {
      const m = path.join(dir, '.claude-plugin', name);
      if (fs.existsSync(m)) out.push(m);
    }
    const up = path.dirname(dir);
    if (up === dir || fs.existsSync(path.join(dir, '.git'))) return out;
    dir = up;
  }
}
