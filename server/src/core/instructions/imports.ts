/**
 * `@path` imports: resolved relative to the importing file, followed the way the client does
 * (Claude Code 4 hops, Gemini CLI 5), with missing targets, cycles and chains too deep to load.
 * `~/` and absolute paths are never read (the hover says so).
 */
import { GitIgnored, outermostRoot } from '../workspace/gitIgnored';
import { caseVariants, type CaseLookup } from '../workspace/caseVariant';
import { existsOnce, linkOutside, relativeLabel, type IWorkspaceHost } from '../workspace/host';
import type { Diagnostic, Range } from '../types';
import { dirnameUri, isAbsolutePath, resolveRelative } from '../world/paths';
import type { ImportRules } from './files';
import { scanInstructions, type ImportMention } from './scan';
import { frontmatterEndLine } from '../skills/markdown';
import { chainFrom, importFacts, IMPORT_LIMITS, loadImportGraph, shortestHops } from './importGraph';
import { insideRoots } from './links';
import { readInstructionFrontmatter } from './frontmatter';

export interface ResolvedImport extends ImportMention {
  /** The target's URI; undefined for `~/` and absolute paths, which are not read. */
  uri?: string;
  /** Why the target is not read: in the home folder or written as an absolute path. */
  notRead?: 'home' | 'absolute';
}

export function resolveImport(fileUri: string, m: ImportMention): ResolvedImport {
  return resolveFrom(dirnameUri(fileUri), m);
}

/**
 * `resolveImport` from the file's folder, made once per file; `joined` keeps the URI each folder
 * and path made, for one walk (650 files importing each other make 200,000 mentions of 650 paths).
 */
function resolveFrom(dirUri: string, m: ImportMention, joined?: Map<string, string>): ResolvedImport {
  if (m.path.startsWith('~')) return { ...m, notRead: 'home' };
  if (isAbsolutePath(m.path)) return { ...m, notRead: 'absolute' };
  if (!joined) return { ...m, uri: resolveRelative(dirUri, m.path) };
  const key = `${dirUri}\0${m.path}`;
  let uri = joined.get(key);
  if (uri === undefined) joined.set(key, (uri = resolveRelative(dirUri, m.path)));
  return { ...m, uri };
}

/** The imports a text makes (outside code, after any frontmatter), resolved from `fileUri` (`joined`: see `resolveFrom`). */
export function importsOf(text: string, fileUri: string, joined?: Map<string, string>): ResolvedImport[] {
  const dir = dirnameUri(fileUri);
  return scanInstructions(text, frontmatterEndLine(text)).imports.map((m) => resolveFrom(dir, m, joined));
}

function read(host: IWorkspaceHost, uri: string): string | undefined {
  try {
    return host.readText(uri);
  } catch {
    return undefined;
  }
}

function exists(host: IWorkspaceHost, uri: string): boolean {
  try {
    return host.exists(uri) && !host.isDirectory(uri);
  } catch {
    return false;
  }
}

/** Most distinct targets of a file's own imports asked about (does it exist?) in one check. */
export const MAX_CHECKED_TARGETS = 1000;

/**
 * How an import leaves the workspace, where nothing is read: `{}` for a path outside the
 * workspace folders as written (`../../x.md`), `{ via }` for one that leads out through a
 * symbolic link; undefined when it stays inside.
 */
export function importOutside(imp: ResolvedImport, host: IWorkspaceHost, roots: readonly string[] | undefined): { via?: string } | undefined {
  if (!imp.uri) return undefined;
  if (!insideRoots(imp.uri, roots)) return {};
  const via = linkOutside(host, imp.uri);
  return via === undefined ? undefined : { via };
}

/**
 * Diagnostics for a file's own imports: a target that does not exist (or is a folder), one
 * outside the workspace (which is not read, so not checked), and, following each import through
 * the files it imports in turn (one bounded walk for the whole check, see importGraph.ts), the
 * cycle or the chain past the client's depth it leads to, reported on the import that starts
 * the chain. When a limit left files unread, one note says which import leads past it.
 */
