/**
 * Commands an instruction file tells agents to run that the repository does not define:
 * `npm run X` / `pnpm X` / `yarn X` / `bun run X` with no script X in the nearest package.json,
 * `make X` with no target X in the Makefile. Only code is read (code spans and shell blocks),
 * never prose; a command whose folder, package or Makefile cannot be known is left alone.
 */
import { linkOutside, type IWorkspaceHost } from '../host';
import type { Diagnostic, Range } from '../types';
import { dirnameUri, resolveRelative } from '../world/paths';
import type { CodeText } from './scan';
import { projectBaseOf } from './files';

/** Fenced-block languages whose lines are commands ('' = no language given). */
const SHELL_LANGS = new Set([
  '',
  'bash',
  'sh',
  'shell',
  'zsh',
  'fish',
  'console',
  'terminal',
  'shell-session',
  'sh-session',
  'shellsession',
  'powershell',
  'pwsh',
  'ps1',
  'cmd',
  'bat',
  'batch',
  'text',
  'txt',
  'plaintext',
]);

/** pnpm's own commands (a word after `pnpm` that is one of these is not a script). */
const PNPM_OWN = new Set(
  'add audit bin cat-file cat-index config create dedupe deploy dlx doctor env exec fetch find-hash help i import init install install-test ignored-builds approve-builds it licenses link list ln ls outdated pack patch patch-commit patch-remove prune publish rb rebuild recursive remove rm root self-update server setup store un uninstall unlink up update upgrade why -v --version -h --help'.split(
    ' ',
  ),
);
/** Yarn's own commands (classic and berry). */
const YARN_OWN = new Set(
  'add audit autoclean bin cache check config constraints create dedupe dlx exec explain generate-lock-entry global help import info init install link list login logout node npm outdated owner pack patch patch-commit plugin policies publish rebuild remove search sdks set stage tag team unlink unplug up upgrade upgrade-interactive version versions why workspace workspaces -v --version -h --help'.split(
    ' ',
  ),
);
/** Options that run a script of another package (or many): the nearest package.json is not the one read. */
const ELSEWHERE = /^(?:-w|--workspace(?:=.*)?|--workspaces|-ws|--prefix(?:=.*)?|-C|--dir(?:=.*)?|--cwd(?:=.*)?|--filter(?:=.*)?|-F|-r|--recursive|--if-present|-g|--global)$/;
const NAME = /^[A-Za-z0-9_][\w:.@/+-]*$/;
/** A line that hedges its commands ("`npm run lint` (if available)") names scripts that may be missing on purpose. */
const HEDGE = /\bif (?:it )?(?:available|present|exists|defined|configured|any)\b|\bwhere available\b|--if-present/i;
/**
 * Tools that `pnpm X` / `yarn X` run from node_modules/.bin when there is no script X: in a
 * monorepo they are often dependencies of a package, not of the root.
 */
const COMMON_BINS = new Set(
  'tsc tsx vitest jest mocha ava eslint prettier biome oxlint stylelint playwright cypress vite next nuxt astro svelte-kit remix webpack rollup esbuild turbo nx lerna changeset prisma drizzle-kit wrangler expo react-native tauri electron storybook ts-node nodemon concurrently rimraf tailwindcss knip depcheck syncpack'.split(
    ' ',
  ),
);

export interface CommandCheckOptions {
  /** Workspace folders as URIs: the upward search for package.json and Makefile stops at them. */
  roots?: readonly string[];
}

interface Segment {
  words: { text: string; from: number; to: number }[];
  line: number;
}

