/** The template lint and its fixes (server/src/core/agent/toolLint.ts) on strings with markers. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { toolFixes, toolSuggestions, TOOL_CONTROL_CHARACTER, TOOL_QUOTED_PLACEHOLDER, TOOL_UNSAFE_PLACEHOLDER } from '../../server/src/core/agent/toolLint';
import { applyEdit } from '../../server/src/core/text/text';
import { joinLines, ranges } from '../helpers/markers';

const HEAD = ['---', '3md: 1.0', 'title: T', '---', '@plane z=0 label="T" kind=identity', 'You are T.'];
const analyse = (text: string) => analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md' });
const lint = (text: string) => analyse(text).diagnostics.filter((d) => d.code.startsWith('tool-') && d.code !== 'tool-input');

/** Applies a fix's edits (from the last to the first, so earlier positions stay right). */
function applyFix(text: string, edits: { range: { start: { line: number; character: number }; end: { line: number; character: number } }; newText: string }[]): string {
  const sorted = [...edits].sort((a, b) => b.range.start.character - a.range.start.character);
  return sorted.reduce((t, e) => applyEdit(t, { range: e.range, text: e.newText }), text);
}
const skillLine = (tool: string) => joinLines(...HEAD, `@plane z=1 label="s" triggers="a" inputs="q, path" tool=${tool}`);

test('a placeholder inside quotes is a warning on its own range, and the fix moves it out of the quotes', () => {
  const { text, ranges: r } = ranges(skillLine('"grep -r \\"«{q}»\\" -- {path}"'));
  const [d, ...rest] = lint(text);
  assert.deepEqual(rest, []);
  assert.equal(d!.code, TOOL_QUOTED_PLACEHOLDER);
  assert.equal(d!.severity, 'warning');
  assert.deepEqual(d!.range, r[0]);
  assert.match(d!.message, /skill "s" has \{q\} inside "…" quotes/);
  const plane = analyse(text).doc.planes[1]!;
  const [fix] = toolFixes(plane, d!.code, d!.range);
  assert.equal(applyFix(text, fix!.edits).split('\n').at(-1), '@plane z=1 label="s" triggers="a" inputs="q, path" tool="grep -r {q} -- {path}"');
  assert.deepEqual(lint(applyFix(text, fix!.edits)), [], 'the fixed template has no lint left');
});

test('a placeholder inside a longer quoted string is moved out by closing and reopening the quotes', () => {
  const { text } = ranges(skillLine(`'grep -r "a {q} b" -- {path}'`));
  const [d] = lint(text);
  const [fix] = toolFixes(analyse(text).doc.planes[1]!, d!.code, d!.range);
  assert.equal(applyFix(text, fix!.edits).split('\n').at(-1), `@plane z=1 label="s" triggers="a" inputs="q, path" tool='grep -r "a "{q}" b" -- {path}'`);
});

test('placeholders no quoting makes safe are warnings that say why; escaped ones are fixed by removing the backslash', () => {
  const { text, ranges: r } = ranges(skillLine(`'sh -c "grep «{q}»" && echo \\\\«{path}»'`));
  const ds = lint(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.range, d.data?.['kind']]),
    [
      [TOOL_UNSAFE_PLACEHOLDER, r[0], 'reparsed'],
      [TOOL_UNSAFE_PLACEHOLDER, r[1], 'escaped'],
    ],
  );
  assert.match(ds[0]!.message, /skill "s" cannot have \{q\} filled safely: sh -c parses this argument again/);
  const plane = analyse(text).doc.planes[1]!;
  assert.deepEqual(toolFixes(plane, ds[0]!.code, ds[0]!.range), [], 'no quick fix makes sh -c safe');
  const [fix] = toolFixes(plane, ds[1]!.code, ds[1]!.range);
  assert.match(applyFix(text, fix!.edits), /&& echo \{path\}'$/);
});

