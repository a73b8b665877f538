/**
 * What VS Code's own prompt-file validator reports (VS Code 1.139: the `prompt-basics` languages
 * and `promptValidator` of the chat contribution), so that in VS Code those findings are left to
 * it instead of being shown twice. It checks the files it gives a prompt-file language, and only
 * while they are open in an editor; the CLI and other editors keep every finding.
 */
import { splitLines } from '../text/text';
import type { Diagnostic, Range } from '../types';

/**
 * Whether VS Code gives a file one of its prompt-file languages (and so validates it): `SKILL.md`
 * (skill), `*.instructions.md`, `copilot-instructions.md` and `.claude/rules/**.md` (instructions),
 * `*.prompt.md` (prompt), `*.agent.md`, `*.chatmode.md`, `.github/agents/*.md` and
 * `.claude/agents/*.md` (agent). AGENTS.md, CLAUDE.md, GEMINI.md and AGENT.md are plain Markdown to it.
 */
export function editorValidatesFile(path: string): boolean {
  const p = path.replace(/\\/g, '/');
  const base = p.slice(p.lastIndexOf('/') + 1);
  if (base === 'SKILL.md') return true;
  if (/(?:\.instructions|copilot-instructions|\.prompt|\.agent|\.chatmode)\.md$/.test(base)) return true;
  return /\/\.claude\/rules\/(?:.*\/)?[^/]*\.md$/.test(p) || /\/\.(?:github|claude)\/agents\/[^/]*\.md$/.test(p);
}

/**
 * The link targets VS Code checks in a prompt file's body, where it reports "File '…' not found
 * at '…'": on each line after the `---` header, outside fenced code, every `[text](target)`
 * (matched lazily, as VS Code does), images and links that start inside an inline code span left
 * out. The range is the target between the parentheses, as written.
 */
export function editorCheckedLinks(text: string): Range[] {
  const lines = splitLines(text);
  let body = 0;
  if (/^---\s*$/.test(lines[0] ?? '')) {
    const end = lines.findIndex((l, i) => i > 0 && /^---\s*$/.test(l));
    // An unclosed header has no body.
    if (end < 0) return [];
    body = end + 1;
  }
  const out: Range[] = [];
  let fence: { char: string; length: number } | undefined;
  for (let i = body; i < lines.length; i++) {
    const line = lines[i]!;
    const f = /^(`{3,}|~{3,})(.*)$/.exec(line.trimStart());
    if (f) {
      const mark = f[1]!;
      if (!fence) {
        fence = { char: mark[0]!, length: mark.length };
        continue;
      }
      if (mark[0] === fence.char && mark.length >= fence.length && /^\s*$/.test(f[2]!)) {
        fence = undefined;
        continue;
      }
    }
    if (fence) continue;
    const spans = [...line.matchAll(/`[^`]+`/g)].map((m) => [m.index!, m.index! + m[0].length] as const);
    for (const m of line.matchAll(/\[(.*?)\]\((.+?)\)/g)) {
      const at = m.index!;
      if ((at > 0 && line[at - 1] === '!') || spans.some(([a, b]) => at >= a && at < b)) continue;
      const end = at + m[0].length - 1;
      out.push({ start: { line: i, character: end - m[2]!.length }, end: { line: i, character: end } });
    }
  }
  return out;
}

const within = (inner: Range, outer: Range) =>
  inner.start.line === outer.start.line && inner.end.line === outer.end.line && inner.start.character >= outer.start.character && inner.end.character <= outer.end.character;

/** The findings of a missing file (`codes`) on a link VS Code checks itself: it says the same ("File '…' not found"). */
export function withoutEditorCheckedLinks(diagnostics: Diagnostic[], text: string, codes: ReadonlySet<string>): Diagnostic[] {
  if (!diagnostics.some((d) => codes.has(d.code))) return diagnostics;
  const links = editorCheckedLinks(text);
  return diagnostics.filter((d) => !codes.has(d.code) || !links.some((l) => within(d.range, l)));
}
