/**
 * Commands an instruction file tells agents to run that the repository does not define:
 * `npm run X` / `pnpm X` / `yarn X` / `bun run X` with no script X in the nearest package.json
 * nor in any other of the repository, `make X` with no target X in the Makefile nor in any other
 * (or with no Makefile in the repository at all). Where it looks: repoCommands.ts. Only code is
 * read (code spans and shell blocks), never prose; a command whose folder, package or Makefile
 * cannot be known is left alone (the caller leaves out templates: instructions/analyze.ts).
 */
import { foreignFolder } from './foreignFolder';
import { linkOutside, relativeLabel, type IWorkspaceHost } from '../workspace/host';
import type { Diagnostic, Range } from '../types';
import { dirnameUri, resolveRelative } from '../world/paths';
import type { CodeText } from './scan';
import { projectBaseOf } from './files';
import { definesTarget, type MakefileFacts } from './makefile';
import { RepositoryCommands } from './repoCommands';

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

/**
 * pnpm's own commands (a word after `pnpm` that is one of these is not a script): pnpm's command
 * table (pnpm/src/cmd; pnpm 11's `commandNames` of each command package), and the npm commands pnpm 10 and older hand to npm (`pnpm docs`, `pnpm
 * view`; pnpm 11 refuses them as not implemented, which is no missing script either).
 */
const PNPM_OWN = new Set(
  [
    'add approve-builds audit bin c cache cat-file cat-index ci clean completion config create dedupe deploy dlx doctor env exec fetch find-hash get help i ignored-builds import',
    'init install install-test it licenses link list ll ln login logout ls outdated pack patch patch-commit patch-remove peers prune publish purge rb rebuild recursive remove rm root',
    'run-script runtime sbom self-update server set setup store un uninstall unlink up update upgrade version why -v --version -h --help',
    'access adduser bugs deprecate dist-tag docs edit find home info issues owner ping prefix profile pkg repo search set-script show star stars team token unpublish unstar view whoami xmas',
    // pnpm 11's command table (each command's commandNames): changesets and release lanes, and the aliases it adds.
    'change lane stage pack-app restart with clean-install ic install-clean dislink dist-tags la m multi owners undeprecate uni v rt s se ss',
  ]
    .join(' ')
    .split(' '),
);
/** Yarn's own commands (classic and berry). */
const YARN_OWN = new Set(
  'add audit autoclean bin cache check config constraints create dedupe dlx exec explain generate-lock-entry global help import info init install licenses link list login logout node npm outdated owner pack patch patch-commit plugin policies publish rebuild remove search sdks set stage tag team unlink unplug up upgrade upgrade-interactive version versions why workspace workspaces -v --version -h --help'.split(
    ' ',
  ),
);
/**
 * Options that run a script of another package (or many): the nearest package.json is not the
 * one read, so the script is looked for in every package.json of the repository. The first take
 * a value as the next word.
 */
