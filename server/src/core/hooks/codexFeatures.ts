/**
 * Hover and completion in a Codex `.codex/hooks.json`: when Codex fires each event, and the names
 * Codex reads (events under `hooks`, a handler's keys inside a matcher group's `hooks`).
 */
import { getLocation } from 'jsonc-parser';
import { CompletionItemKind, MarkupKind, type CompletionItem, type Hover } from 'vscode-languageserver-types';
import type { Position } from '../types';
import { LineIndex } from '../text/text';
import { keyHoverAt } from './features';
import { CODEX_EVENT_BY_NAME, CODEX_HOOK_EVENTS, type CodexHookEvent } from './codexModel';
import { HOOK_EVENT_BY_NAME } from './events';

/** A handler's keys Codex reads, with what each does. */
const HANDLER_KEYS: Readonly<Record<string, string>> = {
  type: 'The handler type: `command` runs a shell command with the event as JSON on its standard input.',
  command: 'The shell command to run; it starts in the session’s working folder.',
  timeout: 'Whole seconds before Codex stops the command (600 when left out); `timeoutSec` is the same key.',
  statusMessage: 'The text Codex shows while the hook runs.',
  async: 'Whether Codex runs the command without waiting for it.',
};

function eventDoc(e: CodexHookEvent): string {
  return `**${e.name}**: Codex fires it ${e.when}.`;
}

function eventHover(name: string): string {
  const e = CODEX_EVENT_BY_NAME.get(name);
  if (e) return eventDoc(e);
  const claude = HOOK_EVENT_BY_NAME.has(name) ? ' It is a Claude Code event.' : '';
  return `**${name}** is no Codex hook event: Codex reads nothing of it.${claude}`;
}

/** The hover of an event name or a handler key. */
export function codexHooksHover(text: string, pos: Position): Hover | null {
  const at = keyHoverAt(text, pos);
  if (!at) return null;
  if (at.path.length === 1 && at.path[0] === 'hooks') return at.markdown(eventHover(at.name));
  const inHandler = at.path[0] === 'hooks' && at.path.length === 5 && at.path[3] === 'hooks';
  return inHandler && HANDLER_KEYS[at.name] ? at.markdown(`**${at.name}**: ${HANDLER_KEYS[at.name]!}`) : null;
}

/** Event names under `hooks`; a group's keys in a group; a handler's keys in a handler. */
export function codexHooksCompletion(text: string, pos: Position): CompletionItem[] {
  const loc = getLocation(text, new LineIndex(text).offsetAt(pos));
  if (!loc.isAtPropertyKey || loc.path[0] !== 'hooks') return [];
  if (loc.path.length === 2)
    return CODEX_HOOK_EVENTS.map((e) => ({ label: e.name, kind: CompletionItemKind.Event, documentation: { kind: MarkupKind.Markdown, value: eventDoc(e) } }));
  if (loc.path.length === 4 && typeof loc.path[2] === 'number')
    return [
      { label: 'matcher', kind: CompletionItemKind.Property, documentation: 'Which tool names or sources the group runs for (a regular expression; `*` or none: all).' },
      { label: 'hooks', kind: CompletionItemKind.Property, documentation: 'The handlers this group runs.' },
    ];
  if (loc.path.length === 6 && loc.path[3] === 'hooks')
    return Object.entries(HANDLER_KEYS).map(([k, doc]) => ({ label: k, kind: CompletionItemKind.Property, documentation: { kind: MarkupKind.Markdown, value: doc } }));
  return [];
}
