/**
 * `hooks-variable-unset` for a skill's or a subagent's own `hooks` (skill-hooks-variable-unset,
 * subagent-hooks-variable-unset): the event variables their commands read (eventVariables.ts),
 * placed in the frontmatter.
 */
import { isMap, isScalar, isSeq, type Node as YamlNode } from 'yaml';
import { nodeRange, type FrontmatterEntry, type YamlFrontmatter } from '../text/yamlFrontmatter';
import type { Range } from '../types';
import { unsetVariablesIn } from './eventVariables';

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
    // The same variable read twice is found twice: each search starts after the last one found.
    const after = new Map<string, number>();
    return unsetVariablesIn(String(node.value)).map((v) => {
      const written = String(node.value).slice(v.at, v.at + v.length);
      const i = source.indexOf(written, after.get(written) ?? 0);
      if (i >= 0) after.set(written, i + written.length);
      const range = i < 0 ? whole : { start: fm.index.positionAt(fm.yamlStart + rg[0] + i), end: fm.index.positionAt(fm.yamlStart + rg[0] + i + written.length) };
      return { message: v.message, range };
    });
  });
}
