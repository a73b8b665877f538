/**
 * The `hooks` of a skill's or subagent's YAML frontmatter as the Agent Files view lists them: each
 * event with its handlers and their ranges in the file, like a hooks file's (./summary.ts). Claude
 * Code registers them while the skill or subagent runs. Reads what is there, right or wrong (the
 * checks are `skill-hooks-value` and `subagent-hooks-ignored`); never throws.
 */
import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import type { IndexedHookEvent, IndexedHookHandler } from '../workspace/indexTypes';
import { entriesOf, nodeRange, type FrontmatterEntry, type YamlFrontmatter } from '../text/yamlFrontmatter';
import type { Range } from '../types';
import { unsetVariablesIn } from './inputVariables';
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

/** The `command` scalars of a frontmatter `hooks` mapping's handlers, in file order. */
function commandScalars(hooks: FrontmatterEntry | undefined): YamlNode[] {
  if (!hooks || !isMap(hooks.node)) return [];
  return hooks.node.items.flatMap((ev) => {
    const groups = isSeq(ev.value) ? ev.value.items : [];
    return groups.flatMap((g) => {
      if (!isMap(g)) return [];
      const list = g.get('hooks', true);
      const handlers = isSeq(list) ? list.items : g.has('type') ? [g] : [];
      return handlers.flatMap((h) => {
        const c = isMap(h) ? h.get('command', true) : undefined;
        return isScalar(c) && typeof c.value === 'string' ? [c as YamlNode] : [];
      });
    });
  });
}

/**
 * The event variables a frontmatter hook's commands read that Claude Code never sets
 * (`hooks-variable-unset` of a settings file, for a skill's or a subagent's own hooks): each on
 * the `$NAME` as written when the value shows it as read, else on the whole command.
 */
export function frontmatterUnsetVariables(fm: YamlFrontmatter | undefined, hooks: FrontmatterEntry | undefined): { message: string; range: Range }[] {
  if (!fm) return [];
  return commandScalars(hooks).flatMap((node) => {
    const whole = nodeRange(fm, node);
    const rg = node.range;
    if (!whole || !rg || !isScalar(node)) return [];
    const source = fm.text.slice(fm.yamlStart + rg[0], fm.yamlStart + rg[1]);
    return unsetVariablesIn(String(node.value)).map((v) => {
      const written = String(node.value).slice(v.at, v.at + v.length);
      const i = source.indexOf(written);
      const range = i < 0 ? whole : { start: fm.index.positionAt(fm.yamlStart + rg[0] + i), end: fm.index.positionAt(fm.yamlStart + rg[0] + i + written.length) };
      return { message: v.message, range };
    });
  });
}
