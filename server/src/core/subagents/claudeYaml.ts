/**
 * How Claude Code reads the frontmatter of a subagent or command file (its `parseFrontmatter`):
 * it parses the YAML; when that fails it quotes every top-level `key: value` line whose value holds
 * a YAML special character (`: `, `#`, `{`, `[`, `*`, `&`, `!`, `|`, `>`, `%`, `@`, a backquote)
 * and parses once more; when that fails too, the file has no frontmatter fields at all (the parse
 * error goes to the debug log). Since 2.1.69 ("skill descriptions with colons"). The retry keeps
 * every line where it was, so a line number of the retry's error is a line of the file.
 */
import { parseDocument } from 'yaml';

export type ClaudeYamlOutcome =
  /** The YAML parses as written. */
  | { kind: 'parsed' }
  /** It parses only after Claude Code's quoting; `line` (0-based, in the YAML text) is the first error of the text as written. */
  | { kind: 'quoted'; line: number; message: string; quotedLines: number[]; keepBlockHeaders?: true }
  /** It does not parse even then: Claude Code reads no field. `line` and `message` are the retry's first error. */
  | { kind: 'failed'; line: number; column: number; message: string };

const SPECIAL = /[{}[\]*&#!|>%@`]|: /;
const KEY_LINE = /^([a-zA-Z_-]+):\s+(.+)$/;

/** A block scalar's header (`|`, `>-`, `|2+`…): the value is on the lines below. */
const BLOCK_HEADER = /^[|>][1-9]?[-+]?[1-9]?\s*$/;

/**
 * Claude Code's retry: the lines it quotes, and the text it parses the second time.
 * `keepBlockHeaders`: leave `key: |` lines alone (whether Claude Code quotes a lone block
 * header is not known; `claudeYamlOutcome` takes the reading that loads the file).
 */
export function quoteLikeClaude(yamlText: string, keepBlockHeaders = false): { text: string; quotedLines: number[] } {
  const lines = yamlText.split('\n');
  const quotedLines: number[] = [];
  const out = lines.map((line, i) => {
    const m = KEY_LINE.exec(line);
    if (!m) return line;
    const [, key, value] = m as unknown as [string, string, string];
    if ((value.startsWith('"') && value.endsWith('"')) || (value.startsWith("'") && value.endsWith("'"))) return line;
    if (!SPECIAL.test(value) || (keepBlockHeaders && BLOCK_HEADER.test(value))) return line;
    quotedLines.push(i);
    return `${key}: "${quoteValue(value)}"`;
  });
  return { text: out.join('\n'), quotedLines };
}

/** A value as Claude Code writes it between double quotes: backslashes and quotes escaped. */
export function quoteValue(value: string): string {
  return value.replace(/\\/g, '\\\\').replace(/"/g, '\\"');
}

interface FirstError {
  line: number;
  column: number;
  message: string;
}

/**
 * The first YAML error that makes a parser refuse the text. A duplicate key is left out: parsers
 * differ on it (some keep the last value), so it says nothing certain about Claude Code.
 */
function firstError(text: string): FirstError | undefined {
  const doc = parseDocument(text, { schema: 'core', prettyErrors: true, uniqueKeys: false });
  const e = doc.errors[0];
  if (!e) return undefined;
  const line = (e.linePos?.[0]?.line ?? 1) - 1;
  const column = (e.linePos?.[0]?.col ?? 1) - 1;
  return { line, column, message: (e.message.split('\n')[0] ?? '').replace(/ at line \d+, column \d+:?$/, '') };
}

/** How Claude Code fares with a frontmatter's YAML text (what lies between the fences). Never throws. */
export function claudeYamlOutcome(text: string): ClaudeYamlOutcome {
  // Read with LF line ends: whether Claude Code's quoting sees a CR at the end of a line is not
  // known, and without it the quoting would reach no line (the lenient reading: no false errors).
  const yamlText = text.replace(/\r\n/g, '\n');
  const first = firstError(yamlText);
  if (!first) return { kind: 'parsed' };
  const retry = quoteLikeClaude(yamlText);
  const second = retry.quotedLines.length ? firstError(retry.text) : first;
  if (!second) return { kind: 'quoted', line: first.line, message: first.message, quotedLines: retry.quotedLines };
  // Quoting a block header (`description: |`) breaks the block below it; if the retry loads once
  // block headers are left alone, Claude Code may well read the file: no certain failure.
  const lenient = quoteLikeClaude(yamlText, true);
  const third = lenient.quotedLines.length ? firstError(lenient.text) : first;
  if (!third) return { kind: 'quoted', line: first.line, message: first.message, quotedLines: lenient.quotedLines, keepBlockHeaders: true };
  // Both fail: the error that is not an echo of a quoted block header is the one to fix.
  return { kind: 'failed', line: third.line, column: third.column, message: third.message };
}
