/** Completion in an MCP configuration file: the keys of a server entry, and the values of `type`. */
import { getLocation } from 'jsonc-parser';
import { CompletionItemKind, type CompletionItem } from 'vscode-languageserver-types';
import { LineIndex } from '../text/text';
import type { Position } from '../types';
import { mcpVariantInfo, mcpVariantOf, type McpVariant } from './files';
import { parseMcpConfig } from './parse';

export function mcpConfigCompletion(text: string, uri: string, position: Position, forced?: McpVariant): CompletionItem[] {
  const variant = forced ?? mcpVariantOf(uri) ?? 'claude';
  const info = mcpVariantInfo(variant);
  const loc = getLocation(text, new LineIndex(text).offsetAt(position));
  // A server entry is two levels down (`mcpServers` / `servers`, then its name), or one in a plugin's flat map.
  const flat = loc.path[0] !== info.serversKey && variant === 'claude' && parseMcpConfig(text, variant).shape !== 'wrapped';
  const depth = flat ? 1 : 2;
  const inServer = (flat || loc.path[0] === info.serversKey) && loc.path.length === depth + 1;
  if (!inServer) return [];
  if (loc.isAtPropertyKey) return info.serverKeys.map((k) => ({ label: k, kind: CompletionItemKind.Property }));
  if (loc.path[depth] === 'type') return info.types.filter((t) => t !== 'ws').map((t) => ({ label: t, kind: CompletionItemKind.EnumMember }));
  return [];
}