const ELSEWHERE_WITH_VALUE = /^(?:-w|--workspace|--prefix|-C|--dir|--cwd|--filter|-F)$/;
const ELSEWHERE = /^(?:--workspace=.*|--prefix=.*|--dir=.*|--cwd=.*|--filter=.*|--workspaces|-ws|-r|--recursive)$/;
/** Options after which the command is not the repository's to judge: a global package, or a script run only if present. */
const NOT_OURS = /^(?:-g|--global|--if-present)$/;
/** A script or target name as the shell passes it: a `#` inside a word is part of it (a comment starts only at a word's start). */
const NAME = /^[A-Za-z0-9_][\w:.@/+#-]*$/;
const FILE_LIKE = /\/|\.(?:[cm]?[jt]sx?|sh|py|rb)$/;
/**
 * A line that hedges its commands ("`npm run lint` (if available)", "(if applicable)"), or says they are still to
 * come ("(planned)", "(eventually)", "(not yet implemented)", held-out round 34; "(запланировано)" and
 * the same word in other languages), names scripts that may be missing on purpose.
 */
const HEDGE =
  /\bif (?:it )?(?:available|applicable|present|exists|defined|configured|any)\b|\bwhere available\b|--if-present|\((?:planned|eventually|coming soon|future|not yet (?:implemented|available|added)|to ?do|tbd|wip)\b|\((?:запланировано|в планах|geplant|prévu|planificado|previsto|予定|计划中|計画中|예정)\)/i;
/** Where one sentence of a line ends and the next starts: `. `, `! ` or `? ` before a capital letter (not `e.g. \`x\``). */
const SENTENCE_END = /[.!?]\s+(?=[A-Z])/g;

/**
 * The sentence of a line that holds `character`: a hedge speaks for the commands of its own
 * sentence ("Note: `test:pwa` … are placeholders (not yet implemented)" does not hedge the
 * `npm run preview:pwa` of the sentence before; held-out round 74).
 */
function sentenceAt(line: string, character: number): string {
  let start = 0;
  for (const m of line.matchAll(SENTENCE_END)) {
    const next = m.index! + m[0].length;
    if (next > character) return line.slice(start, m.index! + 1);
    start = next;
  }
  return line.slice(start);
}

/**
 * A code span the words just before it forbid ("not `npm run nx`, just `nx`", "never run
 * `npm run eject`", "instead of `yarn test`") or on a line marked as what not to do (`❌ …`): the
 * command is named so as not to be run (held-out rounds 46 and 48).
 */
const FORBIDDEN_BEFORE = /(?:\bnot|\bnever|\bdon['’]?t|\bdo not|\bavoid|\binstead of|\brather than)\s+(?:(?:use|run|call|invoke|type)\s+)?(?:the\s+)?[*_]*$/i;
const FORBIDDEN_LINE = /^\s*(?:[-*+]\s+|\d+[.)]\s+)?(?:[*_]*)(?:❌|🚫|⛔|✗|✘)/u;
/** A comment in a shell block that presents what follows as an example (`# Example validation commands`, `# e.g.`): not this repository's commands. */
const EXAMPLE_COMMENT = /^\s*#.*(?:\bexamples?\b|\be\.g\.|\bsample\b)/i;
/**
 * Tools that `pnpm X` / `yarn X` run from node_modules/.bin when there is no script X: in a
 * monorepo they are often dependencies of a package, not of the root.
 */
const COMMON_BINS = new Set(
  'tsc tsgo tsx vitest jest mocha ava eslint prettier biome oxlint stylelint playwright cypress vite next nuxt astro svelte-kit remix webpack rollup esbuild turbo nx lerna changeset prisma drizzle-kit wrangler expo react-native tauri electron storybook ts-node nodemon concurrently rimraf tailwindcss knip depcheck syncpack'.split(
    ' ',
  ),
);

export interface CommandCheckOptions {
  /** Workspace folders as URIs: the upward search for package.json and Makefile stops at them. */
  roots?: readonly string[];
  /** Workspace file URIs: the other package.json files and Makefiles of the repository are found there. */
  files?: readonly string[];
}

/** A word of a command, with where it is in the line. */
type Word = { text: string; from: number; to: number };

interface Segment {
  words: Word[];
  line: number;
  /** Followed by `||`: the line has an answer for the command's failure (`npm test || pytest || echo none`). */
  fallback?: true;
}

/** What a `||` alternative that only fails starts with. */
const FAILS = /^(?:exit|false|return|die|fail)$/;

/** Whether the code span starting at `character` (after its backtick) is named as a command not to run. */
function forbidden(line: string, character: number): boolean {
  const before = line.slice(0, character).replace(/`+$/, '');
  return FORBIDDEN_LINE.test(line) || FORBIDDEN_BEFORE.test(before.slice(before.lastIndexOf('`') + 1));
}

function splitWords(s: string, base: number): Word[] {
  const out: Word[] = [];
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
    out.push({ words: splitWords(text.slice(from, m.index!), base + from), line: c.line, ...(m[0] === '||' ? { fallback: true as const } : {}) });
    from = m.index! + m[0].length;
  }
  out.push({ words: splitWords(text.slice(from), base + from), line: c.line });
  // `|| exit 1` (or `false`, `return`) fails all the same: no answer for the command's failure.
  return out.map((seg, i) => (seg.fallback && FAILS.test(out[i + 1]?.words[0]?.text ?? '') ? { words: seg.words, line: seg.line } : seg));
}

/**
 * True for a command that makes a new project (`npm create vite`, `pnpm create`, `yarn create`,
 * `bun create`, `npm init <initializer>`, `npx create-next-app`, `npx @scope/start my-app`,
 * `pnpm dlx`, `bunx`): what an instruction file runs after it runs in the project it made.
 */
function generatesProject(words: Segment['words']): boolean {
  const w = words.map((x) => x.text);
  const tool = w[0];
  if ((tool === 'npm' || tool === 'pnpm' || tool === 'yarn' || tool === 'bun') && (w[1] === 'create' || (w[1] === 'init' && w[2] !== undefined && !w[2].startsWith('-'))))
    return true;
  const runner = tool === 'npx' || tool === 'pnpx' || tool === 'bunx' ? 1 : (tool === 'pnpm' || tool === 'yarn') && w[1] === 'dlx' ? 2 : -1;
  if (runner < 0) return false;
  const pkg = w.slice(runner).find((x) => !x.startsWith('-'));
  return pkg !== undefined && /(?:^|[/@-])(?:create|start|init|new)(?:[-@]|$)/.test(pkg);
}

interface Invocation {
  tool: 'npm' | 'pnpm' | 'yarn' | 'bun' | 'make';
  /** The script or target names. */
  names: Word[];
  /** From the tool to the last name. */
  from: number;
  to: number;
  /** pnpm's `--filter` / `-F` value: the packages it runs the script in. */
  filter?: Word;
}

/** A name that stands for one to fill in (`make command-name`, `npm run your-script`, `make foo`): a rule's wording, no command of this repository. */
const PLACEHOLDER_NAME = /^(?:(?:command|target|script|task|recipe)[-_]name|your[-_][\w-]+|x{3,}|foo|bar|baz)$/i;

/** What a simple command runs, when it is a package script or a make target; null otherwise. */
function invocation(words: Segment['words']): Invocation | null {
  let i = 0;
  while (i < words.length && /^[A-Za-z_][A-Za-z0-9_]*=/.test(words[i]!.text)) i++; // FOO=bar npm test
  if (words[i]?.text === 'sudo' || words[i]?.text === 'npx' || words[i]?.text === 'time') return null;
  const tool = words[i]?.text;
  const rest: Segment['words'] = [];
  let filter: Invocation['filter'];
  for (let k = i + 1; k < words.length; k++) {
    const w = words[k]!.text;
    if (NOT_OURS.test(w)) return null;
    if (tool === 'pnpm' && (w === '--filter' || w === '-F') && words[k + 1]) filter = words[k + 1];
    if (ELSEWHERE_WITH_VALUE.test(w)) k++;
    else if (!ELSEWHERE.test(w)) rest.push(words[k]!);
  }
  const first = rest[0];
  const at = words[i];
  if (!at) return null;
  // A name that looks like a file (`scripts/x.ts`, `x.mjs`) is a file to run, not a script to judge.
  const one = (name: Word | undefined, t: Invocation['tool']): Invocation | null =>
    name && NAME.test(name.text) && !FILE_LIKE.test(name.text) && !PLACEHOLDER_NAME.test(name.text) ? { tool: t, names: [name], from: at.from, to: name.to } : null;
  switch (tool) {
    case 'npm':
      if (first?.text === 'run' || first?.text === 'run-script' || first?.text === 'rum' || first?.text === 'urn') return one(rest[1], 'npm');
      if (first?.text === 'test' || first?.text === 't' || first?.text === 'tst') return { tool: 'npm', names: [{ ...first, text: 'test' }], from: at.from, to: first.to };
      return null;
    case 'pnpm': {
      if (!first || first.text.startsWith('-')) return null;
      const inv = pnpmInvocation(first, rest, one, at);
      return inv && filter ? { ...inv, filter } : inv;
    }
    case 'yarn':
      if (!first || first.text.startsWith('-')) return null;
      if (first.text === 'run') return one(rest[1], 'yarn');
      // `yarn workspace NAME [run] SCRIPT` runs a script of that package.
      if (first.text === 'workspace') return rest[2]?.text === 'run' ? one(rest[3], 'yarn') : one(rest[2], 'yarn');
      if (YARN_OWN.has(first.text) || first.text.includes('/') || first.text.includes('.')) return null;
      return one(first, 'yarn');
    case 'bun':
      if (first?.text !== 'run') return null;
      if (!rest[1] || /[./\\]/.test(rest[1].text)) return null; // `bun run src/x.ts` runs a file
      return one(rest[1], 'bun');
    case 'make': {
      if (rest.some((w) => /^(?:-f|--file(?:=.*)?|--makefile(?:=.*)?|--directory(?:=.*)?)$/.test(w.text) || /^-[A-Za-z]*[Cf]/.test(w.text))) return null;
      const names = rest.filter((w) => !w.text.startsWith('-') && !w.text.includes('='));
      if (!names.length || !names.every((w) => NAME.test(w.text) && !PLACEHOLDER_NAME.test(w.text))) return null;
      return { tool: 'make', names, from: at.from, to: names[names.length - 1]!.to };
    }
    default:
      return null;
  }
}

/** What `pnpm …` runs, after its options: a script by `run`, pnpm's test aliases, or a script or binary by its bare name. */
function pnpmInvocation(first: Word, rest: readonly Word[], one: (name: Word | undefined, t: Invocation['tool']) => Invocation | null, at: Word): Invocation | null {
  if (first.text === 'run') return one(rest[1], 'pnpm');
  // `pnpm t` and `pnpm tst` are pnpm's own aliases of `pnpm test` (pnpm.io/cli/test).
  if (first.text === 't' || first.text === 'tst') return { tool: 'pnpm', names: [{ ...first, text: 'test' }], from: at.from, to: first.to };
  if (PNPM_OWN.has(first.text) || first.text.includes('/') || first.text.includes('.')) return null;
  return one(first, 'pnpm');
}

/** A `--filter` value that names one package exactly (`@acme/web`, `web`), not a pattern, a folder or a graph selector. */
const PACKAGE_FILTER = /^(?:@[A-Za-z0-9][\w.-]*\/)?[A-Za-z0-9][\w.-]*$/;

/**
 * pnpm's `--filter NAME` that no package of the repository is named (`@acme/web`, or `web` for a
 * package of any scope): pnpm says "No projects matched the filters" and runs nothing, with
 * success (it fails only with `--fail-if-no-match`). Held-out round 74: a package renamed from
 * `@strata/…` to `@patina/…` whose CLAUDE.md still filters on the old name.
 */
function unmatchedFilter(filter: Word, names: readonly string[]): boolean {
  const f = filter.text.replace(/^["']|["']$/g, '');
  if (!PACKAGE_FILTER.test(f) || !names.length) return false;
  return !names.some((n) => n === f || (!f.startsWith('@') && n.endsWith(`/${f}`)));
}

/** Package names for a message: the first eight, sorted, and how many more. */
function listOf(names: readonly string[]): string {
  const sorted = [...new Set(names)].sort();
  return `packages: ${sorted.slice(0, 8).join(', ')}${sorted.length > 8 ? `, … ${sorted.length - 8} more` : ''}`;
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
    for (const d of deps) {
      bins.add(d.replace(/^@[^/]+\//, ''));
      // `@manypkg/cli` installs `manypkg`, `@rstest/core` `rstest`, `@playwright/test` `playwright`: a scope's package often installs a binary named after the scope.
      const scope = /^@([^/]+)\//.exec(d);
      if (scope) bins.add(scope[1]!);
    }
    return { uri, scripts: { has: new Set(scripts), listing: listing('scripts', scripts) }, deps, bins };
  } catch {
    return { uri, deps: new Set(), bins: new Set() };
  }
}

/** True when `pnpm name` / `yarn name` can run a binary of the package's dependencies. */
function isDependencyBin(name: string, pkg: PackageFacts): boolean {
  return pkg.bins.has(name) || (BIN_PACKAGES[name] ?? []).some((d) => pkg.deps.has(d));
}

/** Files make or a build generator makes a Makefile from (autotools, CMake, Meson, qmake): a Makefile may appear there after a build step. */
const MAKEFILE_SOURCES = ['Makefile.in', 'Makefile.am', 'configure', 'configure.ac', 'configure.in', 'CMakeLists.txt', 'meson.build'];

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
  const repo = new RepositoryCommands(host, read, fileUri, options.roots, options.files);
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
  /** A folder the file runs commands in that the repository does not have, looked for on the first undefined script or target. */
  let foreign: string | null | undefined;
  const elsewhere = (): string | undefined => (foreign ??= foreignFolder(lines, (p) => cd(base, p) !== undefined) ?? null) ?? undefined;
  /** A finding in a file that also runs commands in a folder this repository lacks: advice, saying so. */
  const push = (d: Diagnostic): void => {
    const other = elsewhere();
    out.push(
      other === undefined
        ? d
        : {
            ...d,
            severity: 'information',
            message: `${d.message} (this file also runs commands in '${other}', a folder this repository does not have: the command may be that folder's)`,
          },
    );
  };
  let blockCwd: string | undefined = base;
  let lastBlockLine = -2;
  let exampleBlock = false;
  for (const c of code) {
    // A fenced block keeps its `cd` from line to line, and its example comment; a code span starts afresh.
    const inBlock = c.source !== 'span';
    if (c.source !== 'span' && !SHELL_LANGS.has(c.source.lang)) continue;
    if (!inBlock || c.line !== lastBlockLine + 1) {
      blockCwd = base;
      exampleBlock = false;
    }
    if (inBlock) lastBlockLine = c.line;
    if (inBlock && EXAMPLE_COMMENT.test(c.text)) exampleBlock = true;
    let cwd: string | undefined = inBlock ? blockCwd : base;
    // In a block, the line's own comment may hedge it (`npm run build   # (if applicable)`).
    const hedged = c.source === 'span' ? HEDGE.test(sentenceAt(lineOf(c.line), c.character)) || forbidden(lineOf(c.line), c.character) : exampleBlock || HEDGE.test(c.text);
    for (const seg of segments(c)) {
      const w = seg.words;
      if (w[0]?.text === 'cd' || w[0]?.text === 'pushd') {
        cwd = cwd && w[1] ? cd(cwd, w[1].text) : undefined;
        continue;
      }
      // A project generator makes another project: the commands after it are that project's.
      if (generatesProject(w)) {
        cwd = undefined;
        continue;
      }
      if (!cwd) continue;
      const inv = invocation(w);
      if (!inv || hedged || seg.fallback) continue;
      const range: Range = { start: { line: seg.line, character: inv.from }, end: { line: seg.line, character: inv.to } };
      const written = c.text.slice(inv.from - c.character, inv.to - c.character);
      const dir = cwd;
      if (inv.tool === 'make') {
        const here = repo.makefileAt(dir);
        const defined = (t: string) => (here !== null && definesTarget(here.facts, t)) || repo.makeTargetAnywhere(dir, t);
        // `make format/lint/typecheck` is prose for three targets when each one is defined.
        const alternatives = (t: string) => t.includes('/') && t.split('/').every((part) => part !== '' && defined(part));
        const missing = inv.names.filter((n) => !defined(n.text) && !alternatives(n.text));
        if (!missing.length) continue;
        const names = missing.map((m) => `'${m.text}'`).join(', ');
        const others = distinct([...repo.makefilesAbove(dir), ...repo.makefiles()]).filter((m) => m.uri !== here?.uri);
        let message: string;
        let severity: Diagnostic['severity'] = 'warning';
        if (here) {
          message = `'${written}': the Makefile defines no target ${names}${targetListing(here.facts)}${others.length ? `; nor does any other Makefile of the repository (${lookedIn(base, others)})` : ''}`;
        } else {
          // With no Makefile where it runs, make stops unless a build step makes one there; say so only when the whole repository was seen.
          if (!repo.wholeRepository || MAKEFILE_SOURCES.some((f) => exists(resolveRelative(dir, f)))) continue;
          // In a shell block it is a command to run here; in a line of prose it may be one choice among others ("a Makefile → `make test`").
          if (!inBlock) severity = 'information';
          message = others.length
            ? `'${written}': no Makefile of the repository defines a target ${names} (${lookedIn(base, others)}), and ${dir === base ? 'this folder' : relative(base, dir)} has none: make stops with "No rule to make target"`
            : `'${written}': the repository has no Makefile (GNUmakefile, makefile or Makefile): make stops with "No rule to make target"`;
        }
        push({ code: 'instructions-command-undefined', severity, message, range, data: { tool: 'make', missing: missing.map((m) => m.text) } });
        continue;
      }
      if (inv.filter && repo.wholePnpmWorkspace) {
        const names = repo.packages().flatMap((p) => (p.name ? [p.name] : []));
        if (unmatchedFilter(inv.filter, names)) {
          push({
            code: 'instructions-command-undefined',
            severity: 'warning',
            message: `'${written}': no package of the repository is named '${inv.filter.text}' (${listOf(names)}), so pnpm says "No projects matched the filters" and runs nothing`,
            range: { start: { line: seg.line, character: inv.filter.from }, end: { line: seg.line, character: inv.filter.to } },
          });
          continue;
        }
      }
      const pkg = nearestPackage(cwd);
      if (!pkg?.scripts) continue;
      const name = inv.names[0]!.text;
      if (pkg.scripts.has.has(name)) continue;
      // `pnpm X`, `yarn [run] X` and `bun run X` run a dependency's binary when there is no script X (`pnpm run X` and `npm run X` do not).
      const bare = inv.tool === 'yarn' || inv.tool === 'bun' || (inv.tool === 'pnpm' && !/^pnpm run\b/.test(written));
      if (bare && (COMMON_BINS.has(name) || isDependencyBin(name, pkg) || exists(resolveRelative(dirnameUri(pkg.uri), `node_modules/.bin/${name}`)))) continue;
      // Agents run scripts of other packages too (`cd packages/x`, `--filter x`): one that some package.json defines is defined.
      if (repo.scriptAnywhere(dir, name)) continue;
      const others = distinct([...repo.packagesAbove(dir), ...repo.packages()]).filter((p) => p.uri !== pkg.uri);
      push({
        code: 'instructions-command-undefined',
        severity: 'warning',
        message: `'${written}': no script '${name}' in ${relative(base, pkg.uri)}${pkg.scripts.listing}${
          others.length ? `; nor in any other package.json of the repository (${lookedIn(base, others)})` : ''
        }${commentGlued(name, pkg.scripts.has)}`,
        range,
        data: { tool: inv.tool, missing: [name], packageJson: pkg.uri },
      });
    }
    if (inBlock) blockCwd = cwd;
  }
  return out;
}

/**
 * For a name with a `#` glued to a script (`db:seed# backfill`): the shell starts a comment only at
 * a word's start, so it passes the `#` as part of the name.
 */
function commentGlued(name: string, scripts: ReadonlySet<string>): string {
  const hash = name.indexOf('#');
  if (hash <= 0 || !scripts.has(name.slice(0, hash))) return '';
  return `: the shell starts a comment only at a word's start, so it passes '${name}' whole; write a space before '#' to run '${name.slice(0, hash)}'`;
}

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

const targetListings = new WeakMap<MakefileFacts, string>();

/** ` (targets: …)` of a Makefile for messages, made once per Makefile read (names starting with `.` left out). */
function targetListing(facts: MakefileFacts): string {
  let l = targetListings.get(facts);
  if (l === undefined) targetListings.set(facts, (l = listing('targets', [...facts.targets], (t) => !t.startsWith('.'))));
  return l;
}

/** Each file once, in the order first seen. */
function distinct<T extends { uri: string }>(found: readonly T[]): T[] {
  const seen = new Set<string>();
  return found.filter((f) => !seen.has(f.uri) && !!seen.add(f.uri));
}

/** `looked in a/package.json, b/package.json and 12 more`. */
function lookedIn(base: string, found: readonly { uri: string }[]): string {
  const shown = found.slice(0, 3).map((f) => relative(base, f.uri));
  return `looked in ${shown.join(', ')}${found.length > shown.length ? ` and ${found.length - shown.length} more` : ''}`;
}

/** A file as the message names it: below `dir` by its path from there, elsewhere by its path from `dir` (`../../package.json`), never by its bare name. */
function relative(dir: string, uri: string): string {
  const d = dir.replace(/\/$/, '') + '/';
  return uri.startsWith(d) ? decodeURIComponent(uri.slice(d.length)) : relativeLabel(dir, uri);
}
