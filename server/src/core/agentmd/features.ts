/** AGENT.md completion, hover, go to definition and outline. */
import { CompletionItemKind, InsertTextFormat, MarkupKind, SymbolKind, type CompletionItem, type DocumentSymbol, type Hover, type Location } from 'vscode-languageserver-types';
import type { IWorkspaceHost } from '../workspace/host';
import { splitLines } from '../text/text';
import { rangeContains, type Position, type Range } from '../types';
import { headingTree } from '../skills/navigation';
import { scanMarkdown } from '../skills/markdown';
import { isAbsoluteReference, isExtendsPath, parseAgentFrontmatter, resolveExtendsPath, type AgentIndexEntry } from './analyze';
import type { YamlFrontmatter } from '../text/yamlFrontmatter';
import { AGENT_KEYS, ANNOTATION_KEYS, KNOWN_TOOLS, WORKFLOWS } from './catalogue';
import { inheritanceChain } from './workspace';
import { classifyAgentMd, describeAgentMdKind } from './kind';

function fmLines(lines: string[]): { from: number; to: number } | undefined {
  if ((lines[0] ?? '').trimEnd() !== '---') return undefined;
  for (let i = 1; i < lines.length; i++) if (lines[i]!.trimEnd() === '---') return { from: 1, to: i };
  return { from: 1, to: lines.length };
}

/** The top-level key a line belongs to (the nearest unindented `key:` at or above it). */
function ownerKey(lines: string[], from: number, line: number): string | undefined {
  for (let i = line; i >= from; i--) {
    const m = /^([\w-]+)\s*:/.exec(lines[i]!);
    if (m) return m[1];
  }
  return undefined;
}

