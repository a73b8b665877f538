/** Codex reads AGENTS.md files from the project root down, one per folder, up to 32 KiB in all: what lies past that never reaches it. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { analyzeInstructions } from '../../server/src/core/instructions';
import { codexChain } from '../../server/src/core/instructions/codexChain';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';

const W = 'file:///ws';
/** A Markdown text of exactly `bytes` UTF-8 bytes: 100-byte lines ("line N" padded with dots). */
function sized(bytes: number, prefix = 'line'): string {
  const lines: string[] = [];
  let n = 0;
  while (n + 100 <= bytes) {
    const head = `${prefix} ${lines.length + 1} `;
    lines.push(head + '.'.repeat(99 - head.length));
    n += 100;
  }
  return lines.map((l) => `${l}\n`).join('') + 'x'.repeat(bytes - n);
}
function cut(host: InMemoryHost, uri: string) {
  const text = host.readText(uri)!;
  const ds = analyzeInstructions(text, uri, host, { workspaceRoots: [W] }).diagnostics.filter((d) => d.code === 'instructions-codex-cut');
  return ds.map((d) => ({ line: d.range.start.line, character: d.range.start.character, severity: d.severity, message: d.message }));
}

test('a root AGENTS.md over 32 KiB is cut where Codex stops, on the first byte it never reads', () => {
  const host = new InMemoryHost({ [`${W}/.git/HEAD`]: 'ref', [`${W}/AGENTS.md`]: sized(34_000) });
  const [d, ...rest] = cut(host, `${W}/AGENTS.md`);
  assert.equal(rest.length, 0);
  // 32,768 bytes = 327 full lines of 100 bytes, then 68 bytes into line 328 (0-based 327).
  assert.deepEqual([d!.line, d!.character, d!.severity], [327, 68, 'warning']);
  assert.equal(
    d!.message,
    'Codex stops reading here: its project instructions stop at 32.0 KiB (project_doc_max_bytes), reached after 32.0 KiB of this file; the last 1.2 KiB never reach Codex',
  );
});

test('a nested AGENTS.md is cut after what the files above it spent, and one past the budget is never read', () => {
  const host = new InMemoryHost({
    [`${W}/AGENTS.md`]: sized(20_000),
    [`${W}/pkg/AGENTS.md`]: sized(15_000),
    [`${W}/pkg/deep/AGENTS.md`]: sized(500),
  });
  const [d] = cut(host, `${W}/pkg/AGENTS.md`);
  assert.deepEqual([d!.line, d!.character], [127, 68]);
  assert.match(
    d!.message,
    /^In a session started in pkg\/ or below, Codex stops reading here: .*reached after \.\.\/AGENTS\.md \(19\.5 KiB\) \+ 12\.5 KiB of this file; the last 2\.2 KiB never reach Codex$/,
  );
  const [never] = cut(host, `${W}/pkg/deep/AGENTS.md`);
  assert.deepEqual([never!.line, never!.character], [0, 0]);
  assert.equal(
    never!.message,
    'In a session started in pkg/deep/ or below, Codex never reads this file: its project instructions stop at 32.0 KiB (project_doc_max_bytes), all spent by ../../AGENTS.md (19.5 KiB) + ../AGENTS.md (12.5 KiB) before it',
  );
  assert.deepEqual(
    codexChain(`${W}/pkg/deep`, W, host).map((p) => [p.uri.slice(W.length), p.bytes, p.read]),
    [
      ['/AGENTS.md', 20_000, 20_000],
      ['/pkg/AGENTS.md', 15_000, 12_768],
      ['/pkg/deep/AGENTS.md', 500, 0],
    ],
  );
});

test('the chain starts at the folder holding .git; files above it, empty files and an overridden AGENTS.md do not count', () => {
  const host = new InMemoryHost({
    [`${W}/AGENTS.md`]: sized(30_000),
    [`${W}/repo/.git/HEAD`]: 'ref',
    [`${W}/repo/AGENTS.md`]: '   \n\n',
    [`${W}/repo/app/AGENTS.override.md`]: sized(32_000),
    [`${W}/repo/app/AGENTS.md`]: sized(40_000),
    [`${W}/repo/app/lib/AGENTS.md`]: sized(1_000),
  });
  assert.deepEqual(cut(host, `${W}/repo/app/AGENTS.md`), [], 'Codex reads AGENTS.override.md in that folder instead');
  assert.deepEqual(
    codexChain(`${W}/repo/app/lib`, `${W}/repo`, host).map((p) => [p.uri.slice(W.length), p.read]),
    [
      ['/repo/app/AGENTS.override.md', 32_000],
      ['/repo/app/lib/AGENTS.md', 768],
    ],
  );
  assert.match(cut(host, `${W}/repo/app/lib/AGENTS.md`)[0]!.message, /after \.\.\/AGENTS\.override\.md \(31\.3 KiB\) \+ 0\.8 KiB of this file/);
});

