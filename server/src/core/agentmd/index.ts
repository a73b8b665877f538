/** OS Protocol AGENT.md language support: pure functions over text and an injected host. */
export {
  agentMdKindOf,
  analyzeAgentMd,
  isExtendsPath,
  resolveExtendsPath,
  unresolvedExtends,
  type AgentIndexEntry,
  type AgentInfo,
  type AgentMdAnalysis,
  type AgentMdOptions,
} from './analyze';
export { AGENT_KEYS, KNOWN_TOOLS, WORKFLOWS } from './catalogue';
export { agentMdCompletion, agentMdDefinition, agentMdDocumentSymbols, agentMdHover } from './features';
export { classifyAgentMd, describeAgentMdKind, OS_PROTOCOL_KEYS, type AgentMdClassification, type AgentMdKind } from './kind';
export { agentWorkspaceDiagnostics, inheritanceChain } from './workspace';
