/** Reads an MCP configuration file into its servers, with the positions of their keys and values. */
import type { Node, ParseError } from 'jsonc-parser';
import { printParseErrorCode } from 'jsonc-parser';
import { boundedParseTree } from '../text/jsonDepth';
import { LineIndex } from '../text/text';
import type { Range } from '../types';
import { mcpVariantInfo, type McpVariant } from './files';

export interface McpProperty {
  key: string;
  keyNode: Node;
  value: Node;
}

export interface McpServer {
  name: string;
  keyNode: Node;
  value: Node;
  /** The server's properties by key (the last of duplicates). */
  props: Map<string, McpProperty>;
}

/** Where the servers are: under the client's key, as a plugin's top-level map, or nowhere. */
export type McpShape = 'wrapped' | 'flat' | 'none';

export interface McpParse {
  variant: McpVariant;
  lines: LineIndex;
  root: Node | undefined;
  /** The first parse error, with how the client reads it. */
  error?: { message: string; range: Range };
  shape: McpShape;
  /** Top-level properties, in order. */
  top: McpProperty[];
  /** Every server entry, duplicates included, in order. */
  entries: McpServer[];
}

/** The properties of an object node, in order. */
export function propertiesOf(node: Node | undefined): McpProperty[] {
  if (node?.type !== 'object') return [];
  const out: McpProperty[] = [];
  for (const p of node.children ?? []) {
    const [k, v] = p.children ?? [];
    if (k?.type === 'string' && v) out.push({ key: String(k.value), keyNode: k, value: v });
  }
  return out;
}

export function nodeRange(lines: LineIndex, node: Node): Range {
  return { start: lines.positionAt(node.offset), end: lines.positionAt(node.offset + node.length) };
}

function serverOf(p: McpProperty): McpServer {
  return { name: p.key, keyNode: p.keyNode, value: p.value, props: new Map(propertiesOf(p.value).map((q) => [q.key, q])) };
}

/**
 * A `.mcp.json` without `mcpServers` is a plugin's flat map of servers when its values are
 * objects (Claude Code plugins accept both forms); a top-level key starting with `$` or `_` is no server.
 */
function flatServers(top: McpProperty[]): McpProperty[] {
  return top.filter((p) => p.value.type === 'object' && !p.key.startsWith('$') && !p.key.startsWith('_'));
}

export function parseMcpConfig(text: string, variant: McpVariant): McpParse {
  const info = mcpVariantInfo(variant);
  const lines = new LineIndex(text);
  const errors: ParseError[] = [];
  const options = info.jsonc ? { allowTrailingComma: true } : { disallowComments: true, allowTrailingComma: false };
  const { root, tooDeepAt } = boundedParseTree(text, errors, options);
  const base: McpParse = { variant, lines, root, shape: 'none', top: [], entries: [] };
  if (tooDeepAt !== -1) {
    const at = lines.positionAt(tooDeepAt);
    return { ...base, root: undefined, error: { message: 'the JSON is nested too deeply to read', range: { start: at, end: at } } };
  }
  const first = errors[0];
  if (first || !root) {
    const offset = first?.offset ?? 0;
    const what = !text.trim() ? 'the file is empty' : first ? printParseErrorCode(first.error) : 'no JSON value';
    return { ...base, error: { message: what, range: { start: lines.positionAt(offset), end: lines.positionAt(offset + (first?.length ?? 0)) } } };
  }
  if (root.type !== 'object') return { ...base, error: { message: 'the file is not a JSON object', range: nodeRange(lines, root) } };
  const top = propertiesOf(root);
  const wrapped = top.filter((p) => p.key === info.serversKey);
  if (wrapped.length) {
    const entries = propertiesOf(wrapped[wrapped.length - 1]!.value).map(serverOf);
    return { ...base, shape: 'wrapped', top, entries };
  }
  if (variant === 'claude' && !top.some((p) => p.key === info.foreignKey)) return { ...base, shape: 'flat', top, entries: flatServers(top).map(serverOf) };
  return { ...base, top };
}