function splitWords(s: string, base: number): { text: string; from: number; to: number }[] {
  const out: { text: string; from: number; to: number }[] = [];
  for (const m of s.matchAll(/"[^"]*"|'[^']*'|[^\s"']+/g)) out.push({ text: m[0], from: base + m.index!, to: base + m.index! + m[0].length });
  return out;
}

/** The simple commands of a line of code: split at `&&`, `||`, `;` and `|`. */
function segments(c: CodeText): Segment[] {
  const out: Segment[] = [];
  let text = c.text;
  let base = c.character;
  // A shell prompt (`$ npm test`, `> make`) is not part of the command.
  const prompt = /^\s*(?:\$|>|PS>|%)\s+/.exec(text);
  if (prompt) {
    base += prompt[0].length;
    text = text.slice(prompt[0].length);
  }
  const hash = text.search(/(?:^|\s)#/);
  if (hash >= 0) text = text.slice(0, hash);
  let from = 0;
  for (const m of text.matchAll(/&&|\|\||;|\|/g)) {
    out.push({ words: splitWords(text.slice(from, m.index!), base + from), line: c.line });
    from = m.index! + m[0].length;
  }
  out.push({ words: splitWords(text.slice(from), base + from), line: c.line });
  return out;
}

interface Invocation {
  tool: 'npm' | 'pnpm' | 'yarn' | 'bun' | 'make';
  /** The script or target names. */
  names: { text: string; from: number; to: number }[];
  /** From the tool to the last name. */
  from: number;
  to: number;
}

/** What a simple command runs, when it is a package script or a make target; null otherwise. */
function invocation(words: Segment['words']): Invocation | null {
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!.text)) i++; // FOO=bar npm test
  if (words[i]?.text === 'sudo' || words[i]?.text === 'npx' || words[i]?.text === 'time') return null;
  const tool = words[i]?.text;
  const rest = words.slice(i + 1);
  if (rest.some((w) => ELSEWHERE.test(w.text))) return null;
  const first = rest[0];
  const at = words[i];
  if (!at) return null;
  const one = (name: { text: string; from: number; to: number } | undefined, t: Invocation['tool']): Invocation | null =>
    name && NAME.test(name.text) ? { tool: t, names: [name], from: at.from, to: name.to } : null;
  switch (tool) {
    case 'npm':
      if (first?.text === 'run' || first?.text === 'run-script' || first?.text === 'rum' || first?.text === 'urn') return one(rest[1], 'npm');
      if (first?.text === 'test' || first?.text === 't' || first?.text === 'tst') return { tool: 'npm', names: [{ ...first, text: 'test' }], from: at.from, to: first.to };
      return null;
    case 'pnpm':
      if (!first || first.text.startsWith('-')) return null;
      if (first.text === 'run') return one(rest[1], 'pnpm');
      if (PNPM_OWN.has(first.text) || first.text.includes('/') || first.text.includes('.')) return null;
      return one(first, 'pnpm');
    case 'yarn':
      if (!first || first.text.startsWith('-')) return null;
      if (first.text === 'run') return one(rest[1], 'yarn');
      if (YARN_OWN.has(first.text) || first.text.includes('/') || first.text.includes('.')) return null;
      return one(first, 'yarn');
    case 'bun':
      if (first?.text !== 'run') return null;
      if (!rest[1] || /[./\\]/.test(rest[1].text)) return null; // `bun run src/x.ts` runs a file
      return one(rest[1], 'bun');
    case 'make': {
      if (rest.some((w) => /^(?:-f|--file(?:=.*)?|--makefile(?:=.*)?|--directory(?:=.*)?)$/.test(w.text) || /^-[A-Za-z]*[Cf]/.test(w.text))) return null;
      const names = rest.filter((w) => !w.text.startsWith('-') && !w.text.includes('='));
      if (!names.length || !names.every((w) => NAME.test(w.text))) return null;
      return { tool: 'make', names, from: at.from, to: names[names.length - 1]!.to };
    }
    default:
      return null;
  }
}

function within(uri: string, roots: readonly string[] | undefined): boolean {
  if (!roots || !roots.length) return true;
  return roots.some((r) => uri === r || uri.startsWith(r.replace(/\/$/, '') + '/'));
}

interface PackageFacts {
  uri: string;
  /** The script names, and ` (scripts: …)` for messages, made once per package.json; undefined when it does not parse. */
  scripts?: { has: ReadonlySet<string>; listing: string };
  /** Dependency names: `pnpm X` and `yarn X` run a dependency's binary when there is no script X. */
  deps: ReadonlySet<string>;
  /** The same names, and each without its `@scope/`. */
  bins: ReadonlySet<string>;
}

/** Binaries whose package has another name. */
const BIN_PACKAGES: Record<string, string[]> = {
  tsc: ['typescript'],
  tsserver: ['typescript'],
  playwright: ['@playwright/test', 'playwright'],
  changeset: ['@changesets/cli'],
  biome: ['@biomejs/biome'],
  'next-sitemap': ['next-sitemap'],
  vue: ['@vue/cli'],
  ng: ['@angular/cli'],
  sb: ['storybook'],
  cdk: ['aws-cdk'],
  tailwindcss: ['tailwindcss', '@tailwindcss/cli'],
  'drizzle-kit': ['drizzle-kit'],
};

