/**
 * A `.github/hooks/*.json` file, which VS Code, GitHub Copilot CLI and the Copilot cloud agent all
 * read: `{"version": 1, "hooks": {event: [hook, …]}}`, hooks straight under the event (a Claude
 * Code matcher group `{"matcher", "hooks": […]}` is read by VS Code too). A finding is reported
 * only when it is true for the clients it names (githubModel.ts). Facts and sources:
 * docs/hooks.md#github-hooks-files.
 */
import type { Node } from 'jsonc-parser';
import type { IWorkspaceHost } from '../workspace/host';
import { inTextOrder, startJsonFile, topLevelEvent, type Report, type SettingsAnalysis } from './jsonFile';
import { property, fixData } from './analyze';
import { certainName } from './codeActions';
import { suggestAmong } from '../skills/clientFields';
import { eventNamesOf, GITHUB_EVENT_BY_NAME, mayBeEvent, type GithubHooksFormat } from './githubModel';
import { checkGithubHandler } from './githubHandler';
import { missingGithubScripts } from './githubScripts';

const CLI_KEYS = ['bash', 'powershell', 'timeoutSec'];
const VSCODE_KEYS = ['command', 'windows', 'linux', 'osx', 'timeout'];

/**
 * The way the file is written: Copilot CLI's when it has a `version` (VS Code's own test), else by
 * its first known event name, else by its hooks' keys; undefined when nothing tells.
 */
export function githubHooksFormat(root: Node | undefined): GithubHooksFormat | undefined {
  if (root?.type !== 'object') return undefined;
  if (property(root, 'version')) return 'copilot-cli';
  const hooks = property(root, 'hooks')?.value;
  if (hooks?.type !== 'object') return undefined;
  for (const p of hooks.children ?? []) {
    const e = GITHUB_EVENT_BY_NAME.get(p.children?.[0]?.value as string);
    if (e) return e.format;
  }
  for (const p of hooks.children ?? []) {
    for (const h of p.children?.[1]?.children ?? []) {
      if (h.type !== 'object') continue;
      if (CLI_KEYS.some((k) => property(h, k))) return 'copilot-cli';
      if (VSCODE_KEYS.some((k) => property(h, k))) return 'vscode';
    }
  }
  return undefined;
}

/** `roots`: the workspace folders (URIs); scripts of a repository outside them are not looked up. */
export function analyzeGithubHooks(text: string, uri: string, host: IWorkspaceHost, roots?: readonly string[]): SettingsAnalysis {
  const start = startJsonFile(text, {
    file: 'This hooks file',
    unread: 'run none of its hooks',
    reader: 'VS Code, Copilot CLI and the Copilot cloud agent',
    notObject: 'A hooks file holds one JSON object {"version": 1, "hooks": {…}}: VS Code, Copilot CLI and the Copilot cloud agent run none of this one',
    codes: { json: 'github-hooks-json-invalid', shape: 'github-hooks-shape' },
  });
  if (start.done) return start.done;
  const { root, diagnostics, report } = start;
  checkVersion(root, report);
  const hooks = property(root, 'hooks');
  if (!hooks) {
    // Events at the top level (a `hooks` value pasted as the whole file) are never read.
    const event = topLevelEvent(root, (name) => GITHUB_EVENT_BY_NAME.has(name));
    if (event)
      report(
        'github-hooks-shape',
        'warning',
        `VS Code, Copilot CLI and the Copilot cloud agent read hooks under a top-level "hooks" key: '${event.value as string}' here never runs (write {"hooks": {"${event.value as string}": […]}})`,
        event,
      );
    return { root, diagnostics };
  }
  if (hooks.value.type !== 'object') {
    report(
      'github-hooks-shape',
      'error',
      '"hooks" must be an object of event name → list of hooks: VS Code, Copilot CLI and the Copilot cloud agent run none of this file',
      hooks.value,
    );
    return { root, diagnostics };
  }
  checkEvents(hooks.value, githubHooksFormat(root), report);
  for (const f of missingGithubScripts(text, hooks.value, uri, host, roots)) report(f.code, f.severity, f.message, f.node);
  return { root, diagnostics: inTextOrder(diagnostics) };
}

/** Copilot CLI and the cloud agent reject a file whose `version` is not 1; VS Code does not read it. */
function checkVersion(root: Node, report: Report): void {
  const v = property(root, 'version')?.value;
  if (!v || (v.type === 'number' && v.value === 1)) return;
  report(
    'github-hooks-shape',
    'error',
    '"version" must be the number 1: Copilot CLI and the Copilot cloud agent reject this file and run none of its hooks (VS Code does not read "version")',
    v,
  );
}

function checkEvents(hooks: Node, format: GithubHooksFormat | undefined, report: Report): void {
  const names = eventNamesOf(format);
  for (const p of hooks.children ?? []) {
    const [k, v] = p.children ?? [];
    if (!k || !v || typeof k.value !== 'string') continue;
    const name = k.value;
    // An empty key is a name being typed.
    if (!name) continue;
    if (!mayBeEvent(name)) {
      const fix = certainName(name, names);
      const s = fix ?? suggestAmong(name, names) ?? suggestAmong(name, eventNamesOf(undefined));
      report(
        'github-hooks-event-unknown',
        'warning',
        `'${name}' is no hook event of VS Code, Copilot CLI or the Copilot cloud agent: none of them runs its hooks${s ? `; did you mean '${s}'?` : ''}`,
        k,
        fixData(fix, JSON.stringify(fix)),
      );
      // An unknown event's hooks are not read: one finding is enough.
      continue;
    }
    if (v.type !== 'array') {
      report(
        'github-hooks-shape',
        'error',
        `The hooks of '${name}' must be a list: Copilot CLI and the Copilot cloud agent reject this whole file, and VS Code skips this event`,
        v,
      );
      continue;
    }
    for (const item of v.children ?? []) {
      const nested = item.type === 'object' ? property(item, 'hooks')?.value : undefined;
      // A Claude Code matcher group: VS Code reads its hooks (and ignores its matcher).
      if (nested?.type === 'array') for (const h of nested.children ?? []) checkGithubHandler(h, name, report);
      else checkGithubHandler(item, name, report);
    }
  }
}