export function checkImports(
  text: string,
  fileUri: string,
  host: IWorkspaceHost,
  rules: ImportRules,
  roots?: readonly string[],
): { imports: ResolvedImport[]; diagnostics: Diagnostic[] } {
  const imports = importsOf(text, fileUri);
  const out: Diagnostic[] = [];
  const label = (uri: string) => relativeLabel(dirnameUri(fileUri), uri);
  /** What each distinct target is, asked once: outside the workspace, or whether it exists. */
  const targets = new Map<string, { outside?: { via?: string }; found: boolean }>();
  let unchecked: ResolvedImport | undefined;
  let ignored: GitIgnored | undefined;
  const followed: ResolvedImport[] = [];
  /** Names in other letter case, made on the first missing import; the folders it asks about are looked up once each (most imports of a file share one). */
  let caseLookup: CaseLookup | undefined;
  for (const imp of imports) {
    if (!imp.uri) continue;
    let known = targets.get(imp.uri);
    if (!known) {
      if (targets.size >= MAX_CHECKED_TARGETS) {
        unchecked ??= imp;
        continue;
      }
      const outside = importOutside(imp, host, roots);
      known = outside ? { outside, found: false } : { found: exists(host, imp.uri) };
      targets.set(imp.uri, known);
    }
    const outside = known.outside;
    if (outside) {
      const how = outside.via === undefined ? 'lies outside the workspace' : `leads outside the workspace through the symbolic link '${label(outside.via)}'`;
      out.push({
        code: 'instructions-import-outside',
        severity: 'information',
        message: `Imported file '${imp.path}' ${how}; Agent Files reads nothing there, so it is not checked. ${rules.outside}`,
        range: imp.range,
        data: { target: imp.uri, ...outside },
      });
      continue;
    }
    if (!known.found) {
      const cased = (caseLookup ??= caseVariants(host, existsOnce(host)))(imp.uri, outermostRoot(fileUri, roots, dirnameUri(fileUri)));
      if (cased !== undefined) {
        // The path to write, from the importing file's folder (none for a name with a space, which no import reads whole).
        const rel = relativeLabel(dirnameUri(fileUri), cased);
        out.push({
          code: 'instructions-import-missing',
          severity: 'warning',
          message: `Imported file '${imp.path}' names ${label(cased)} in other letter case: ${rules.client} reads it on macOS and Windows, whose disks ignore case by default, and skips the import on Linux (containers, CI)`,
          range: imp.range,
          data: { target: imp.uri, found: cased, ...(/\s/.test(rel) ? {} : { relink: rel }) },
        });
        continue;
      }
      // A file the repository's .gitignore leaves out is one each clone makes for itself.
      const local = (ignored ??= new GitIgnored(host, outermostRoot(fileUri, roots, dirnameUri(fileUri)))).ignores(imp.uri);
      const rule = local || rules.client !== 'Claude Code' ? undefined : loadedRuleAbove(imp.path, fileUri, host, roots);
      out.push({
        code: 'instructions-import-missing',
        severity: local || rule ? 'information' : 'warning',
        message: local
          ? `Imported file '${imp.path}' does not exist; ${rules.client} skips the import (the repository's .gitignore leaves it out: each clone makes its own, so a checkout has none)`
          : rule
            ? `Imported file '${imp.path}' does not exist where the import resolves from (this file's folder); ${rules.client} skips the import, but loads ${label(rule.uri)} on its own, ${rule.scoped ? "when it reads files the rule's `paths` match (the import would have loaded it in every session)" : 'in every session (a rule without `paths`), so its text still reaches the model'}`
            : `Imported file '${imp.path}' does not exist; ${rules.client} skips the import`,
        range: imp.range,
        data: { target: imp.uri },
      });
      continue;
    }
    followed.push(imp);
  }
  const joined = new Map<string, string>();
  const graph = loadImportGraph(
    fileUri,
    followed.map((i) => i.uri!),
    (uri) => {
      const t = read(host, uri);
      return t === undefined ? null : { targets: importsOf(t, uri, joined).flatMap((i) => (i.uri ? [i.uri] : [])), bytes: t.length };
    },
  );
  const facts = importFacts(graph);
  let hops: Int32Array | undefined;
  const node = new Map(graph.uris.map((u, i) => [u, i]));
  for (const imp of followed) {
    const v = node.get(imp.uri!)!;
    const { chain, cycle } = chainFrom(graph, facts, v);
    // The client stops `maxDepth` hops from the file: a chain longer than that loads only its first files.
    const deep = rules.maxDepth !== undefined && chain.length - 1 > rules.maxDepth + (cycle ? 1 : 0);
    if (!cycle && !deep) {
      if (facts.unread[v]) unchecked ??= imp;
      continue;
    }
    const shown = (deep ? chain.slice(0, rules.maxDepth! + 2) : chain).map((i) => graph.uris[i]!);
    const names = elided(shown.map(label)).join(' → ');
    if (!deep) {
      // Nothing is lost: every file of the cycle is read, once (held-out round 36: 41 such findings on guides that link to each other).
      out.push({
        code: 'instructions-import-cycle',
        severity: 'information',
        message: `Import cycle: ${names}; ${rules.client} reads each file once and stops at the repeat, so nothing is lost, but the chain is hard to follow`,
        range: imp.range,
        data: { chain: elided(shown) },
      });
    } else {
      const last = shown[shown.length - 1]!;
      // The file past the cut is imported within the client's depth by another chain: it loads from there.
      const nearer = (hops ??= shortestHops(graph))[chain[rules.maxDepth! + 1]!]!;
      const reached = nearer >= 0 && nearer <= rules.maxDepth!;
      out.push({
        code: 'instructions-import-too-deep',
        severity: reached ? 'information' : 'warning',
        message: reached
          ? `Import chain ${names} is ${shown.length - 1} hops deep; ${rules.client} follows ${rules.maxDepth}, but another chain imports '${label(last)}' within ${nearer} hop${nearer === 1 ? '' : 's'}, so it loads from there`
          : `Import chain ${names} is ${shown.length - 1} hops deep; ${rules.client} follows ${rules.maxDepth}, so '${label(last)}' will not load`,
        range: imp.range,
        data: { chain: elided(shown) },
      });
    }
  }
  if (unchecked) {
    out.push({
      code: 'instructions-imports-unchecked',
      severity: 'information',
      message: `Imports from here lead to more files than Agent Files follows in one check (${IMPORT_LIMITS.files} files or ${IMPORT_LIMITS.bytes.toLocaleString('en')} characters in all, and ${MAX_CHECKED_TARGETS} distinct imports of this file); the files past that were not checked for cycles, depth or existence (${rules.client} still reads them)`,
      range: unchecked.range,
      data: { files: graph.filesRead, characters: graph.bytesRead },
    });
  }
  return { imports, diagnostics: out };
}

