/**
 * `check --fix` and `--fix-dry-run`: the safe quick fixes (docs/rules.md#quick-fixes) of each
 * file, printed as a diff or written through fixWrite.ts (atomically, and only over the text
 * they were made from). Every file left unfixed is named on stderr with the reason, and counted
 * in the summary line.
 */
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { analyzeFile } from '../core/analysis/analyzeFile';
import type { AnalyzeOptions } from '../core/analysis/fileAnalyses';
import type { AgentDetection } from '../core/agent/detect';
import { applyConfigToFile, applyFixes, unifiedDiff, type FixLevel, type FoundConfig } from '../core/config';
import type { FileKind } from '../core/workspace/fileKinds';
import type { IWorkspaceHost } from '../core/workspace/host';
import type { Io, ReadResult } from './io';
import { NODE_FIX_FS, writeFixed, type FixFs } from './fixWrite';

export interface FixTarget {
  kind: FileKind;
  /** As reported (relative to the working directory). */
  rel: string;
  uri: string;
  detection: AgentDetection;
  read: ReadResult;
}

export interface FixOptions {
  dryRun: boolean;
  /** `unsafe` (--fix-unsafe) adds the fixes that change what a file means, printing their diff on stderr first. */
  level?: FixLevel;
  host: IWorkspaceHost;
  workspaceRoots: string[];
  /** The per-file analysis options the report uses too (repository facts, named targets). */
  analysis?(uri: string): Omit<AnalyzeOptions, 'detection' | 'workspaceRoots'>;
  configFor(uri: string): FoundConfig;
  /** True when a real path lies inside the folders checked (where --fix may write). */
  inside(realPath: string): boolean;
  io: Io;
  fs?: FixFs;
}

export interface FixResult {
  /** The new text of each file written, by URI. */
  written: Map<string, string>;
  /** Some write failed (a full disk, permissions): the command must not exit 0. */
  failed: boolean;
}

const fixes = (n: number, level: FixLevel) => `${n} ${level === 'safe' ? 'safe ' : ''}fix${n === 1 ? '' : 'es'}`;
const files = (n: number) => `${n} file${n === 1 ? '' : 's'}`;

export function fixFiles(entries: readonly FixTarget[], o: FixOptions): FixResult {
  const written = new Map<string, string>();
  let applied = 0;
  let unfixed = 0;
  let failed = false;
  for (const e of entries) {
    if (!('text' in e.read)) continue;
    const before = e.read.text;
    const found = o.configFor(e.uri);
    const ds = applyConfigToFile(
      e.kind,
      before,
      analyzeFile(e.kind, before, e.uri, o.host, { ...o.analysis?.(e.uri), detection: e.detection, workspaceRoots: o.workspaceRoots }),
      found.config,
    );
    const level = o.level ?? 'safe';
    const r = applyFixes(e.kind, before, e.uri, ds, level);
    if (r.applied === 0) continue;
    const diff = unifiedDiff(e.rel.split(path.sep).join('/'), before, r.text);
    if (o.dryRun) {
      applied += r.applied;
      o.io.out(diff);
      continue;
    }
    // Fixes that change what the file means are shown before they are written.
    if (level === 'unsafe') o.io.err(diff);
    const w = writeFixed(URI.parse(e.uri).fsPath, before, r.text, o.inside, o.fs ?? NODE_FIX_FS);
    if ('written' in w) {
      applied += r.applied;
      written.set(e.uri, r.text);
    } else if ('skipped' in w) {
      unfixed++;
      o.io.err(`agent-files: not fixing ${e.rel}: ${w.skipped}`);
    } else {
      unfixed++;
      failed = true;
      o.io.err(`agent-files: cannot fix ${e.rel}: ${w.failed}; the file is unchanged`);
    }
  }
  if (o.dryRun) o.io.err(`agent-files: ${fixes(applied, o.level ?? 'safe')} would be applied (nothing was written)`);
  else
    o.io.err(
      `agent-files: applied ${fixes(applied, o.level ?? 'safe')}${written.size ? ` to ${files(written.size)}` : ''}${unfixed ? `; ${files(unfixed)} not fixed (see above)` : ''}`,
    );
  return { written, failed };
}
