/**
 * The MCP servers a plugin.json writes inline (`"mcpServers": { "name": { … } }`), checked as the
 * plugin's own `.mcp.json` is: Claude Code reads a plugin's servers from either, the same way
 * (plugins reference, "MCP servers"). Held-out round 55: two plugins' inline servers with a `url`
 * and no `type`, which Claude Code reads as stdio servers without a `command` and skips, were
 * reported in their `.mcp.json` files and not here.
 */
import type { Node } from 'jsonc-parser';
import type { Diagnostic, Position } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import { LineIndex } from '../text/text';
import { analyzeMcpConfig } from '../mcpConfig/analyze';
import { propertyValue } from './jsonNodes';

const WRAPPER = '{"mcpServers":';

/** The findings on the servers of a plugin.json's inline `mcpServers` object, in the plugin.json's positions. */
export function inlineMcpFindings(text: string, root: Node, pluginRoot: string, host: IWorkspaceHost): Diagnostic[] {
  const value = propertyValue(root, 'mcpServers');
  if (value?.type !== 'object') return [];
  const index = new LineIndex(text);
  const start = index.positionAt(value.offset);
  const end = index.positionAt(value.offset + value.length);
  const mcp = analyzeMcpConfig(asMcpFile(text, value), `${pluginRoot.replace(/\/+$/, '')}/.mcp.json`, host, 'claude');
  return mcp.diagnostics
    .map((d) => ({ ...d, range: { start: unwrapped(d.range.start), end: unwrapped(d.range.end) } }))
    .filter((d) => !before(d.range.start, start) && !before(end, d.range.start));
}

/**
 * The plugin.json with everything but the value blank (line breaks kept) and the value wrapped as a
 * `.mcp.json`'s `mcpServers`: every position stays where it is, but on the first line, which the
 * wrapper moves right.
 */
function asMcpFile(text: string, value: Node): string {
  const blank = (s: string) => s.replace(/[^\r\n]/g, ' ');
  const inner = text.slice(value.offset, value.offset + value.length);
  return `${WRAPPER}${blank(text.slice(0, value.offset))}${inner}}${blank(text.slice(value.offset + value.length))}`;
}

/** A position of the wrapped text in the plugin.json. */
function unwrapped(p: Position): Position {
  return p.line === 0 ? { line: 0, character: Math.max(0, p.character - WRAPPER.length) } : p;
}

function before(a: Position, b: Position): boolean {
  return a.line < b.line || (a.line === b.line && a.character < b.character);
}
