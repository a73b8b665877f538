/** `check [--format text|json|sarif] [--strict] [--agent|--plain] PATH...`. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { analyzeFile, crossFileDiagnostics, type CheckedFile } from '../core/analyzeFile';
import { fileKindOf, FILE_KIND_LABELS } from '../core/fileKinds';
import { findFiles, NodeFsHost } from '../node/fsHost';
import type { AgentDetection } from '../core/agent/detect';
import type { Diagnostic } from '../core/types';
import { readArgs, UsageError } from './args';
import { FatalError, readFileBounded, tooLargeText, type Io } from './io';
import { formatJson, formatSarif, formatText, summarize, type FileResult } from './output';
import { RULES_URL, VERSION } from './meta';

export function checkCommand(argv: string[], io: Io): number {
  const { positional, flags } = readArgs(argv, ['strict', 'agent', 'plain'], ['format']);
  const format = (flags.get('format') as string | undefined) ?? 'text';
  if (!['text', 'json', 'sarif'].includes(format)) throw new UsageError(`unknown format '${format}' (use text, json or sarif)`);
  if (flags.has('agent') && flags.has('plain')) throw new UsageError("'--agent' and '--plain' cannot be combined");
  const detection: AgentDetection = flags.has('agent') ? 'agent' : flags.has('plain') ? '3md' : 'auto';
  if (positional.length === 0) throw new UsageError('usage: agent-files check [--format text|json|sarif] [--strict] PATH...');

  const files: string[] = [];
  const roots: string[] = [];
  for (const p of positional) {
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      throw new FatalError(`agent-files: cannot read ${p}: no such file or folder`);
    }
    if (st.isDirectory()) {
      roots.push(p);
      files.push(...findFiles(p, (f) => fileKindOf(f) !== null));
    } else {
      roots.push(path.dirname(p));
      // A prompt or world.eval.md is checked against world.json, which sits above it.
      const kind = fileKindOf(p);
      if (kind === 'world-prompt') roots.push(path.dirname(path.dirname(p)));
      files.push(p);
    }
  }
  const host = new NodeFsHost(roots);
  const workspaceRoots = [...new Set(roots.map((r) => URI.file(path.resolve(r)).toString()))];
  // Each file once, in order; one over the read limit is reported on its own and never read.
  const entries = [...new Set(files)].map((file) => {
    const kind = fileKindOf(file) ?? '3md';
    const rel = path.relative(io.cwd, path.resolve(file)) || file;
    return { kind, rel, uri: URI.file(path.resolve(file)).toString(), read: readFileBounded(file) };
  });
  const checked: CheckedFile[] = entries.flatMap((e) => ('text' in e.read ? [{ uri: e.uri, kind: e.kind, text: e.read.text }] : []));
  const cross = crossFileDiagnostics(checked, host, { workspaceRoots });
  const results: FileResult[] = entries.map((e) => ({
    path: e.rel,
    kind: FILE_KIND_LABELS[e.kind],
    diagnostics:
      'text' in e.read
        ? // In reading order, so the report follows the file.
          [...analyzeFile(e.kind, e.read.text, e.uri, host, { detection, workspaceRoots }), ...(cross.get(e.uri) ?? [])].sort(
            (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
          )
        : [fileTooLarge(e.read.tooLarge)],
  }));

  if (format === 'json') io.out(formatJson(results));
  else if (format === 'sarif') io.out(formatSarif(results, VERSION, RULES_URL));
  else io.out(formatText(results));
  const s = summarize(results);
  return s.errors > 0 || (flags.has('strict') && s.warnings > 0) ? 1 : 0;
}

/** The one finding of a file over the read limit, at its start. */
function fileTooLarge(size: number): Diagnostic {
  const at = { line: 0, character: 0 };
  return { code: 'file-too-large', severity: 'error', message: `${tooLargeText(size)}; it was not checked`, range: { start: at, end: at }, data: { size } };
}
