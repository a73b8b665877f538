/**
 * The plugin and marketplace manifests above a file named on the command line: a folder walk
 * finds them itself. They say whether the file is a plugin's agent, command or hooks file, and
 * which clients load a skill (a Codex plugin's `skills` folder, a marketplace's listed paths).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';

/** Where each kind of manifest sits in the folder it describes (plugins.ts `manifestKindOf`); a bare `plugin.json` is an Agent Plugins manifest only by its `$schema`, read later. */
const MANIFESTS = ['.claude-plugin/plugin.json', '.claude-plugin/marketplace.json', '.codex-plugin/plugin.json', '.agents/plugins/marketplace.json', 'plugin.json'];

/** The manifests in one folder, by folder: several files of a run share the folders above them. */
export type ManifestsByFolder = Map<string, readonly string[]>;

/** The manifests of each folder above `file`, up to the repository root (the folder holding `.git`), nearest first. */
export function manifestsAbove(file: string, known: ManifestsByFolder = new Map()): string[] {
  const out: string[] = [];
  let dir = path.dirname(path.resolve(file));
  for (;;) {
    let here = known.get(dir);
    if (here === undefined) known.set(dir, (here = MANIFESTS.map((m) => path.join(dir, m)).filter((m) => fs.existsSync(m))));
    out.push(...here);
    const up = path.dirname(dir);
    if (up === dir || fs.existsSync(path.join(dir, '.git'))) return out;
    dir = up;
  }
}
