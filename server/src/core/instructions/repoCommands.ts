/**
 * Where `instructions-command-undefined` looks before it says a command is undefined. An agent
 * runs an instruction file's commands from the folder the file speaks for, or from another
 * package of the repository (`cd packages/x && …`, `pnpm --filter x …`), so a script or make
 * target counts as defined when the nearest package.json or Makefile defines it, or any of the
 * folders above up to the workspace folder, or any package.json or Makefile of the repository
 * (the workspace file list). Makefiles are read with what they include. A finding says where it
 * looked. A template (a file under a `template` or `templates` folder, or in a chezmoi source
 * folder such as `dot_claude/`) speaks for the projects it is copied into: its commands are not
 * checked against this repository.
 */
import { linkOutside, type IWorkspaceHost } from '../workspace/host';
import { dirnameUri, resolveRelative } from '../world/paths';
import { definesTarget, makefileFacts, type MakefileFacts } from './makefile';
import { foldersBelowRoot } from '../skills/copies';

/** Workspace file lists stop at this many files (the CLI's and the server's cap): a list this long may leave files out. */
export const WORKSPACE_LIST_CAP = 50_000;
const MAKEFILES = ['GNUmakefile', 'makefile', 'Makefile'];
/** Included makefiles followed from one Makefile, at most (an include cycle ends there too). */
const MAX_INCLUDES = 64;

/** True for a folder name that marks what is in it as a template for other projects: `templates`, `agent_templates`, `project-template`, `tpl`, a chezmoi source folder (`dot_claude`). */
function templateFolder(name: string): boolean {
  return /^(?:[\w.]+[-_])?(?:templates?|tpl)$/i.test(name) || /^dot_./.test(name);
}

/** True when a file lies under a template folder below its workspace folder (the folders above it do not count). */
export function isInstructionTemplate(fileUri: string, roots: readonly string[] | undefined): boolean {
  return foldersBelowRoot(fileUri, roots).some(templateFolder);
}

/** True when a SKILL.md sits in the file's folder or a folder above it, below its workspace folder: the file is part of what the skill ships. */
export function shippedBySkill(fileUri: string, host: IWorkspaceHost, roots: readonly string[] | undefined): boolean {
  return skillShipping(fileUri, host, roots) !== undefined;
}

/** The SKILL.md whose folder holds a file (beside it or below), the nearest; undefined when none below the roots does. */
export function skillShipping(fileUri: string, host: IWorkspaceHost, roots: readonly string[] | undefined): string | undefined {
  const folders = foldersBelowRoot(fileUri, roots);
  let dir = dirnameUri(fileUri);
  for (let i = 0; i < folders.length; i++, dir = dirnameUri(dir)) if (host.exists(`${dir}/SKILL.md`)) return `${dir}/SKILL.md`;
  return undefined;
}

export interface ScriptFacts {
  uri: string;
  scripts: ReadonlySet<string>;
  /** The package's `name`, when it has one. */
  name?: string;
}

interface Found {
  uri: string;
}

/** What the repository defines beyond the nearest package.json and Makefile, read once per check and only when asked. */
export class RepositoryCommands {
  #packages: (ScriptFacts & Found)[] | undefined;
  #makefiles: { uri: string; facts: MakefileFacts }[] | undefined;
  readonly #makefileAt = new Map<string, { uri: string; facts: MakefileFacts } | null>();

  constructor(
    private readonly host: IWorkspaceHost,
    private readonly read: (uri: string) => string | undefined,
    private readonly fileUri: string,
    private readonly roots: readonly string[] | undefined,
    /** Workspace file URIs; undefined when the caller has no list. */
    private readonly files: readonly string[] | undefined,
  ) {}

  /**
   * True when the workspace file list shows the whole repository: it is not cut, and the
   * workspace folder holding the file is the repository's root (it holds `.git`).
   */
  get wholeRepository(): boolean {
    return this.#wholeListOf('.git');
  }

  /**
   * True when the workspace file list shows a whole pnpm workspace: its root (the workspace folder)
   * holds `pnpm-workspace.yaml`, and every package of it is listed. In a repository that is no
   * pnpm workspace, `pnpm --filter` is a command of another repository's (a plugin naming the
   * monorepo it documents).
   */
  get wholePnpmWorkspace(): boolean {
    return this.#wholeListOf('pnpm-workspace.yaml');
  }

