/**
 * `check [--format text|json|sarif] [--strict] [--agent|--plain] [--kind K] [--target a,b] PATH...`.
 * A file named on the command line whose kind its name does not tell is skipped with a note,
 * unless `--kind` says what it is; folders are walked for the files whose names are known.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { analyzeFile, crossFileDiagnostics, type CheckedFile } from '../core/analyzeFile';
import { fileKindOf, type FileKind } from '../core/fileKinds';
import { kindLabel } from '../core/kindLabel';
import { kindHelp, KIND_NAMES, parseKind, type ForcedKind } from './kinds';
import { findFiles, NodeFsHost } from '../node/fsHost';
import type { AgentDetection } from '../core/agent/detect';
import type { Diagnostic } from '../core/types';
import { readArgs, UsageError } from './args';
import { FatalError, readFileBounded, tooLargeText, type Io } from './io';
import { formatJson, formatSarif, formatText, summarize, type FileResult } from './output';
import { RULES_URL, VERSION } from './meta';
import { parseTargets, TARGETS } from '../core/skills';

export function checkCommand(argv: string[], io: Io): number {
  const { positional, flags } = readArgs(argv, ['strict', 'agent', 'plain', 'help'], ['format', 'kind', 'target']);
  if (flags.has('help')) {
    io.out(CHECK_HELP);
    return 0;
  }
  const forced = flags.has('kind') ? parseKind(flags.get('kind') as string) : undefined;
  if (forced?.detection === 'agent' && flags.has('plain')) throw new UsageError("'--kind agent3md' and '--plain' cannot be combined");
  const format = (flags.get('format') as string | undefined) ?? 'text';
  if (!['text', 'json', 'sarif'].includes(format)) throw new UsageError(`unknown format '${format}' (use text, json or sarif)`);
  if (flags.has('agent') && flags.has('plain')) throw new UsageError("'--agent' and '--plain' cannot be combined");
  const detection: AgentDetection = flags.has('agent') ? 'agent' : flags.has('plain') ? '3md' : 'auto';
  const rawTargets = flags.get('target');
  const { targets: skillTargets, unknown } = parseTargets(typeof rawTargets === 'string' ? rawTargets : '');
  if (unknown.length) throw new UsageError(`unknown target '${unknown[0]}' (use ${TARGETS.join(', ')})`);
  if (rawTargets !== undefined && skillTargets.length === 0) throw new UsageError(`'--target' needs at least one of ${TARGETS.join(', ')}`);
  if (positional.length === 0) throw new UsageError(`usage: agent-files check [--format text|json|sarif] [--strict] [--kind ${KIND_NAMES}] [--target a,b] PATH...`);

  const files: { path: string; kind: FileKind; forced?: ForcedKind }[] = [];
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
      for (const x of findFiles(p, (f) => fileKindOf(f) !== null).map((f) => ({ path: f, kind: fileKindOf(f)! }))) files.push(x);
    } else {
      const kind = forced?.kind ?? fileKindOf(p);
      if (!kind) {
        io.err(`agent-files: skipping ${p}: its name is not one agent-files checks (say what it is with --kind ${KIND_NAMES})`);
        continue;
      }
      roots.push(path.dirname(p));
      // A prompt or world.eval.md is checked against world.json, which sits above it.
      if (kind === 'world-prompt') roots.push(path.dirname(path.dirname(p)));
      files.push(forced ? { path: p, kind, forced } : { path: p, kind });
    }
  }
  const host = new NodeFsHost(roots);
  const workspaceRoots = [...new Set(roots.map((r) => URI.file(path.resolve(r)).toString()))];
  // Each file once, where it first appears; a file named with --kind wins over the same file found in a folder.
  const unique = new Map<string, (typeof files)[number]>();
  for (const f of files) {
    const abs = path.resolve(f.path);
    const had = unique.get(abs);
    if (!had || (f.forced && !had.forced)) unique.set(abs, f);
  }
  // One over the read limit is reported on its own and never read.
  const entries = [...unique].map(([abs, f]) => ({
    kind: f.kind,
    rel: path.relative(io.cwd, abs) || f.path,
    uri: URI.file(abs).toString(),
    detection: f.forced?.detection ?? detection,
    read: readFileBounded(f.path),
  }));
  const checked: (CheckedFile & { detection: AgentDetection })[] = entries.flatMap((e) => ('text' in e.read ? [{ uri: e.uri, kind: e.kind, text: e.read.text, detection: e.detection }] : []));
  const cross = crossFileDiagnostics(checked, host, { workspaceRoots });
  const results: FileResult[] = entries.map((e) => ({
    path: e.rel,
    // Tells an agent.3md from a plain 3md, and an OS Protocol AGENT.md from an instruction file.
    kind: 'text' in e.read ? kindLabel(e.kind, e.read.text, e.uri, e.detection) : kindLabel(e.kind, '', e.uri, e.detection),
    diagnostics:
      'text' in e.read
        ? // In reading order, so the report follows the file.
          [...analyzeFile(e.kind, e.read.text, e.uri, host, { detection: e.detection, workspaceRoots, skillTargets, skillTargetsSource: 'the --target option' }), ...(cross.get(e.uri) ?? [])].sort(
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

const CHECK_HELP = `Usage: agent-files check [--format text|json|sarif] [--strict] [--agent|--plain] [--kind K] [--target T,...] PATH...

Checks files and folders. A folder is walked for the files agent-files knows by name (*.3md,
SKILL.md, AGENT.md, .agent-world/world.json, world.eval.md, .agent-world/prompts/*.md).
A file named here whose name says nothing (README.md, notes.txt) is skipped with a note on
stderr, unless --kind says what it is.

Options:
  --format F    text (default), json or sarif
  --strict      exit 1 on warnings too
  --agent       read every .3md as an agent.3md; --plain reads every .3md as plain 3md
  --target T,…  check every SKILL.md for these clients instead of those its folder implies:
                spec, skills-ref, claude-code, codex, copilot, gemini-cli, opencode, cursor
  --kind K      read the files named on the command line as K (not files found in folders):
${kindHelp()}

In JSON, each file's "kind" is one of: 3md, agent.3md, SKILL.md, AGENT.md,
AGENT.md (instruction file), world.json, Agent World prompt, world.eval.md.`;

/** The one finding of a file over the read limit, at its start. */
function fileTooLarge(size: number): Diagnostic {
  const at = { line: 0, character: 0 };
  return { code: 'file-too-large', severity: 'error', message: `${tooLargeText(size)}; it was not checked`, range: { start: at, end: at }, data: { size } };
}
