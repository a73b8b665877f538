/**
 * "Agent Files: Route request…": a QuickPick that re-ranks live as you type, reveals the chosen
 * skill, then fills its inputs and copies the command or, in a trusted workspace of desktop VS Code
 * and after an explicit confirmation showing the exact command line, runs it in a terminal (in the
 * browser there are no terminals: the command is copied). The command is filled for the shell of
 * the default terminal profile (`vscode.env.shell`), and the terminal is created with exactly that
 * shell; a shell Agent Files cannot quote for (PowerShell, cmd, nushell, unknown) is never run in.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { FillCommandRequest, RouteRequest, type FillCommandResult, type RouteCandidate } from '../../server/src/lsp/protocol';
import { parseInput, validateInput } from './inputs';
import { revealRange } from './reveal';
import { ACTION_LABELS, confirmationMessage, decide, offeredActions, whyNotRun, type RunContext } from './runPolicy';

/** Arguments that let scripts and tests run the command without prompts. */
export interface RouteRequestArgs {
  text?: string;
  /** Limit routing to one agent file. */
  uri?: string;
  /** Pick this skill (by name) instead of asking. */
  skill?: string;
  action?: 'reveal' | 'copy' | 'run';
  values?: Record<string, unknown>;
}

export interface RouteRequestResult {
  candidates: RouteCandidate[];
  chosen?: RouteCandidate;
  command?: string | null;
  /** Why the command was not filled. */
  problems?: string[];
}

interface CandidateItem extends vscode.QuickPickItem {
  candidate: RouteCandidate;
}

/** What the editor around the extension can do: desktop VS Code has terminals, VS Code in the browser has none. */
export interface Platform {
  terminals: boolean;
}

export async function routeRequest(client: LanguageClient, platform: Platform, args: RouteRequestArgs = {}): Promise<RouteRequestResult | undefined> {
  const rank = (text: string) => client.sendRequest<RouteCandidate[]>(RouteRequest, { text, uri: args.uri });
  let candidates: RouteCandidate[];
  let chosen: RouteCandidate | undefined;
  if (args.text !== undefined) {
    candidates = await rank(args.text);
    chosen = args.skill ? candidates.find((c) => c.name === args.skill) : candidates[0];
  } else {
    const picked = await pickLive(rank);
    if (!picked) return undefined;
    ({ candidates, chosen } = picked);
  }
  if (!chosen) {
    if (args.text === undefined) void vscode.window.showInformationMessage('Agent Files: no skill matches this request.');
    return { candidates };
  }
  await revealRange(chosen.uri, chosen.range);
  if (!chosen.tool) return { candidates, chosen, command: null };

  const ctx: RunContext = { trusted: vscode.workspace.isTrusted, terminals: platform.terminals, shell: platform.terminals ? vscode.env.shell : '' };
  const blocked = whyNotRun(ctx);
  let action = args.action;
  if (!action) {
    const options = offeredActions(ctx).map((a) => ({ label: ACTION_LABELS[a], action: a }));
    // Say why "run" is missing when the user could otherwise expect it (a trusted desktop workspace).
    const placeHolder = blocked && ctx.trusted && ctx.terminals ? `Fill the skill's inputs? (Not run here: ${blocked}.)` : "Fill the skill's inputs?";
    const pick = await vscode.window.showQuickPick(options, { title: `${chosen.name}: ${chosen.tool}`, placeHolder });
    if (!pick) return { candidates, chosen };
    action = pick.action;
  }
  if (action === 'reveal') return { candidates, chosen };

  const values = args.values ?? (await askValues(chosen));
  if (!values) return { candidates, chosen };
  // The command goes to a terminal, typed here or pasted: no control character its line editor would act on
  // (nor a newline), and filled for the terminal's own shell when it runs here.
  const terminal = action === 'run' && !blocked;
  const { command, problems } = await client.sendRequest<FillCommandResult>(FillCommandRequest, {
    uri: chosen.uri,
    z: chosen.z,
    values,
    terminal: true,
    ...(terminal ? { shell: ctx.shell } : {}),
  });
  if (problems?.length) {
    void vscode.window.showErrorMessage(`Agent Files: ${chosen.name}: ${problems.join('; ')}`);
    return { candidates, chosen, command: null, problems };
  }
  if (command === null) return { candidates, chosen, command };
  if (action === 'run') {
    const confirmed = terminal
      ? (await vscode.window.showWarningMessage(
          confirmationMessage(command),
          { modal: true, detail: `From skill "${chosen.name}" of ${vscode.workspace.asRelativePath(vscode.Uri.parse(chosen.uri))}` },
          'Run',
        )) === 'Run'
      : undefined;
    const outcome = decide(action, ctx, confirmed);
    if (outcome === 'run') {
      // The shell the command was filled for, not whatever the default profile says by the time it starts.
      const terminal = vscode.window.createTerminal({ name: `Agent Files: ${chosen.name}`, shellPath: ctx.shell });
      terminal.show();
      terminal.sendText(command, true);
    } else if (outcome === 'copy') {
      void vscode.window.showWarningMessage(`Agent Files: ${blocked ?? 'the command cannot run here'}. The command was copied instead.`);
      await vscode.env.clipboard.writeText(command);
    }
  } else {
    await vscode.env.clipboard.writeText(command);
    if (!args.action) void vscode.window.showInformationMessage(`Copied: ${command}`);
  }
  return { candidates, chosen, command };
}

function pickLive(rank: (text: string) => Thenable<RouteCandidate[]>): Promise<{ candidates: RouteCandidate[]; chosen: RouteCandidate } | undefined> {
  return new Promise((resolve) => {
    const qp = vscode.window.createQuickPick<CandidateItem>();
    qp.title = 'Agent Files: Route request';
    qp.placeholder = 'Type a request, e.g. "find every TODO in src"';
    qp.matchOnDescription = false;
    let candidates: RouteCandidate[] = [];
    let generation = 0;
    let done = false;
    qp.onDidChangeValue(async (text) => {
      const mine = ++generation;
      qp.busy = true;
      const result = await rank(text);
      if (mine !== generation) return;
      candidates = result;
      qp.busy = false;
      qp.items = result.map((c) => ({
        label: c.name,
        description: `score ${c.score} · z=${c.z} · ${c.agent}`,
        detail: `matched: ${c.hits.join(', ')}${c.tool ? `   ·   ${c.tool}` : ''}`,
        alwaysShow: true,
        candidate: c,
      }));
    });
    qp.onDidAccept(() => {
      const item = qp.selectedItems[0];
      if (!item) return;
      done = true;
      qp.hide();
      resolve({ candidates, chosen: item.candidate });
    });
    qp.onDidHide(() => {
      qp.dispose();
      if (!done) resolve(undefined);
    });
    qp.show();
  });
}

async function askValues(c: RouteCandidate): Promise<Record<string, unknown> | undefined> {
  const values: Record<string, unknown> = {};
  for (const [i, spec] of c.inputs.entries()) {
    const text = await vscode.window.showInputBox({
      title: `${c.name}: input ${i + 1} of ${c.inputs.length}`,
      prompt: `${spec.name} (${spec.type}${spec.required ? '' : ', optional'})`,
      validateInput: (t) => validateInput(spec, t),
      ignoreFocusOut: true,
    });
    if (text === undefined) return undefined;
    const v = parseInput(spec, text);
    if (v !== undefined) values[spec.name] = v;
  }
  return values;
}
