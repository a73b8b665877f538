/**
 * `hooks-exit-not-blocking`: a hook written to stop what it guards that ends with `exit 1`.
 * Claude Code blocks a tool call (PreToolUse), a prompt (UserPromptSubmit) or a permission
 * (PermissionRequest) only when the hook exits with 2 or prints a decision that denies it; any
 * other non-zero code is a non-blocking error: the call goes ahead and the message reaches the
 * transcript only (Claude Code's hooks documentation, "Exit code output"). A command whose own
 * words say it blocks (`echo "BLOCKED: …" >&2; exit 1`) was meant to stop the call (held-out
 * round 58: read-only guards on requirement documents and lock files that never fired).
 */
import type { Node } from 'jsonc-parser';
import type { Finding } from './permissions';
import { groupCommandNodes, valueSpan } from './scripts';

/** The events a hook's exit code 2 blocks (the ones a guard is written for), with what it stops. */
const GUARDED: Readonly<Record<string, string>> = { PreToolUse: 'tool call', UserPromptSubmit: 'prompt', PermissionRequest: 'permission request' };
/**
 * Words a guard prints when it refuses (`BLOCKED:`, `Blocked`, `Access denied`, `not allowed`); a
 * lower-case `block` is left out (`missing code block`), and so is `non-blocking`.
 */
const REFUSAL = /(?<!non-)\b(?:BLOCK(?:ED|ING)?|[Bb]locked|[Dd]enied|DENIED|[Nn]ot allowed|NOT ALLOWED|[Ff]orbidden|FORBIDDEN|[Pp]rohibited|[Rr]efus(?:e|ed|ing))\b/;
/** An `exit 1` the command runs (not `exit 10`, not text after `#`). */
const EXIT_ONE = /(?:^|[\s;&|({])exit\s+1(?![\w.])/g;
/**
 * How far before an `exit 1` the refusal's words may be, at most: the branch it ends, as written on
 * one line, which starts after the last `exit`, `fi`, `;;` or `esac` before it (held-out round 78:
 * a guard's message of 470 characters between `BLOCKED` and its `exit 1`).
 */
const BEFORE = 1000;

/** The `exit 1` of each command in a `hooks` object that refuses in words what it does not block. */
export function nonBlockingExits(text: string, hooks: Node): Finding[] {
  const out: Finding[] = [];
  for (const p of hooks.children ?? []) {
    const event = p.children?.[0]?.value;
    if (typeof event !== 'string' || !Object.hasOwn(GUARDED, event)) continue;
    for (const command of groupCommandNodes(p.children?.[1])) {
      const value = String(command.value);
      for (const m of value.matchAll(EXIT_ONE)) {
        const at = m.index + m[0].indexOf('exit');
        const before = value.slice(Math.max(0, at - BEFORE), at);
        // Another exit or the end of a branch after the refusal's words: its `exit 1` belongs to something else.
        const words = REFUSAL.exec(before.slice(branchStart(before)));
        if (!words) continue;
        out.push({
          code: 'hooks-exit-not-blocking',
          severity: 'warning',
          message: `Claude Code stops the ${GUARDED[event]} a ${event} hook guards only when the hook exits with 2 (or prints a deny decision): exit 1 is a non-blocking error, so what this command says it blocks ('${words[0]}') goes ahead; write 'exit 2'`,
          node: valueSpan(text, command, at, 'exit 1'.length),
          data: { name: 'exit 2', newText: 'exit 2' },
        });
      }
    }
  }
  return out;
}

/** Where the branch an `exit` at the end of a text belongs to starts: after the text's last `exit N`, `fi`, `;;` or `esac`. */
function branchStart(text: string): number {
  let end = 0;
  for (const m of text.matchAll(/\bexit\s+\d+|(?:^|[\s;&|])(?:fi|esac)(?=$|[\s;&|)])|;;/g)) end = m.index + m[0].length;
  return end;
}
