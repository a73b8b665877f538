/**
 * A Markdown file in Gemini CLI's commands folder (`.gemini/commands/`, any depth). Gemini CLI
 * loads custom commands only from `.toml` files there ("Your command definition files must be
 * written in the TOML format and use the .toml file extension", geminicli.com/docs/cli/custom-commands;
 * its command loader globs `**\/*.toml`), so a Markdown file is never a command: `/plan` does not
 * exist for a `plan.md` written as Claude Code writes its commands. A Markdown file a TOML command
 * of the folder names is that command's data (`!{cat .gemini/commands/rules.md}`, as Gemini CLI's
 * own repository keeps its development rules) and says nothing; so does a README or another
 * document of the folder (`DOC_NAMES`). Held-out round 33: twelve such
 * commands in one repository that GEMINI.md's workflow relies on.
 */
import type { Diagnostic } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import { filesBelow } from '../workspace/folderWalk';
import { firstLineRange } from '../world/diag';
import { decodeTarget } from '../skills/paths';
import { DOC_NAMES } from './files';

/** The folder `…/.gemini/commands` a file lies under, and the command name it would have as TOML (`git/commit.md` → `git:commit`). */
function commandsFolderOf(uri: string): { folder: string; name: string } | undefined {
  const m = /^(.*\/\.gemini\/commands)\/(.+)\.md$/i.exec(uri);
  if (!m) return undefined;
  return { folder: m[1]!, name: decodeTarget(m[2]!).split('/').join(':') };
}

/** Every `.toml` file below `folder` (at most `limit`), for the names their commands read. */
function tomlFiles(folder: string, host: IWorkspaceHost, limit = 500): string[] {
  return filesBelow(folder, host, { file: (name) => name.toLowerCase().endsWith('.toml'), enter: (name) => !name.includes('.'), maxFiles: limit, maxDepth: 4 });
}

/** The finding on a Markdown file of `.gemini/commands/` that no TOML command there names. */
export function geminiMarkdownCommand(text: string, uri: string, host?: IWorkspaceHost): Diagnostic[] {
  const where = commandsFolderOf(uri);
  if (!where || text.trim() === '') return [];
  const decoded = decodeTarget(uri.slice(uri.lastIndexOf('/') + 1));
  if (DOC_NAMES.has(decoded.toLowerCase())) return [];
  if (host && tomlFiles(where.folder, host).some((t) => host.readText(t)?.includes(decoded))) return [];
  const toml = `${decoded.replace(/\.md$/i, '')}.toml`;
  return [
    {
      code: 'command-gemini-markdown',
      severity: 'warning',
      message: `Gemini CLI loads custom commands only from .toml files in .gemini/commands/: it never loads this Markdown file, so /${where.name} does not exist for it; write it as ${toml}, its text in prompt = """…"""`,
      range: firstLineRange(text),
    },
  ];
}