test('a placeholder where a value could be an option gets a suggestion to insert --, not a diagnostic', () => {
  const { text, ranges: r } = ranges(skillLine('"rg --line-number «{q}» {path}"'));
  assert.deepEqual(lint(text), []);
  const plane = analyse(text).doc.planes[1]!;
  const [s] = toolSuggestions(plane, r[0]!);
  assert.equal(applyFix(text, s!.edits).split('\n').at(-1), '@plane z=1 label="s" triggers="a" inputs="q, path" tool="rg --line-number -- {q} {path}"');
  assert.deepEqual(toolSuggestions(plane, { start: r[0]!.start, end: r[0]!.start }).length, 1, 'a cursor inside the placeholder is enough');
  const fixed = applyFix(text, s!.edits);
  const at = { line: 6, character: fixed.split('\n')[6]!.indexOf('{q}') + 1 };
  assert.deepEqual(toolSuggestions(analyse(fixed).doc.planes[1]!, { start: at, end: at }), [], 'after -- there is nothing to suggest');
});

test('ordinary bare templates get no lint at all', () => {
  assert.deepEqual(lint(skillLine('"rg --line-number {q} {path}"')), []);
  assert.deepEqual(lint(skillLine('"gh pr view {q} --json title > {path}"')), []);
});

test('a placeholder after a double-quoted word ending in `$` is a bare word: no quoted-placeholder lint, nothing for a fix to move', () => {
  const { text, ranges: r } = ranges(skillLine(`'rg "TODO$" «{path}» -g "*.md" -- {q}'`));
  assert.deepEqual(lint(text), []);
  const plane = analyse(text).doc.planes[1]!;
  assert.deepEqual(toolFixes(plane, TOOL_QUOTED_PLACEHOLDER, r[0]!), []);
  assert.deepEqual(lint(skillLine(`'rg \${X:-"}"}{path} -- {q}'`)), [], 'a quoted } inside ${X:-…} does not end it');
});

test('a program that reads an argument as code is linted on the placeholder, naming the program', () => {
  const { text, ranges: r } = ranges(skillLine(`'make «{q}» && curl «{path}» | sh'`));
  const ds = lint(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.range, d.data?.['kind']]),
    [
      [TOOL_UNSAFE_PLACEHOLDER, r[0], 'reparsed'],
      [TOOL_UNSAFE_PLACEHOLDER, r[1], 'reparsed'],
    ],
  );
  assert.match(ds[0]!.message, /cannot have \{q\} filled safely: make reads an argument holding `=` as a variable assignment/);
  assert.match(ds[1]!.message, /cannot have \{path\} filled safely: the output is piped into sh, which runs it as code/);
});

test('a control or bidi character in the template is a warning on that character, fixed by removing it', () => {
  const { text, ranges: r } = ranges(skillLine(`"rg «\u001b»-- {q} «\u202e»{path}"`));
  const ds = lint(text);
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, d.range]),
    [
      [TOOL_CONTROL_CHARACTER, 'warning', r[0]],
      [TOOL_CONTROL_CHARACTER, 'warning', r[1]],
    ],
  );
  assert.match(ds[0]!.message, /skill "s" has the control character U\+001B, which a terminal acts on, in its tool template: Agent Files refuses to fill the command/);
  assert.match(ds[1]!.message, /bidi control character U\+202E, which makes the command read differently from how it runs/);
  const plane = analyse(text).doc.planes[1]!;
  const [fix] = toolFixes(plane, TOOL_CONTROL_CHARACTER, ds[0]!.range);
  const fixed = applyFix(text, fix!.edits);
  assert.equal(fixed.split('\n').at(-1), `@plane z=1 label="s" triggers="a" inputs="q, path" tool="rg -- {q} \u202e{path}"`);
  const [second] = toolFixes(analyse(fixed).doc.planes[1]!, TOOL_CONTROL_CHARACTER, lint(fixed)[0]!.range);
  assert.deepEqual(lint(applyFix(fixed, second!.edits)), [], 'both removed, nothing left');
});
