/**
 * A repository's own tools that read its skills' frontmatter: a validator its tests run, a script
 * that builds a catalog from the skills, a JSON schema of the frontmatter. A key such a tool reads
 * is kept on purpose at the top level, where the tool looks for it; the clients that ignore it
 * lose nothing, and moving it under `metadata:` would break the tool. Held-out round 29: 910 of
 * 1,153 `skill-unexpected-field` warnings in two repositories named keys that
 * `scripts/dev/check_skills.py` (its `REQUIRED_FRONTMATTER`) or `scripts/build-manifest.js`
 * (`fm.tags`, `fm.recommends`) read.
 *
 * A tool is found where repositories keep them (`scripts/`, `tools/`, `bin/`, `schema/`,
 * `schemas/`, `.github/scripts/`, and CI workflows in `.github/workflows/` whose steps read a key
 * with `grep '^version:' SKILL.md` (held-out round 35), at a root, a few folders deep; and a
 * script at the root named for a tool's work, `install-common.sh` or `validate.py`, held-out
 * round 44; a skill's own `scripts/` folder, where a collection keeps the skill that audits its
 * catalog or builds workflows from it, the lab's Knuckles-Team/universal-skills) and counts only when its text
 * names `SKILL.md`. The keys it reads are those it looks up in what it parsed the frontmatter into
 * (`meta.get("kind")`, `fm["tags"]`, `fm.tags`), parses by their line (`startswith("author:")`),
 * reads into a Go field tagged `yaml:"version"`, or lists (`REQUIRED_FRONTMATTER`, `SWARM_KEYS`, a
 * JSON schema's `required`); a key a tool only writes, moves or deletes (a generator, a
 * migration), or looks up in other data, is not read. Path facts and reads through the host;
 * nothing runs.
 */
import type { IWorkspaceHost } from '../workspace/host';
import { filesBelow } from '../workspace/folderWalk';
import type { KeyReader } from './keyReaders';
import { deepestRoot } from './copies';

/** A tool of the repository and the names it holds, by the root it sits in. */
export interface OwnKeyReader {
  /** Its path from the root (`scripts/dev/check_skills.py`). */
  readonly file: string;
  readonly keys: readonly string[];
}

