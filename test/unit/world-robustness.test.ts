import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { emptyHost } from '../../server/src/core/workspace/host';
import { analyzeWorld } from '../../server/src/core/world/analyzeWorld';
import { analyzeEval } from '../../server/src/core/world/evalContract';
import { analyzePrompt } from '../../server/src/core/world/prompt';
import { worldCompletion, promptCompletion } from '../../server/src/core/world/completion';
import { worldHover } from '../../server/src/core/world/hover';
import { BASE_URI, baseWorld } from '../fixtures/world/helpers';
import { runs } from '../helpers/runs';

const jsonish = fc.oneof(
  fc.string(),
  fc.json(),
  fc.constantFrom(JSON.stringify(baseWorld(), null, 2)).chain((t) => fc.nat(t.length).map((n) => t.slice(0, n))),
);

test('world analysis, completion and hover never throw on arbitrary or truncated input', () => {
  fc.assert(
    fc.property(jsonish, fc.nat(40), fc.nat(80), (text, line, character) => {
      const r = analyzeWorld(text, BASE_URI, emptyHost);
      worldCompletion(r.world, { line, character }, emptyHost);
      worldHover(r.world, BASE_URI, text, { line, character });
      for (const d of r.diagnostics) assert.ok(d.code.startsWith('world-'));
    }),
    { numRuns: runs(300) },
  );
});

test('prompt and eval analysis never throw on arbitrary Markdown', () => {
  const w = analyzeWorld(JSON.stringify(baseWorld()), BASE_URI, emptyHost).world;
  const md = fc.stringMatching(/^[@a-zA-Z `\n{}":,[\]-]*$/);
  fc.assert(
    fc.property(md, (text) => {
      analyzePrompt(text, 'file:///p/.agent-world/prompts/sender.md', w);
      analyzeEval('```json\n' + text + '\n```', w);
      promptCompletion(text, { line: 0, character: 3 }, w);
    }),
    { numRuns: runs(300) },
  );
});
