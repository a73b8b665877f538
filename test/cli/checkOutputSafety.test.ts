/**
 * `agent-files check` output that is safe to print and to parse, over hostile trees in temp
 * folders: control characters and bidi overrides in file names and in the content messages
 * quote, names that need percent-encoding in SARIF URIs, and files too big to read.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { printable, jsonPrintable } from '../../server/src/cli/escape';
import { artifactUri } from '../../server/src/cli/output';

const CLI = resolve(__dirname, '../../dist/cli.js');
const base = realpathSync(mkdtempSync(join(tmpdir(), 'af-cli-safe-')));
after(() => rmSync(base, { recursive: true, force: true }));

let n = 0;
function tree(files: Record<string, string>): string {
  const dir = join(base, `case-${n++}`);
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  }
  mkdirSync(dir, { recursive: true });
  return dir;
}
function cli(cwd: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [CLI, ...args], { cwd, encoding: 'utf8', timeout: 60_000 });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** What a terminal would act on or reorder: C0 (but the line feeds between lines), DEL, C1, bidi controls, separators. */
const RAW_CONTROL = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/;

const ESC = '\u001b';
const HOSTILE_NAME = `evil${ESC}[2J${ESC}]0;owned\u0007\u202e.3md`;
/** A SKILL.md whose unexpected frontmatter key (quoted in the message) holds ESC[2J, an OSC title, NUL, a C1 CSI and RLO. */
const HOSTILE_SKILL = '---\nname: s\ndescription: Does s. Use when s is asked for.\n"k\\e[2J\\e]0;t\\a\\0\\x9b\\u202e": 1\n---\nBody.\n';

test('text output escapes control characters and bidi overrides from file names and content', () => {
  const dir = tree({ [HOSTILE_NAME]: '---\n3md: 1.0\n---\n@plane z=0\nSee [[z=9]].\n', 's/SKILL.md': HOSTILE_SKILL });
  const r = cli(dir, 'check', '--strict', '.');
  assert.equal(r.code, 1, r.err);
  assert.doesNotMatch(r.out, RAW_CONTROL);
  assert.ok(r.out.includes('evil\\x1b[2J\\x1b]0;owned\\x07\\u{202e}.3md:5:'), r.out);
  assert.ok(r.out.includes('k\\x1b[2J\\x1b]0;t\\x07\\x00\\x9b\\u{202e}'), r.out);
});

test('JSON and SARIF keep the exact values, valid, with nothing raw a terminal acts on', () => {
  const dir = tree({ [HOSTILE_NAME]: '---\n3md: 1.0\n---\n@plane z=0\nSee [[z=9]].\n', 's/SKILL.md': HOSTILE_SKILL });
  const json = cli(dir, 'check', '--format', 'json', '.');
  assert.doesNotMatch(json.out, RAW_CONTROL);
  const j = JSON.parse(json.out) as { files: { path: string; diagnostics: { message: string }[] }[] };
  assert.deepEqual(j.files.map((f) => f.path).sort(), [HOSTILE_NAME, 's/SKILL.md'].sort());
  assert.ok(
    j.files.some((f) => f.diagnostics.some((d) => d.message.includes(`k${ESC}[2J${ESC}]0;t\u0007\u0000\u009b\u202e`))),
    'the message value is exact',
  );
  const sarif = cli(dir, 'check', '--format', 'sarif', '.');
  assert.doesNotMatch(sarif.out, RAW_CONTROL);
  const s = JSON.parse(sarif.out) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
  const uris = s.runs[0]!.results.map((x) => x.locations[0]!.physicalLocation.artifactLocation.uri);
  assert.ok(uris.includes('evil%1B%5B2J%1B%5D0%3Bowned%07%E2%80%AE.3md'), uris.join(' '));
});

test('SARIF artifact URIs are percent-encoded relative references', () => {
  const dir = tree({ 'a b#c.3md': '---\n3md: 1.0\n---\n@plane z=0\n[[z=9]]\n', '100%/x?y.3md': '---\n3md: 1.0\n---\n@plane z=0\n[[z=9]]\n' });
  const r = cli(dir, 'check', '--format', 'sarif', '.');
  const s = JSON.parse(r.out) as { runs: { results: { locations: { physicalLocation: { artifactLocation: { uri: string } } }[] }[] }[] };
  const uris = [...new Set(s.runs[0]!.results.map((x) => x.locations[0]!.physicalLocation.artifactLocation.uri))].sort();
  assert.deepEqual(uris, ['100%25/x%3Fy.3md', 'a%20b%23c.3md']);
  for (const u of uris) assert.equal(new URL(u, 'file:///base/').pathname.startsWith('/base/'), true, `${u} resolves below the base`);
});

