/**
 * One hook of a `.github/hooks/*.json` file (`{"type": "command", "bash": …}`): whether each of the
 * three clients that read the folder runs it, and what it runs. Facts and sources:
 * docs/hooks.md#github-hooks-files.
 */
import type { Node } from 'jsonc-parser';
import type { Report } from './jsonFile';
import { property, fixData } from './analyze';
import { certainName } from './codeActions';
import { suggestAmong } from '../skills/clientFields';
import { COMMAND_KEYS, GITHUB_HANDLER_TYPES, GITHUB_EVENT_BY_NAME } from './githubModel';

const TYPES = Object.keys(GITHUB_HANDLER_TYPES);

/** The platform of each of VS Code's command overrides. */
const PLATFORMS: Readonly<Record<string, string>> = { windows: 'Windows', linux: 'Linux', osx: 'macOS' };

/** A non-empty string value of `key`, or undefined. */
export function textOf(h: Node, key: string): string | undefined {
  const v = property(h, key)?.value;
  return v?.type === 'string' && (v.value as string).trim() ? (v.value as string) : undefined;
}

/** Checks one hook of event `event` (the key as written). */
export function checkGithubHandler(h: Node, event: string, report: Report): void {
  if (h.type !== 'object') {
    report('github-hooks-shape', 'warning', 'A hook must be an object such as {"type": "command", "bash": …}: Copilot CLI drops this one and VS Code skips it', h);
    return;
  }
  const type = property(h, 'type');
  const typeName = type?.value.type === 'string' ? (type.value.value as string) : undefined;
  if (type && (typeName === undefined || !(typeName in GITHUB_HANDLER_TYPES))) {
    const fix = typeName !== undefined ? certainName(typeName, TYPES) : undefined;
    const s = fix ?? (typeName !== undefined ? suggestAmong(typeName, TYPES) : undefined);
    report(
      'github-hooks-handler-type-unknown',
      'warning',
      `${typeName !== undefined ? `'${typeName}'` : 'This'} is no hook type (${TYPES.join(', ')}): VS Code, Copilot CLI and the Copilot cloud agent run none of this hook${s ? `; did you mean '${s}'?` : ''}`,
      type.value,
      fixData(fix, JSON.stringify(fix)),
    );
    return;
  }
  // A missing type is `command` to Copilot CLI (its reference) and to VS Code (its parser).
  const at = type?.value ?? h;
  if (typeName === 'http') checkHttp(h, at, report);
  else if (typeName === 'prompt') checkPrompt(h, at, event, report);
  else checkCommand(h, at, report);
  checkTimeout(h, report);
  checkMatcher(h, event, report);
}

/**
 * Which clients find a command: VS Code reads `command`, `windows`, `linux`, `osx`, `bash` (Linux,
 * macOS) and `powershell` (Windows); Copilot CLI `bash`, `powershell`, `command` and `exec`; the
 * cloud agent (Linux) `bash` and `command` only.
 */
function checkCommand(h: Node, at: Node, report: Report): void {
  const has = (k: string) => textOf(h, k) !== undefined;
  const commands = COMMAND_KEYS.filter(has);
  const exec = has('exec');
  const cloud = has('bash') || has('command');
  const cli = cloud || has('powershell') || exec;
  if (!commands.length && !exec) {
    report(
      'github-hooks-handler-incomplete',
      'warning',
      'This hook has no command ("bash", "powershell" or "command", each a non-empty text): VS Code, Copilot CLI and the Copilot cloud agent run nothing for it',
      at,
      VSCODE_SCHEMA_REPORTS,
    );
    return;
  }
  if (!cli) {
    report(
      'github-hooks-handler-ignored',
      'warning',
      `Copilot CLI and the Copilot cloud agent read no "${commands.join('", "')}": they run nothing for this hook (VS Code runs it on ${commands.map((k) => PLATFORMS[k]).join(', ')} only); add "bash" or "command"`,
      property(h, commands[0]!)!.key,
    );
    return;
  }
  if (!commands.length) {
    report(
      'github-hooks-handler-ignored',
      'information',
      'Only Copilot CLI runs an `exec` hook: VS Code and the Copilot cloud agent, which read `command` and `bash`, run nothing for it',
      property(h, 'exec')!.key,
    );
    return;
  }
  // Windows only: the cloud agent runs in Linux and honours `bash` and `command` alone.
  if (!cloud && !exec && has('powershell') && commands.every((k) => k === 'powershell' || k === 'windows'))
    report(
      'github-hooks-handler-ignored',
      'information',
      'This hook runs on Windows only: VS Code and Copilot CLI run its "powershell" command there, and the Copilot cloud agent (Linux) ignores it; add "bash" to run it elsewhere',
      property(h, 'powershell')!.key,
    );
}

