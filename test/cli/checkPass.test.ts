/**
 * `check` reads and analyses each file once and keeps a compact record of it (server/src/cli/checkPass.ts):
 * no text unless the report needs it, cross-file findings from the summaries of that one analysis,
 * and the JSON and text reports written a file at a time.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { checkOne, ownDiagnostics, type CheckEntry, type PassOptions } from '../../server/src/cli/checkPass';
import { checkCommand } from '../../server/src/cli/check';
import { checkFile, crossFileDiagnostics, crossFileDiagnosticsOf, type SummarizedFile } from '../../server/src/core/analysis/analyzeFile';
import { NodeFsHost } from '../../server/src/node/fsHost';
import { DEFAULT_CONFIG } from '../../server/src/core/config';
import type { FileKind } from '../../server/src/core/workspace/fileKinds';
import { formatJson, formatText, jsonChunks, sarifChunks, textChunks, type FileResult } from '../../server/src/cli/output';

const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'agent-files-pass-')));
after(() => fs.rmSync(base, { recursive: true, force: true }));

const skill = (name: string, extra = '') => `---\nname: ${name}\ndescription: Does ${name} things when asked.\n---\n\n# ${name}\n${extra}`;

function write(rel: string, text: string): CheckEntry & { kind: FileKind } {
  const p = path.join(base, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
  return { kind: rel.endsWith('AGENT.md') ? 'agent-md' : 'skill', rel, uri: URI.file(p).toString(), path: p, detection: 'auto' };
}

const options = (keepText = false): PassOptions => ({
  host: new NodeFsHost([base], { rememberLookups: true }),
  analysis: () => ({ workspaceRoots: [URI.file(base).toString()] }),
  configFor: () => DEFAULT_CONFIG,
  keepText,
});

test('a checked file is kept without its text, unless its report reads it (suppression comments, a lone CR, --changed and the baselines)', () => {
  const plain = write('keep/plain/SKILL.md', skill('plain'));
  const suppressed = write('keep/suppressed/SKILL.md', skill('suppressed', '<!-- agent-files-disable-file skill-body-tokens -->\n'));
  const cr = write('keep/cr/SKILL.md', skill('cr', 'one\rtwo\n'));
  const summaries: SummarizedFile[] = [];
  assert.equal(checkOne(plain, options(), summaries).text, undefined);
  assert.equal(checkOne(plain, options(true), summaries).text, skill('plain'));
  assert.ok(checkOne(suppressed, options(), summaries).text?.includes('agent-files-disable-file'));
  assert.ok(checkOne(cr, options(), summaries).text?.includes('\r'));
  // Each SKILL.md leaves what the duplicate-name and listing rules read.
  assert.ok(summaries.every((s) => s.summary.kind === 'skill' && s.summary.indexed?.name));
});

test("a checked file's record keeps of each finding what the reports print: its code, severity, message and range", () => {
  const missing = write('record/missing/SKILL.md', skill('missing', 'See [the guide](references/guide.md) and run `scripts/run.py`.\n'));
  const host = new NodeFsHost([base], { rememberLookups: true });
  const own = checkFile('skill', fs.readFileSync(missing.path, 'utf8'), missing.uri, host, { workspaceRoots: [URI.file(base).toString()] }).diagnostics;
  // The analysis has findings with more than that (quick-fix data), which the record leaves out.
  assert.ok(own.some((d) => d.data !== undefined || d.related !== undefined));
  const record = checkOne(missing, options(), []);
  assert.deepEqual(
    ownDiagnostics(record),
    own.map((d) => ({ code: d.code, severity: d.severity, message: d.message, range: d.range })),
  );
});

test('the cross-file findings read from the summaries of the one analysis are those of a second analysis of every file', () => {
  const files = [
    write('cross/.agents/skills/same/SKILL.md', skill('same')),
    write('cross/.opencode/skills/same/SKILL.md', skill('same', 'Other body.\n')),
    write('cross/agents/a/AGENT.md', '---\nname: a\ndescription: An agent.\nextends: nobody\n---\nBody.\n'),
    write('cross/agents/b/AGENT.md', '---\nname: b\ndescription: Another.\nextends: a\n---\nBody.\n'),
  ];
  const o = options();
  const summaries: SummarizedFile[] = [];
  for (const f of files) checkOne(f, o, summaries);
  const roots = { workspaceRoots: [URI.file(base).toString()] };
  const once = crossFileDiagnosticsOf(summaries, roots);
  const twice = crossFileDiagnostics(
    files.map((f) => ({ uri: f.uri, kind: f.kind, text: fs.readFileSync(f.path, 'utf8') })),
    o.host,
    roots,
  );
  assert.deepEqual([...once], [...twice]);
  const codes = [...once.values()].flat().map((d) => d.code);
  assert.ok(codes.includes('skill-duplicate-name'), codes.join());
  assert.ok(codes.includes('agent-extends-unresolved'), codes.join());
});

test('check writes its JSON, text and SARIF reports a file at a time, the same bytes as in one piece', () => {
  const dir = path.join(base, 'stream');
  for (const n of ['alpha', 'beta', 'gamma']) {
    fs.mkdirSync(path.join(dir, 'skills', n), { recursive: true });
    fs.writeFileSync(path.join(dir, 'skills', n, 'SKILL.md'), skill(n === 'gamma' ? 'Gamma' : n));
  }
  for (const format of ['json', 'text', 'sarif']) {
    const pieces: string[] = [];
    let whole = '';
    checkCommand([dir, '--format', format], { out: (t) => pieces.push(t + '\n'), write: (t) => pieces.push(t), err: () => {}, cwd: base });
    checkCommand([dir, '--format', format], { out: (t) => (whole += t + '\n'), err: () => {}, cwd: base });
    assert.ok(pieces.length >= 3, `${format}: ${pieces.length} pieces`);
    assert.equal(pieces.join(''), whole);
  }
});

test("the text and JSON reports make each file's report only as they write it", () => {
  const files: FileResult[] = ['a', 'b', 'c'].map((n) => ({ path: `${n}.md`, kind: 'SKILL.md', diagnostics: [] }));
  for (const chunks of [jsonChunks, textChunks]) {
    const made: string[] = [];
    const reports = function* () {
      for (const f of files) {
        made.push(f.path);
        yield { ...f, diagnostics: [{ code: 'c', severity: 'warning' as const, message: f.path, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 1 } } }] };
      }
    };
    const pieces = chunks(reports());
    // Written a file at a time: the first piece needs the first file's report alone.
    assert.ok(!pieces.next().done);
    assert.deepEqual(made, ['a.md']);
    const rest = [...pieces].join('');
    assert.deepEqual(made, ['a.md', 'b.md', 'c.md']);
    assert.match(rest, /3 warnings|"warnings": 3/);
  }
});

test('the report in pieces is the report in one piece: no files, files without findings, characters JSON and terminals escape', () => {
  const at = { line: 0, character: 0 };
  const d = (message: string) => ({ code: 'c', severity: 'error' as const, message, range: { start: at, end: at } });
  const cases: FileResult[][] = [
    [],
    [{ path: 'a.md', kind: 'SKILL.md', diagnostics: [] }],
    [
      { path: 'b\u202e.md', kind: 'SKILL.md', diagnostics: [d('line\u2028sep \u0085 "q" \n \u001b')] },
      { path: 'c.md', kind: 'AGENT.md', diagnostics: [d('x'), { ...d('y'), severity: 'hint' }] },
    ],
  ];
  for (const files of cases) {
    assert.equal([...jsonChunks(files)].join(''), formatJson(files));
    assert.equal([...textChunks(files)].join(''), formatText(files));
    // SARIF has no formatter in one piece left: its pieces make JSON.stringify's own layout.
    for (const root of [undefined, base]) {
      const sarif = [...sarifChunks(files, '1.0.0', 'https://example.com/rules', root ? { base: root, cwd: root } : {})].join('');
      assert.equal(
        sarif,
        JSON.stringify(JSON.parse(sarif), null, 2).replace(/[\u0085\u2028\u202e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
      );
    }
  }
});