  /** The file list is not cut, and the workspace folder holding the file holds `marker`. */
  #wholeListOf(marker: string): boolean {
    if (!this.files || this.files.length >= WORKSPACE_LIST_CAP) return false;
    const root = (this.roots ?? []).find((r) => this.fileUri.startsWith(`${r.replace(/\/+$/, '')}/`));
    return root !== undefined && this.host.exists(resolveRelative(root, marker));
  }

  /** Every package.json of the workspace file list (outside node_modules) with its script names. */
  packages(): (ScriptFacts & Found)[] {
    this.#packages ??= this.#listed('package.json').flatMap((uri) => {
      const facts = packageFacts(this.read(uri));
      return facts ? [{ uri, ...facts }] : [];
    });
    return this.#packages;
  }

  /** The package.json files from `dir` up to the workspace folder, nearest first. */
  packagesAbove(dir: string): ScriptFacts[] {
    const out: ScriptFacts[] = [];
    for (const at of this.#foldersUp(dir)) {
      const uri = resolveRelative(at, 'package.json');
      const facts = packageFacts(this.read(uri));
      if (facts) out.push({ uri, ...facts });
    }
    return out;
  }

  /** The Makefile make reads in `dir` (GNUmakefile, makefile, then Makefile), with what it includes; null when there is none. */
  makefileAt(dir: string): { uri: string; facts: MakefileFacts } | null {
    if (this.#makefileAt.has(dir)) return this.#makefileAt.get(dir)!;
    let found: { uri: string; facts: MakefileFacts } | null = null;
    for (const name of MAKEFILES) {
      const uri = resolveRelative(dir, name);
      const text = this.read(uri);
      if (text !== undefined) {
        found = { uri, facts: this.#withIncludes(dir, makefileFacts(text)) };
        break;
      }
      // A Makefile that leads outside the workspace is make's, but not ours to read: any name may be a target.
      if (linkOutside(this.host, uri) !== undefined) {
        found = { uri, facts: { targets: new Set(), patterns: [], includes: [], open: true } };
        break;
      }
    }
    this.#makefileAt.set(dir, found);
    return found;
  }

  /** The Makefiles from `dir` up to the workspace folder, nearest first. */
  makefilesAbove(dir: string): { uri: string; facts: MakefileFacts }[] {
    return this.#foldersUp(dir).flatMap((at) => {
      const m = this.makefileAt(at);
      return m ? [m] : [];
    });
  }

  /** Every Makefile of the workspace file list, with what it includes. */
  makefiles(): { uri: string; facts: MakefileFacts }[] {
    this.#makefiles ??= this.#listed(...MAKEFILES).flatMap((uri) => {
      const m = this.makefileAt(dirnameUri(uri));
      return m && m.uri === uri ? [m] : [];
    });
    return this.#makefiles;
  }

  /** True when some Makefile from `dir` up, or of the repository, defines `name`. */
  makeTargetAnywhere(dir: string, name: string): boolean {
    return this.makefilesAbove(dir).some((m) => definesTarget(m.facts, name)) || this.makefiles().some((m) => definesTarget(m.facts, name));
  }

  /** True when some package.json from `dir` up, or of the repository, defines the script `name`. */
  scriptAnywhere(dir: string, name: string): boolean {
    return this.packagesAbove(dir).some((p) => p.scripts.has(name)) || this.packages().some((p) => p.scripts.has(name));
  }

  /** The workspace files with one of these names, outside node_modules, inside the workspace folders. */
  #listed(...names: string[]): string[] {
    return (this.files ?? []).filter((u) => names.some((n) => u.endsWith(`/${n}`)) && !u.includes('/node_modules/') && within(u, this.roots));
  }

  #foldersUp(dir: string): string[] {
    const out: string[] = [];
    let at = dir;
    for (let n = 0; n < 64 && within(at, this.roots); n++) {
      out.push(at);
      const up = dirnameUri(at);
      if (up === at) break;
      at = up;
    }
    return out;
  }

  /** The facts of a Makefile and of the makefiles it includes (relative to `dir`, where make runs). */
  #withIncludes(dir: string, facts: MakefileFacts): MakefileFacts {
    if (!facts.includes.length) return facts;
    const targets = new Set(facts.targets);
    const patterns = [...facts.patterns];
    let open = facts.open;
    const seen = new Set<string>();
    const todo = [...facts.includes];
    while (todo.length && !open) {
      const inc = todo.shift()!;
      const uri = resolveRelative(dir, inc.file);
      if (seen.has(uri)) continue;
      seen.add(uri);
      if (seen.size > MAX_INCLUDES) {
        open = true;
        break;
      }
      const text = this.read(uri);
      if (text === undefined) {
        // make remakes a missing included file first, if it can: what it would define is unknown.
        if (!inc.optional) open = true;
        continue;
      }
      const f = makefileFacts(text);
      for (const t of f.targets) targets.add(t);
      patterns.push(...f.patterns);
      open ||= f.open;
      todo.push(...f.includes);
    }
    return { targets, patterns, includes: facts.includes, open };
  }
}

/** What a package.json says of itself: its script names and its `name`; undefined when it does not parse (it defines nothing we can know). */
function packageFacts(text: string | undefined): { scripts: ReadonlySet<string>; name?: string } | undefined {
  if (text === undefined) return undefined;
  let j: Record<string, unknown>;
  try {
    j = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return undefined; // a package.json that does not parse defines nothing we can know
  }
  if (j === null) return undefined;
  const s = j['scripts'];
  const scripts = new Set(s && typeof s === 'object' ? Object.keys(s) : []);
  const name = j['name'];
  return typeof name === 'string' && name !== '' ? { scripts, name } : { scripts };
}

function within(uri: string, roots: readonly string[] | undefined): boolean {
  if (!roots || !roots.length) return true;
  return roots.some((r) => uri === r || uri.startsWith(r.replace(/\/$/, '') + '/'));
}
