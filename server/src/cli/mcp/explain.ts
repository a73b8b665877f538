/**
 * The `explain_rule` tool: a rule's section of docs/rules.md. The text is bundled into dist/mcp.js
 * at build time (esbuild's text loader), so the server reads no documentation at run time.
 */
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import RULES_MD from '../../../../docs/rules.md';
import { explainRule as explain } from '../../core/rules/ruleDoc';
import { RULES_URL } from '../meta';
import { errorResult, textResult } from './runCli';

export function explainRule(code: string): CallToolResult {
  const r = explain(RULES_MD, code, RULES_URL);
  return 'error' in r ? errorResult(r.error.charAt(0).toUpperCase() + r.error.slice(1)) : textResult(r.text);
}
