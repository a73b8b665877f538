/**
 * A Copilot `.instructions.md` file straight in `.github/` (core/instructions/copilotLocation.ts):
 * Copilot reads such files only in `.github/instructions/`, so it is never applied; a warning on
 * its first line, its other findings advice, unless the workspace's VS Code settings switch the
 * folder on.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { analyzeInstructions, instructionsInEffect, instructionVariantOf } from '../../server/src/core/instructions';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';

const W = 'file:///ws';
const RULE = '---\napplyTo: "packages/react/**"\n---\nUse the runtime\'s hooks. See [the guide](docs/missing.md).\n';
const analyze = (rel: string, files: Record<string, string> = {}) =>
  analyzeInstructions(RULE, `${W}/${rel}`, new InMemoryHost({ [`${W}/${rel}`]: RULE, ...files }), { workspaceRoots: [W] }).diagnostics.map(
    (d) => `${d.code}/${d.severity}:${d.range.start.line}`,
  );

test('a .instructions.md straight in .github/ is a Copilot instruction file no client reads', () => {
  assert.equal(instructionVariantOf('/ws/.github/react-runtime.instructions.md'), 'copilot-misplaced');
  assert.equal(fileKindOf('/ws/.github/react-runtime.instructions.md'), 'instructions');
  assert.equal(instructionVariantOf('/ws/.github/instructions/react.instructions.md'), 'copilot-scoped');
  assert.equal(instructionVariantOf('/ws/.github/copilot-instructions.md'), 'copilot-instructions');
  assert.equal(instructionVariantOf('/ws/docs/react.instructions.md'), null);
});

test('it is a warning on its first line that names the folder to move it to, and its other findings are advice', () => {
  const rel = '.github/react-runtime.instructions.md';
  const ds = analyzeInstructions(RULE, `${W}/${rel}`, new InMemoryHost({ [`${W}/${rel}`]: RULE }), { workspaceRoots: [W] }).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [
      ['instructions-copilot-misplaced', 'warning', { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } }],
      ['instructions-link-missing', 'information', ds[1]!.range],
    ],
  );
  assert.match(
    ds[0]!.message,
    /^Copilot never applies react-runtime\.instructions\.md: it reads \.instructions\.md files only in \.github\/instructions\/ .* move it to \.github\/instructions\/react-runtime\.instructions\.md$/,
  );
  assert.match(ds[1]!.message, /No client reads this file where it is/);
  // In .github/instructions/ the same file is checked as Copilot reads it.
  assert.deepEqual(analyze('.github/instructions/react-runtime.instructions.md'), ['instructions-link-missing/warning:3']);
});

test("the workspace's VS Code settings that switch .github on as an instructions folder make VS Code read it: no finding about where it is", () => {
  const on = { [`${W}/.vscode/settings.json`]: '{\n  // our instructions live beside the workflows\n  "chat.instructionsFilesLocations": { ".github": true, },\n}\n' };
  assert.deepEqual(analyze('.github/react-runtime.instructions.md', on), ['instructions-link-missing/warning:3']);
  const off = { [`${W}/.vscode/settings.json`]: '{ "chat.instructionsFilesLocations": { ".github": false, "docs/rules": true } }' };
  assert.deepEqual(analyze('.github/react-runtime.instructions.md', off), ['instructions-copilot-misplaced/warning:0', 'instructions-link-missing/information:3']);
});

test('it is in no list of the instructions Copilot applies to a file', () => {
  const host = new InMemoryHost({
    [`${W}/.github/react-runtime.instructions.md`]: RULE,
    [`${W}/.github/instructions/react.instructions.md`]: RULE,
    [`${W}/packages/react/index.ts`]: 'export {};\n',
  });
  const files = [
    { uri: `${W}/.github/react-runtime.instructions.md`, variant: 'copilot-misplaced' as const, globs: ['packages/react/**'] },
    { uri: `${W}/.github/instructions/react.instructions.md`, variant: 'copilot-scoped' as const, globs: ['packages/react/**'] },
  ];
  const copilot = instructionsInEffect(`${W}/packages/react/index.ts`, W, files, host).find((c) => c.client === 'GitHub Copilot')!;
  assert.deepEqual(
    copilot.items.map((i) => i.uri),
    [`${W}/.github/instructions/react.instructions.md`],
  );
});
