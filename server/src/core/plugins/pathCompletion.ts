/**
 * Completion of the paths a plugin manifest or marketplace names: inside the string value of a
 * key that takes a path, the folders and files that exist where the client resolves it, of the
 * kind the key takes, written with the `./` prefix the clients require. Claude Code: a plugin.json's
 * component keys from the plugin root, a marketplace entry's `source` from the marketplace root (a
 * bare name from `metadata.pluginRoot`) and its component keys from the entry's plugin folder.
 * Codex: plugin.json's `skills`, `mcpServers`, `apps` from the plugin root, a marketplace entry's
 * local source path from the folder holding `.agents/`. Facts and sources: docs/plugins.md.
 * The folder listing comes from the host: the core reads no file system.
 */
import { getLocation, type Node } from 'jsonc-parser';
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import type { Position, Range } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import { LineIndex } from '../text/text';
import { boundedParseTree } from '../text/jsonDepth';
import { dirnameUri, resolveRelative } from '../world/paths';
import { manifestKindOf } from '../skills/plugins';
import { COMPONENT_PATH_KEYS } from './keys';
import { CODEX_PATH_KEYS } from './codexKeys';
import { propertyValue, stringAt } from './jsonNodes';

/** What a key's path may name: folders only, or folders and files of an extension (folders lead to them). */
type Wanted = { files: RegExp | undefined; what: string };

const FOLDERS: Wanted = { files: undefined, what: 'folder' };
const MARKDOWN: Wanted = { files: /\.md$/i, what: 'Markdown file' };
const JSON_FILES: Wanted = { files: /\.json$/i, what: 'JSON file' };
const ANY_FILE: Wanted = { files: /./, what: 'file' };

/** Claude Code's component keys: skills are folders, agents, commands and output styles `.md` files or folders, the rest configuration files. */
const CLAUDE_WANTED: Readonly<Record<string, Wanted>> = {
  skills: FOLDERS,
  agents: MARKDOWN,
  commands: MARKDOWN,
  outputStyles: MARKDOWN,
  hooks: JSON_FILES,
  mcpServers: JSON_FILES,
  lspServers: JSON_FILES,
};

/** Codex's path keys: the skills folder, the MCP and app configuration files. */
const CODEX_WANTED: Readonly<Record<string, Wanted>> = { skills: FOLDERS, mcpServers: JSON_FILES, apps: JSON_FILES };

/** Where a path being typed resolves from, and what it may name. */
interface PathSlot {
  base: string;
  wanted: Wanted;
  /** A second base for bare names (a Claude Code marketplace's `metadata.pluginRoot`). */
  bareBase?: string;
}

const upFrom = (uri: string, levels: number) => Array.from({ length: levels }).reduce<string>((u) => dirnameUri(u), uri);

/** The folder a Claude Code marketplace entry's `./` source names, for its component keys. */
function entryFolder(root: Node | undefined, index: number, marketRoot: string): string | undefined {
  const plugins = root?.type === 'object' ? propertyValue(root, 'plugins') : undefined;
  const entry = plugins?.type === 'array' ? plugins.children?.[index] : undefined;
  const source = entry?.type === 'object' ? stringAt(entry, 'source') : undefined;
  const raw = source ? String(source.value).trim() : '';
  if (raw !== '.' && !raw.startsWith('./')) return undefined;
  return raw.split('/').includes('..') ? undefined : resolveRelative(marketRoot, raw);
}

/** The path slot at a JSON path of a manifest (the key path of the string value under the cursor), if it takes a path. */
function slotAt(uri: string, path: (string | number)[], root: Node | undefined): PathSlot | undefined {
  const kind = manifestKindOf(uri);
  // A list of paths: the key is the one above the item's index.
  const keyPath = typeof path[path.length - 1] === 'number' ? path.slice(0, -1) : path;
  const key = keyPath[keyPath.length - 1];
  if (typeof key !== 'string') return undefined;
  switch (kind) {
    case 'claude-plugin':
      return keyPath.length === 1 && COMPONENT_PATH_KEYS.has(key) ? { base: upFrom(uri, 2), wanted: CLAUDE_WANTED[key] ?? ANY_FILE } : undefined;
    case 'codex-plugin':
      // `skills` takes a list of paths too; the other path keys one path.
      return keyPath.length === 1 && CODEX_PATH_KEYS.includes(key) && (path.length === 1 || key === 'skills')
        ? { base: upFrom(uri, 2), wanted: CODEX_WANTED[key] ?? ANY_FILE }
        : undefined;
    case 'claude-marketplace': {
      if (keyPath.length !== 3 || keyPath[0] !== 'plugins' || typeof keyPath[1] !== 'number') return undefined;
      const marketRoot = upFrom(uri, 2);
      if (key === 'source' && path.length === 3) return { base: marketRoot, wanted: FOLDERS, ...bareBaseOf(root, marketRoot) };
      const folder = COMPONENT_PATH_KEYS.has(key) ? entryFolder(root, keyPath[1], marketRoot) : undefined;
      return folder ? { base: folder, wanted: CLAUDE_WANTED[key] ?? ANY_FILE } : undefined;
    }
    case 'codex-marketplace': {
      const local = path.length === 3 || (path.length === 4 && path[3] === 'path');
      return path[0] === 'plugins' && typeof path[1] === 'number' && path[2] === 'source' && local ? { base: upFrom(uri, 3), wanted: FOLDERS } : undefined;
    }
    default:
      return undefined;
  }
}

