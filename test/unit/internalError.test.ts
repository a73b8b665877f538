/**
 * An unexpected error inside an analysis is reported, never swallowed: analyzeFile turns it into
 * one `internal-error` diagnostic (the language server also logs it). The error is injected
 * through the workspace host the core already takes: a host that throws breaks its contract
 * (readText answers undefined, exists false, for anything unreadable), which is exactly the kind
 * of bug a silent `catch {}` used to hide by reading it as "missing".
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { analyzeFile } from '../../server/src/core/analysis/analyzeFile';
import { skillHover } from '../../server/src/core/skills/hover';
import { skillDocumentLinks, skillNavigation } from '../../server/src/core/skills/navigation';
import type { IWorkspaceHost } from '../../server/src/core/workspace/host';
import { isUriError, unlessExpected } from '../../server/src/core/analysis/expectedErrors';

const BUG = 'host bug: EIO from a broken adapter';
const throwingHost: IWorkspaceHost = {
  exists: () => {
    throw new Error(BUG);
  },
  isDirectory: () => {
    throw new Error(BUG);
  },
  readDirectory: () => {
    throw new Error(BUG);
  },
  readText: () => {
    throw new Error(BUG);
  },
};

const internal = (ds: { code: string; message: string }[]) => ds.filter((d) => d.code === 'internal-error');

test('a world prompt whose world.json read throws gets an internal-error diagnostic, not an empty world', () => {
  const ds = analyzeFile('world-prompt', 'You are the planner.\n', 'file:///p/.agent-world/prompts/planner.md', throwingHost);
  assert.deepEqual(
    internal(ds).map((d) => d.message),
    [`Agent Files could not check this file: ${BUG}`],
  );
});

test('a world.json whose prompt check throws gets an internal-error diagnostic, not silence', () => {
  const world = JSON.stringify({ agents: [{ id: 'planner', promptPath: 'prompts/planner.md' }], workflow: { type: 'sequential', nodes: [{ id: 'a', agent: 'planner' }] } });
  const ds = analyzeFile('world', world, 'file:///p/.agent-world/world.json', throwingHost);
  assert.equal(internal(ds).length, 1);
  assert.match(internal(ds)[0]!.message, /host bug/);
});

test('a SKILL.md whose reference check throws says its check stopped', () => {
  const text = '---\nname: demo\ndescription: Demo skill for tests.\n---\nSee [the guide](references/guide.md).\n';
  const ds = analyzeFile('skill', text, 'file:///p/skills/demo/SKILL.md', throwingHost);
  assert.equal(internal(ds).length, 1);
  assert.match(internal(ds)[0]!.message, /could not (finish )?check.*: host bug/);
});

test('editor features let an unexpected error through to the server runner instead of answering nothing', () => {
  const text = '---\nname: demo\ndescription: Demo skill for tests.\n---\nSee [the guide](references/guide.md).\n';
  assert.throws(() => skillDocumentLinks(skillNavigation(text, 'file:///p/skills/demo/SKILL.md'), throwingHost), new RegExp(BUG));
  // Bad input is not an error: a hover off any key is simply empty.
  assert.equal(skillHover(text, { line: 4, character: 2 }, 'file:///p/skills/demo/SKILL.md'), null);
});

test('only the expected condition is handled: anything else is rethrown', () => {
  const uriError = new Error('[UriError]: Scheme contains illegal characters.');
  assert.doesNotThrow(() => unlessExpected(uriError, isUriError));
  // A lone surrogate in a path makes vscode-uri's encoder throw a URIError: expected too.
  let encoderError: unknown;
  try {
    encodeURIComponent('sec\ud800{');
  } catch (e) {
    encoderError = e;
  }
  assert.doesNotThrow(() => unlessExpected(encoderError, isUriError));
  assert.throws(() => unlessExpected(new TypeError('x is undefined'), isUriError), TypeError);
});
