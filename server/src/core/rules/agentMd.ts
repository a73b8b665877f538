/** AGENT.md (OS Protocol) rules (docs/rules.md#agentmd-rules-os-protocol). */
import { ruleMaker, type RuleInfo } from './types';

const agentMd = ruleMaker('agent-md');

export const AGENT_MD_RULES: readonly RuleInfo[] = [
  agentMd('agent-frontmatter-missing', 'retired'),
  agentMd('agent-frontmatter-unclosed', 'error'),
  agentMd('agent-yaml-invalid', 'error'),
  agentMd('agent-frontmatter-not-mapping', 'retired'),
  agentMd('agent-name-missing', 'error'),
  agentMd('agent-description-missing', 'error'),
  agentMd('agent-unknown-field', 'error'),
  agentMd('agent-type-string', 'error', { fix: { title: 'Quote the value', tier: 'safe', why: 'keeps exactly what was written (`1.0` stays `1.0`, not the number 1)' } }),
  agentMd('agent-type-array', 'error'),
  agentMd('agent-item-type', 'error', { also: ['information'] }),
  agentMd('agent-annotations-type', 'error'),
  agentMd('agent-when-to-use-missing', 'error'),
  agentMd('agent-when-to-use-empty', 'information'),
  agentMd('agent-version-semver', 'warning'),
  agentMd('agent-extends-unresolved', 'error', { also: ['information', 'warning'] }),
  agentMd('agent-extends-not-agent', 'error', { also: ['information', 'warning'] }),
  agentMd('agent-extends-outside', 'warning'),
  agentMd('agent-extends-absolute', 'warning'),
  agentMd('agent-extends-cycle', 'error'),
  agentMd('agent-duplicate-name', 'warning'),
  agentMd('agent-tool-format', 'warning', { also: ['hint'] }),
  agentMd('agent-tool-unknown', 'hint'),
  agentMd('agent-workflow-unknown', 'warning'),
  agentMd('agent-workflow-not-schema', 'information', {
    also: ['warning'],
    fix: { title: 'Replace with the schema id', tier: 'manual', why: 'changes which workflow the agent runs' },
  }),
  agentMd('agent-duplicate-entry', 'information'),
  agentMd('agent-body-empty', 'information'),
];
