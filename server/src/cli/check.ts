/** `check [--format text|json|sarif] [--strict] [--agent|--plain] PATH...`. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { analyzeFile, crossFileDiagnostics, type CheckedFile } from '../core/analyzeFile';
import { capDiagnostics } from '../core/diagnosticCap';
import { fileKindOf, FILE_KIND_LABELS } from '../core/fileKinds';
import { findFiles, NodeFsHost } from '../node/fsHost';
import type { AgentDetection } from '../core/agent/detect';
import { readArgs, UsageError } from './args';
import { FatalError, readFileOrFail, type Io } from './io';
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
  const checked: (CheckedFile & { rel: string })[] = [];
  for (const file of [...new Set(files)]) {
    const kind = fileKindOf(file) ?? '3md';
    const text = readFileOrFail(file);
    const uri = URI.file(path.resolve(file)).toString();
    checked.push({ uri, kind, text, rel: path.relative(io.cwd, path.resolve(file)) || file });
  }
  const cross = crossFileDiagnostics(checked, host, { workspaceRoots });
  const results: FileResult[] = checked.map((f) => ({
    path: f.rel,
    kind: FILE_KIND_LABELS[f.kind],
    // In reading order, so the report follows the file.
    diagnostics: capDiagnostics(
      [...analyzeFile(f.kind, f.text, f.uri, host, { detection, workspaceRoots }), ...(cross.get(f.uri) ?? [])].sort(
        (a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character,
      ),
    ),
  }));

  if (format === 'json') io.out(formatJson(results));
  else if (format === 'sarif') io.out(formatSarif(results, VERSION, RULES_URL));
  else io.out(formatText(results));
  const s = summarize(results);
  return s.errors > 0 || (flags.has('strict') && s.warnings > 0) ? 1 : 0;
}
