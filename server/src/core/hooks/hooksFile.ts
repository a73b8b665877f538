/**
 * A Claude Code plugin's hooks file (`hooks/hooks.json`, or the path its manifest's `hooks` names):
 * `{"description"?: …, "hooks": {Event: [{matcher, hooks: [{type, command, timeout}]}]}}`, the
 * settings file's `hooks` one level down. The same checks as a settings file's hooks; a command's
 * `${CLAUDE_PLUGIN_ROOT}/…` script is looked up in the plugin. Facts and sources: docs/hooks.md#plugin-hooks.
 */
import { printParseErrorCode, type ParseError } from 'jsonc-parser';
import type { Diagnostic, Range } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import { LineIndex } from '../text/text';
import { boundedParseTree, tooDeepMessage, MAX_DOCUMENT_DEPTH } from '../text/jsonDepth';
import { checkHooks, property, type Report, type SettingsAnalysis } from './analyze';
import { HOOK_EVENT_BY_NAME } from './events';
import { missingPluginScripts } from './scripts';

/** `pluginRoot`: the folder `${CLAUDE_PLUGIN_ROOT}` stands for (none: scripts are not looked up); `roots`: the workspace folders. */
export function analyzeHooksFile(text: string, host: IWorkspaceHost, pluginRoot: string | undefined, roots?: readonly string[]): SettingsAnalysis {
  const index = new LineIndex(text);
  const rangeOf = (n: { offset: number; length: number }): Range => ({ start: index.positionAt(n.offset), end: index.positionAt(n.offset + n.length) });
  const diagnostics: Diagnostic[] = [];
  const report: Report = (code, severity, message, node) => diagnostics.push({ code, severity, message, range: rangeOf(node) });
  if (!text.trim()) return { root: undefined, diagnostics };
  const errors: ParseError[] = [];
  const { root, tooDeepAt } = boundedParseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  if (tooDeepAt >= 0) {
    report('settings-json-invalid', 'error', tooDeepMessage('This hooks file', MAX_DOCUMENT_DEPTH), { offset: tooDeepAt, length: 1 });
    return { root: undefined, diagnostics };
  }
  if (errors.length) {
    const e = errors[0]!;
    report('settings-json-invalid', 'error', `Invalid JSON (${printParseErrorCode(e.error)}): Claude Code cannot read this plugin's hooks file and runs none of its hooks`, e);
    return { root, diagnostics };
  }
  if (!root) return { root, diagnostics };
  if (root.type !== 'object') {
    report('settings-shape', 'error', 'A plugin hooks file holds one JSON object {"hooks": {…}}; Claude Code cannot use this one', root);
    return { root, diagnostics };
  }
  const hooks = property(root, 'hooks');
  if (!hooks) {
    // Events at the top level (the settings file's `hooks` value pasted as the whole file) are never read.
    const event = root.children?.map((p) => p.children?.[0]).find((k) => typeof k?.value === 'string' && HOOK_EVENT_BY_NAME.has(k.value as string));
    if (event)
      report(
        'settings-shape',
        'warning',
        `Claude Code reads a plugin's hooks under a top-level "hooks" key: '${event.value as string}' here is never hooked (write {"hooks": {"${event.value as string}": …}})`,
        event,
      );
    return { root, diagnostics };
  }
  checkHooks(hooks.value, report);
  if (hooks.value.type === 'object' && pluginRoot) for (const f of missingPluginScripts(hooks.value, pluginRoot, host, roots)) report(f.code, f.severity, f.message, f.node);
  // In the order of the text (the scripts are looked up after the shape).
  diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return { root, diagnostics };
}
