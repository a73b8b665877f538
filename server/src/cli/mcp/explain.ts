/**
 * The `explain_rule` tool: a rule's section of docs/rules.md. The text is bundled into dist/mcp.js
 * at build time (esbuild's text loader), so the server reads no documentation at run time.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import RULES_MD from '../../../../docs/rules.md';
import { ruleSection, ruleSectionNames } from '../../core/rules/ruleDoc';
import { RULES_URL } from '../meta';
import { errorResult, textResult } from './runCli';

export function explainRule(code: string): CallToolResult {
  const section = ruleSection(RULES_MD, code.trim());
  if (section === undefined) {
    const near = ruleSectionNames(RULES_MD).filter((n) => n.includes(code.trim()) || code.trim().includes(n));
    return errorResult(`No rule '${code}' in docs/rules.md${near.length ? `; did you mean ${near.slice(0, 5).join(', ')}?` : ''} (every rule: ${RULES_URL})`);
  }
  return textResult(section);
}
