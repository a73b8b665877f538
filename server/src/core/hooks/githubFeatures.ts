/**
 * Hover and completion in a `.github/hooks/*.json` file: what each of VS Code, Copilot CLI and the
 * Copilot cloud agent does with an event name or a key, and the names of the file's own format.
 */
import { getLocation, parseTree } from 'jsonc-parser';
import { CompletionItemKind, MarkupKind, type CompletionItem, type Hover } from 'vscode-languageserver-types';
import type { Position } from '../types';
import { LineIndex } from '../text/text';
import { keyHoverAt } from './features';
import { ALL_CLIENTS, clientList, GITHUB_EVENT_BY_NAME, GITHUB_HANDLER_TYPES, GITHUB_HOOK_EVENTS, GITHUB_KEY_DOCS, mayBeEvent, type GithubHookEvent } from './githubModel';
import { githubHooksFormat } from './githubHooks';

/** What an event name does, client by client. */
export function githubEventDoc(e: GithubHookEvent): string {
  // Copilot CLI documents PascalCase names without listing each: a client that runs the camelCase
  // form of a PascalCase name may read it too.
  const camel = e.format === 'vscode' ? GITHUB_EVENT_BY_NAME.get(e.name.charAt(0).toLowerCase() + e.name.slice(1)) : undefined;
  const others = ALL_CLIENTS.filter((c) => !e.runBy.includes(c));
  const unsure = others.filter((c) => camel?.runBy.includes(c));
  const ignore = others.filter((c) => !unsure.includes(c));
  const s = (list: readonly unknown[]) => (list.length === 1 ? 's' : '');
  const who = [
    `${clientList(e.runBy)} run${s(e.runBy)} its hooks`,
    ...(ignore.length ? [`${clientList(ignore)} ignore${s(ignore)} this name`] : []),
    ...(unsure.length ? [`${clientList(unsure)} document${s(unsure)} no such name`] : []),
  ].join('; ');
  const matcher = e.matcher ? ` Copilot CLI matches a hook's \`matcher\` against ${e.matcher}.` : '';
  const format = e.format === 'copilot-cli' ? "Copilot CLI's name (camelCase payload)" : "VS Code's name (Copilot CLI: snake_case payload)";
  return `**${e.name}** (${format}): fires ${e.when}. ${who}.${matcher}`;
}

function eventHover(name: string): string {
  const e = GITHUB_EVENT_BY_NAME.get(name);
  if (e) return githubEventDoc(e);
  if (mayBeEvent(name)) return `**${name}**: the PascalCase form of a Copilot CLI event; Copilot CLI documents such names as its VS Code compatible form. VS Code ignores it.`;
  return `**${name}** is no hook event of VS Code, Copilot CLI or the Copilot cloud agent: none of them runs its hooks.`;
}

/** The hover of an event name or a key of a `.github/hooks/*.json` file. */
export function githubHooksHover(text: string, pos: Position): Hover | null {
  const at = keyHoverAt(text, pos);
  if (!at) return null;
  const { name, markdown } = at;
  if (at.path.length === 1 && at.path[0] === 'hooks') return markdown(eventHover(name));
  const top = at.path.length === 0;
  const inHook = at.path[0] === 'hooks' && at.path.length >= 3;
  if (!(top ? ['version', 'hooks', 'disableAllHooks'] : inHook ? Object.keys(GITHUB_KEY_DOCS) : []).includes(name)) return null;
  const types =
    name === 'type'
      ? '\n\n' +
        Object.entries(GITHUB_HANDLER_TYPES)
          .map(([t, h]) => `- \`${t}\`: ${h.about}`)
          .join('\n')
      : '';
  return markdown(`**${name}**: ${GITHUB_KEY_DOCS[name]!}${types}`);
}

const HOOK_KEYS = {
  'copilot-cli': ['type', 'bash', 'powershell', 'cwd', 'env', 'timeoutSec', 'matcher'],
  vscode: ['type', 'command', 'windows', 'linux', 'osx', 'cwd', 'env', 'timeout'],
} as const;

/** Event names at the events' level, a hook's keys inside a hook: in the file's format (both when it cannot be told). */
export function githubHooksCompletion(text: string, pos: Position): CompletionItem[] {
  const index = new LineIndex(text);
  const loc = getLocation(text, index.offsetAt(pos));
  if (!loc.isAtPropertyKey || loc.path[0] !== 'hooks') return [];
  const format = githubHooksFormat(parseTree(text, [], { allowTrailingComma: true }));
  if (loc.path.length === 2)
    return GITHUB_HOOK_EVENTS.filter((e) => !format || e.format === format).map((e) => ({
      label: e.name,
      kind: CompletionItemKind.Event,
      documentation: { kind: MarkupKind.Markdown, value: githubEventDoc(e) },
    }));
  if (loc.path.length !== 4 || typeof loc.path[2] !== 'number') return [];
  const keys = format ? HOOK_KEYS[format] : [...new Set([...HOOK_KEYS['copilot-cli'], ...HOOK_KEYS.vscode])];
  return keys.map((k) => ({ label: k, kind: CompletionItemKind.Property, documentation: { kind: MarkupKind.Markdown, value: GITHUB_KEY_DOCS[k]! } }));
}
