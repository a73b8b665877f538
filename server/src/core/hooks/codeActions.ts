/**
 * Quick fixes of a Claude Code settings file or a plugin's hooks file: a hook event, a handler type
 * or a permission rule's tool written with another case, or one letter off, from exactly one name
 * Claude Code knows is renamed to it; a `Write(path)` rule made `Edit(path)`, and an absolute path
 * of a `Read` or `Edit` rule given the `//` Claude Code reads it by; a guard's `exit 1` made the
 * `exit 2` that blocks. Each finding carries its
 * replacement (`data.newText`) only when what is meant is certain.
 */
import { CodeActionKind, type CodeAction } from 'vscode-languageserver-types';
import type { Diagnostic } from '../types';
import { toLspDiagnostic } from '../skills/codeActions';
import { distanceWithin } from '../text/editDistance';

/** The codes these fixes answer. */
export const SETTINGS_FIXED_CODES: readonly string[] = [
  'hooks-event-unknown',
  'hooks-handler-type-unknown',
  'settings-permission-tool-unknown',
  'settings-permission-write-path',
  'settings-permission-path-anchor',
  'hooks-exit-not-blocking',
  'github-hooks-event-unknown',
  'github-hooks-handler-type-unknown',
  'codex-hooks-event-unknown',
];

/**
 * The name of `known` that `written` certainly means: the only one equal to it but for case, or
 * (`oneEdit`, names of four letters or more) the only one a single letter away, case aside.
 */
export function certainName(written: string, known: readonly string[], oneEdit = true): string | undefined {
  if (known.includes(written)) return undefined;
  const lower = written.toLowerCase();
  const sameCase = known.filter((k) => k.toLowerCase() === lower);
  if (sameCase.length) return sameCase.length === 1 ? sameCase[0] : undefined;
  if (!oneEdit || written.length < 4) return undefined;
  const near = known.filter((k) => distanceWithin(k.toLowerCase(), lower, 1) === 1);
  return near.length === 1 ? near[0] : undefined;
}

/** The quick fixes of these diagnostics of one settings or hooks file. */
export function settingsCodeActions(uri: string, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of diagnostics) {
    const newText = d.data?.['newText'];
    const name = d.data?.['name'];
    if (!SETTINGS_FIXED_CODES.includes(d.code) || typeof newText !== 'string' || typeof name !== 'string') continue;
    out.push({
      title: `Change to '${name}'`,
      kind: CodeActionKind.QuickFix,
      diagnostics: [toLspDiagnostic(d)],
      isPreferred: true,
      edit: { changes: { [uri]: [{ range: d.range, newText }] } },
    });
  }
  return out;
}
