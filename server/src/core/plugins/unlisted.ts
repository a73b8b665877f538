/**
 * Agents and commands a plugin.json leaves out. The paths its `agents` and `commands` keys name
 * replace the plugin's `agents/` and `commands/` folders (Claude Code's manifest reference, "Path
 * rules": list the default folder too to keep it), so a Markdown file there that no listed path
 * covers is not loaded. Advice: a file may be left out on purpose (a VS Code body kept beside the
 * Claude Code agents), and which one was meant the manifest cannot say.
 */
import type { Node } from 'jsonc-parser';
import type { IWorkspaceHost } from '../workspace/host';
import { filesBelow } from '../workspace/folderWalk';
import { isInside, resolveRelative } from '../world/paths';
import { properties } from './jsonNodes';
import { checkablePath } from './componentPath';

/** The components whose listed paths replace a default folder of the same name. */
const REPLACED: ReadonlySet<string> = new Set(['agents', 'commands']);
/** Files counted in a folder at most: enough to name some and count the rest. */
const MAX_FILES = 1000;
/** Subfolders looked through below a component folder (commands namespaced by folder are a level or two down; a linked folder that leads back up ends here). */
const MAX_DEPTH = 8;

export interface UnlistedFinding {
  message: string;
  node: Node;
}

/** One finding per `agents` or `commands` key whose listed paths leave Markdown files of the default folder out. */
export function unlistedComponents(manifest: Node, pluginRoot: string, host: IWorkspaceHost): UnlistedFinding[] {
  const out: UnlistedFinding[] = [];
  for (const { key, value } of properties(manifest)) {
    const k = String(key.value);
    if (!REPLACED.has(k) || !value) continue;
    const written = (value.type === 'string' ? [value] : value.type === 'array' ? (value.children ?? []) : []).filter((c) => c.type === 'string' && String(c.value).trim() !== '');
    // A path that cannot be placed (a variable, a glob, an absolute path) may cover any file: nothing is said then.
    const paths = written.map((c) => checkablePath(String(c.value)));
    if (paths.length === 0 || paths.some((p) => p === undefined)) continue;
    const listed = paths.map((p) => resolveRelative(pluginRoot, p!).replace(/\/+$/, ''));
    const folder = `${pluginRoot.replace(/\/+$/, '')}/${k}`;
    if (!host.isDirectory(folder)) continue;
    const left = markdownFiles(folder, host).filter((f) => !listed.some((l) => l === f || isInside(l, f)));
    if (left.length === 0) continue;
    const shown = left.slice(0, 2).map((f) => `${k}/${f.slice(folder.length + 1)}`);
    const more = left.length > shown.length ? ` and ${left.length - shown.length} more` : '';
    out.push({
      message: `\`${k}\` lists its paths, which replace the default ${k}/ folder: Claude Code does not load ${shown.join(', ')}${more} there; add "./${k}/" to the list to keep them, or leave them out on purpose.`,
      node: value,
    });
  }
  return out;
}

/** The `.md` files of a folder and its subfolders (as URIs, sorted), the first MAX_FILES found, MAX_DEPTH folders down. */
function markdownFiles(folder: string, host: IWorkspaceHost): string[] {
  return filesBelow(folder, host, { file: (name) => /\.md$/i.test(name) && name.length > 3, maxFiles: MAX_FILES, maxDepth: MAX_DEPTH }).sort();
}