test('a 600 MB and a 2 GB file in a checked folder are each reported as file-too-large; the rest of the report stands', () => {
  const dir = tree({
    'ok/SKILL.md': '---\nname: ok\ndescription: Does ok. Use when ok is asked for.\n---\nBody.\n',
    'bad.3md': '---\n3md: 1.0\n---\n@plane z=0\n[[z=9]]\n',
    'big/agent.3md': '',
    'huge/SKILL.md': '',
  });
  truncateSync(join(dir, 'big/agent.3md'), 600 * 1024 * 1024);
  truncateSync(join(dir, 'huge/SKILL.md'), 2 * 1024 * 1024 * 1024);
  const text = cli(dir, 'check', '.');
  assert.equal(text.code, 1, text.err);
  assert.equal(text.err, '');
  assert.deepEqual(text.out.split('\n'), [
    'bad.3md:5:1: warning [dangling-link] link [[z=9]] points to a plane that does not exist',
    'big/agent.3md:1:1: error [file-too-large] File is 600.0 MB (629145600 bytes), over the 50 MB (52428800 bytes) that agent-files reads; it was not checked',
    'huge/SKILL.md:1:1: error [file-too-large] File is 2048.0 MB (2147483648 bytes), over the 50 MB (52428800 bytes) that agent-files reads; it was not checked',
    '4 files checked: 2 errors, 1 warning, 0 information',
    '',
  ]);
  const j = JSON.parse(cli(dir, 'check', '--format', 'json', '.').out) as { files: { path: string; kind: string; diagnostics: { code: string }[] }[] };
  assert.deepEqual(
    j.files.map((f) => [f.path, f.kind, f.diagnostics.map((d) => d.code)]),
    [
      ['bad.3md', '3md', ['dangling-link']],
      ['big/agent.3md', 'agent.3md', ['file-too-large']],
      ['huge/SKILL.md', 'SKILL.md', ['file-too-large']],
      ['ok/SKILL.md', 'SKILL.md', []],
    ],
  );
});

test('a FIFO named on the command line is refused at once instead of read forever', { skip: process.platform === 'win32' }, () => {
  const dir = tree({});
  assert.equal(spawnSync('mkfifo', [join(dir, 'pipe.3md')]).status, 0);
  const r = cli(dir, 'check', 'pipe.3md');
  assert.equal(r.code, 2);
  assert.equal(r.err.trim(), 'agent-files: pipe.3md: not a regular file');
});

test('printable and jsonPrintable: each unsafe character has one visible form; JSON parses to the same value', () => {
  const s = `a\u0000\u0007\b\t\n\r${ESC}\u007f\u0085\u009b\u061c\u200e\u202e\u2066\u2028\ud800z\u{1f600}é\\`;
  assert.equal(printable(s), 'a\\x00\\x07\\x08\\t\\n\\r\\x1b\\x7f\\x85\\x9b\\u{61c}\\u{200e}\\u{202e}\\u{2066}\\u{2028}\\u{d800}z\u{1f600}é\\');
  const json = jsonPrintable(JSON.stringify({ s }, null, 2));
  assert.doesNotMatch(json.replace(/\n/g, ''), RAW_CONTROL);
  assert.deepEqual(JSON.parse(json), { s });
  assert.equal(artifactUri('sub/a b#c%.md'), 'sub/a%20b%23c%25.md');
});

test('with a lone CR, positions count lines as editors and SARIF do (CR, LF and CRLF each end one)', () => {
  // The reader sees "Hello\r[[z=9]] there" as one line (line 6); an editor shows the link at the start of line 7.
  const dir = tree({ 'agent.3md': '---\n3md: 1.0\ntitle: t\n---\n@plane z=0 kind=identity\nHello\r[[z=9]] there\n' });
  const text = cli(dir, 'check', 'agent.3md');
  assert.match(text.out, /^agent\.3md:7:1: error \[dead-link\]/m);
  const sarif = JSON.parse(cli(dir, 'check', 'agent.3md', '--format', 'sarif').out);
  assert.deepEqual(sarif.runs[0].results[0].locations[0].physicalLocation.region, { startLine: 7, startColumn: 1, endLine: 7, endColumn: 8 });
  const json = JSON.parse(cli(dir, 'check', 'agent.3md', '--format', 'json').out);
  assert.deepEqual(json.files[0].diagnostics[0].range.start, { line: 6, character: 0 });
});

test(
  'a folder or file whose name is not valid UTF-8 (latin-1 bytes) is named on stderr with its bytes escaped, never skipped silently; a valid name holding U+FFFD beside them is checked',
  { skip: process.platform !== 'linux' },
  () => {
    const dir = tree({ 'ok/s/SKILL.md': '---\nname: s\ndescription: Does s. Use when s is asked for.\n---\nBody.\n', 'r\uFFFDsum\u00e9/CLAUDE.md': '# Notes\n\nRun the tests.\n' });
    const raw = (name: string) => Buffer.concat([Buffer.from(dir + '/'), Buffer.from(name, 'latin1')]);
    mkdirSync(raw('caf\u00e9'));
    mkdirSync(raw('caf\u00e9/s'));
    writeFileSync(Buffer.concat([raw('caf\u00e9/s'), Buffer.from('/SKILL.md')]), 'no frontmatter\n');
    writeFileSync(raw('na\u00efve.3md'), '---\n3md: 1\n---\n@plane z=0\nx\n');
    writeFileSync(raw('notes\u00e9.txt'), 'not a file agent-files checks\n');
    const r = cli(dir, 'check', '.');
    assert.equal(r.code, 0, r.err);
    assert.equal(
      r.err,
      [
        'agent-files: skipping caf\\xe9: its name is not valid UTF-8, so nothing in it is checked (rename it to UTF-8)',
        'agent-files: skipping na\\xefve.3md: its name is not valid UTF-8, so it is not checked (rename it to UTF-8)',
        '',
      ].join('\n'),
    );
    assert.match(r.out, /^2 files checked: 0 errors/m);
  },
);
