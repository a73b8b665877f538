/**
 * Where a repository says its skills go. A collection whose skills sit in no client folder and
 * no plugin often installs them itself: its README or install script copies or links `skills/<n>`
 * into one client's home folder (`~/.claude/skills/`). Those skills are that client's, and are
 * checked for it rather than against the specification alone (docs/rules.md#skill-targets).
 *
 * Only a repository that names one client's home skills folder, and no other client, is read so:
 * a README that also speaks of Codex, Gemini CLI, OpenCode, Copilot or Cursor, or of an installer
 * for every client (`npx skills add`), says nothing about which client reads its skills.
 */
import type { IWorkspaceHost } from '../workspace/host';
import { parseJsonObject } from '../analysis/expectedErrors';
import { manifestPaths, skillFolderOfPath } from './manifestPaths';

/** The clients with a skills folder of their own in the home folder (targets.ts `Target` names; not imported, as targets.ts reads these facts). */
export type InstallTarget = 'claude-code' | 'codex' | 'gemini-cli' | 'opencode' | 'copilot' | 'cursor';

/** What a repository's own files say about where its skills are installed. */
export interface InstallFact {
  /**
   * The one client, or `every`: an installer that puts skills into every client's folder (`npx skills
   * add`), or `openclaw`: OpenClaw's own folder, a client Agent Files does not model.
   */
  readonly target: InstallTarget | 'every' | 'openclaw';
  /** The home skills folder named, as the message shows it (`~/.claude/skills/`), or the installer's command. */
  readonly folder: string;
  /** The file that names it (a URI). */
  readonly source: string;
  /** The folders below the root whose skills it installs (relative paths); every folder when absent. */
  readonly folders?: readonly string[];
}

const HOME = String.raw`(?:~|\$HOME|\$\{HOME\}|%USERPROFILE%|\$env:USERPROFILE)[\\/]`;
const home = (path: string) => new RegExp(`${HOME}${path}(?![\\w-])`, 'i');

/** Each client's skills folder in the home folder, and how prose names the client. */
const CLIENTS: readonly { target: InstallTarget; folder: string; path: RegExp; name: RegExp }[] = [
  { target: 'claude-code', folder: '~/.claude/skills/', path: home(String.raw`\.claude[\\/]skills`), name: /\bclaude\b/i },
  { target: 'codex', folder: '~/.codex/skills/', path: home(String.raw`\.(?:codex|agents)[\\/]skills`), name: /\bcodex\b/i },
  { target: 'gemini-cli', folder: '~/.gemini/skills/', path: home(String.raw`\.gemini[\\/]skills`), name: /\bgemini\b/i },
  { target: 'opencode', folder: '~/.config/opencode/skills/', path: home(String.raw`\.config[\\/]opencode[\\/]skills?`), name: /\bopencode\b/i },
  // "VS Code" alone is the editor (open the folder in VS Code, a Mermaid preview extension): it names the client beside skills, agents or chat.
  {
    target: 'copilot',
    folder: '~/.copilot/skills/',
    path: home(String.raw`\.copilot[\\/]skills`),
    name: /\bcopilot\b|\bvs ?code\b[^\n]{0,80}\b(?:skills?|agents?|chat)\b|\b(?:skills?|agents?|chat)\b[^\n]{0,80}\bvs ?code\b/i,
  },
  // "cursor" is also a word of prose: the product's name is written with a capital.
  { target: 'cursor', folder: '~/.cursor/skills/', path: home(String.raw`\.cursor[\\/]skills`), name: /\bCursor\b/ },
];

/**
 * OpenClaw's skills folders (docs.openclaw.ai/tools/skills: `<workspace>/skills`, by default
 * `~/.openclaw/workspace/skills`, then `~/.openclaw/skills`, then the bundled skills): a repository that copies its skills there and
 * names no modelled client's folder writes them for OpenClaw.
 */
const OPENCLAW = { folder: '~/.openclaw/skills/', path: home(String.raw`\.openclaw[\\/](?:workspace[\\/])?skills`) };
/** Its workspace's folder, the first it reads. */
const OPENCLAW_WORKSPACE = /\.openclaw[\\/]workspace[\\/]skills/;

