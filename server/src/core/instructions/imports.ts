/**
 * `@path` imports: resolved relative to the importing file, followed the way the client does
 * (Claude Code 4 hops, Gemini CLI 5), with missing targets, cycles and chains too deep to load.
 * `~/` and absolute paths are never read (the hover says so).
 */
import { linkOutside, relativeLabel, type IWorkspaceHost } from '../host';
import type { Diagnostic, Range } from '../types';
import { dirnameUri, isAbsolutePath, resolveRelative } from '../world/paths';
import type { ImportRules } from './files';
import { scanInstructions, type ImportMention } from './scan';
import { frontmatterEndLine } from '../skills/markdown';
import { insideRoots } from './links';

export interface ResolvedImport extends ImportMention {
  /** The target's URI; undefined for `~/` and absolute paths, which are not read. */
  uri?: string;
  /** Why the target is not read: in the home folder or written as an absolute path. */
  notRead?: 'home' | 'absolute';
}

/** Most files one analysis follows through imports (a guard, far above real chains). */
const MAX_FILES = 200;

export function resolveImport(fileUri: string, m: ImportMention): ResolvedImport {
  if (m.path.startsWith('~')) return { ...m, notRead: 'home' };
  if (isAbsolutePath(m.path)) return { ...m, notRead: 'absolute' };
  return { ...m, uri: resolveRelative(dirnameUri(fileUri), m.path) };
}

/** The imports a text makes (outside code, after any frontmatter), resolved from `fileUri`. */
export function importsOf(text: string, fileUri: string): ResolvedImport[] {
  return scanInstructions(text, frontmatterEndLine(text)).imports.map((m) => resolveImport(fileUri, m));
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
 * the files it imports in turn, the first cycle and the first file past the client's depth,
 * reported on the import that starts the chain.
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
  const cache = new Map<string, ResolvedImport[] | null>();
  const importsAt = (uri: string): ResolvedImport[] | null => {
    if (!cache.has(uri)) {
      const t = read(host, uri);
      cache.set(uri, t === undefined ? null : importsOf(t, uri));
    }
    return cache.get(uri)!;
  };
  cache.set(fileUri, imports);
  const label = (uri: string) => relativeLabel(dirnameUri(fileUri), uri);
  for (const imp of imports) {
    if (!imp.uri) continue;
    const outside = importOutside(imp, host, roots);
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
    if (!exists(host, imp.uri)) {
      out.push({
        code: 'instructions-import-missing',
        severity: 'warning',
        message: `Imported file '${imp.path}' does not exist; ${rules.client} skips the import`,
        range: imp.range,
        data: { target: imp.uri },
      });
      continue;
    }
    const found = followChain(imp.uri, [fileUri, imp.uri], importsAt, rules.maxDepth);
    if (!found) continue;
    const chain = found.chain.map(label).join(' → ');
    if (found.kind === 'cycle') {
      out.push({
        code: 'instructions-import-cycle',
        severity: 'warning',
        message: `Import cycle: ${chain}; ${rules.client} reads each file once and stops at the repeat`,
        range: imp.range,
        data: { chain: found.chain },
      });
    } else {
      const last = found.chain[found.chain.length - 1]!;
      out.push({
        code: 'instructions-import-too-deep',
        severity: 'warning',
        message: `Import chain ${chain} is ${found.chain.length - 1} hops deep; ${rules.client} follows ${rules.maxDepth}, so '${label(last)}' will not load`,
        range: imp.range,
        data: { chain: found.chain },
      });
    }
  }
  return { imports, diagnostics: out };
}

type Found = { kind: 'cycle' | 'deep'; chain: string[] };

/** Depth-first from `uri` (already on `stack`); the first cycle or too-deep file, else undefined. */
function followChain(uri: string, stack: string[], importsAt: (uri: string) => ResolvedImport[] | null, maxDepth: number | undefined): Found | undefined {
  let visited = 0;
  const seen = new Set<string>();
  const walk = (at: string, path: string[]): Found | undefined => {
    if (++visited > MAX_FILES) return undefined;
    const next = importsAt(at);
    if (!next) return undefined;
    for (const n of next) {
      if (!n.uri) continue;
      if (path.includes(n.uri)) return { kind: 'cycle', chain: [...path, n.uri] };
      const hops = path.length; // the root file is path[0]: n is `hops` imports away from it
      if (maxDepth !== undefined && hops > maxDepth) return { kind: 'deep', chain: [...path, n.uri] };
      if (seen.has(n.uri)) continue;
      seen.add(n.uri);
      const r = walk(n.uri, [...path, n.uri]);
      if (r) return r;
    }
    return undefined;
  };
  return walk(uri, stack);
}

/** The import under a position, if any. */
export function importAt(imports: ResolvedImport[], line: number, character: number): ResolvedImport | undefined {
  return imports.find((i) => i.range.start.line === line && character >= i.range.start.character && character <= i.range.end.character);
}

export type { Range };