/** A Claude Code marketplace's `metadata.pluginRoot`, under which bare source names resolve. */
function bareBaseOf(root: Node | undefined, marketRoot: string): { bareBase?: string } {
  const meta = root?.type === 'object' ? propertyValue(root, 'metadata') : undefined;
  const pluginRoot = meta?.type === 'object' ? stringAt(meta, 'pluginRoot') : undefined;
  const raw = pluginRoot ? String(pluginRoot.value).trim() : '';
  if (raw === '' || raw.split('/').includes('..') || /^[\\/]|^[a-z][\w+.-]*:/i.test(raw)) return {};
  return { bareBase: resolveRelative(marketRoot, raw) };
}

/** The entries of a folder worth offering: subfolders (not hidden ones) and the files the key takes. */
function entriesOf(host: IWorkspaceHost, dir: string, wanted: Wanted): { name: string; folder: boolean }[] {
  return host
    .readDirectory(dir)
    .map((name) => ({ name, folder: host.isDirectory(resolveRelative(dir, name)) }))
    .filter((e) => (e.folder ? !e.name.startsWith('.') : wanted.files !== undefined && wanted.files.test(e.name)))
    .sort((a, b) => Number(b.folder) - Number(a.folder) || a.name.localeCompare(b.name));
}

/**
 * The folders and files a path being typed in a manifest may name (empty anywhere else). The
 * items replace the whole string value, so what was typed without `./` gets it.
 */
export function pluginManifestPathCompletion(text: string, uri: string, pos: Position, host: IWorkspaceHost): CompletionItem[] {
  const index = new LineIndex(text);
  const offset = index.offsetAt(pos);
  const loc = getLocation(text, offset);
  const str = loc.previousNode;
  if (loc.isAtPropertyKey || str?.type !== 'string' || offset <= str.offset) return [];
  const closed = str.length >= 2 && text[str.offset + str.length - 1] === '"';
  const contentEnd = closed ? str.offset + str.length - 1 : str.offset + str.length;
  if (offset > contentEnd) return [];
  const typed = text.slice(str.offset + 1, offset);
  if (typed.includes('\\')) return [];
  const slot = slotAt(uri, loc.path, boundedParseTree(text, [], { allowTrailingComma: true }).root);
  if (!slot) return [];
  const range: Range = { start: index.positionAt(str.offset + 1), end: index.positionAt(contentEnd) };
  // The folder part as typed (kept in the items) and as resolved (`${CLAUDE_PLUGIN_ROOT}` is the plugin root).
  const typedDir = typed.slice(0, typed.lastIndexOf('/') + 1);
  const dirPart = typedDir.replace(/^\$\{CLAUDE_PLUGIN_ROOT\}\//, './');
  const rel = typed.replace(/^\$\{CLAUDE_PLUGIN_ROOT\}(?=\/)/, '.');
  if (dirPart.split('/').includes('..') || /^[\\/]/.test(dirPart)) return [];
  const items: CompletionItem[] = [];
  // `./…` from the base; before any `/` is typed, the base's own entries.
  if (dirPart === '' || dirPart.startsWith('./')) {
    const prefix = dirPart === '' ? './' : typedDir;
    items.push(...itemsIn(host, resolveRelative(slot.base, dirPart || './'), prefix, slot.wanted, range));
  }
  // A bare name (no `./`) resolves under `metadata.pluginRoot`.
  if (slot.bareBase && !rel.startsWith('.') && (dirPart === '' || !dirPart.startsWith('./'))) {
    items.push(...itemsIn(host, resolveRelative(slot.bareBase, dirPart), dirPart, slot.wanted, range, 'under metadata.pluginRoot'));
  }
  return items;
}

function itemsIn(host: IWorkspaceHost, dir: string, prefix: string, wanted: Wanted, range: Range, where?: string): CompletionItem[] {
  return entriesOf(host, dir, wanted).map(({ name, folder }) => {
    const newText = `${prefix}${name}${folder ? '/' : ''}`;
    const item: CompletionItem = {
      label: newText,
      kind: folder ? CompletionItemKind.Folder : CompletionItemKind.File,
      detail: [folder ? 'folder' : wanted.what, where].filter(Boolean).join(' '),
      filterText: newText,
      sortText: `${folder ? 0 : 1}${newText}`,
      textEdit: { range, newText },
    };
    // A folder may hold what the key takes: open the next level.
    if (folder) item.command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
    return item;
  });
}