/**
 * Claude Code's commands folder in the home folder. An installer that links or copies each
 * SKILL.md there (`ln -sf "$skill_dir/SKILL.md" "$CLAUDE_COMMANDS_DIR/$name.md"`) makes the skills
 * Claude Code's slash commands, which take their name from the file (held-out round 61: 17 errors
 * on a missing `name` in such a collection).
 */
const CLAUDE_COMMANDS_FOLDER = '~/.claude/commands/';
const CLAUDE_COMMANDS = home(String.raw`\.claude[\\/]commands`);
/** A shell variable set to a path (`CLAUDE_COMMANDS_DIR="$HOME/.claude/commands"`): its name, and the rest of the line. */
const ASSIGNMENT = /^\s*(?:export\s+|local\s+|readonly\s+)?([A-Za-z_]\w*)=(.*)$/gm;

/** Whether a text has a line that puts a SKILL.md into Claude Code's commands folder, named or through a variable set to it. */
function linksSkillsAsCommands(text: string): boolean {
  if (!text.includes('SKILL.md')) return false;
  const variables = [...text.matchAll(ASSIGNMENT)].filter((m) => CLAUDE_COMMANDS.test(m[2]!)).map((m) => m[1]!);
  const names = (line: string) => CLAUDE_COMMANDS.test(line) || variables.some((v) => line.includes(`$${v}`) || line.includes(`\${${v}}`));
  return text.split('\n').some((line) => line.includes('SKILL.md') && /\b(?:ln|cp|install|Copy-Item|New-Item)\b/.test(line) && names(line));
}

/** Installers that put one skill into every client's folder: the repository does not choose one. */
const EVERY_CLIENT = /\bnpx\s+(?:-y\s+)?skills\b|\bskills\s+add\b|\bskills\.sh\b|\bagentskills\b/i;
/** The command of that installer (vercel-labs/skills), which reads a repository's `skills/<name>/SKILL.md` for whichever clients the user picks. */
const INSTALL_EVERY = /\b(?:npx|bunx|pnpm\s+dlx)\s+(?:-y\s+)?skills(?:@[\w.-]+)?\s+(?:add|install)\b/i;

/** A README or INSTALL.md (by its URI). */
const DOCUMENT = /\/(?:readme(?:\.md)?|install\.md)$/i;
/** The files at a repository's root that say how it is installed. */
const ROOT_FILES = /^(?:readme(?:\.md)?|install\.md|install(?:[-_][\w-]+)?\.(?:sh|ps1|py|js|mjs|ts)|gemini-extension\.json)$/i;
/**
 * A Gemini CLI extension's manifest: `gemini extensions install <repository>` copies the repository
 * into `~/.gemini/extensions/<name>/`, and Gemini CLI loads the skills an extension bundles
 * (geminicli.com/docs/cli/using-agent-skills: the "Extension Skills" tier).
 */
const GEMINI_EXTENSION = /\/gemini-extension\.json$/;
/** The same install scripts in `scripts/` or `bin/`. */
const SCRIPT_FILES = /^install(?:[-_][\w-]+)?\.(?:sh|ps1|py|js|mjs|ts)$/i;
/** A text read for this is cut here: an install section is near the top of a README, and a script is short. */
const MAX_CHARS = 200_000;

/** The client whose home skills folder `texts` name, when they name that one client only; `every` when they install with an installer for every client. */
export function installTarget(texts: readonly { uri: string; text: string }[]): InstallFact | undefined {
  const manifest = texts.find((t) => GEMINI_EXTENSION.test(t.uri));
  const documents = manifest ? texts.filter((t) => t !== manifest) : texts;
  const said = installTargetSaid(documents);
  // An installer for every client covers Gemini CLI too; the extension's manifest outranks a README's one client.
  const folders = manifest && extensionSkillFolders(manifest.text);
  if (said?.target === 'every' || !folders) return said;
  return { target: 'gemini-cli', folder: '~/.gemini/extensions/', source: manifest.uri, folders };
}

/**
 * The folders of a Gemini CLI extension's skills: `skills/`, and the paths its manifest lists under
 * `skills` (a key Gemini CLI's forks read; a listed path is the author's word that it is a skill).
 * Undefined when the text is not an extension's manifest (a JSON object with a string `name`).
 */