/**
 * Marks a finding VS Code's own hooks schema (`vscode://schemas/hooks`) also reports in an open
 * file: a hook with no command ("Missing property") and a timeout that is not a number ("Incorrect
 * type"). In VS Code the server leaves those to it (`schemaDiagnostics` off), so none shows twice.
 */
export const VSCODE_SCHEMA_REPORTS = Object.freeze({ editorSchemaReports: true });

function checkHttp(h: Node, at: Node, report: Report): void {
  if (textOf(h, 'url') === undefined) {
    report('github-hooks-handler-incomplete', 'warning', 'An `http` hook needs "url": Copilot CLI and the Copilot cloud agent cannot run this hook', at);
    return;
  }
  report('github-hooks-handler-ignored', 'information', 'VS Code runs only `command` hooks: it ignores this `http` hook (Copilot CLI and the Copilot cloud agent run it)', at);
}

function checkPrompt(h: Node, at: Node, event: string, report: Report): void {
  if (textOf(h, 'prompt') === undefined) {
    report('github-hooks-handler-incomplete', 'warning', 'A `prompt` hook needs "prompt" as text: Copilot CLI cannot run this hook', at);
    return;
  }
  if (event !== 'sessionStart' && event !== 'SessionStart') {
    report('github-hooks-handler-ignored', 'warning', `Copilot CLI runs \`prompt\` hooks on sessionStart only, and VS Code runs none: this hook on ${event} never runs`, at);
    return;
  }
  report(
    'github-hooks-handler-ignored',
    'information',
    'VS Code runs only `command` hooks: it ignores this `prompt` hook (Copilot CLI submits it when a new interactive session starts)',
    at,
  );
}

function checkTimeout(h: Node, report: Report): void {
  const timeout = property(h, 'timeout')?.value;
  const timeoutSec = property(h, 'timeoutSec')?.value;
  for (const [key, v] of [
    ['timeout', timeout],
    ['timeoutSec', timeoutSec],
  ] as const) {
    if (v && !(v.type === 'number' && (v.value as number) > 0))
      report(
        'github-hooks-timeout-invalid',
        'warning',
        `"${key}" must be a positive number of seconds: Copilot CLI drops a malformed hook, and VS Code ignores the value and waits its default 30 seconds`,
        v,
        v.type === 'number' ? undefined : VSCODE_SCHEMA_REPORTS,
      );
  }
  if (timeout?.type === 'number' && timeoutSec?.type === 'number' && timeout.value !== timeoutSec.value)
    report(
      'github-hooks-timeout-conflict',
      'information',
      `"timeout" and "timeoutSec" differ: VS Code waits ${timeout.value as number} seconds ("timeout"), Copilot CLI and the Copilot cloud agent ${timeoutSec.value as number} ("timeoutSec"); keep one`,
      timeoutSec,
    );
}

/** Copilot CLI compiles a hook's `matcher` as `^(?:PATTERN)$`; one that does not compile skips the hook. */
function checkMatcher(h: Node, event: string, report: Report): void {
  const m = property(h, 'matcher')?.value;
  if (m?.type !== 'string' || !GITHUB_EVENT_BY_NAME.get(event)?.matcher) return;
  try {
    new RegExp(`^(?:${m.value as string})$`);
  } catch (e) {
    const why = e instanceof Error ? e.message.replace(/^Invalid regular expression: (\/.*\/[a-z]*: )?/, '') : String(e);
    // `*` alone is Claude Code's "every tool"; whether Copilot CLI takes it so before compiling it is not documented.
    if ((m.value as string).trim() === '*') {
      report(
        'github-hooks-matcher-invalid',
        'information',
        `Copilot CLI reads matchers as regular expressions and '*' alone does not compile as one: unless Copilot CLI takes it for every tool, as Claude Code does (not documented), it skips this hook; '.*' matches every tool either way`,
        m,
      );
      return;
    }
    report(
      'github-hooks-matcher-invalid',
      'warning',
      `Copilot CLI reads this matcher as a regular expression and it does not compile (${why}): Copilot CLI skips this hook (VS Code ignores matchers and runs it on every ${event})`,
      m,
    );
  }
}