const WORKFLOWS = '.github/workflows';
/** The folders at a root where a repository keeps its own tools. */
const TOOL_FOLDERS = ['scripts', 'tools', 'bin', 'schema', 'schemas', '.github/scripts', WORKFLOWS, 'src'];
/** Files a tool is written in (a JSON schema included). */
const TOOL_FILE = /\.(?:py|[cm]?[jt]s|tsx?|rb|go|sh|json)$/i;
/** A CI workflow: YAML, read in the workflows folder only (a tool folder's YAML is data, and would crowd its tools out of `MAX_FILES`). */
const WORKFLOW_FILE = /\.ya?ml$/i;
const toolFileIn = (folder: string) => (folder === WORKFLOWS ? WORKFLOW_FILE : TOOL_FILE);
/** A script at a root named for what a repository's own tools do (held-out round 44: `install-common.sh` requiring `tool_type`). */
const ROOT_TOOL = /^(?:install|setup|validate|check|lint|build|sync|generate|gen|update)[\w.-]*\.(?:py|[cm]?[jt]s|rb|sh)$/i;
/** How deep below a tool folder files are read, how many in all, and how much of each. */
const MAX_DEPTH = 3;
const MAX_FILES = 300;
/** A skill's own tool folder, beside its SKILL.md. */
const SKILL_TOOLS = 'scripts';
/** How deep below a root a skill with its scripts is looked for, how many folders are entered looking, and how many of its scripts are read. */
const MAX_SKILL_DEPTH = 4;
const MAX_SKILL_FOLDERS = 2000;
const MAX_SKILL_TOOL_FILES = 300;
/** A file straight in a `scripts/` folder, as `skillScripts` reads them. */
const IN_SKILL_TOOLS = new RegExp(`(?:^|/)${SKILL_TOOLS}/[^/]+$`);
/** Scripts a skill keeps (no JSON: a skill's data, not a schema of the collection). */
const SCRIPT_FILE = /\.(?:py|[cm]?[jt]s|tsx?|rb|go|sh)$/i;
/** A script going through a collection's SKILL.md files: `root.rglob("SKILL.md")`, `glob("skills/<name>/SKILL.md")` with a wildcard, `find . -name SKILL.md`. */
const COLLECTION_WALK = /\b(?:r?glob|globSync|iglob|fg|fastGlob)\s*\([^)\n]{0,120}SKILL\.md|\*\/SKILL\.md|-name\s+["']?SKILL\.md/;
/** Folders no skill of the repository's own is kept in: what a checkout keeps for its tools, and build output and caches (most often ignored by git, so not walked by the run). */
const NOT_SKILLS = new Set([
  'node_modules',
  '.git',
  'vendor',
  'third_party',
  '__pycache__',
  '.venv',
  'venv',
  'dist',
  'build',
  'out',
  'target',
  'coverage',
  '.next',
  '.nuxt',
  '.turbo',
  '.cache',
  '.tox',
  '.mypy_cache',
  '.pytest_cache',
]);
const MAX_CHARS = 512 * 1024;
/** A key's shape. */
const KEY = '([A-Za-z][\\w-]{0,63})';
/**
 * What a tool reads a skill's frontmatter into: `fm`, `frontmatter`, `meta`, `skill_meta`,
 * `metadata`, `attrs`, `header`, `parsed`, python-frontmatter's `post`, gray-matter's `x.data`.
 * A lookup on anything else (a plugin entry's `.get("source")`, a component's `c.get("category")`)
 * reads some other data, even in a script that names SKILL.md.
 */
const HOLDER = '(?:\\b[\\w$]*?(?:fm|front_?matter|meta|metadata|attrs|attributes|headers?|parsed|post|yaml)|\\.data)';
/**
 * Where a tool reads a key, not writes, moves or deletes it: `fm.get("kind")`, `fm["tags"]` (not
 * assigned, not deleted), `fm.tags`, `"tags" in fm`, a line parsed by its prefix
 * (`line.startswith("author:")`, `/^author:/`), a Go field tagged `yaml:"version"`.
 */
const READS: readonly RegExp[] = [
  new RegExp(`${HOLDER}\\s*\\.get\\(\\s*["'\`]${KEY}["'\`]`, 'gi'),
  new RegExp(`(?<!\\bdel\\s+[\\w.]*)${HOLDER}\\s*\\[\\s*["'\`]${KEY}["'\`]\\s*\\](?!\\s*=(?!=))`, 'gi'),
  new RegExp(`${HOLDER}\\??\\.([A-Za-z_]\\w{0,63})\\b(?!\\s*=(?!=))`, 'gi'),
  new RegExp(`["'\`]${KEY}["'\`]\\s+(?:not\\s+)?in\\s+${HOLDER}\\b`, 'gi'),
  new RegExp(`(?:startswith|startsWith)\\(\\s*["'\`]${KEY}:|(?:/|r?["'\`])\\^\\s*${KEY}:`, 'g'),
  new RegExp(`yaml:"${KEY}[,"]`, 'g'),
];
/**
 * A list of the keys a tool requires or looks for: `REQUIRED_FRONTMATTER = {"name", "category"}`,
 * `SWARM_KEYS = ("team_config", …)`, `ALLOWED_FIELDS = [...]`, a JSON schema's `"required": [...]`.
 */
const KEY_LIST = /(?:required|keys|fields)\w*["']?\s*[:=]\s*[[{(]([^\]})]{0,4000})[\]})]/gi;
const QUOTED = new RegExp(`["'\`]${KEY}["'\`]`, 'g');

/** The tools at each root (by root URI without a trailing slash) that name SKILL.md, each with the names it holds. */
export function readOwnKeyReaders(roots: readonly string[], host: IWorkspaceHost): ReadonlyMap<string, readonly OwnKeyReader[]> {
  const out = new Map<string, OwnKeyReader[]>();
  for (const r of roots) {
    const root = r.replace(/\/+$/, '');
    const read = (files: readonly string[], counts: (text: string) => boolean) =>
      files.flatMap((file) => {
        const text = host.readText(`${root}/${file}`);
        return text !== undefined && counts(text) ? [{ file, keys: namesIn(text.length > MAX_CHARS ? text.slice(0, MAX_CHARS) : text) }] : [];
      });
    // A skill's own script speaks for the collection only when it goes through the collection's SKILL.md files (a scorer of one skill, a scanner of other files that mentions SKILL.md, do not).
    const readers = [...read(toolFiles(root, host), (text) => text.includes('SKILL.md')), ...read(skillScripts(root, host), (text) => COLLECTION_WALK.test(text))];
    if (readers.length) out.set(root, readers);
  }
  return out;
}

/** The tool files below a root's tool folders, as paths from the root, at most `MAX_FILES`. */
function toolFiles(root: string, host: IWorkspaceHost): string[] {
  const out: string[] = [];
  const own = (name: string) => name !== 'node_modules' && !name.startsWith('.');
  for (const folder of TOOL_FOLDERS) {
    if (out.length >= MAX_FILES || !host.isDirectory(`${root}/${folder}`)) continue;
    const file = toolFileIn(folder);
    const found = filesBelow(`${root}/${folder}`, host, {
      file: (name) => own(name) && file.test(name),
      enter: (name) => own(name) && !name.includes('.'),
      maxFiles: MAX_FILES - out.length,
      maxDepth: MAX_DEPTH - 1,
    });
    out.push(...found.map((uri) => uri.slice(root.length + 1)));
  }
  // A script at the root itself (`install-common.sh`, `validate.py`): its name says it is a tool, where the root's other files are the project's.
  for (const name of host.readDirectory(root)) if (out.length < MAX_FILES && ROOT_TOOL.test(name)) out.push(name);
  return out;
}

/** The scripts in the `scripts/` folders of the skills below a root, as paths from the root, at most `MAX_SKILL_TOOL_FILES`. */
function skillScripts(root: string, host: IWorkspaceHost): string[] {
  const out: string[] = [];
  for (const folder of skillToolFolders(root, host)) {
    if (out.length >= MAX_SKILL_TOOL_FILES) break;
    const found = filesBelow(`${root}/${folder}`, host, {
      file: (name) => !name.startsWith('.') && SCRIPT_FILE.test(name),
      maxFiles: MAX_SKILL_TOOL_FILES - out.length,
      maxDepth: 0,
    });
    out.push(...found.map((uri) => uri.slice(root.length + 1)));
  }
  return out;
}

/**
 * The `scripts/` folders of the skills below a root (`skills/catalog-auditor/scripts`), as paths
 * from the root: a bounded walk of the root's folders, `MAX_SKILL_DEPTH` down, listing at most
 * `MAX_SKILL_FOLDERS`, not below a skill (its own folders hold its files, not other skills). The
 * root's own `scripts/` is a tool folder already. An entry is listed without asking first whether
 * it is a folder (a file lists as empty): the run's walk has most listings at hand already, where
 * a question per entry would go to the disk; names with a dot past the first character are files.
 */
function skillToolFolders(root: string, host: IWorkspaceHost): string[] {
  const out: string[] = [];
  let listed = 0;
  const visit = (dir: string, depth: number) => {
    const names = host.readDirectory(dir);
    if (depth > 0 && names.includes('SKILL.md')) {
      if (names.includes(SKILL_TOOLS) && host.isDirectory(`${dir}/${SKILL_TOOLS}`)) out.push(`${dir.slice(root.length + 1)}/${SKILL_TOOLS}`);
      return;
    }
    if (depth >= MAX_SKILL_DEPTH) return;
    for (const name of names) {
      if (listed >= MAX_SKILL_FOLDERS) return;
      if (NOT_SKILLS.has(name) || name.indexOf('.', 1) !== -1) continue;
      listed++;
      visit(`${dir}/${name}`, depth + 1);
    }
  };
  visit(root, 0);
  return out;
}

function namesIn(text: string): string[] {
  const names = new Set<string>();
  for (const re of READS) for (const m of text.matchAll(re)) names.add((m[1] ?? m[2])!);
  for (const list of text.matchAll(KEY_LIST)) for (const m of list[1]!.matchAll(QUOTED)) names.add(m[1]!);
  return [...names];
}

/** Whether a URI is a file `readOwnKeyReaders` may read for one of `roots` (a change to it may change the facts). */
export function isOwnToolFile(uri: string, roots: readonly string[]): boolean {
  return roots.some((r) => {
    const base = `${r.replace(/\/+$/, '')}/`;
    if (!uri.startsWith(base)) return false;
    const rel = uri.slice(base.length);
    if (ROOT_TOOL.test(rel)) return true;
    const folder = TOOL_FOLDERS.find((f) => rel.startsWith(`${f}/`));
    if (folder !== undefined) return toolFileIn(folder).test(rel);
    // A skill's own script (`skills/auditor/scripts/audit.py`): whether a SKILL.md is beside the folder is the walk's to tell.
    return IN_SKILL_TOOLS.test(rel) && SCRIPT_FILE.test(rel);
  });
}

/** The first tool at the deepest root holding `uri` that reads `key`, as its path from that root. */
export function ownToolReading(uri: string, key: string, readers: ReadonlyMap<string, readonly OwnKeyReader[]> | undefined): string | undefined {
  if (!readers?.size) return undefined;
  const best = deepestRoot(uri, readers.keys());
  return best === undefined ? undefined : readers.get(best)!.find((r) => r.keys.includes(key))?.file;
}

/** The repository's own tools as a reader of keys for the skill at `uri`, when a tool at its root names SKILL.md. */
export function ownKeyReader(uri: string, readers: ReadonlyMap<string, readonly OwnKeyReader[]> | undefined): KeyReader | undefined {
  if (!readers?.size) return undefined;
  return {
    label: "the repository's own tools",
    reads: (key) => ownToolReading(uri, key, readers) !== undefined,
    labelOf: (key) => `the repository's ${ownToolReading(uri, key, readers) ?? 'own tools'}`,
  };
}
