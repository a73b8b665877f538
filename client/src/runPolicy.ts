/**
 * What "Route request…" may do with a filled command. Pure, so the rules are tested without an
 * editor: nothing runs in an untrusted workspace, nothing runs without a confirmation, and nothing
 * runs in a terminal whose shell Agent Files cannot quote for (only the POSIX family and fish:
 * core/agent/shellDialect.ts); the command can always be copied.
 */
import { shellVerdict, type ShellVerdict } from '../../server/src/core/agent/shellDialect';

export type CommandAction = 'copy' | 'run';

export const ACTION_LABELS: Record<CommandAction, string> = {
  copy: 'Fill inputs and copy the command',
  run: 'Fill inputs and run in a terminal…',
};

/** Where a command would run: the workspace's trust, whether the editor has terminals, and the terminal's shell. */
export interface RunContext {
  trusted: boolean;
  /** Desktop VS Code has terminals; VS Code in the browser has none. */
  terminals: boolean;
  /** The shell the terminal will run (`vscode.env.shell`, the default profile's shell path; empty when unknown). */
  shell: string;
}

/** The terminal's shell as Agent Files reads it. */
export function terminalShell(shellPath: string): ShellVerdict {
  return shellVerdict(shellPath);
}

/** Why the command cannot run here (so it is copied instead), or null when it can. */
export function whyNotRun(ctx: RunContext): string | null {
  if (!ctx.terminals) return 'commands run only in desktop VS Code, which has terminals';
  if (!ctx.trusted) return 'commands are never run in an untrusted workspace';
  const shell = terminalShell(ctx.shell);
  return shell.ok ? null : `${shell.reason}, so it does not run commands in this terminal`;
}

/** The actions offered: running only when it is possible (trusted, with terminals, in a shell Agent Files quotes for). */
export function offeredActions(ctx: RunContext): CommandAction[] {
  return whyNotRun(ctx) ? ['copy'] : ['copy', 'run'];
}

/**
 * What happens to a filled command: it runs only when it can (see `whyNotRun`), the user asked to
 * run it, and then confirmed the exact command line; otherwise it is copied (or dropped when the
 * confirmation was declined).
 */
export function decide(action: CommandAction, ctx: RunContext, confirmed: boolean | undefined): 'run' | 'copy' | 'nothing' {
  if (action !== 'run' || whyNotRun(ctx)) return 'copy';
  return confirmed ? 'run' : 'nothing';
}

/** The confirmation text: the exact command line, nothing summarised away. */
export function confirmationMessage(command: string): string {
  return `Run this command in a terminal?\n\n${command}`;
}
