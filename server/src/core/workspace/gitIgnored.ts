/**
 * Whether a repository's `.gitignore` files leave a path out: a file they name is one each
 * clone makes for itself (`CLAUDE.local.md`, notes an agent keeps, generated docs), so a link to
 * it that finds nothing in a checkout is expected. Read through the host, from a top folder down
 * to the path's folder, the deepest file that names the path deciding (`!pattern` re-includes),
 * with the `ignore` library's gitignore matching.
 */
import ignore, { type Ignore } from 'ignore';
import type { IWorkspaceHost } from './host';
import { decodeTarget } from '../skills/paths';

/** The outermost of `roots` holding `uri` (the first folder whose `.gitignore` applies to it), or `fallback` when none does. */
export function outermostRoot(uri: string, roots: readonly string[] | undefined, fallback: string): string {
  const holding = (roots ?? []).map((r) => r.replace(/\/+$/, '')).filter((r) => uri.startsWith(`${r}/`));
  return holding.sort((a, b) => a.length - b.length)[0] ?? fallback;
}

/** Whether the `.gitignore` files leave a URI out (`folder`: read it as a folder). */
export type IgnoredTest = (uri: string, folder?: boolean) => boolean;

/**
 * Whether the `.gitignore` files leave a URI out, read from the outermost of `roots` holding the
 * first URI asked (else `fallback`); the files are read only once something is asked.
 */
export function gitIgnoredTest(host: IWorkspaceHost, roots: readonly string[] | undefined, fallback: string): IgnoredTest {
  let ignored: GitIgnored | undefined;
  return (uri, folder) => (ignored ??= new GitIgnored(host, outermostRoot(uri, roots, fallback))).ignores(uri, folder);
}

export class GitIgnored {
  /** Each folder's rules (null: no `.gitignore` there, or an empty one). */
  readonly #rules = new Map<string, Ignore | null>();
  readonly #top: string;

  /** `top`: the folder (a URI) whose `.gitignore` is the first read; nothing above it is. */
  constructor(
    private readonly host: IWorkspaceHost,
    top: string,
  ) {
    this.#top = top.replace(/\/+$/, '');
  }

  /** True when the `.gitignore` files from the top folder down leave out this URI (a file or folder below the top; `folder`: read it as a folder, which `dist/` patterns name). */
  ignores(uri: string, folder = false): boolean {
    if (!uri.startsWith(`${this.#top}/`)) return false;
    /** The path's segments as written in the URI (folder URIs are made of these) and decoded (what the patterns match). */
    const raw = uri
      .slice(this.#top.length + 1)
      .split(/[?#]/)[0]!
      .split('/')
      .filter(Boolean);
    const parts = raw.map(decodeTarget);
    let verdict = false;
    for (let i = 0; i < parts.length; i++) {
      const rules = this.#rulesOf([this.#top, ...raw.slice(0, i)].join('/'));
      if (!rules) continue;
      const t = rules.test(parts.slice(i).join('/') + (folder ? '/' : ''));
      if (t.ignored) verdict = true;
      else if (t.unignored) verdict = false;
    }
    return verdict;
  }

  #rulesOf(folder: string): Ignore | null {
    let rules = this.#rules.get(folder);
    if (rules === undefined) {
      const text = this.host.readText(`${folder}/.gitignore`);
      rules = text === undefined || text.trim() === '' ? null : ignore({ ignorecase: false }).add(text);
      this.#rules.set(folder, rules);
    }
    return rules;
  }
}
