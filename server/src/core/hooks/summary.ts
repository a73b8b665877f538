/**
 * The index entry's view of a `hooks` object (a Claude Code settings file's, a plugin's hooks
 * file's): each event with its handlers and their ranges, for the Agent Files view. Reads what is
 * there, right or wrong (the checks are analyze.ts's); never throws.
 */
import type { Node } from 'jsonc-parser';
import type { IndexedHookEvent, IndexedHookHandler } from '../workspace/indexTypes';
import type { Range } from '../types';
import { LineIndex } from '../text/text';
import { property } from './analyze';

/** Longest `label` kept of a command, URL or prompt. */
const LABEL_MAX = 80;

const short = (s: string) => {
  const one = s.replace(/\s+/g, ' ').trim();
  return one.length > LABEL_MAX ? `${one.slice(0, LABEL_MAX - 1)}…` : one;
};

const text = (n: Node | undefined) => (n?.type === 'string' ? (n.value as string) : undefined);

/** The keys that say what a handler runs, in the order read: Claude Code's, then those of `.github/hooks/*.json`. */
const WHAT_KEYS = ['command', 'url', 'prompt', 'bash', 'powershell', 'windows', 'linux', 'osx', 'exec'];

/** What a handler runs, by its type's key (`str` reads one of its text values). */
export function handlerLabel(str: (key: string) => string | undefined): string {
  const tool = str('tool');
  const server = str('server');
  const written = WHAT_KEYS.map(str).find((v) => v !== undefined);
  return short(written ?? (tool ? `${server ? `${server} ` : ''}${tool}` : ''));
}

function labelOf(h: Node): string {
  return handlerLabel((key) => text(property(h, key)?.value));
}

/**
 * The events of `root`'s `hooks` object, in file order; empty when there is none. `flat`: hooks
 * straight under the event (`.github/hooks/*.json`), a Claude Code matcher group among them read
 * as its hooks.
 */
export function hookEventsOf(root: Node | undefined, source: string, flat = false): IndexedHookEvent[] {
  const hooks = root?.type === 'object' ? property(root, 'hooks')?.value : undefined;
  if (hooks?.type !== 'object') return [];
  const lines = new LineIndex(source);
  const rangeOf = (n: Node): Range => ({ start: lines.positionAt(n.offset), end: lines.positionAt(n.offset + n.length) });
  const events: IndexedHookEvent[] = [];
  for (const p of hooks.children ?? []) {
    const [k, v] = p.children ?? [];
    if (!k || typeof k.value !== 'string') continue;
    const handlers: IndexedHookHandler[] = [];
    for (const group of v?.type === 'array' ? (v.children ?? []) : []) {
      if (group.type !== 'object') continue;
      const matcher = text(property(group, 'matcher')?.value);
      const list = property(group, 'hooks')?.value;
      const handler = (h: Node): IndexedHookHandler => ({ type: text(property(h, 'type')?.value) ?? '', label: labelOf(h), ...(matcher ? { matcher } : {}), range: rangeOf(h) });
      if (flat && list?.type !== 'array') {
        handlers.push(handler(group));
        continue;
      }
      for (const h of list?.type === 'array' ? (list.children ?? []) : []) if (h.type === 'object') handlers.push(handler(h));
    }
    events.push({ event: k.value, range: rangeOf(k), handlers });
  }
  return events;
}
