/** `hooks-variable-unset` in a settings or plugin hooks file: the commands' event variables (eventVariables.ts), placed in the JSON text. */
import type { Node } from 'jsonc-parser';
import type { Finding } from './permissions';
import { commandNodes, valueSpan } from './scripts';
import { unsetVariablesIn, type DefinedNames } from './eventVariables';

/** The event variables the `hooks` object's commands read (a settings or plugin hooks file), placed in the JSON text. */
export function unsetEventVariables(text: string, hooks: Node, defined: DefinedNames = new Set()): Finding[] {
  return commandNodes(hooks).flatMap((node) =>
    unsetVariablesIn(String(node.value), defined).map((v) => ({
      code: 'hooks-variable-unset',
      severity: 'warning' as const,
      message: v.message,
      node: valueSpan(text, node, v.at, v.length),
    })),
  );
}
