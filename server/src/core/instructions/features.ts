/** Navigation of instruction files: hover, definition, document links, outline and references. */
import { SymbolKind, type DocumentLink, type DocumentSymbol, type Hover, type Location } from 'vscode-languageserver-types';
import type { IWorkspaceHost } from '../workspace/host';
import { rangeContains, type Position } from '../types';
import { fenced } from '../text/markdownFence';
import { frontmatterEndLine, headingAnchors, scanMarkdown } from '../skills/markdown';
import { AnchorCache } from '../skills/references';
import { headingTree } from '../skills/navigation';
import { splitLines } from '../text/text';
import { instructionFileInfo, projectBaseOf, relativePaths, type ImportRules } from './files';
import { instructionImports, variantFor } from './analyze';
import { instructionLinks } from './links';
import { readInstructionFrontmatter } from './frontmatter';
import { countMatches } from './globs';
import { importOutside, type ResolvedImport } from './imports';

/** Lines of an import's target shown in its hover. */
const PREVIEW_LINES = 12;

function read(host: IWorkspaceHost, uri: string): string | undefined {
  try {
    return host.readText(uri);
  } catch {
    return undefined;
  }
}

function importHover(imp: ResolvedImport, host: IWorkspaceHost, rules: ImportRules | null, roots: readonly string[] | undefined): Hover {
  const client = rules?.client ?? 'The client';
  if (imp.notRead) {
    const why = imp.notRead === 'home' ? 'in your home folder' : 'written as an absolute path';
    return {
      contents: { kind: 'markdown', value: `**Import** \`${imp.path}\`\n\n${client} reads it on this machine; Agent Files does not read files ${why}, so it is not checked.` },
      range: imp.range,
    };
  }
  const outside = importOutside(imp, host, roots);
  if (outside) {
    const how = outside.via === undefined ? 'lies outside the workspace' : `leads outside the workspace through the symbolic link \`${outside.via}\``;
    return {
      contents: {
        kind: 'markdown',
        value: `**Import** \`${imp.path}\`\n\nThe file ${how}: Agent Files does not read it, so it is not checked.${rules ? ` ${rules.outside}.` : ''}`,
      },
      range: imp.range,
    };
  }
  const text = imp.uri ? read(host, imp.uri) : undefined;
  if (text === undefined) return { contents: { kind: 'markdown', value: `**Import** \`${imp.path}\`: the file does not exist or cannot be read.` }, range: imp.range };
  const lines = splitLines(text);
  const shown = lines.slice(0, PREVIEW_LINES).join('\n');
  const more = lines.length > PREVIEW_LINES ? `\n\n… ${lines.length - PREVIEW_LINES} more line${lines.length - PREVIEW_LINES === 1 ? '' : 's'}` : '';
  return { contents: { kind: 'markdown', value: `**Import** \`${imp.path}\` (${client} inserts this file here)\n\n${fenced(shown, 'markdown')}${more}` }, range: imp.range };
}

export interface InstructionNavOptions {
  workspaceRoots?: readonly string[];
  /** Workspace file URIs. */
  workspaceFiles?: readonly string[];
}

export function instructionHover(text: string, uri: string, pos: Position, host: IWorkspaceHost, options: InstructionNavOptions = {}): Hover | null {
  const info = instructionFileInfo(variantFor(uri));
  const imp = instructionImports(text, uri).find((i) => rangeContains(i.range, pos));
  if (imp) return importHover(imp, host, info.imports, options.workspaceRoots);
  if (info.frontmatter) {
    const fm = readInstructionFrontmatter(text, info.frontmatter);
    const key = fm.globKey;
    if (key && (rangeContains(key.keyRange, pos) || rangeContains(key.valueRange, pos))) {
      const lines = [
        `**${key.key}**: ${info.frontmatter === 'copilot' ? 'GitHub Copilot adds this file to requests about files matching these patterns' : 'Claude Code loads this rule when it works on files matching these patterns'}.`,
      ];
      if (options.workspaceFiles) {
        const cap = 10_000;
        const files = relativePaths(projectBaseOf(uri), options.workspaceFiles);
        for (const g of fm.globs) {
          const n = countMatches(g.glob, files, cap, info.frontmatter);
          lines.push(`- \`${g.glob}\`: ${n >= cap ? `${cap} or more files` : `${n} file${n === 1 ? '' : 's'}`} in the workspace`);
        }
      }
      return { contents: { kind: 'markdown', value: lines.join('\n') }, range: key.keyRange };
    }
  }
  return null;
}

export function instructionDefinition(text: string, uri: string, pos: Position, host: IWorkspaceHost, roots?: readonly string[]): Location | null {
  const imp = instructionImports(text, uri).find((i) => rangeContains(i.range, pos));
  if (imp) return imp.uri && exists(host, imp.uri) ? { uri: imp.uri, range: zero() } : null;
  const link = instructionLinks(text, uri, frontmatterEndLine(text), roots).find((r) => rangeContains(r.range, pos));
  if (!link || link.escapes || link.absolute) return null;
  const target = link.path === '' ? uri : link.uri;
  if (!target || (link.path !== '' && !exists(host, target))) return null;
  const anchors = link.path === '' ? headingAnchors(text) : new AnchorCache(host).get(target);
  const h = link.fragment ? anchors?.get(link.fragment.toLowerCase()) : undefined;
  return { uri: target, range: h ? h.range : zero() };
}

export function instructionDocumentLinks(text: string, uri: string, host: IWorkspaceHost, roots?: readonly string[]): DocumentLink[] {
  const out: DocumentLink[] = [];
  for (const imp of instructionImports(text, uri)) if (imp.uri && exists(host, imp.uri)) out.push({ range: imp.range, target: imp.uri, tooltip: `Import ${imp.path}` });
  const cache = new AnchorCache(host);
  for (const r of instructionLinks(text, uri, frontmatterEndLine(text), roots)) {
    if (r.escapes || r.absolute) continue;
    const target = r.path === '' ? uri : r.uri;
    if (!target || (r.path !== '' && !exists(host, target))) continue;
    const anchors = r.path === '' ? headingAnchors(text) : cache.get(target);
    const h = r.fragment ? anchors?.get(r.fragment.toLowerCase()) : undefined;
    out.push({ range: r.range, target: h ? `${target}#L${h.line + 1}` : target, tooltip: r.path || `#${r.fragment ?? ''}` });
  }
  return out;
}

export function instructionDocumentSymbols(text: string): DocumentSymbol[] {
  return headingTree(scanMarkdown(text, frontmatterEndLine(text)).headings, splitLines(text));
}

/** Headings of an instruction file, flat, for workspace symbols. */
export function instructionHeadings(text: string): { text: string; level: number; range: import('../types').Range }[] {
  return scanMarkdown(text, frontmatterEndLine(text)).headings.map((h) => ({ text: h.text, level: h.level, range: h.range }));
}

/** Files importing `uri`, from each indexed file's imports. */
export function importersOf(uri: string, files: readonly { uri: string; imports?: readonly { target?: string; range: import('../types').Range }[] }[]): Location[] {
  const out: Location[] = [];
  for (const f of files) for (const i of f.imports ?? []) if (i.target === uri) out.push({ uri: f.uri, range: i.range });
  return out;
}

function exists(host: IWorkspaceHost, uri: string): boolean {
  try {
    return host.exists(uri) && !host.isDirectory(uri);
  } catch {
    return false;
  }
}

function zero() {
  return { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
}

export { SymbolKind };