/** Package scripts and dependency names of a package.json text; no scripts when it does not parse. */
function packageFacts(uri: string, text: string): PackageFacts {
  try {
    const j = JSON.parse(text) as Record<string, unknown>;
    const keys = (v: unknown) => (v && typeof v === 'object' ? Object.keys(v) : []);
    const scripts = keys(j['scripts']);
    const deps = new Set([...keys(j['dependencies']), ...keys(j['devDependencies']), ...keys(j['optionalDependencies'])]);
    const bins = new Set(deps);
    for (const d of deps) bins.add(d.replace(/^@[^/]+\//, ''));
    return { uri, scripts: { has: new Set(scripts), listing: listing('scripts', scripts) }, deps, bins };
  } catch {
    return { uri, deps: new Set(), bins: new Set() };
  }
}

/** True when `pnpm name` / `yarn name` can run a binary of the package's dependencies. */
function isDependencyBin(name: string, pkg: PackageFacts): boolean {
  return pkg.bins.has(name) || (BIN_PACKAGES[name] ?? []).some((d) => pkg.deps.has(d));
}

/** The targets a Makefile defines, and ` (targets: …)` for messages (names starting with `.` left out). */
export interface MakeTargets {
  has: ReadonlySet<string>;
  listing: string;
}

/** The target names of one Makefile line (`a b: deps`, `a::`), or null when it defines none. */
function targetsOfLine(raw: string): string[] | null {
  // What `^([^\s:#=][^:=]*?)\s*::?(?![=])` matched, read in one pass (the pattern took quadratic time on a long line of spaces).
  if (raw === '' || /[\s:#=]/.test(raw[0]!)) return null;
  let colon = -1;
  for (let i = 0; i < raw.length; i++) {
    const c = raw.charCodeAt(i);
    if (c === 61 /* = */) return null;
    if (c === 58 /* : */) {
      colon = i;
      break;
    }
  }
  if (colon < 0 || raw[colon + 1] === '=') return null;
  return raw.slice(0, colon).trimEnd().split(/\s+/);
}

/**
 * The targets a Makefile defines; undefined when it includes other makefiles or has pattern
 * rules (`%:`), as any name could then be a target. Linear in the text.
 */
export function makeTargets(text: string): MakeTargets | undefined {
  const out = new Set<string>();
  for (const raw of text.split(/\r?\n/)) {
    if (/^\s*-?s?include\s/.test(raw)) return undefined;
    if (raw.startsWith('\t') || raw.trimStart().startsWith('#')) continue;
    const names = targetsOfLine(raw);
    if (!names) continue;
    for (const t of names) {
      if (t.includes('%')) return undefined;
      if (t.includes('$')) return undefined;
      if (t) out.add(t);
    }
  }
  return { has: out, listing: listing('targets', [...out], (t) => !t.startsWith('.')) };
}

/** The last Makefiles read, by text: a check reads its Makefile once however many `make` lines it has, and the next check of the same text parses it no more. */
const madeTargets: { text: string; targets: MakeTargets | undefined }[] = [];

function makeTargetsOf(text: string): MakeTargets | undefined {
  const hit = madeTargets.find((m) => m.text === text);
  if (hit) return hit.targets;
  const targets = makeTargets(text);
  madeTargets.unshift({ text, targets });
  madeTargets.length = Math.min(madeTargets.length, 4);
  return targets;
}

const MAKEFILES = ['GNUmakefile', 'makefile', 'Makefile'];

export function checkCommands(code: readonly CodeText[], fileUri: string, host: IWorkspaceHost, options: CommandCheckOptions = {}, lines: readonly string[] = []): Diagnostic[] {
  const out: Diagnostic[] = [];
  const lineOf = (n: number) => lines[n] ?? '';
  // Agents run commands from the folder the file speaks for (above `.github/` or `.claude/`).
  const base = projectBaseOf(fileUri);
  const read = (uri: string): string | undefined => {
    try {
      return within(uri, options.roots) ? host.readText(uri) : undefined;
    } catch {
      return undefined;
    }
  };
  const isDir = (uri: string): boolean => {
    try {
      return within(uri, options.roots) && host.isDirectory(uri);
    } catch {
      return false;
    }
  };
  const exists = (uri: string): boolean => {
    try {
      return within(uri, options.roots) && host.exists(uri);
    } catch {
      return false;
    }
  };
  const packageCache = new Map<string, PackageFacts | null>();
  /** The nearest package.json from `dir` up (inside the workspace), as npm finds it. */
  const nearestPackage = (dir: string): PackageFacts | null => {
    if (packageCache.has(dir)) return packageCache.get(dir)!;
    let at = dir;
    let found: PackageFacts | null = null;
    for (let n = 0; n < 64; n++) {
      const uri = resolveRelative(at, 'package.json');
      const t = read(uri);
      if (t !== undefined) {
        found = packageFacts(uri, t);
        break;
      }
      // A package.json that leads outside the workspace is npm's, but not ours to read: no verdict.
      if (linkOutside(host, uri) !== undefined) break;
      const up = dirnameUri(at);
      if (up === at || !within(up, options.roots)) break;
      at = up;
    }
    packageCache.set(dir, found);
    return found;
  };
  /** `cd X` from the file's folder, else from a folder above it that has X (agents often run from the root). */
  const cd = (cwd: string, target: string): string | undefined => {
    if (!/^[\w.@/+-]+$/.test(target) || target.startsWith('/') || target === '-') return undefined;
    let at = cwd;
    for (let n = 0; n < 64; n++) {
      const u = resolveRelative(at, target);
      if (isDir(u)) return u;
      const up = dirnameUri(at);
      if (up === at || !within(up, options.roots)) return undefined;
      at = up;
    }
    return undefined;
  };
  const makefiles = new Map<string, MakeTargets | undefined>();
  /** The targets of the Makefile in `dir`, read once per check. */
  const makefileAt = (dir: string): MakeTargets | undefined => {
    if (makefiles.has(dir)) return makefiles.get(dir);
    let text: string | undefined;
    for (const name of MAKEFILES) {
      text = read(resolveRelative(dir, name));
      if (text !== undefined || linkOutside(host, resolveRelative(dir, name)) !== undefined) break;
    }
    const targets = text === undefined ? undefined : makeTargetsOf(text);
    makefiles.set(dir, targets);
    return targets;
  };
  let blockCwd: string | undefined = base;
  let lastBlockLine = -2;
  for (const c of code) {
    // A fenced block keeps its `cd` from line to line; a code span starts afresh.
    const inBlock = c.source !== 'span';
    if (c.source !== 'span' && !SHELL_LANGS.has(c.source.lang)) continue;
    if (!inBlock || c.line !== lastBlockLine + 1) blockCwd = base;
    if (inBlock) lastBlockLine = c.line;
    let cwd: string | undefined = inBlock ? blockCwd : base;
    const hedged = c.source === 'span' && HEDGE.test(lineOf(c.line));
    for (const seg of segments(c)) {
      const w = seg.words;
      if (w[0]?.text === 'cd' || w[0]?.text === 'pushd') {
        cwd = cwd && w[1] ? cd(cwd, w[1].text) : undefined;
        continue;
      }
      if (!cwd) continue;
      const inv = invocation(w);
      if (!inv || hedged) continue;
      const range: Range = { start: { line: seg.line, character: inv.from }, end: { line: seg.line, character: inv.to } };
      const written = c.text.slice(inv.from - c.character, inv.to - c.character);
      if (inv.tool === 'make') {
        const targets = makefileAt(cwd);
        if (!targets) continue;
        const missing = inv.names.filter((n) => !targets.has.has(n.text));
        if (!missing.length) continue;
        out.push({
          code: 'instructions-command-undefined',
          severity: 'warning',
          message: `'${written}': the Makefile defines no target ${missing.map((m) => `'${m.text}'`).join(', ')}${targets.listing}`,
          range,
          data: { tool: 'make', missing: missing.map((m) => m.text) },
        });
        continue;
      }
      const pkg = nearestPackage(cwd);
      if (!pkg?.scripts) continue;
      const name = inv.names[0]!.text;
      if (pkg.scripts.has.has(name)) continue;
      const bare = (inv.tool === 'pnpm' || inv.tool === 'yarn') && !/^(?:pnpm|yarn) run\b/.test(written);
      if (bare && (COMMON_BINS.has(name) || isDependencyBin(name, pkg) || exists(resolveRelative(dirnameUri(pkg.uri), `node_modules/.bin/${name}`)))) continue;
      out.push({
        code: 'instructions-command-undefined',
        severity: 'warning',
        message: `'${written}': no script '${name}' in ${relative(base, pkg.uri)}${pkg.scripts.listing}`,
        range,
        data: { tool: inv.tool, missing: [name], packageJson: pkg.uri },
      });
    }
    if (inBlock) blockCwd = cwd;
  }
  return out;
}

/** ` (scripts: a, b, … 3 more)`: the first 12 names `keep` accepts, counting the rest without copying the list. */
function listing(what: string, names: readonly string[], keep: (name: string) => boolean = () => true): string {
  const shown: string[] = [];
  let count = 0;
  for (const n of names) {
    if (!keep(n)) continue;
    if (++count <= 12) shown.push(n);
  }
  if (!count) return ` (it has no ${what})`;
  return ` (${what}: ${shown.join(', ')}${count > shown.length ? `, … ${count - shown.length} more` : ''})`;
}

function relative(dir: string, uri: string): string {
  const d = dir.replace(/\/$/, '') + '/';
  return uri.startsWith(d) ? decodeURIComponent(uri.slice(d.length)) : decodeURIComponent(uri.slice(uri.lastIndexOf('/') + 1));
}