test('an AGENTS.md inside a skill folder is a document the skill points to: no chain, no finding', () => {
  const host = new InMemoryHost({ [`${W}/skills/react/SKILL.md`]: '---\nname: react\n---\n', [`${W}/skills/react/AGENTS.md`]: sized(100_000) });
  assert.deepEqual(cut(host, `${W}/skills/react/AGENTS.md`), []);
});

test('the cut falls before a character Codex reads only in part (multi-byte UTF-8)', () => {
  // 32,766 ASCII bytes, then "é" (2 bytes, fits), then "€" (3 bytes: only 0 fit).
  const text = 'a'.repeat(32_766) + 'é€ rest\n';
  const host = new InMemoryHost({ [`${W}/AGENTS.md`]: text });
  const [d] = cut(host, `${W}/AGENTS.md`);
  assert.deepEqual([d!.line, d!.character], [0, 32_767]);
});

test('among documentation and translations the cut is advice: such an AGENTS.md is often a page about agents', () => {
  const host = new InMemoryHost({ [`${W}/AGENTS.md`]: sized(3_000), [`${W}/docs/AGENTS.md`]: sized(31_000), [`${W}/docs/ja-JP/AGENTS.md`]: sized(2_000) });
  assert.equal(cut(host, `${W}/docs/AGENTS.md`)[0]!.severity, 'information');
  assert.equal(cut(host, `${W}/docs/ja-JP/AGENTS.md`)[0]!.severity, 'information');
});

test("in a hidden folder (a tool's store or generated documents) the cut is advice that says why; in a plain nested folder it stays a warning", () => {
  const host = new InMemoryHost({
    [`${W}/AGENTS.md`]: sized(3_000),
    [`${W}/.kittify/overrides/AGENTS.md`]: sized(31_000),
    [`${W}/apps/suite/.agents/tool/sdk/AGENTS.md`]: sized(31_000),
    [`${W}/packages/core/AGENTS.md`]: sized(31_000),
  });
  const [hidden] = cut(host, `${W}/.kittify/overrides/AGENTS.md`);
  assert.equal(hidden!.severity, 'information');
  assert.match(hidden!.message, /in the hidden folder \.kittify\/, where a session seldom starts/);
  assert.equal(cut(host, `${W}/apps/suite/.agents/tool/sdk/AGENTS.md`)[0]!.severity, 'information');
  assert.equal(cut(host, `${W}/packages/core/AGENTS.md`)[0]!.severity, 'warning');
});

test('in a folder of samples the cut the files above spend is advice (the sample is copied into a project of its own); one cut by its own size stays a warning', () => {
  const host = new InMemoryHost({
    [`${W}/.git/HEAD`]: 'ref',
    [`${W}/AGENTS.md`]: sized(30_000),
    [`${W}/examples/functions/digest/AGENTS.md`]: sized(5_000),
    [`${W}/examples/big/AGENTS.md`]: sized(34_000),
    [`${W}/packages/app/AGENTS.md`]: sized(5_000),
  });
  const [sample] = cut(host, `${W}/examples/functions/digest/AGENTS.md`);
  assert.equal(sample!.severity, 'information');
  assert.match(sample!.message, /\(it is in examples\/: a sample copied into projects of their own, where the files above it here are not read before it\)$/);
  assert.equal(cut(host, `${W}/examples/big/AGENTS.md`)[0]!.severity, 'warning');
  assert.equal(cut(host, `${W}/packages/app/AGENTS.md`)[0]!.severity, 'warning');
});

