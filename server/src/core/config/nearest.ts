/** Finding the configuration that applies to a file, and its `ignore` globs. */
import picomatch from 'picomatch/posix';
import { trimEndWhere } from '../text/text';
import { compileGlob } from '../workspace/glob';
import { configCandidates, CONFIG_FILE_NAME, DEFAULT_CONFIG, parseConfig, type AgentFilesConfig } from './config';

export interface FoundConfig {
  /** The config file's URI; undefined when none was found (the defaults apply). */
  uri?: string;
  config: AgentFilesConfig;
}

/**
 * Where the search for a file's configuration may look: inside the workspace, and up to the
 * root of the repository the file is in. The editor and the CLI give the same answers (the
 * workspace folders there, the folders named on the command line here), so a
 * `.agent-files.json` above the repository never applies in either.
 */
export interface ConfigBound {
  /** True for a folder (a URI without a trailing slash) inside the workspace. */
  inside(folderUri: string): boolean;
  /** True for a folder holding `.git` (a folder, or a file in a worktree or submodule): its config is the last one looked for. */
  isRepoRoot(folderUri: string): boolean;
}

/**
 * The nearest `.agent-files.json` up the tree from `fileUri` (its own folder first), read with
 * `read` (undefined = no such file). Nearest wins alone; an unreadable or broken file still
 * applies with whatever parts of it are valid. With a `bound`, the search looks only in folders
 * inside the workspace and stops at the repository root.
 */
export function nearestConfig(
  fileUri: string,
  read: (uri: string) => string | undefined,
  parse: (uri: string, text: string) => AgentFilesConfig = (_u, t) => parseConfig(t).config,
  bound?: ConfigBound,
): FoundConfig {
  for (const uri of configCandidates(fileUri)) {
    const folder = uri.slice(0, uri.length - CONFIG_FILE_NAME.length - 1);
    if (bound && !bound.inside(folder)) break;
    let text: string | undefined;
    try {
      text = read(uri);
    } catch {
      // An unreadable candidate is treated as absent (permissions, a folder of that name).
      text = undefined;
    }
    if (text !== undefined) return { uri, config: parse(uri, text) };
    if (bound?.isRepoRoot(folder)) break;
  }
  return { config: DEFAULT_CONFIG };
}

/** True when `fileUri` matches one of the config's `ignore` globs, taken relative to the config file's folder. */
export function isIgnored(found: FoundConfig, fileUri: string): boolean {
  if (!found.uri || found.config.ignore.length === 0) return false;
  const rel = relativeToConfig(found.uri, fileUri);
  return rel !== undefined && found.config.ignore.some((g) => matcher(g)(rel));
}

/**
 * True when the config's `include` globs bring back a path that the default list or a
 * .gitignore leaves out (docs/cli.md#what-is-checked): a file they match, or a folder they name
 * or name something inside: `tests/fixtures/**`, `tests/fixtures/a/SKILL.md` and a glob of any
 * depth ending in `fixtures/**` all enter `tests/fixtures`; a leading globstar alone names no folder.
 */
export function isIncluded(found: FoundConfig, uri: string, isDir: boolean): boolean {
  if (!found.uri || found.config.include.length === 0) return false;
  const rel = relativeToConfig(found.uri, uri);
  if (rel === undefined) return false;
  return found.config.include.some((g) => (isDir ? folderMatcher(g)(rel) : matcher(g)(rel)));
}

/** A URI relative to the folder of a config file, decoded; undefined outside it. */
function relativeToConfig(configUri: string, uri: string): string | undefined {
  const dir = configUri.slice(0, configUri.lastIndexOf('/') + 1);
  if (!uri.startsWith(dir)) return undefined;
  try {
    return decodeURIComponent(uri.slice(dir.length));
  } catch {
    return uri.slice(dir.length); // a stray `%` in a file name: compared as written
  }
}

const matchers = new Map<string, (p: string) => boolean>();
const folderMatchers = new Map<string, (p: string) => boolean>();

function remember(cache: Map<string, (p: string) => boolean>, glob: string, make: () => (p: string) => boolean): (p: string) => boolean {
  let m = cache.get(glob);
  if (!m) {
    try {
      m = make();
    } catch {
      m = () => false; // a glob picomatch cannot compile matches nothing (the schema shows it)
    }
    if (cache.size > 1000) cache.clear();
    cache.set(glob, m);
  }
  return m;
}

function matcher(glob: string): (p: string) => boolean {
  return remember(matchers, glob, () => {
    // A glob naming a folder (`vendor/`, `vendor`) covers what is under it too; one too costly to match matches nothing (parseConfig reports it).
    const base = trimEndWhere(glob.replace(/^\.\//, ''), (c) => c === '/');
    const [self, below] = [compileGlob(base), compileGlob(`${base}/**`)];
    return (p: string) => self.match(p) || below.match(p);
  });
}

/** Matches a folder the glob, or the glob's leading folders, name (a prefix of nothing but `**` names none). */
function folderMatcher(glob: string): (p: string) => boolean {
  return remember(folderMatchers, glob, () => {
    const parts =
      picomatch.scan(
        trimEndWhere(glob.replace(/^\.\//, ''), (c) => c === '/'),
        { parts: true },
      ).parts ?? [];
    const prefixes: string[] = [];
    for (let k = parts.length; k >= 1; k--) {
      const head = parts.slice(0, k);
      if (head.every((x) => x === '**')) break;
      prefixes.push(head.join('/'));
    }
    const tests = prefixes.map((g) => compileGlob(g).match);
    const whole = matcher(glob);
    return (p: string) => whole(p) || tests.some((t) => t(p));
  });
}
