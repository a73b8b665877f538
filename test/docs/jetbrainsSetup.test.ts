/**
 * The LSP4IJ setup of docs/editors.md, checked the way LSP4IJ applies it (no JetBrains IDE runs
 * here): each documented file-name pattern selects files the server analyses, every kind the
 * server analyses is covered by a pattern (or by the Markdown mapping the text asks for), and the
 * documented command starts the server and answers `initialize` over stdio.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import picomatch from 'picomatch';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';

const ROOT = resolve(__dirname, '../..');
const doc = readFileSync(resolve(ROOT, 'docs/editors.md'), 'utf8');
const section = doc.slice(doc.indexOf('JetBrains IDEs'), doc.indexOf('has not been tested in a JetBrains IDE'));
const mappings = section.slice(section.indexOf('*File name patterns*'), section.indexOf('A pattern names a file'));
const patterns = [...mappings.matchAll(/`([^`]+)`/g)].map((m) => m[1]!);

/** One path per kind the server reads, and the pattern (or the Markdown mapping) that must catch it. */
const SAMPLES = [
  'a.3md',
  'skills/x/SKILL.md',
  'agents/AGENT.md',
  'AGENTS.md',
  'CLAUDE.md',
  'CLAUDE.local.md',
  'GEMINI.md',
  '.github/copilot-instructions.md',
  '.github/instructions/ts.instructions.md',
  '.agent-world/world.json',
  '.agent-world/world.eval.md',
];
const MARKDOWN_MAPPED = ['.claude/rules/style.md', '.agent-world/prompts/a.md'];

test('every file-name pattern of the LSP4IJ setup names a kind the server reads, and every kind is covered', () => {
  assert.ok(patterns.length >= 10, `patterns found: ${patterns.join(', ')}`);
  const byName = (p: string, file: string) => picomatch(p, { basename: true, dot: true })(file);
  for (const file of SAMPLES) {
    assert.ok(fileKindOf(file), `${file} is a kind the server reads`);
    assert.ok(
      patterns.some((p) => byName(p, file)),
      `${file} is matched by a documented pattern`,
    );
  }
  for (const file of MARKDOWN_MAPPED) assert.ok(fileKindOf(file) && !patterns.some((p) => byName(p, file)), `${file} needs the Markdown mapping the text asks for`);
  assert.match(section, /`\.claude\/rules\/\*\.md` and an Agent World's `prompts\/\*\.md` need the \*Markdown\* file type mapped/);
  for (const p of patterns.filter((x) => x !== '.agent-files.json')) {
    const example = p.replace('*', 'x');
    const path =
      p === 'copilot-instructions.md' ? `.github/${p}` : p === '*.instructions.md' ? `.github/instructions/${example}` : p.startsWith('world') ? `.agent-world/${p}` : example;
    assert.ok(fileKindOf(path), `the pattern ${p} selects a file the server reads (${path})`);
  }
});

test('the documented server command answers initialize over stdio', async () => {
  const bin = (JSON.parse(readFileSync(resolve(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string> }).bin['agent-files-language-server']!;
  assert.match(section, /command `agent-files-language-server --stdio`/);
  const proc = spawn(process.execPath, [resolve(ROOT, bin), '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
  try {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } });
    proc.stdin.write(`Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
    const reply = await new Promise<string>((done) => {
      let buf = '';
      proc.stdout.on('data', (d: Buffer) => {
        buf += d.toString('utf8');
        if (buf.includes('"capabilities"')) done(buf);
      });
    });
    assert.match(reply, /"id":1,"result":\{"capabilities"/);
  } finally {
    proc.kill();
  }
});
