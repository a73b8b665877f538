/** Hover, completion and go-to-definition in a plugin.json or marketplace.json (Claude Code's or Codex's). */
import { findNodeAtOffset, getLocation, getNodePath, type Node } from 'jsonc-parser';
import { CompletionItemKind, MarkupKind, type CompletionItem, type Hover } from 'vscode-languageserver-types';
import type { Location } from 'vscode-languageserver-types';
import type { Position, Range } from '../types';
import { rangeContains } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import { LineIndex } from '../text/text';
import { boundedParseTree } from '../text/jsonDepth';
import { resolveRelative } from '../world/paths';
import { ENTRY_KEYS, MARKETPLACE_KEYS, PLUGIN_KEYS } from './keys';
import { CODEX_ENTRY_KEYS, CODEX_MARKETPLACE_KEYS, CODEX_PLUGIN_KEYS } from './codexKeys';
import type { ManifestRole, PluginManifestAnalysis } from './types';

type Client = PluginManifestAnalysis['client'];

const KEYS: Record<Client, { plugin: Readonly<Record<string, string>>; marketplace: Readonly<Record<string, string>>; entry: Readonly<Record<string, string>> }> = {
  claude: { plugin: PLUGIN_KEYS, marketplace: MARKETPLACE_KEYS, entry: ENTRY_KEYS },
  codex: { plugin: CODEX_PLUGIN_KEYS, marketplace: CODEX_MARKETPLACE_KEYS, entry: CODEX_ENTRY_KEYS },
};

const CLIENT_NAME: Record<Client, string> = { claude: 'Claude Code', codex: 'Codex' };

/** The keys allowed at a JSON path of the file: the top level, or a marketplace plugin entry. */
function keysAt(role: ManifestRole, path: (string | number)[], client: Client = 'claude'): Readonly<Record<string, string>> | undefined {
  if (path.length === 0) return role === 'plugin' ? KEYS[client].plugin : KEYS[client].marketplace;
  if (role === 'marketplace' && path.length === 2 && path[0] === 'plugins' && typeof path[1] === 'number') return KEYS[client].entry;
  return undefined;
}

const FILE_SUMMARY: Record<Client, Record<ManifestRole, string>> = {
  claude: {
    plugin:
      '**Claude Code plugin manifest.** Optional: without it Claude Code loads the default folders (`skills/`, `commands/`, `agents/`, `hooks/hooks.json`, `.mcp.json`) and names the plugin after its entry or folder.',
    marketplace: '**Claude Code marketplace.** Lists plugins users install as `plugin@marketplace`; relative sources resolve from the folder that holds `.claude-plugin/`.',
  },
  codex: {
    plugin:
      '**Codex plugin manifest.** Read as strict JSON: a file that does not parse, or a field of the wrong type, is dropped whole. Paths start with `./` from the plugin root.',
    marketplace: '**Codex marketplace.** Lists plugins for the plugin directory; local source paths start with `./` and resolve from the folder that holds `.agents/`.',
  },
};

/**
 * What the manifest's client does with the key under the cursor. `beyondSchema`: the editor shows
 * the contributed schema's descriptions (VS Code), so only an unknown key's hover is given.
 */
export function pluginManifestHover(text: string, a: PluginManifestAnalysis, pos: Position, beyondSchema = false): Hover | null {
  if (!a.root) return null;
  const index = new LineIndex(text);
  const node = findNodeAtOffset(a.root, index.offsetAt(pos));
  const property = node?.parent;
  if (!node || property?.type !== 'property' || property.children?.[0] !== node) return null;
  const keys = keysAt(a.role, getNodePath(property).slice(0, -1), a.client);
  const key = String(node.value);
  if (!keys || (beyondSchema && Object.hasOwn(keys, key))) return null;
  const doc = Object.hasOwn(keys, key) ? keys[key] : `${CLIENT_NAME[a.client]} does not know \`${key}\` here and ignores it.`;
  const range: Range = { start: index.positionAt(node.offset), end: index.positionAt(node.offset + node.length) };
  const head = getNodePath(property).length === 1 ? `${FILE_SUMMARY[a.client][a.role]}\n\n` : '';
  return { contents: { kind: MarkupKind.Markdown, value: `${head}\`${key}\`: ${doc}` }, range };
}

/** The keys that may be added where the cursor is (those already present left out). */
export function pluginManifestCompletion(text: string, a: PluginManifestAnalysis, pos: Position): CompletionItem[] {
  const index = new LineIndex(text);
  const offset = index.offsetAt(pos);
  const loc = getLocation(text, offset);
  if (!loc.isAtPropertyKey) return [];
  const keys = keysAt(a.role, loc.path.slice(0, -1), a.client);
  if (!keys) return [];
  // While a key is typed the file rarely parses: the keys present come from a tolerant parse.
  const present = new Set(siblingKeys(boundedParseTree(text, [], { allowTrailingComma: true }).root, loc.path.slice(0, -1)));
  const typed = loc.previousNode?.type === 'property' || loc.previousNode?.type === 'string' ? loc.previousNode : undefined;
  const range: Range | undefined = typed ? { start: index.positionAt(typed.offset), end: index.positionAt(typed.offset + typed.length) } : undefined;
  return Object.entries(keys)
    .filter(([k]) => !present.has(k) || k === typed?.value)
    .map(([k, doc]) => {
      const item: CompletionItem = { label: k, kind: CompletionItemKind.Property, documentation: { kind: MarkupKind.Markdown, value: doc } };
      if (range) item.textEdit = { range, newText: `"${k}"` };
      else item.insertText = `"${k}": `;
      return item;
    });
}

function siblingKeys(root: Node | undefined, path: (string | number)[]): string[] {
  let n: Node | undefined = root;
  for (const seg of path) {
    if (!n) return [];
    n = typeof seg === 'number' ? n.children?.[seg] : n.children?.find((p) => p.children?.[0]?.value === seg)?.children?.[1];
  }
  return n?.type === 'object' ? (n.children ?? []).map((p) => String(p.children?.[0]?.value)) : [];
}

/** From a marketplace entry's relative `source` to its plugin's plugin.json (or nothing when the plugin has none). */
export function pluginManifestDefinition(a: PluginManifestAnalysis, pos: Position, host: IWorkspaceHost): Location | null {
  const link = a.sources.find((s) => rangeContains(s.range, pos));
  if (!link) return null;
  const manifest = resolveRelative(link.folder, a.client === 'codex' ? '.codex-plugin/plugin.json' : '.claude-plugin/plugin.json');
  if (!host.exists(manifest)) return null;
  return { uri: manifest, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
}

/**
 * The marketplace entries whose local `source` names the plugin at `pluginRoot` (find references
 * from a plugin.json back to the marketplaces that list it), given the marketplaces' analyses.
 */
export function marketplaceEntriesOf(pluginRoot: string, marketplaces: readonly { uri: string; analysis: PluginManifestAnalysis }[]): Location[] {
  const bare = (u: string) => u.replace(/\/+$/, '');
  return marketplaces.flatMap(({ uri, analysis }) => analysis.sources.filter((s) => bare(s.folder) === bare(pluginRoot)).map((s) => ({ uri, range: s.range })));
}
