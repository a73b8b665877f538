/** Quick fixes of agent and command files: quote a value as Claude Code does, use the tool or key it knows, move a chat mode to .github/agents. */
import { CodeActionKind, type CodeAction } from 'vscode-languageserver-types';
import type { Diagnostic } from '../types';
import { toLspDiagnostic } from '../skills/codeActions';
import { readAgentFrontmatter, lineText, lineValueRange } from './frontmatter';
import { quoteValue } from './claudeYaml';
import { blockValueFix } from './blockFix';
import { variantFor } from './analyze';

function edit(title: string, uri: string, d: Diagnostic, range: Diagnostic['range'], newText: string, preferred = true): CodeAction {
  return { title, kind: CodeActionKind.QuickFix, diagnostics: [toLspDiagnostic(d)], isPreferred: preferred, edit: { changes: { [uri]: [{ range, newText }] } } };
}

export function agentFileCodeActions(text: string, uri: string, diagnostics: readonly Diagnostic[]): CodeAction[] {
  const out: CodeAction[] = [];
  for (const d of diagnostics) {
    const data = d.data ?? {};
    switch (d.code) {
      case 'subagent-yaml-quoted':
      case 'command-yaml-quoted': {
        const lines = Array.isArray(data['lines']) ? (data['lines'] as unknown[]).filter((l): l is number => typeof l === 'number') : [];
        const fm = readAgentFrontmatter(text).fm;
        const edits = lines.map((line) => {
          const range = lineValueRange(fm, line);
          const value = lineText(fm, line).slice(range.start.character, range.end.character);
          return { range, newText: `"${quoteValue(value)}"` };
        });
        if (edits.length)
          out.push({
            title: 'Quote the value as Claude Code does',
            kind: CodeActionKind.QuickFix,
            diagnostics: [toLspDiagnostic(d)],
            isPreferred: true,
            edit: { changes: { [uri]: edits } },
          });
        break;
      }
      case 'subagent-yaml-comment-in-value': {
        const written = text.split(/\r?\n/)[d.range.start.line]?.slice(d.range.start.character, d.range.end.character);
        if (written) out.push(edit('Quote the value', uri, d, d.range, JSON.stringify(written)));
        break;
      }
      case 'subagent-yaml-invalid':
      case 'command-yaml-invalid': {
        const f = readAgentFrontmatter(text);
        const fix = f.found ? blockValueFix(f, variantFor(uri, d.code.startsWith('command') ? 'command' : 'agent'), d.range.start.line) : undefined;
        if (fix) out.push(edit(`Make '${fix.key}' a block of text (${fix.key}: |)`, uri, d, fix.range, fix.newText));
        break;
      }
      case 'subagent-tool-unknown':
      case 'command-tool-unknown':
      case 'subagent-key-unknown':
      case 'command-key-unknown': {
        const s = data['suggestion'];
        if (typeof s === 'string') out.push(edit(`Change to '${s}'`, uri, d, d.range, s));
        break;
      }
      case 'subagent-chatmode-renamed': {
        const newName = data['newName'];
        const m = /^(.*\/\.github\/)chatmodes\/[^/]+$/.exec(uri);
        if (typeof newName === 'string' && m)
          out.push({
            title: `Move to .github/agents/${newName}`,
            kind: CodeActionKind.QuickFix,
            diagnostics: [toLspDiagnostic(d)],
            edit: {
              documentChanges: [{ kind: 'rename', oldUri: uri, newUri: `${m[1]}agents/${encodeURIComponent(newName)}`, options: { overwrite: false, ignoreIfExists: true } }],
            },
          });
        break;
      }
    }
  }
  return out;
}
