/**
 * A folder an instruction file sends a command to ("Run `npm run check` in `Documentation/web`",
 * "from `docs/site`, `npm run dev`") that the repository does not have: the file speaks of another
 * tree too (a sibling repository, a site that pulls this one's docs in), and a script missing here
 * may be that tree's (held-out round 66: 3 `npm run check` in one repository's rules, which say
 * the docs site is another repository). Only a folder placed next to a command counts: a folder a
 * sentence merely names ("keys persist in `dev/keys/`") says nothing of where commands run.
 */

/** A package manager's or make's command in a code span. */
const COMMAND = '`(?:npm|pnpm|yarn|bun|npx|make)\\b[^`]*`';
const PLACE = '\\b(?:in|from|inside|within|under)\\s+(?:the\\s+)?`([^`\\s]+)`';
/** The command, then its folder in the same clause; or the folder, then the command. */
const PLACED = new RegExp(`${COMMAND}[^\`.;]{0,40}?${PLACE}|${PLACE}[^\`.;]{0,20}${COMMAND}`, 'gi');
/** A relative folder path of two segments or more: not a file (`src/index.ts`), a package (`@scope/name`), a variable or a home path. */
const FOLDER_PATH = /^(?![/~$.@])[\w.@+-]+(?:\/[\w.@+-]+)+$/;
const FILE_NAME = /\.[A-Za-z0-9]{1,5}$/;

/** The first folder a line places a command in that `isFolder` does not find, or undefined. */
export function foreignFolder(lines: readonly string[], isFolder: (path: string) => boolean): string | undefined {
  for (const line of lines) {
    if (!line.includes('`')) continue;
    for (const m of line.matchAll(PLACED)) {
      const path = (m[1] ?? m[2]!).replace(/\/$/, '');
      if (!FOLDER_PATH.test(path) || FILE_NAME.test(path)) continue;
      if (!isFolder(path)) return path;
    }
  }
  return undefined;
}
