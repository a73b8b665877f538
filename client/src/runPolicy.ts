/**
 * What "Route request…" may do with a filled command. Pure, so the rule that nothing runs in an
 * untrusted workspace and nothing runs without a confirmation is tested without an editor.
 */

export type CommandAction = 'copy' | 'run';

export const ACTION_LABELS: Record<CommandAction, string> = {
  copy: 'Fill inputs and copy the command',
  run: 'Fill inputs and run in a terminal…',
};

/** The actions offered: running only in a trusted workspace, and only where there are terminals (not in the browser). */
export function offeredActions(trusted: boolean, terminals: boolean): CommandAction[] {
  return trusted && terminals ? ['copy', 'run'] : ['copy'];
}

/**
 * What happens to a filled command: it runs only when the workspace is trusted, the editor has
 * terminals, the user asked to run it, and then confirmed the exact command line; otherwise it is copied (or dropped when
 * the confirmation was declined).
 */
export function decide(action: CommandAction, trusted: boolean, terminals: boolean, confirmed: boolean | undefined): 'run' | 'copy' | 'nothing' {
  if (action !== 'run') return 'copy';
  if (!trusted || !terminals) return 'copy';
  return confirmed ? 'run' : 'nothing';
}

/** The confirmation text: the exact command line, nothing summarised away. */
export function confirmationMessage(command: string): string {
  return `Run this command in a terminal?\n\n${command}`;
}
