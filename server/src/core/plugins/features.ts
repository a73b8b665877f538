/** Hover, completion and go-to-definition in a Claude Code plugin.json or marketplace.json. */
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
import type { ManifestRole, PluginManifestAnalysis } from './analyze';

/** The keys allowed at a JSON path of the file: the top level, or a marketplace plugin entry. */
function keysAt(role: ManifestRole, path: (string | number)[]): Readonly<Record<string, string>> | undefined {
  if (path.length === 0) return role === 'plugin' ? PLUGIN_KEYS : MARKETPLACE_KEYS;
  if (role === 'marketplace' && path.length === 2 && path[0] === 'plugins' && typeof path[1] === 'number') return ENTRY_KEYS;
  return undefined;
}

const FILE_SUMMARY: Record<ManifestRole, string> = {
  plugin:
    '**Claude Code plugin manifest.** Optional: without it Claude Code loads the default folders (`skills/`, `commands/`, `agents/`, `hooks/hooks.json`, `.mcp.json`) and names the plugin after its entry or folder.',
  marketplace: '**Claude Code marketplace.** Lists plugins users install as `plugin@marketplace`; relative sources resolve from the folder that holds `.claude-plugin/`.',
};

/** What Claude Code does with the key under the cursor. */
export function pluginManifestHover(text: string, a: PluginManifestAnalysis, pos: Position): Hover | null {
  if (!a.root) return null;
  const index = new LineIndex(text);
  const node = findNodeAtOffset(a.root, index.offsetAt(pos));
  const property = node?.parent;
  if (!node || property?.type !== 'property' || property.children?.[0] !== node) return null;
  const keys = keysAt(a.role, getNodePath(property).slice(0, -1));
  const key = String(node.value);
  if (!keys) return null;
  const doc = Object.hasOwn(keys, key) ? keys[key] : `Claude Code does not know \`${key}\` here and ignores it.`;
  const range: Range = { start: index.positionAt(node.offset), end: index.positionAt(node.offset + node.length) };
  const head = getNodePath(property).length === 1 ? `${FILE_SUMMARY[a.role]}\n\n` : '';
  return { contents: { kind: MarkupKind.Markdown, value: `${head}\`${key}\`: ${doc}` }, range };
}

/** The keys that may be added where the cursor is (those already present left out). */
export function pluginManifestCompletion(text: string, a: PluginManifestAnalysis, pos: Position): CompletionItem[] {
  const index = new LineIndex(text);
  const offset = index.offsetAt(pos);
  const loc = getLocation(text, offset);
  if (!loc.isAtPropertyKey) return [];
  const keys = keysAt(a.role, loc.path.slice(0, -1));
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
  const manifest = resolveRelative(link.folder, '.claude-plugin/plugin.json');
  if (!host.exists(manifest)) return null;
  return { uri: manifest, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
}
