/** Finding the configuration that applies to a file, and its `ignore` globs. */
import { trimEndWhere } from '../text';
import { compileGlob } from '../glob';
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

const matchers = new Map<string, (p: string) => boolean>();

/** True when `fileUri` matches one of the config's `ignore` globs, taken relative to the config file's folder. */
export function isIgnored(found: FoundConfig, fileUri: string): boolean {
  if (!found.uri || found.config.ignore.length === 0) return false;
  const dir = found.uri.slice(0, found.uri.lastIndexOf('/') + 1);
  if (!fileUri.startsWith(dir)) return false;
  let rel: string;
  try {
    rel = decodeURIComponent(fileUri.slice(dir.length));
  } catch {
    rel = fileUri.slice(dir.length);
  }
  return found.config.ignore.some((g) => matcher(g)(rel));
}

/** Why an `ignore` glob is too costly to match (it then ignores nothing), or undefined. */
export function ignoreTooCostly(glob: string): string | undefined {
  const base = trimEndWhere(glob.replace(/^\.\//, ''), (c) => c === '/');
  return compileGlob(base).tooCostly ?? compileGlob(`${base}/**`).tooCostly;
}

function matcher(glob: string): (p: string) => boolean {
  let m = matchers.get(glob);
  if (!m) {
    // A glob naming a folder (`vendor/`, `vendor`) ignores what is under it too. A glob too costly to match matches nothing (parseConfig reports it).
    const base = trimEndWhere(glob.replace(/^\.\//, ''), (c) => c === '/');
    const [self, below] = [compileGlob(base), compileGlob(`${base}/**`)];
    m = (p: string) => self.match(p) || below.match(p);
    if (matchers.size > 1000) matchers.clear();
    matchers.set(glob, m);
  }
  return m;
}
