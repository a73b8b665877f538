/**
 * The kind of a checked file as reports show it: the name-based kind, refined by content where
 * one name holds two formats (an agent.3md or a plain 3md document; an OS Protocol AGENT.md or
 * an instruction file).
 */
import type { AgentDetection } from '../core/agent/detect';
import { isAgentDocument } from '../core/agent/detect';
import { agentMdKindOf } from '../core/agentmd';
import { FILE_KIND_LABELS, type FileKind } from '../core/workspace/fileKinds';
import { parseThreeMd } from '../core/threemd/parser';
import { agentFileInfo } from '../core/subagents/files';
import { variantFor } from '../core/subagents/analyze';

export const AGENT_3MD_LABEL = 'agent.3md';
export const AGENT_MD_INSTRUCTIONS_LABEL = 'AGENT.md (instruction file)';

/** Never throws: content that cannot be read falls back to the name-based label. */
export function kindLabel(kind: FileKind, text: string, uri: string, detection: AgentDetection = 'auto'): string {
  try {
    if (kind === '3md') return isAgentDocument(parseThreeMd(text), uri, detection) ? AGENT_3MD_LABEL : FILE_KIND_LABELS['3md'];
    if (kind === 'agent-md' && agentMdKindOf(text).kind === 'instructions') return AGENT_MD_INSTRUCTIONS_LABEL;
    // A subagent or command file says whose it is (a Claude Code subagent, a VS Code prompt file…).
    if (kind === 'subagent' || kind === 'command') return agentFileInfo(variantFor(uri, kind === 'subagent' ? 'agent' : 'command')).label;
  } catch {
    // The label is a courtesy; the file's diagnostics (from analyzeFile) report any real failure.
  }
  return FILE_KIND_LABELS[kind];
}
