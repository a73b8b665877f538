/**
 * The `hooks` of a skill's or subagent's YAML frontmatter as the Agent Files view lists them: each
 * event with its handlers and their ranges in the file, like a hooks file's (./summary.ts). Claude
 * Code registers them while the skill or subagent runs. Reads what is there, right or wrong (the
 * checks are `skill-hooks-value` and `subagent-hooks-ignored`); never throws.
 */
import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import type { IndexedHookEvent, IndexedHookHandler } from '../workspace/indexTypes';
import { entriesOf, nodeRange, type FrontmatterEntry, type YamlFrontmatter } from '../text/yamlFrontmatter';
import { handlerLabel } from './summary';

/** A text value of a mapping node's key. */
function textAt(node: YamlNode, key: string): string | undefined {
  if (!isMap(node)) return undefined;
  const v = node.get(key, true);
  return isScalar(v) && typeof v.value === 'string' ? v.value : undefined;
}

/** The handlers of one matcher group (`{ matcher, hooks: [...] }`), or the group itself when it is a handler. */
function handlersOf(fm: YamlFrontmatter, group: unknown): IndexedHookHandler[] {
  if (!isMap(group)) return [];
  const matcher = textAt(group, 'matcher');
  const list = group.get('hooks', true);
  const handlers = isSeq(list) ? list.items : group.has('type') ? [group] : [];
  return handlers.flatMap((h) => {
    const range = isMap(h) ? nodeRange(fm, h) : undefined;
    if (!isMap(h) || !range) return [];
    return [{ type: textAt(h, 'type') ?? '', label: handlerLabel((k) => textAt(h, k)), ...(matcher ? { matcher } : {}), range }];
  });
}

/** The events of a frontmatter `hooks` mapping, in file order; empty when there is none. */
export function frontmatterHookEvents(fm: YamlFrontmatter | undefined, hooks: FrontmatterEntry | undefined): IndexedHookEvent[] {
  if (!fm || !hooks || !isMap(hooks.node)) return [];
  return entriesOf(fm, hooks.node).map((ev) => ({
    event: ev.key,
    range: ev.keyRange,
    handlers: isSeq(ev.node) ? ev.node.items.flatMap((g) => handlersOf(fm, g)) : [],
  }));
}
