/** Completion in a 3md document: frontmatter keys, directive attributes, kinds, types, placeholders, link targets. */
import { CompletionItemKind, InsertTextFormat, type CompletionItem } from 'vscode-languageserver-types';
import { lineRange, type Position } from '../../types';
import { trimEndWhere } from '../../text/text';
import type { ThreeMdAnalysis } from '../threemdAnalysis';
import { INPUT_TYPES, parseInputs } from '../model';
import { isDirectiveLine } from '../../threemd/frontmatter';
import { lastAttribute, parseDirective } from '../../threemd/directive';
import { ATTRIBUTES, FRONTMATTER_KEYS, INPUT_TYPE_DOCS, KINDS } from './docs';

const QUOTED_VALUE = /(?:^|[ \t])([A-Za-z_][\w-]*)=(["'])((?:\\.|(?!\2)[^\\])*)$/;
const BARE_VALUE = /(?:^|[ \t])([A-Za-z_][\w-]*)=([^ \t"']*)$/;
const ATTR_NAME = /(?:^|[ \t])([A-Za-z_]*)$/;

export function completion(a: ThreeMdAnalysis, pos: Position): CompletionItem[] {
  const doc = a.doc;
  const line = doc.line(pos.line);
  if (line === undefined) return [];
  const prefix = line.slice(0, pos.character);
  const fm = doc.frontmatter;
  if (fm.present && pos.line > fm.openLine && pos.line <= fm.endLine && fm.closeLine !== pos.line) return frontmatterCompletion(a, pos, prefix);
  if (isDirectiveLine(line)) return directiveCompletion(a, pos, line, prefix);
  const link = /\[\[z=([-+0-9.eE]*)$/.exec(prefix);
  if (link) return planeTargets(a, pos, link[1]!.length, line.slice(pos.character));
  return [];
}

function frontmatterCompletion(a: ThreeMdAnalysis, pos: Position, prefix: string): CompletionItem[] {
  const colon = prefix.indexOf(':');
  if (colon < 0) {
    const present = new Set(a.doc.frontmatter.fields.filter((f) => f.line !== pos.line).map((f) => f.key.toLowerCase()));
    const word = prefix.slice(trimEndWhere(prefix, (c) => /[\w-]/.test(c)).length);
    const replace = lineRange(pos.line, pos.character - word.length, pos.character);
    return Object.entries(FRONTMATTER_KEYS)
      .filter(([k]) => !present.has(k))
      .map(([k, doc]) => ({
        label: k,
        kind: CompletionItemKind.Property,
        documentation: doc,
        textEdit: { range: replace, newText: `${k}: ` },
      }));
  }
  const key = prefix.slice(0, colon).trim();
  if (key === 'entry')
    return a.doc.planes.map((p, i) => ({ label: String(p.z), kind: CompletionItemKind.Reference, detail: p.label ?? undefined, sortText: String(i).padStart(6, '0') }));
  if (key.toLowerCase() === 'axis') return [{ label: 'skill', kind: CompletionItemKind.Value, documentation: 'The axis agents use.' }];
  if (key.toLowerCase() === '3md') return [{ label: '1.0', kind: CompletionItemKind.Value, documentation: 'The version agent3md/1 requires.' }];
  return [];
}

function directiveCompletion(a: ThreeMdAnalysis, pos: Position, line: string, prefix: string): CompletionItem[] {
  if (pos.character < 6) return [];
  const quoted = QUOTED_VALUE.exec(prefix);
  if (quoted) {
    const [, key, quote, content] = quoted as unknown as [string, string, string, string];
    if (key === 'tool') {
      const ph = /\{(\w*)$/.exec(content);
      if (!ph) return [];
      const d = parseDirective(closeQuote(line, quote));
      const inputs = parseInputs(lastAttribute(d, 'inputs'));
      const closing = line.slice(pos.character).startsWith('}') ? '' : '}';
      const replace = lineRange(pos.line, pos.character - ph[1]!.length, pos.character);
      return inputs.map((i) => ({
        label: i.name,
        kind: CompletionItemKind.Variable,
        detail: `${i.type}${i.required ? '' : ' (optional)'}`,
        textEdit: { range: replace, newText: i.name + closing },
      }));
    }
    if (key === 'inputs') {
      const typed = /:\s*(\w*)$/.exec(content.split(',').pop()!);
      if (!typed) return [];
      return INPUT_TYPES.map((t) => ({ label: t, kind: CompletionItemKind.TypeParameter, documentation: INPUT_TYPE_DOCS[t] }));
    }
    if (key === 'kind') return kindItems();
    return [];
  }
  const bare = BARE_VALUE.exec(prefix);
  if (bare) return bare[1] === 'kind' ? kindItems() : [];
  const name = ATTR_NAME.exec(prefix);
  if (!name) return [];
  const present = new Set(parseDirective(line).attributes.map((x) => x.key));
  const replace = lineRange(pos.line, pos.character - name[1]!.length, pos.character);
  return Object.entries(ATTRIBUTES)
    .filter(([k]) => !present.has(k) || k === name[1])
    .map(([k, doc], i) => {
      const numeric = k === 'z' || k === 'x' || k === 'y';
      return {
        label: k,
        kind: CompletionItemKind.Property,
        documentation: doc,
        sortText: String(i),
        insertTextFormat: InsertTextFormat.Snippet,
        textEdit: { range: replace, newText: numeric ? `${k}=$1` : k === 'kind' ? `${k}=\${1|skill,identity|}` : `${k}="$1"` },
      };
    });
}

function kindItems(): CompletionItem[] {
  return Object.entries(KINDS).map(([k, doc]) => ({ label: k, kind: CompletionItemKind.EnumMember, documentation: doc }));
}

/** While typing inside a quote the tokenizer sees an unterminated value; close it to read the rest. */
function closeQuote(line: string, quote: string): string {
  let open = false;
  for (let i = 0; i < line.length; i++) {
    if (line[i] === '\\') i++;
    else if (line[i] === quote) open = !open;
  }
  return open ? line + quote : line;
}

function planeTargets(a: ThreeMdAnalysis, pos: Position, typed: number, suffix: string): CompletionItem[] {
  const closing = suffix.startsWith(']]') || suffix.startsWith('|') ? '' : ']]';
  const replace = lineRange(pos.line, pos.character - typed, pos.character);
  return a.doc.planes.map((p, i) => ({
    label: String(p.z),
    kind: CompletionItemKind.Reference,
    detail: p.label ?? undefined,
    documentation: p.body.split('\n').slice(0, 3).join('\n') || undefined,
    sortText: String(i).padStart(6, '0'),
    filterText: String(p.z),
    textEdit: { range: replace, newText: `${p.z}${closing}` },
  }));
}
