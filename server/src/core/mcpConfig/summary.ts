/** The index entry's view of an MCP configuration file: the servers the client loads, for the Agent Files view. */
import type { IndexedMcpServer } from '../workspace/indexTypes';
import type { McpConfigAnalysis } from './analyze';
import { nodeRange } from './parse';

const TARGET_MAX = 80;

/** The servers of an analysed file, in file order (the last of duplicate names, where the client reads it). */
export function mcpServersOf(a: McpConfigAnalysis): IndexedMcpServer[] {
  return a.servers.map((s) => {
    const str = (key: string) => {
      const v = s.props.get(key)?.value;
      return v?.type === 'string' ? String(v.value) : undefined;
    };
    const command = str('command');
    const url = str('url');
    const args = s.props.get('args')?.value;
    const argv = args?.type === 'array' ? (args.children ?? []).filter((n) => n.type === 'string').map((n) => String(n.value)) : [];
    const target = (url && !command ? url : [command ?? url ?? '', ...argv].join(' ')).trim();
    return {
      name: s.name,
      transport: str('type') ?? (command ? 'stdio' : url ? 'http' : ''),
      target: target.length > TARGET_MAX ? `${target.slice(0, TARGET_MAX - 1)}…` : target,
      range: nodeRange(a.parse.lines, s.keyNode),
    };
  });
}