function extensionSkillFolders(text: string): string[] | undefined {
  // A manifest Gemini CLI cannot read installs nothing.
  const v = parseJsonObject(text);
  if (typeof v?.['name'] !== 'string') return undefined;
  const relative = manifestPaths(v['skills'])
    .map((p) => skillFolderOfPath(p).replace(/^\.\//, '').replace(/\/+$/, ''))
    .filter((p) => p !== '' && p !== '.' && !p.split('/').includes('..'));
  return ['skills', ...relative];
}

/** Whether a skill (its SKILL.md's URI) is in a folder an install fact of its root covers: the folder itself or a child of it. */
export function installCovers(fact: InstallFact & { root: string }, uri: string): boolean {
  if (!fact.folders) return true;
  const rel = uri.slice(fact.root.length + 1).replace(/\/SKILL\.md$/, '');
  return fact.folders.some((f) => rel === f || (rel.startsWith(`${f}/`) && !rel.slice(f.length + 1).includes('/')));
}

/** What a repository's README, INSTALL.md and install scripts say. */
function installTargetSaid(texts: readonly { uri: string; text: string }[]): InstallFact | undefined {
  const all = texts.map((t) => t.text).join('\n');
  if (EVERY_CLIENT.test(all)) {
    // Said in the README or INSTALL.md, where a repository tells how to install it; a script may name another repository's (`# npx skills add other/repo`).
    const every = texts.find((t) => DOCUMENT.test(t.uri) && INSTALL_EVERY.test(t.text));
    return every ? { target: 'every', folder: 'npx skills add', source: every.uri } : undefined;
  }
  const named = CLIENTS.filter((c) => c.path.test(all));
  const asCommands = named.length === 0 ? texts.find((t) => linksSkillsAsCommands(t.text)) : undefined;
  if (asCommands && !CLIENTS.some((c) => c.target !== 'claude-code' && c.name.test(all))) return { target: 'claude-code', folder: CLAUDE_COMMANDS_FOLDER, source: asCommands.uri };
  if (named.length === 0 && OPENCLAW.path.test(all)) {
    const said = texts.find((t) => OPENCLAW.path.test(t.text))!;
    return { target: 'openclaw', folder: OPENCLAW_WORKSPACE.test(said.text) ? '~/.openclaw/workspace/skills/' : OPENCLAW.folder, source: said.uri };
  }
  if (named.length !== 1) return undefined;
  const [one] = named;
  if (CLIENTS.some((c) => c !== one && c.name.test(all))) return undefined;
  const source = texts.find((t) => one!.path.test(t.text))!.uri;
  return { target: one!.target, folder: one!.folder, source };
}

/** The files of a repository root that `installTarget` reads: its README, INSTALL.md and install scripts. */
export function installSources(root: string, host: IWorkspaceHost): string[] {
  const base = root.replace(/\/+$/, '');
  const out = host
    .readDirectory(base)
    .filter((n) => ROOT_FILES.test(n))
    .map((n) => `${base}/${n}`);
  for (const dir of ['scripts', 'bin']) {
    if (!host.isDirectory(`${base}/${dir}`)) continue;
    for (const n of host.readDirectory(`${base}/${dir}`)) if (SCRIPT_FILES.test(n)) out.push(`${base}/${dir}/${n}`);
  }
  return out.sort();
}

/** Whether a URI is one of the files `installSources` reads for one of `roots` (a change to it changes the facts). */
export function isInstallSource(uri: string, roots: readonly string[]): boolean {
  return roots.some((r) => {
    const base = `${r.replace(/\/+$/, '')}/`;
    if (!uri.startsWith(base)) return false;
    const rest = uri.slice(base.length).split('/');
    // The names read are plain ASCII: as written in a URI, they need no decoding.
    if (rest.length === 1) return ROOT_FILES.test(rest[0]!);
    return rest.length === 2 && (rest[0] === 'scripts' || rest[0] === 'bin') && SCRIPT_FILES.test(rest[1]!);
  });
}

/** For each root, where its own files say its skills are installed (roots that say nothing are left out). */
export function readInstallFacts(roots: readonly string[], host: IWorkspaceHost): ReadonlyMap<string, InstallFact> {
  const out = new Map<string, InstallFact>();
  for (const root of roots) {
    const texts = installSources(root, host).flatMap((uri) => {
      const text = host.readText(uri);
      return text === undefined ? [] : [{ uri, text: text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text }];
    });
    const fact = installTarget(texts);
    if (fact) out.set(root.replace(/\/+$/, ''), fact);
  }
  return out;
}
