/** Quick fixes for SKILL.md diagnostics, as plain LSP CodeActions (edits keyed by the document URI). */
import { CodeActionKind, type CodeAction, type Diagnostic as LspDiagnostic, type TextEdit } from 'vscode-languageserver-types';
import { LineIndex, splitLines } from '../text/text';
import type { Diagnostic } from '../types';
import { isStringNode, parseYamlFrontmatter } from '../text/yamlFrontmatter';

const SEVERITY = { error: 1, warning: 2, information: 3, hint: 4 } as const;

/** The LSP shape of a core diagnostic (for `CodeAction.diagnostics`). */
export function toLspDiagnostic(d: Diagnostic): LspDiagnostic {
  return { range: d.range, severity: SEVERITY[d.severity], code: d.code, source: 'agent-files', message: d.message, data: d.data };
}

function fix(title: string, uri: string, d: Diagnostic, edits: TextEdit[], preferred = false): CodeAction {
  const a: CodeAction = { title, kind: CodeActionKind.QuickFix, diagnostics: [toLspDiagnostic(d)], edit: { changes: { [uri]: edits } } };
  if (preferred) a.isPreferred = true;
  return a;
}

/** Quick fixes for the given diagnostics of one SKILL.md. */
export function skillCodeActions(text: string, uri: string, diagnostics: Diagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  const index = new LineIndex(text);
  const slice = (d: Diagnostic): string => text.slice(index.offsetAt(d.range.start), index.offsetAt(d.range.end));
  for (const d of diagnostics) {
    switch (d.code) {
      case 'skill-name-directory-mismatch': {
        const dir = String(d.data?.['dirName'] ?? '');
        if (dir) out.push(fix(`Set name to the folder name '${dir}'`, uri, d, [{ range: d.range, newText: quoteIfNeeded(dir) }], true));
        break;
      }
      case 'skill-name-not-lowercase': {
        const lower = String(d.data?.['lower'] ?? slice(d).toLowerCase());
        out.push(fix(`Lowercase the name to '${lower}'`, uri, d, [{ range: d.range, newText: quoteIfNeeded(lower) }], true));
        break;
      }
      case 'skill-yaml-colon-in-value':
      case 'skill-yaml-comment-in-value':
      case 'skill-metadata-unquoted':
        out.push(fix('Quote the value', uri, d, [{ range: d.range, newText: JSON.stringify(slice(d)) }], true));
        break;
      case 'skill-field-typo': {
        const suggestion = d.data?.['suggestion'];
        if (typeof suggestion === 'string') out.push(fix(`Rename to '${suggestion}'`, uri, d, [{ range: d.range, newText: suggestion }], true));
        break;
      }
      case 'skill-unexpected-field': {
        // A key another target of the file reads is not moved away from it.
        if (Array.isArray(d.data?.['readBy']) && (d.data['readBy'] as unknown[]).length > 0) break;
        const a = moveUnderMetadata(text, uri, d);
        if (a) out.push(a);
        break;
      }
      case 'skill-file-missing': {
        const target = d.data?.['target'];
        const relink = relinkAction(text, uri, d);
        if (relink) out.push(relink);
        else if (typeof target === 'string') {
          out.push({
            title: `Create '${String(d.data?.['path'] ?? target)}'`,
            kind: CodeActionKind.QuickFix,
            diagnostics: [toLspDiagnostic(d)],
            edit: { documentChanges: [{ kind: 'create', uri: target, options: { ignoreIfExists: true } }] },
          });
        }
        break;
      }
    }
  }
  return out;
}

/**
 * For a link whose file is elsewhere (`data.relink`, the path from the file's folder): rewrites
 * the link's path, keeping its `#anchor` as written. Shared with instruction files.
 */
export function relinkAction(text: string, uri: string, d: Diagnostic): CodeAction | undefined {
  const relink = d.data?.['relink'];
  if (typeof relink !== 'string' || d.range.start.line !== d.range.end.line) return undefined;
  const index = new LineIndex(text);
  const written = text.slice(index.offsetAt(d.range.start), index.offsetAt(d.range.end));
  const hash = written.indexOf('#');
  return fix(`Point the link at '${relink}'`, uri, d, [{ range: d.range, newText: relink + (hash < 0 ? '' : written.slice(hash)) }], true);
}

function quoteIfNeeded(s: string): string {
  return /^[\p{L}\p{N}][\p{L}\p{N}._-]*$/u.test(s) ? s : JSON.stringify(s);
}

/** Moves `key: value` (any number of lines) into the `metadata:` map, creating the map when absent. */
function moveUnderMetadata(text: string, uri: string, d: Diagnostic): CodeAction | undefined {
  const key = d.data?.['key'];
  const fm = parseYamlFrontmatter(text, { split: 'lines' });
  if (typeof key !== 'string' || !fm.closed || !fm.closeRange) return undefined;
  const entry = fm.entries.find((e) => e.key === key && e.keyRange.start.line === d.range.start.line);
  if (!entry || !isStringNode(entry.node)) return undefined;
  const lines = splitLines(text);
  const first = entry.keyRange.start.line;
  const last = Math.max(entry.valueRange.end.line, first);
  const meta = fm.entries.find((e) => e.key === 'metadata');
  let indent = '  ';
  let insertLine = fm.closeRange.start.line;
  let header = 'metadata:\n';
  if (meta) {
    const kids = meta.node && typeof meta.value === 'object' && meta.value !== null && !Array.isArray(meta.value);
    if (!kids) return undefined;
    const firstKid = lines[meta.valueRange.start.line] ?? '';
    indent = ' '.repeat(Math.max(1, meta.valueRange.start.character || firstKid.length - firstKid.trimStart().length));
    insertLine = meta.valueRange.end.line + 1;
    header = '';
  }
  const moved =
    header +
    lines
      .slice(first, last + 1)
      .map((l) => indent + l.replace(/\r$/, ''))
      .join('\n') +
    '\n';
  const remove = { start: { line: first, character: 0 }, end: { line: last + 1, character: 0 } };
  const edits: TextEdit[] =
    insertLine === first || insertLine === last + 1
      ? [{ range: remove, newText: moved }]
      : [
          { range: { start: { line: insertLine, character: 0 }, end: { line: insertLine, character: 0 } }, newText: moved },
          { range: remove, newText: '' },
        ];
  return fix(`Move '${key}' under metadata:`, uri, d, edits);
}
