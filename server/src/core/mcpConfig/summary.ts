/** The index entry's view of an MCP configuration file: the servers the client loads, for the Agent Files view. */
import type { Node } from 'jsonc-parser';
import type { IndexedMcpServer } from '../workspace/indexTypes';
import type { Range } from '../types';
import type { McpConfigAnalysis } from './analyze';
import { nodeRange, propertiesOf } from './parse';
import { LineIndex } from '../text/text';

const TARGET_MAX = 80;

/** One server as the view shows it: its transport and what it runs or reaches, from its properties' values. */
function serverSummary(name: string, valueOf: (key: string) => Node | undefined, range: Range): IndexedMcpServer {
  const str = (key: string) => {
    const v = valueOf(key);
    return v?.type === 'string' ? String(v.value) : undefined;
  };
  const command = str('command');
  const url = str('url');
  const args = valueOf('args');
  const argv = args?.type === 'array' ? (args.children ?? []).filter((n) => n.type === 'string').map((n) => String(n.value)) : [];
  const target = (url && !command ? url : [command ?? url ?? '', ...argv].join(' ')).trim();
  return {
    name,
    transport: str('type') ?? (command ? 'stdio' : url ? 'http' : ''),
    target: target.length > TARGET_MAX ? `${target.slice(0, TARGET_MAX - 1)}…` : target,
    range,
  };
}

/** The servers of an analysed file, in file order (the last of duplicate names, where the client reads it). */
export function mcpServersOf(a: McpConfigAnalysis): IndexedMcpServer[] {
  return a.servers.map((s) => serverSummary(s.name, (key) => s.props.get(key)?.value, nodeRange(a.parse.lines, s.keyNode)));
}

/** The servers of an object written inline (a plugin.json's `mcpServers`), in file order, at their names. */
export function inlineMcpServersOf(servers: Node | undefined, text: string): IndexedMcpServer[] {
  if (servers?.type !== 'object') return [];
  const lines = new LineIndex(text);
  return propertiesOf(servers).flatMap(({ key, keyNode, value }) => {
    if (value.type !== 'object') return [];
    const props = propertiesOf(value);
    // A key written twice: the first one.
    const valueOf = (k: string) => props.find((p) => p.key === k)?.value;
    return [serverSummary(key, valueOf, nodeRange(lines, keyNode))];
  });
}
