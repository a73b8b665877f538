/**
 * The start both Claude Code JSON files with hooks share (a settings file, a plugin's hooks
 * file): parse within the depth bound, report what stops Claude Code from reading the file (too
 * deep, not JSON, not one object), and hand the object on with a reporter for the rest.
 */
import { printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic, Range, Severity } from '../types';
import { LineIndex } from '../text/text';
import { boundedParseTree, tooDeepMessage, MAX_DOCUMENT_DEPTH } from '../text/jsonDepth';

export interface SettingsAnalysis {
  root: Node | undefined;
  diagnostics: Diagnostic[];
}

/** `data`: machine-readable facts for a quick fix (`newText`: the certain replacement of the range). */
export type Report = (code: string, severity: Severity, message: string, node: { offset: number; length: number }, data?: Record<string, unknown>) => void;

export interface JsonFileWords {
  /** `This settings file`. */
  file: string;
  /** What Claude Code does with a file it cannot parse: `ignores all of it`. */
  unread: string;
  /** The message on a value that is not one object. */
  notObject: string;
  /** Who cannot read it (default `Claude Code`). */
  reader?: string;
  /** The codes of a file that is no JSON (default `settings-json-invalid`) and not one object (`settings-shape`). */
  codes?: { json: string; shape: string };
  /** The reader takes strict JSON only: a comment or a trailing comma makes the file unreadable (Codex's serde_json). */
  strict?: boolean;
}

/** The value node of `key` in an object node. */
export function property(obj: Node, key: string): { key: Node; value: Node } | undefined {
  for (const p of obj.children ?? []) {
    const [k, v] = p.children ?? [];
    if (k && v && k.value === key) return { key: k, value: v };
  }
  return undefined;
}

/** The root object of a JSON text, read as `startJsonFile` reads it (comments and trailing commas allowed); undefined when it is too deep, not JSON, or not one object. */
export function readableObject(text: string): Node | undefined {
  const errors: ParseError[] = [];
  const { root } = boundedParseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  return errors.length === 0 && root?.type === 'object' ? root : undefined;
}

/** Either the analysis is over (`done`), or the file is one object (`root`) to check further with `report`. */
export type JsonFileStart = { done: SettingsAnalysis } | { done?: undefined; root: Node; diagnostics: Diagnostic[]; report: Report };

export function startJsonFile(text: string, words: JsonFileWords): JsonFileStart {
  const codes = words.codes ?? { json: 'settings-json-invalid', shape: 'settings-shape' };
  const index = new LineIndex(text);
  const rangeOf = (n: { offset: number; length: number }): Range => ({ start: index.positionAt(n.offset), end: index.positionAt(n.offset + n.length) });
  const diagnostics: Diagnostic[] = [];
  const report: Report = (code, severity, message, node, data) => diagnostics.push({ code, severity, message, range: rangeOf(node), ...(data ? { data } : {}) });
  // An empty file holds nothing; whether Claude Code complains is not documented.
  if (!text.trim()) return { done: { root: undefined, diagnostics } };
  const errors: ParseError[] = [];
  // Comments and trailing commas are left alone unless the reader is known to refuse them: whether Claude Code accepts them is not documented.
  const { root, tooDeepAt } = boundedParseTree(text, errors, { allowTrailingComma: !words.strict, disallowComments: !!words.strict });
  if (tooDeepAt >= 0) {
    report(codes.json, 'error', tooDeepMessage(words.file, MAX_DOCUMENT_DEPTH), { offset: tooDeepAt, length: 1 });
    return { done: { root: undefined, diagnostics } };
  }
  if (errors.length) {
    const e = errors[0]!;
    report(
      codes.json,
      'error',
      `Invalid JSON (${printParseErrorCode(e.error)}): ${words.reader ?? 'Claude Code'} cannot read ${words.file.replace(/^This/, 'this')} and ${words.unread}`,
      e,
    );
    return { done: { root, diagnostics } };
  }
  if (!root) return { done: { root, diagnostics } };
  if (root.type !== 'object') {
    report(codes.shape, 'error', words.notObject, root);
    return { done: { root, diagnostics } };
  }
  return { root, diagnostics, report };
}

/** The first top-level key that is an event (`isEvent`): a `hooks` value pasted as the whole file, whose events are never read. */
export function topLevelEvent(root: Node, isEvent: (name: string) => boolean): Node | undefined {
  return root.children?.map((p) => p.children?.[0]).find((k): k is Node => typeof k?.value === 'string' && isEvent(k.value));
}

/** Findings in the order of the text (the scripts are looked up after the shape). */
export function inTextOrder(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
}