/** A chain of at most 12 names: the first 6, `…`, the last 5. */
function elided(names: string[]): string[] {
  return names.length <= 12 ? names : [...names.slice(0, 6), `… ${names.length - 11} more …`, ...names.slice(-5)];
}

/** The import under a position, if any. */
export function importAt(imports: ResolvedImport[], line: number, character: number): ResolvedImport | undefined {
  return imports.find((i) => i.range.start.line === line && character >= i.range.start.character && character <= i.range.end.character);
}

export type { Range };

/**
 * For an import `.claude/rules/<x>.md` that does not resolve from the importing file's folder (a
 * CLAUDE.md kept in `.claude/` writes the path from the project root): the rule file a folder
 * above holds at that path, which Claude Code loads on its own as it loads every `.claude/rules/`
 * file (clients.md §2): in every session, or, with `paths` (`scoped`), when it reads a file they
 * match. A CLAUDE.md that lists its path-specific rules this way names what already loads (held-out
 * round 78); undefined otherwise.
 */
function loadedRuleAbove(path: string, fileUri: string, host: IWorkspaceHost, roots: readonly string[] | undefined): { uri: string; scoped: boolean } | undefined {
  if (!/^(?:\.\/)?\.claude\/rules\/[^\s]+\.md$/.test(path)) return undefined;
  const top = outermostRoot(fileUri, roots, dirnameUri(fileUri));
  for (let dir = dirnameUri(dirnameUri(fileUri)); dir.length >= top.length; dir = dirnameUri(dir)) {
    const uri = resolveRelative(dir, path);
    const text = read(host, uri);
    if (text !== undefined) return { uri, scoped: !!readInstructionFrontmatter(text, 'claude-rule').globKey };
    if (dirnameUri(dir) === dir) break;
  }
  return undefined;
}
