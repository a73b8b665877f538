// `@path` lines in an AGENTS.md (core/instructions/agentsImports.ts): Codex reads the file as text
// and follows no import.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeInstructions } from '../../server/src/core/instructions';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { joinLines, ranges } from '../helpers/markers';

const unexpanded = (text: string, uri = 'file:///ws/AGENTS.md') =>
  analyzeInstructions(text, uri, new InMemoryHost({ 'file:///ws/CLAUDE.md': '# Rules\n', 'file:///ws/.claude/rules/a.md': '# A\n' }), {
    workspaceRoots: ['file:///ws'],
  }).diagnostics.filter((d) => d.code === 'instructions-import-unexpanded');

test('an import alone on its line in an AGENTS.md is advice: Codex gets the line, not the file', () => {
  const { text, ranges: expected } = ranges(joinLines('«@CLAUDE.md»', '', '## Rules', '- «@.claude/rules/a.md»'));
  const found = unexpanded(text);
  assert.deepEqual(
    found.map((d) => [d.severity, d.range]),
    expected.map((r) => ['information', r]),
  );
  assert.match(found[0]!.message, /Codex reads AGENTS\.md as text and does not follow `@CLAUDE\.md`/);
});

test('an import inside a sentence, in a fence, or in a CLAUDE.md is not reported', () => {
  assert.deepEqual(unexpanded(joinLines('Read @CLAUDE.md before you start.', '```', '@CLAUDE.md', '```')), []);
  assert.deepEqual(unexpanded('@AGENTS.md\n', 'file:///ws/CLAUDE.md'), []);
});
