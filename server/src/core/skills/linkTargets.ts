/**
 * What a path written in Markdown names, before anything is looked up: a web address, a
 * placeholder that teaches the syntax (`[text](URL)`, `path/to/file.md`, `references/<topic>.md`),
 * a file on one machine (`file:` URIs, `C:\…`, `~/…`, a user's home folder), a repository-root
 * path (`/docs/x.md`, as GitHub and VS Code's Markdown preview resolve it), a path on the skill
 * folder or the plugin root through the variable Claude Code substitutes (`${CLAUDE_SKILL_DIR}`,
 * `${CLAUDE_PLUGIN_ROOT}`) or the `{baseDir}` convention, or a path relative to the file.
 */
import { trimEndWhere } from '../text/text';

/** What a path is relative to, when not the file's own folder. */
export type PathBase = 'root' | 'skill' | 'plugin';

export type TargetClass =
  | { kind: 'web' }
  | { kind: 'placeholder' }
  /** `~/.gemini/settings.json`: a client's or a tool's own file in each user's home folder, the same path on every machine. */
  | { kind: 'client-home' }
  | { kind: 'machine' }
  /** `/x`: from the repository root; `system` when its first folder is one of a machine's own (`/etc`, `/Users`). */
  | { kind: 'rooted'; rest: string; system: boolean }
  | { kind: 'variable'; base: 'skill' | 'plugin'; variable: string; rest: string }
  | { kind: 'relative' };

/** First folders of an absolute path that belong to a machine, not to a repository. */
const SYSTEM_TOP = new Set([
  'Users',
  'home',
  'tmp',
  'var',
  'opt',
  'mnt',
  'Volumes',
  'etc',
  'usr',
  'dev',
  'proc',
  'private',
  'root',
  'srv',
  'Library',
  'System',
  'Applications',
  'media',
  'run',
  'nix',
  'snap',
]);

/**
 * `${CLAUDE_SKILL_DIR}/`, `$CLAUDE_PLUGIN_ROOT/` and `{baseDir}/` at the start of a path: the
 * variable and what it stands for.
 */
const VARIABLE = /^(\$\{(CLAUDE_SKILL_DIR|CLAUDE_PLUGIN_ROOT)\}|\$(CLAUDE_SKILL_DIR|CLAUDE_PLUGIN_ROOT)(?![\w])|\{baseDir\})[\\/]+/;

/** Link targets that are words standing for one (`[text](URL)`, `[name](link)`). */
const PLACEHOLDER_WORDS = new Set([
  'url',
  'uri',
  'link',
  'links',
  'href',
  'path',
  'paths',
  'file',
  'filename',
  'filepath',
  'file_path',
  'file-path',
  'target',
  'dest',
  'destination',
  'location',
  'absolute_path',
  'relative_path',
  'absolute-path',
  'relative-path',
  'todo',
  'tbd',
  'xxx',
]);

/** The variable a path starts with, and the base it names; undefined for other paths. */
export function pathVariable(path: string): { base: 'skill' | 'plugin'; variable: string; rest: string } | undefined {
  const m = VARIABLE.exec(path);
  if (!m) return undefined;
  const name = m[2] ?? m[3];
  return { base: name === 'CLAUDE_PLUGIN_ROOT' ? 'plugin' : 'skill', variable: m[1]!, rest: path.slice(m[0].length) };
}

/**
 * True for a path that stands for one rather than names one: a word such as `URL` or `path`,
 * `path/to/…`, an ellipsis, or a part in `<…>`, `{…}`, `${…}`, `%…%` or with a `*` wildcard.
 */
