/**
 * What the server robustness tests share (test/lsp/robustness.test.ts, test/stress/lspScale.test.ts):
 * a probe agent whose symbols show the server still answers correctly, the server's memory, and
 * the diagnostics the core computes for a text, which the server must publish.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { ResponseError } from 'vscode-languageserver-protocol';
import type { Diagnostic, DocumentSymbol } from 'vscode-languageserver-protocol';
import type { TestClient } from './lspClient';
import { joinLines } from './markers';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';

export const PROBE_URI = 'file:///ws/probe.agent.3md';
export const PROBE = joinLines(
  '---',
  '3md: 1.0',
  'title: Probe',
  'tools: rg',
  '---',
  '@plane z=0 label="Probe" kind=identity',
  'You probe.',
  '@plane z=1 label="search" kind=skill triggers="find" inputs="q" tool="rg {q}"',
  'Search. See [[z=2]].',
  '@plane z=2 label="cite" kind=skill triggers="cite"',
  'Cite.',
);

export function rssMb(c: TestClient): number {
  const status = readFileSync(`/proc/${c.process.pid}/status`, 'utf8');
  const m = /VmRSS:\s+(\d+) kB/.exec(status);
  return m ? Number(m[1]) / 1024 : 0;
}

/** Rejects when a promise takes longer than `ms`. */
export function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

/** The server is alive, answers within `ms`, and answers correctly. */
export async function assertResponsive(c: TestClient, ms = 10_000): Promise<void> {
  assert.equal(c.process.exitCode, null, 'the server process exited');
  const symbols = await within(c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: PROBE_URI } }), ms, 'documentSymbol on the probe');
  assert.deepEqual(
    symbols.map((s) => s.name),
    ['Probe', 'search', 'cite'],
  );
}

/** A request's outcome: its result, or the LSP error code it was refused with. */
export async function outcome(p: Promise<unknown>): Promise<{ result?: unknown; code?: number }> {
  try {
    return { result: await p };
  } catch (e) {
    if (e instanceof ResponseError) return { code: e.code };
    throw e;
  }
}
/** The diagnostics the core computes for a text: what the server must publish for the latest text. */
export function expectedDiagnostics(text: string, uri: string): unknown[] {
  const name = new URL(uri).pathname;
  return analyzeThreeMd(parseThreeMd(text), { fileName: name, detection: 'auto' }).diagnostics.map((d) => [
    d.code,
    d.range.start.line,
    d.range.start.character,
    d.range.end.line,
    d.range.end.character,
    d.message,
  ]);
}
export const published = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character, d.message]);
/** Diagnostics are published only when they change, so a test waits for the expected content, not for a version. */
export const sameAs = (ds: Diagnostic[], expected: unknown[]) => JSON.stringify(published(ds)) === JSON.stringify(expected);

/** An agent with `n` skills, each depending on the next; `cycle` makes the last depend on the first. */
export function chainAgent(n: number, cycle: boolean): string {
  const parts = ['---\n3md: 1.0\ntitle: Deep\n---\n@plane z=0 label="Deep" kind=identity\nStart at [[z=1]].\n'];
  for (let z = 1; z <= n; z++) {
    const next = z < n ? z + 1 : cycle ? 1 : 0;
    parts.push(`@plane z=${z} label="s${z}" kind=skill triggers="step ${z}"\n${next ? `[[z=${next}]]` : 'end'}\n`);
  }
  return parts.join('');
}