/** Completion items at `position`. `agents` feeds `extends`. */
export function agentMdCompletion(text: string, uri: string, position: Position, agents: AgentIndexEntry[] = []): CompletionItem[] {
  const lines = splitLines(text);
  const fm = fmLines(lines);
  if (!fm || position.line < fm.from || position.line >= fm.to) return [];
  const line = lines[position.line]!;
  const before = line.slice(0, position.character);
  const r = (a: number, b: number): Range => ({ start: { line: position.line, character: a }, end: { line: position.line, character: b } });
  if (/^[\w-]*$/.test(before)) {
    const present = new Set(lines.slice(fm.from, fm.to).map((l, i) => (i + fm.from === position.line ? '' : (/^([\w-]+)\s*:/.exec(l)?.[1] ?? ''))));
    const end = before.length + (/^[\w-]*/.exec(line.slice(before.length))?.[0].length ?? 0);
    return AGENT_KEYS.filter((k) => !present.has(k.key)).map((k, i) => keyItem(k, r(0, end), i));
  }
  const owner = ownerKey(lines, fm.from, position.line);
  const item = /^(\s*-\s*)(["']?)([\w.-]*)$/.exec(before);
  const nested = /^(\s+)([\w-]*)$/.exec(before);
  if (owner === 'annotations' && nested) {
    const end = before.length + (/^[\w-]*/.exec(line.slice(before.length))?.[0].length ?? 0);
    return ANNOTATION_KEYS.map((k, i) => keyItem(k, r(nested[1]!.length, end), i));
  }
  const inline = /^(tools|workflows|extends|version):[ \t]*([\w.-]*)$/.exec(before);
  const key = inline ? inline[1] : item ? owner : undefined;
  const start = inline ? before.length - inline[2]!.length : item ? item[1]!.length + item[2]!.length : position.character;
  const range = r(start, position.character);
  if (key === 'workflows') return Object.entries(WORKFLOWS).map(([id, doc]) => ({ label: id, kind: CompletionItemKind.EnumMember, detail: doc, textEdit: { range, newText: id } }));
  if (key === 'tools') return [...KNOWN_TOOLS].map(([id, doc]) => ({ label: id, kind: CompletionItemKind.Function, detail: doc, textEdit: { range, newText: id } }));
  if (key === 'version' && inline) return [{ label: '1.0.0', kind: CompletionItemKind.Value, textEdit: { range, newText: '1.0.0' } }];
  if (key === 'extends' && inline) {
    const self = agents.find((a) => a.uri === uri)?.name;
    // Offering a descendant would create a cycle.
    const names = agents.filter((a) => a.uri !== uri && a.name && a.name !== self && !(self && inheritanceChain(a.name, agents).includes(self)));
    return names.map((a) => ({ label: a.name, kind: CompletionItemKind.Class, detail: a.uri, textEdit: { range, newText: a.name } }));
  }
  return [];
}

function keyItem(k: (typeof AGENT_KEYS)[number], range: Range, i: number): CompletionItem {
  return {
    label: k.key,
    kind: CompletionItemKind.Property,
    detail: `${k.type}${k.required ? ' (required)' : ''}`,
    documentation: { kind: MarkupKind.Markdown, value: k.summary },
    insertTextFormat: InsertTextFormat.Snippet,
    textEdit: { range, newText: k.snippet },
    sortText: String(i),
  };
}

/**
 * Hover on the first line (which kind of AGENT.md this is, and why), keys (the schema's doc),
 * tools and workflows (the catalogue) and `extends` (the inherited chain). An instruction file
 * shows only its kind, on the first line and in its frontmatter.
 */
export function agentMdHover(text: string, position: Position, agents: AgentIndexEntry[] = [], frontmatter?: YamlFrontmatter): Hover | null {
  const fm = frontmatter ?? parseAgentFrontmatter(text);
  const kind = classifyAgentMd(fm);
  const md = (value: string, range: Range): Hover => ({ contents: { kind: MarkupKind.Markdown, value }, range });
  const lines = splitLines(text);
  const lineRange = (l: number): Range => ({ start: { line: l, character: 0 }, end: { line: l, character: (lines[l] ?? '').length } });
  if (kind.kind === 'instructions') {
    const fmEnd = fm.present ? (fm.closeRange?.end.line ?? -1) : 0;
    if (position.line > Math.max(0, fmEnd)) return null;
    const key = fm.entries.find((e) => rangeContains(e.keyRange, position));
    return md(describeAgentMdKind(kind), key ? key.keyRange : lineRange(position.line));
  }
  if (position.line === 0) return md(describeAgentMdKind(kind), lineRange(0));
  for (const e of fm.entries) {
    if (rangeContains(e.keyRange, position)) {
      const doc = AGENT_KEYS.find((k) => k.key === e.key);
      return md(
        doc
          ? `**${e.key}** (\`${doc.type}\`${doc.required ? ', required' : ''}): ${doc.summary}`
          : `**${e.key}** is not an AGENT.md field; the schema allows only ${AGENT_KEYS.map((k) => `\`${k.key}\``).join(', ')}.`,
        e.keyRange,
      );
    }
    if (e.key === 'extends' && typeof e.value === 'string' && rangeContains(e.valueRange, position)) {
      const name = fm.entries.find((x) => x.key === 'name')?.value;
      const chain = typeof name === 'string' ? inheritanceChain(name, agents) : [e.value];
      return md(`Inherits from: ${[typeof name === 'string' ? name : 'this agent', ...(chain.length ? chain : [e.value])].map((n) => `\`${n}\``).join(' → ')}`, e.valueRange);
    }
  }
  const line = splitLines(text)[position.line] ?? '';
  const word = wordAt(line, position.character);
  if (!word) return null;
  const range: Range = { start: { line: position.line, character: word.start }, end: { line: position.line, character: word.end } };
  if (word.text in WORKFLOWS) return md(`**${word.text}** workflow: ${WORKFLOWS[word.text]}`, range);
  const tool = KNOWN_TOOLS.get(word.text);
  if (tool) return md(`**${word.text}**: ${tool}`, range);
  return null;
}

function wordAt(line: string, ch: number): { text: string; start: number; end: number } | undefined {
  let a = ch;
  let b = ch;
  while (a > 0 && /[\w.-]/.test(line[a - 1]!)) a--;
  while (b < line.length && /[\w.-]/.test(line[b]!)) b++;
  return a < b ? { text: line.slice(a, b), start: a, end: b } : undefined;
}

/** Go to definition on `extends`: the parent's AGENT.md, by name from `agents` or by relative path. */
export function agentMdDefinition(
  text: string,
  uri: string,
  position: Position,
  host: IWorkspaceHost,
  agents: AgentIndexEntry[] = [],
  frontmatter?: YamlFrontmatter,
): Location | null {
  const fm = frontmatter ?? parseAgentFrontmatter(text);
  const e = fm.entries.find((x) => x.key === 'extends' && rangeContains(x.valueRange, position));
  if (!e || typeof e.value !== 'string') return null;
  const value = e.value.trim();
  if (isExtendsPath(value)) {
    if (isAbsoluteReference(value)) return null;
    const t = resolveExtendsPath(uri, value);
    if (!t) return null;
    const file = host.isDirectory(t) ? `${t.replace(/\/$/, '')}/AGENT.md` : t;
    return host.exists(file) ? { uri: file, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } } : null;
  }
  const parent = agents.find((a) => a.name === value && a.uri !== uri);
  if (!parent) return null;
  return { uri: parent.uri, range: parent.nameRange ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
}

/** The outline: the agent (with its keys) and the body's headings. */
export function agentMdDocumentSymbols(text: string): DocumentSymbol[] {
  const fm = parseAgentFrontmatter(text);
  const lines = splitLines(text);
  const out: DocumentSymbol[] = [];
  // An instruction file's outline is its headings; its frontmatter, if any, is not an agent.
  if (fm.present && classifyAgentMd(fm).kind === 'os-protocol') {
    const endLine = fm.closeRange ? fm.closeRange.end.line : lines.length - 1;
    const name = fm.entries.find((e) => e.key === 'name');
    const sym: DocumentSymbol = {
      name: typeof name?.value === 'string' && name.value ? name.value : 'AGENT.md',
      kind: SymbolKind.Class,
      range: { start: { line: 0, character: 0 }, end: { line: endLine, character: (lines[endLine] ?? '').length } },
      selectionRange: name?.valueRange ?? fm.openRange,
      children: fm.entries.map((e) => ({ name: e.key, kind: SymbolKind.Property, range: e.pairRange, selectionRange: e.keyRange })),
    };
    const desc = fm.entries.find((e) => e.key === 'description')?.value;
    if (typeof desc === 'string') sym.detail = desc;
    out.push(sym);
  }
  for (const x of headingTree(scanMarkdown(text, fm.closed ? fm.bodyStartLine : 0).headings, lines)) out.push(x);
  return out;
}