test('an AGENTS.override.md is checked as the file Codex reads in its folder: its links, and the cut of its bytes', () => {
  assert.equal(fileKindOf('/ws/pkg/AGENTS.override.md'), 'instructions');
  const host = new InMemoryHost({ [`${W}/.git/HEAD`]: 'ref', [`${W}/AGENTS.override.md`]: `See [the guide](docs/gone.md).\n${sized(34_000)}`, [`${W}/AGENTS.md`]: '# Shadowed\n' });
  assert.equal(cut(host, `${W}/AGENTS.override.md`).length, 1);
  const ds = analyzeInstructions(host.readText(`${W}/AGENTS.override.md`)!, `${W}/AGENTS.override.md`, host, { workspaceRoots: [W] }).diagnostics;
  assert.ok(ds.some((d) => d.code === 'instructions-link-missing'));
});

test('an AGENTS.md beside a non-empty AGENTS.override.md is one Codex never reads: a warning on its first line; an empty override, or none, says nothing', () => {
  const overridden = (override: string | undefined, path = 'AGENTS.md') => {
    const files: Record<string, string> = { [`${W}/.git/HEAD`]: 'ref', [`${W}/${path}`]: '# Workflow\n\nRun `make check` first.\n' };
    if (override !== undefined) files[`${W}/${path.replace(/AGENTS\.md$/, 'AGENTS.override.md')}`] = override;
    const host = new InMemoryHost(files);
    return analyzeInstructions(host.readText(`${W}/${path}`)!, `${W}/${path}`, host, { workspaceRoots: [W] }).diagnostics.filter((d) => d.code === 'instructions-codex-overridden');
  };
  const [d, ...rest] = overridden('Use the staging database.\n');
  assert.equal(rest.length, 0);
  assert.equal(d!.severity, 'warning');
  assert.deepEqual(d!.range, { start: { line: 0, character: 0 }, end: { line: 0, character: 10 } });
  assert.match(d!.message, /^Codex reads AGENTS\.override\.md in this folder instead of this file .*: nothing here reaches Codex; other clients still read it$/);
  assert.deepEqual(overridden('  \n'), []);
  assert.deepEqual(overridden(undefined), []);
  // Under a documentation folder, advice.
  assert.equal(overridden('Notes.\n', 'docs/agents/AGENTS.md')[0]!.severity, 'information');
  // An override that names the file (an @-import Codex does not expand) meant to bring it in: advice that says so.
  const [imported] = overridden('@.claude/rules/style.md\n\n@AGENTS.md\n');
  assert.equal(imported!.severity, 'information');
  assert.match(imported!.message, /names this file, but Codex expands no @-import or link/);
});

test('an AGENTS.md a skill carries in its folder is advice unless its SKILL.md names it, when the agent reads it, broken links and all', () => {
  const links = (skill: string) => {
    const host = new InMemoryHost({
      [`${W}/.git/HEAD`]: 'ref',
      [`${W}/skills/python/SKILL.md`]: skill,
      [`${W}/skills/python/AGENTS.md`]: '# Compiled rules\n\nSee [typing](rules/typing.md).\n',
    });
    return analyzeInstructions(host.readText(`${W}/skills/python/AGENTS.md`)!, `${W}/skills/python/AGENTS.md`, host, { workspaceRoots: [W] })
      .diagnostics.filter((d) => d.code === 'instructions-link-missing')
      .map((d) => [d.severity, d.message]);
  };
  const unnamed = links('---\nname: python\ndescription: Python rules. Use when writing Python.\n---\nFollow the rules in rules/.\n');
  assert.equal(unnamed[0]![0], 'information');
  assert.match(String(unnamed[0]![1]), /its SKILL\.md does not name it/);
  assert.equal(links('---\nname: python\ndescription: Python rules. Use when writing Python.\n---\nRead the complete guide: [AGENTS.md](AGENTS.md).\n')[0]![0], 'warning');
});

test('a nested AGENTS.md whose text a file above it holds and Codex read whole (a root link to it) loses nothing: the cut is advice that says so', () => {
  const text = sized(20_000);
  const host = new InMemoryHost({ [`${W}/.git/HEAD`]: 'ref', [`${W}/AGENTS.md`]: text, [`${W}/cli/AGENTS.md`]: text, [`${W}/web/AGENTS.md`]: sized(20_000, 'web') });
  const [copy] = cut(host, `${W}/cli/AGENTS.md`);
  assert.equal(copy!.severity, 'information');
  assert.match(copy!.message, /the last 7\.1 KiB never reach Codex \(its text is that of \.\.\/AGENTS\.md, which Codex read whole before it: nothing of it is lost\)$/);
  // Another text of the same size is cut as before.
  assert.deepEqual(
    cut(host, `${W}/web/AGENTS.md`).map((d) => d.severity),
    ['warning'],
  );
});
