/** Output formats of `agent-files check`: text, JSON and SARIF 2.1.0. */
import * as path from 'node:path';
import { pathToFileURL } from 'node:url';
import { countSeverities, type Diagnostic } from '../core/types';
import { jsonPrintable, printable } from './escape';

export interface FileResult {
  path: string;
  kind: string;
  diagnostics: Diagnostic[];
}

export interface Summary {
  errors: number;
  warnings: number;
  information: number;
  hints: number;
}

/** A summary of no findings, to add files to. */
export const emptySummary = (): Summary => ({ errors: 0, warnings: 0, information: 0, hints: 0 });

export function summarize(files: Iterable<FileResult>): Summary {
  const s = emptySummary();
  for (const f of files) count(s, f);
  return s;
}

/** Adds a file's findings to `s`. */
function count(s: Summary, f: FileResult): void {
  const c = countSeverities(f.diagnostics);
  s.errors += c.errors;
  s.warnings += c.warnings;
  for (const d of f.diagnostics) {
    if (d.severity === 'information') s.information++;
    else if (d.severity === 'hint') s.hints++;
  }
}

/** The files as they pass, each added to `into` (the exit code of a report written as it is made). */
function* tally(files: Iterable<FileResult>, into: Summary): Generator<FileResult> {
  for (const f of files) {
    count(into, f);
    yield f;
  }
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** One line per diagnostic; file names and messages made printable (control characters and bidi overrides as visible escapes). */
export function formatText(files: FileResult[]): string {
  return [...textChunks(files)].join('');
}

/**
 * `formatText` in pieces, one per file, so a long report is written as it is made (and each
 * file's report made as it is written). The files' findings are added to `s` as they pass.
 */
export function* textChunks(files: Iterable<FileResult>, s: Summary = emptySummary()): Generator<string> {
  let n = 0;
  for (const f of tally(files, s)) {
    n++;
    const lines: string[] = [];
    for (const d of f.diagnostics) {
      const { line, character } = d.range.start;
      lines.push(printable(`${f.path}:${line + 1}:${character + 1}: ${d.severity} [${d.code}] ${d.message}`) + '\n');
    }
    if (lines.length) yield lines.join('');
  }
  const hints = s.hints ? `, ${plural(s.hints, 'hint')}` : '';
  yield `${plural(n, 'file')} checked: ${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}, ${s.information} information${hints}`;
}

const fileJson = (f: FileResult) => ({
  path: f.path,
  kind: f.kind,
  diagnostics: f.diagnostics.map((d) => ({ code: d.code, severity: d.severity, message: d.message, range: d.range })),
});

export function formatJson(files: FileResult[]): string {
  return jsonPrintable(JSON.stringify({ files: files.map(fileJson), summary: summarize(files) }, null, 2));
}

/** JSON.stringify's text of a value nested `depth` levels deep (two spaces a level). */
const nested = (value: unknown, depth: number) => JSON.stringify(value, null, 2).replace(/\n/g, '\n' + '  '.repeat(depth));

/**
 * `formatJson` in pieces, one per file (the same bytes), so a long report is written as it is made
 * (and each file's report made as it is written). The files' findings are added to `s` as they pass.
 */
export function* jsonChunks(files: Iterable<FileResult>, s: Summary = emptySummary()): Generator<string> {
  let n = 0;
  for (const f of tally(files, s)) yield jsonPrintable(`${n++ ? ',' : '{\n  "files": ['}\n    ${nested(fileJson(f), 2)}`);
  yield n ? `\n  ],\n  "summary": ${nested(s, 1)}\n}` : formatJson([]);
}

/**
 * A report path as a SARIF artifact URI: a relative reference with each segment percent-encoded
 * (`a b#c.md` is `a%20b%23c.md`), or a `file:` URI for an absolute path.
 */
export function artifactUri(p: string): string {
  if (path.isAbsolute(p)) return pathToFileURL(p).href;
  return (
    p
      .split(path.sep)
      // encodeURIComponent throws on a lone surrogate; such a name can only be shown as U+FFFD.
      .map((seg) => encodeURIComponent(seg.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')))
      .join('/')
  );
}

const SARIF_LEVEL: Record<Diagnostic['severity'], string> = { error: 'error', warning: 'warning', information: 'note', hint: 'note' };

export interface SarifOptions {
  /** The folder artifact URIs are relative to (as `%SRCROOT%`); absolute. */
  base?: string;
  /** The folder report paths are relative to (the working directory). */
  cwd?: string;
  /** Each rule's own severity (before configuration), for its default level. */
  defaults?: ReadonlyMap<string, Diagnostic['severity']>;
}

/**
 * SARIF 2.1.0 with 1-based regions; artifact URIs are relative to `base` (uriBaseId `%SRCROOT%`,
 * resolved by `originalUriBaseIds`), and each rule has its help URI and default level.
 */
export function formatSarif(files: FileResult[], version: string, rulesUrl: string, options: SarifOptions = {}): string {
  return [...sarifChunks(files, version, rulesUrl, options)].join('');
}

/** Where the results go in the SARIF made without them (a string no report holds: it starts with NUL). */
const RESULTS = '\u0000results';

/** `formatSarif` in pieces: the tool and its rules first, then the results of one file at a time (the same bytes). */
export function* sarifChunks(files: FileResult[], version: string, rulesUrl: string, options: SarifOptions = {}): Generator<string> {
  const base = options.base;
  const uriOf = (p: string) => (base ? artifactUri(path.relative(base, path.resolve(options.cwd ?? base, p)) || path.basename(p)) : artifactUri(p));
  const ruleIds = [...new Set(files.flatMap((f) => f.diagnostics.map((d) => d.code)))].sort();
  const sarif = {
    $schema: 'https://json.schemastore.org/sarif-2.1.0.json',
    version: '2.1.0',
    runs: [
      {
        tool: {
          driver: {
            name: 'agent-files',
            version,
            informationUri: rulesUrl,
            rules: ruleIds.map((id) => {
              const level = options.defaults?.get(id) ?? files.flatMap((f) => f.diagnostics).find((d) => d.code === id)?.severity ?? 'warning';
              return { id, name: id, helpUri: `${rulesUrl}#${id.toLowerCase()}`, shortDescription: { text: id }, defaultConfiguration: { level: SARIF_LEVEL[level] } };
            }),
          },
        },
        ...(base ? { originalUriBaseIds: { '%SRCROOT%': { uri: pathToFileURL(base.endsWith(path.sep) ? base : base + path.sep).href } } } : {}),
        results: RESULTS,
      },
    ],
  };
  const result = (f: FileResult, d: Diagnostic) => ({
    ruleId: d.code,
    ruleIndex: ruleIds.indexOf(d.code),
    level: SARIF_LEVEL[d.severity],
    message: { text: d.message },
    locations: [
      {
        physicalLocation: {
          artifactLocation: base ? { uri: uriOf(f.path), uriBaseId: '%SRCROOT%' } : { uri: artifactUri(f.path) },
          region: {
            startLine: d.range.start.line + 1,
            startColumn: d.range.start.character + 1,
            endLine: d.range.end.line + 1,
            endColumn: d.range.end.character + 1,
          },
        },
      },
    ],
  });
  const skeleton = jsonPrintable(JSON.stringify(sarif, null, 2));
  const at = skeleton.indexOf(JSON.stringify(RESULTS));
  yield skeleton.slice(0, at);
  let first = true;
  for (const f of files) {
    if (f.diagnostics.length === 0) continue;
    yield jsonPrintable(f.diagnostics.map((d, i) => `${first && i === 0 ? '[' : ','}\n        ${nested(result(f, d), 4)}`).join(''));
    first = false;
  }
  yield `${first ? '[]' : '\n      ]'}${skeleton.slice(at + JSON.stringify(RESULTS).length)}`;
}
