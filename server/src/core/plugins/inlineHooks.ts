/**
 * The hooks a plugin.json writes inline (`"hooks": { "SessionStart": [ … ] }`, or a list of such
 * objects), checked as the plugin's own `hooks/hooks.json` is: Claude Code reads a plugin's hooks
 * from either, the same way (plugins reference, "Hooks"). Held-out round 79: an inline hook
 * passing `"${PROMPT}"`, a variable Claude Code never sets, that the same command in
 * `hooks/hooks.json` would have been reported for.
 */
import type { Node } from 'jsonc-parser';
import type { Diagnostic } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import { LineIndex } from '../text/text';
import { checkHooks } from '../hooks/analyze';
import { inTextOrder, type Report } from '../hooks/jsonFile';
import { pluginCommandFindings } from '../hooks/hooksFile';
import { propertyValue } from './jsonNodes';
import { GITHUB_EVENT_BY_NAME } from '../hooks/githubModel';
import { HOOK_EVENT_BY_NAME } from '../hooks/events';

/** The findings on a plugin.json's inline hooks, in the plugin.json's positions. `roots`: the workspace folders. */
export function inlineHooksFindings(text: string, root: Node, pluginRoot: string, host: IWorkspaceHost, roots?: readonly string[]): Diagnostic[] {
  const value = propertyValue(root, 'hooks');
  const objects = value?.type === 'object' ? [value] : value?.type === 'array' ? (value.children ?? []).filter((c) => c.type === 'object') : [];
  if (!objects.length) return [];
  const index = new LineIndex(text);
  const out: Diagnostic[] = [];
  const report: Report = (code, severity, message, node, data) =>
    out.push({ code, severity, message, range: { start: index.positionAt(node.offset), end: index.positionAt(node.offset + node.length) }, ...(data ? { data } : {}) });
  for (const hooks of objects) {
    if (copilotOnly(hooks)) continue;
    checkHooks(hooks, report);
    for (const f of pluginCommandFindings(text, hooks, pluginRoot, host, roots)) report(f.code, f.severity, f.message, f.node, f.data);
  }
  return inTextOrder(out);
}

/**
 * Hooks written in GitHub Copilot CLI's format (`preToolUse`, `sessionStart`, `agentStop`): a
 * plugin kept for Copilot CLI, which reads `.claude-plugin/plugin.json` too. Claude Code's rules do
 * not speak for them (the lab: a marketplace's `*-copilot` plugins).
 */
function copilotOnly(hooks: Node): boolean {
  const events = (hooks.children ?? []).map((p) => String(p.children?.[0]?.value));
  return events.length > 0 && events.every((e) => GITHUB_EVENT_BY_NAME.get(e)?.format === 'copilot-cli' && !HOOK_EVENT_BY_NAME.has(e));
}
