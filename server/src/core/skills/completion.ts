/** SKILL.md completion: frontmatter keys, license ids and files, and skill-relative link targets. */
import { CompletionItemKind, InsertTextFormat, MarkupKind, type CompletionItem } from 'vscode-languageserver-types';
import type { IWorkspaceHost } from '../workspace/host';
import { splitLines } from '../text/text';
import type { Position, Range } from '../types';
import { headingAnchors } from './markdown';
import { parentDirName, resolveInside, skillDirOf } from './paths';
import { COMPATIBILITY_EXAMPLES, SKILL_KEYS, SPDX_IDS, TOOL_EXAMPLES } from './keyDocs';
import { fieldTable } from './hover';
import { readers, SKILL_FIELDS } from './rules';
import { inferTargets, labelList, type Target } from './targets';

/** Line span of the frontmatter: [first YAML line, closing fence line) (closing may be missing). */
export function frontmatterLines(lines: string[]): { from: number; to: number } | undefined {
  if ((lines[0] ?? '').trimEnd() !== '---') return undefined;
  for (let i = 1; i < lines.length; i++) if (lines[i]!.trimEnd() === '---') return { from: 1, to: i };
  return { from: 1, to: lines.length };
}

function snippetEscape(s: string): string {
  return s.replace(/[$}\\]/g, '\\$&');
}

/** Completion items at `position`. */
export function skillCompletion(text: string, uri: string, position: Position, host: IWorkspaceHost, targets?: readonly Target[]): CompletionItem[] {
  return complete(text, uri, position, host, targets ?? inferTargets(uri, host).targets);
}

function complete(text: string, uri: string, position: Position, host: IWorkspaceHost, targets: readonly Target[]): CompletionItem[] {
  const lines = splitLines(text);
  const line = lines[position.line] ?? '';
  const before = line.slice(0, position.character);
  const fm = frontmatterLines(lines);
  const r = (a: number, b: number): Range => ({ start: { line: position.line, character: a }, end: { line: position.line, character: b } });
  const skillDir = skillDirOf(uri);
  if (fm && position.line >= fm.from && position.line < fm.to) {
    if (/^[\w-]*$/.test(before)) {
      const wordEnd = before.length + (/^[\w-]*/.exec(line.slice(before.length))?.[0].length ?? 0);
      const present = new Set<string>();
      for (let i = fm.from; i < fm.to; i++) if (i !== position.line) present.add(/^([\w-]+)\s*:/.exec(lines[i]!)?.[1] ?? '');
      const dir = snippetEscape(parentDirName(uri) || 'skill-name');
      const spec: CompletionItem[] = SKILL_KEYS.filter((k) => !present.has(k.key)).map((k, i) => ({
        label: k.key,
        kind: CompletionItemKind.Property,
        detail: k.required ? 'required' : 'optional',
        documentation: { kind: MarkupKind.Markdown, value: k.summary },
        insertTextFormat: InsertTextFormat.Snippet,
        textEdit: { range: r(0, wordEnd), newText: k.snippet.replace('${dir}', dir) },
        sortText: String(i).padStart(2, '0'),
      }));
      // The fields the file's client targets document beyond the six.
      const client: CompletionItem[] = SKILL_FIELDS.filter((f) => !SKILL_KEYS.some((k) => k.key === f.key) && !present.has(f.key))
        .map((f) => ({ f, who: readers(f.key, targets) }))
        .filter((x) => x.who.length > 0)
        .map(({ f, who }, i) => ({
          label: f.key,
          kind: CompletionItemKind.Property,
          detail: `${labelList(who)} field`,
          documentation: { kind: MarkupKind.Markdown, value: fieldTable(f.key, targets) },
          insertTextFormat: InsertTextFormat.Snippet,
          textEdit: { range: r(0, wordEnd), newText: `${f.key}: $1` },
          sortText: `5${String(i).padStart(2, '0')}`,
        }));
      return [...spec, ...client];
    }
    const value = /^(license|compatibility|allowed-tools):[ \t]*/.exec(before);
    if (value) {
      const key = value[1]!;
      if (key === 'allowed-tools') {
        const tokenStart = before.lastIndexOf(' ') + 1 || value[0].length;
        return TOOL_EXAMPLES.map((t) => ({
          label: t,
          kind: CompletionItemKind.Value,
          textEdit: { range: r(Math.max(tokenStart, value[0].length), position.character), newText: t },
        }));
      }
      const range = r(value[0].length, Math.max(position.character, line.trimEnd().length));
      if (key === 'compatibility') return COMPATIBILITY_EXAMPLES.map((t) => ({ label: t, kind: CompletionItemKind.Value, textEdit: { range, newText: t } }));
      const files = host.readDirectory(skillDir).filter((n) => /^(LICEN[CS]E|COPYING)/i.test(n) || /\.txt$/i.test(n));
      return [
        ...files.map((f, i) => ({ label: f, kind: CompletionItemKind.File, detail: 'bundled license file', textEdit: { range, newText: f }, sortText: `0${i}` })),
        ...SPDX_IDS.map((id, i) => ({
          label: id,
          kind: CompletionItemKind.Value,
          detail: 'SPDX license id',
          textEdit: { range, newText: id },
          sortText: `1${String(i).padStart(2, '0')}`,
        })),
      ];
    }
    return [];
  }
  const link = /\]\(<?([^)\s>]*)$/.exec(before);
  if (!link) return [];
  const typed = link[1]!;
  const hash = typed.indexOf('#');
  if (hash >= 0) {
    const pathPart = typed.slice(0, hash);
    let targetText: string | undefined = text;
    if (pathPart) {
      const res = resolveInside(skillDir, pathPart);
      targetText = res.uri ? host.readText(res.uri) : undefined;
    }
    if (targetText === undefined) return [];
    const range = r(position.character - (typed.length - hash - 1), position.character);
    return [...headingAnchors(targetText).values()].map((h) => ({ label: h.slug, kind: CompletionItemKind.Reference, detail: h.text, textEdit: { range, newText: h.slug } }));
  }
  const slash = typed.lastIndexOf('/');
  const dirPart = typed.slice(0, slash + 1);
  const res = resolveInside(skillDir, dirPart);
  if (!res.uri) return [];
  const dirUri = res.uri;
  const range = r(position.character - (typed.length - slash - 1), position.character);
  return host
    .readDirectory(dirUri)
    .filter((n) => !n.startsWith('.') && !(dirPart === '' && /^skill\.md$/i.test(n)))
    .map((n) => {
      const folder = host.isDirectory(resolveInside(dirUri, n).uri ?? '');
      const item: CompletionItem = {
        label: folder ? n + '/' : n,
        kind: folder ? CompletionItemKind.Folder : CompletionItemKind.File,
        textEdit: { range, newText: folder ? n + '/' : n },
      };
      if (folder) item.command = { title: 'Suggest', command: 'editor.action.triggerSuggest' };
      return item;
    });
}
