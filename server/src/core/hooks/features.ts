/** Hover on a settings file's hook event names and keys, and completion of event names. Nothing is run. */
import { getLocation, parseTree, findNodeAtOffset, type Node } from 'jsonc-parser';
import { CompletionItemKind, MarkupKind, type CompletionItem, type Hover } from 'vscode-languageserver-types';
import type { Position } from '../types';
import { LineIndex } from '../text/text';
import { HANDLER_TYPES, HOOK_EVENT_BY_NAME, HOOK_EVENTS, KEY_DOCS, type HookEvent } from './events';

/** What an event is, for hover and the hooks file schema. */
export function eventDoc(e: HookEvent): string {
  const matcher =
    e.matcher === 'none'
      ? 'Claude Code ignores a matcher on this event.'
      : e.matcher === 'tool'
        ? 'The matcher is compared with the tool name (`Bash`, `Edit|Write`, `mcp__.*`).'
        : e.matcher === 'glob'
          ? 'The matcher names the files to watch.'
          : e.matcher === 'agent'
            ? 'The matcher is compared with the agent type.'
            : '';
  return `**${e.name}** (Claude Code hook event): runs ${e.when}. ${matcher}`.trim();
}

/** The key under the cursor of a JSON text: its name, the path of the object holding it, and a Markdown hover on it. */
export function keyHoverAt(text: string, pos: Position): { name: string; path: (string | number)[]; markdown: (value: string) => Hover } | null {
  const index = new LineIndex(text);
  const root = parseTree(text, [], { allowTrailingComma: true });
  const at = root ? keyAt(root, index.offsetAt(pos)) : undefined;
  if (!at) return null;
  const range = { start: index.positionAt(at.key.offset), end: index.positionAt(at.key.offset + at.key.length) };
  return { name: at.key.value as string, path: at.path, markdown: (value) => ({ contents: { kind: MarkupKind.Markdown, value }, range }) };
}

/** The property key node under the cursor, with the path of the object that holds it. */
export function keyAt(root: Node, offset: number): { key: Node; path: (string | number)[] } | undefined {
  const n = findNodeAtOffset(root, offset, true);
  if (!n || n.type !== 'string' || n.parent?.type !== 'property' || n.parent.children?.[0] !== n) return undefined;
  const path: (string | number)[] = [];
  let p: Node | undefined = n.parent.parent;
  while (p?.parent) {
    const holder = p.parent;
    if (holder.type === 'property') path.unshift(holder.children?.[0]?.value as string);
    else if (holder.type === 'array') path.unshift(holder.children?.indexOf(p) ?? 0);
    p = holder.type === 'property' ? holder.parent : holder;
  }
  return { key: n, path };
}

/**
 * The hover of a key. `beyondSchema`: a JSON Schema of ours describes the file in the editor
 * (VS Code, a plugin's hooks/hooks.json), so only what it cannot say is given: an unknown event.
 */
export function settingsHover(text: string, pos: Position, beyondSchema = false): Hover | null {
  const at = keyHoverAt(text, pos);
  if (!at) return null;
  const { name, markdown } = at;
  if (at.path.length === 1 && at.path[0] === 'hooks') {
    const e = HOOK_EVENT_BY_NAME.get(name);
    if (e && beyondSchema) return null;
    return markdown(e ? eventDoc(e) : `**${name}** is no Claude Code hook event: its hooks never run.`);
  }
  if (beyondSchema) return null;
  const doc = KEY_DOCS[name];
  if (!doc) return null;
  const types =
    name === 'type'
      ? '\n\n' +
        Object.entries(HANDLER_TYPES)
          .map(([t, h]) => `- \`${t}\`: ${h.about}`)
          .join('\n')
      : '';
  return markdown(`**${name}**: ${doc}${types}`);
}

export function settingsCompletion(text: string, pos: Position): CompletionItem[] {
  const index = new LineIndex(text);
  const loc = getLocation(text, index.offsetAt(pos));
  if (!loc.isAtPropertyKey || loc.path.length !== 2 || loc.path[0] !== 'hooks') return [];
  return HOOK_EVENTS.map((e) => ({
    label: e.name,
    kind: CompletionItemKind.Event,
    documentation: { kind: MarkupKind.Markdown, value: eventDoc(e) },
  }));
}