export function isPlaceholderPath(path: string): boolean {
  if (path === '') return false;
  if (/[<>{}$*…]|\.\.\.|%[A-Za-z_]+%/.test(path)) return true;
  if (/(?:^|\/)path\/to\//i.test(path)) return true;
  return PLACEHOLDER_WORDS.has(path.toLowerCase()) || PLACEHOLDER_COMPOUND.test(path);
}

/** One word, no extension, ending in one of the placeholder words (`image-url`, `internal-link`, `repo_url`). */
const PLACEHOLDER_COMPOUND = /^[A-Za-z]+(?:[-_][A-Za-z]+)*[-_](?:url|uri|link|href|path)$/i;

/**
 * A client's or a tool's own entry in the home folder (`~/.claude/`, `~/.gemini/settings.json`,
 * `~/.config/opencode/`, `~/.amplihack/` that a framework's installer makes, `~/.zshrc`): each
 * user has their own, at the same path, where the tool is set up (held-out round 73: a framework
 * imported from `~/.amplihack/`, which its installer stages on every machine). Not a visible
 * folder (`~/data/`, `~/projects/`), which is one person's layout.
 */
const CLIENT_HOME = /^~[\\/]\.[A-Za-z0-9_]/;

/** Classifies a link target as written (without `<…>`), its `#fragment` included. */
export function classifyTarget(target: string): TargetClass {
  const hash = target.indexOf('#');
  const path = hash < 0 ? target : target.slice(0, hash);
  const variable = pathVariable(path);
  if (variable) return { kind: 'variable', ...variable };
  if (CLIENT_HOME.test(path)) return { kind: 'client-home' };
  if (/^file:/i.test(path) || /^[A-Za-z]:[\\/]/.test(path) || path.startsWith('\\\\') || /^~[\\/]/.test(path)) return { kind: 'machine' };
  if (/^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//')) return { kind: 'web' };
  if (isPlaceholderPath(path)) return { kind: 'placeholder' };
  if (/^[\\/]/.test(path)) {
    const rest = path.replace(/^[\\/]+/, '');
    return { kind: 'rooted', rest, system: SYSTEM_TOP.has(rest.split(/[\\/]/)[0] ?? '') };
  }
  return { kind: 'relative' };
}

/**
 * A user name in `/Users/<name>/` that stands for anyone's (`user`, `you`, `demo`, `<name>`, a wildcard
 * such as `*`, the same words in other languages: `你的用户名`, `ユーザー名`, `사용자명`, `usuario`), or a container's or a distribution's (`/home/claude`, claude.ai's code execution:
 * the same in every session; `/home/kali` on every Kali Linux, `/home/jovyan` in Jupyter's images,
 * `/home/astro` in Astronomer's, `/home/linuxbrew` Homebrew's prefix on Linux), not a real account.
 */
const GENERIC_USER =
  /^(?:[<{$%[.…].*|.*[*?].*|.*(?:user|name|your|example|placeholder|usuari|usuári|utilisateur|benutzer|nutzer|utente|用户|用戶|使用者|名字|ユーザ|名前|사용자|유저|이름).*|x+|me|you|my\w*|foo|bar|baz|john|jane|jdoe|alice|bob|demo|guest|sample|agent|vscode|node|runner|ubuntu|debian|centos|fedora|kali|jovyan|astro|linuxbrew|opc|codespaces?|admin|dev|developer|root|app|coder|gitpod|vagrant|pi|claude|render|daytona|sandbox|deploy|www-data|git|postgres|nobody)$/i;
/** Words before a path on the same line that make it an example of a path, not a file to read. */
const EXAMPLE_CUE =
  /\b(?:e\.g\.|eg\.|examples?\b|for instance|such as|ex\.:?|exemplos?\b|ejemplos?\b|exemples?\b|beispiele?\b|z\.\s?b\.|p\.\s?ex\.|por exemplo|por ejemplo|par exemple|zum beispiel)|例如|例えば|示例|예:|예시/i;

/**
 * Where the first example cue of a line (`Examples: …`, `e.g.`, and the same in Portuguese,
 * Spanish, French, German, Chinese, Japanese and Korean: `ex.:`, `por ejemplo`, `z. B.`, `例如`) ends, Infinity when it has none:
 * what follows it on the line is presented as an example. Found once per line, not per path.
 */
export function exampleCueEnd(line: string): number {
  const m = EXAMPLE_CUE.exec(line);
  return m ? m.index + m[0].length : Infinity;
}

/** A path in a user's home folder, in Unix, macOS, Windows or `file:` form, as it stands in text. */
const HOME_PATH =
  /(?<![\w.~/\\:-])(?:file:\/\/(?:localhost)?)?(?:\/(?:Users|home)\/([^\s/\\`'"()<>[\]{}|,;]+)|\/?[A-Za-z]:[\\/]Users[\\/]([^\s/\\`'"()<>[\]{}|,;]+))[^\s`'"()<>[\]{}|,;]*/g;

/**
 * Paths in a named user's home folder in a line of text (`/Users/ana/…`, `/home/ana/…`,
 * `C:\Users\ana\…`, `file:///Users/ana/…`), skipping generic names (`/home/user`, `/Users/you`)
 * and examples (`e.g. /Users/ana/src`): a file on the author's machine only.
 */
export function homePaths(text: string): { index: number; path: string }[] {
  const out: { index: number; path: string }[] = [];
  const cueEnd = exampleCueEnd(text);
  for (const m of text.matchAll(HOME_PATH)) {
    const user = m[1] ?? m[2] ?? '';
    if (GENERIC_USER.test(user) || cueEnd <= m.index!) continue;
    const path = trimEndWhere(m[0], (c) => c === '.' || c === ':');
    out.push({ index: m.index!, path });
  }
  return out;
}
