// Shared by the Neovim and Emacs end-to-end tests: a temp copy of the fixture workspace, the
// server command, and the checks on what a real LSP client received for each fixture.
import assert from 'node:assert/strict';
import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

export const ROOT = resolve(__dirname, '..', '..');

/** The language server command line; AGENT_FILES_LSP_CMD overrides it. */
export const LSP_CMD = process.env.AGENT_FILES_LSP_CMD || `node ${join(ROOT, 'dist', 'server.js')} --stdio`;

export interface LspDiagnostic {
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
  severity?: number;
  code?: string | number;
  message: string;
}

/** A fresh copy of test/fixtures/e2e-workspace; `dispose` removes it. */
export function workspaceCopy(): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'agent-files-lsp-ws-'));
  cpSync(join(ROOT, 'test', 'fixtures', 'e2e-workspace'), dir, { recursive: true });
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The LSP range of the first occurrence of `needle` in a workspace file (single line). */
export function rangeOf(dir: string, file: string, needle: string): LspDiagnostic['range'] {
  const lines = readFileSync(join(dir, file), 'utf8').split('\n');
  for (let line = 0; line < lines.length; line++) {
    const character = lines[line].indexOf(needle);
    if (character >= 0) return { start: { line, character }, end: { line, character: character + needle.length } };
  }
  throw new Error(`"${needle}" not in ${file}`);
}

export function show(diags: LspDiagnostic[]): string {
  return JSON.stringify(diags.map((d) => [d.code, d.range.start.line, d.range.start.character, d.message]));
}

/** The broken agent.3md: exactly one dead-link, on [[z=42]], and tool-input on the {path} placeholder. */
export function checkBrokenAgent(dir: string, published: LspDiagnostic[]): void {
  const dead = published.filter((d) => d.code === 'dead-link');
  assert.equal(dead.length, 1, show(published));
  assert.deepEqual(dead[0].range, rangeOf(dir, 'agent.3md', '[[z=42]]'));
  assert.equal(dead[0].severity, 1);
  assert.match(dead[0].message, /^link \[\[z=42\]\] points to a plane that does not exist/);
  const tool = published.find((d) => d.code === 'tool-input');
  assert.ok(tool, show(published));
  const path = rangeOf(dir, 'agent.3md', '{path}');
  assert.equal(tool.range.start.line, path.start.line);
  assert.ok(tool.range.start.character >= path.start.character && tool.range.end.character <= path.end.character, show([tool]));
}

export function checkSkill(dir: string, published: LspDiagnostic[]): void {
  const name = rangeOf(dir, 'skills/pdf-tools/SKILL.md', 'PDF_Tools');
  const onName = published.filter((d) => String(d.code).startsWith('skill-name'));
  assert.ok(onName.length > 0, show(published));
  for (const d of onName) assert.deepEqual(d.range, name, show([d]));
}

export function checkAgentMd(published: LspDiagnostic[]): void {
  assert.ok(
    published.some((d) => d.severity === 1 && /description/.test(d.message)),
    show(published),
  );
}

export function checkWorld(dir: string, published: LspDiagnostic[]): void {
  const d = published.find((x) => /biuld/.test(x.message));
  assert.ok(d, show(published));
  const at = rangeOf(dir, '.agent-world/world.json', '"biuld"');
  assert.equal(d.range.start.line, at.start.line, show([d]));
}
