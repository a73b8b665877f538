/**
 * Hostile workspace files whose checks once grew faster than their size (issue 31): the work
 * each check does is counted (files read, comparisons made) and must stay bounded, with a
 * truthful note where input is cut. No timing: the counters are the assertion.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { analyzeInstructions } from '../../server/src/core/instructions';
import { IMPORT_LIMITS } from '../../server/src/core/instructions/importGraph';
import { analyzeCodexConfig } from '../../server/src/core/instructions/codexConfig';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { completion } from '../../server/src/core/agent/features/completion';
import { dirnameUri, isInside } from '../../server/src/core/world/paths';
import { applySuppressions, findSuppressions } from '../../server/src/core/config/suppress';
import { MAX_SUGGESTIONS, parseConfig, suggestCode } from '../../server/src/core/config/config';
import { RULE_CODES } from '../../server/src/core/rules';
import type { Diagnostic } from '../../server/src/core/types';
import { DiskAnalyses, fileKey } from '../../server/src/lsp/customRequests';

const W = 'file:///ws';

/** A host that counts its reads. */
class CountingHost extends InMemoryHost {
  reads = 0;
  lookups = 0;
  /** Lookups of the generated files (`f12.md`), the import targets. */
  targetLookups = 0;
  readsOf = new Map<string, number>();
  override readText(uri: string): string | undefined {
    this.reads++;
    this.readsOf.set(uri, (this.readsOf.get(uri) ?? 0) + 1);
    return super.readText(uri);
  }
  override exists(uri: string): boolean {
    this.lookups++;
    if (/\/f\d+\.md$/.test(uri)) this.targetLookups++;
    return this.files.has(uri);
  }
}

/** `n` files under docs/, each importing every later one; the root imports all of them. */
function importMesh(n: number, root: string): { host: CountingHost; text: string; uri: string } {
  const files: Record<string, string> = {};
  for (let i = 0; i < n; i++) {
    const later: string[] = [];
    for (let j = i + 1; j < n; j++) later.push(`@f${j}.md`);
    files[`${W}/docs/f${i}.md`] = `# f${i}\n\n${later.join(' ')}\n`;
  }
  const text = `# Project\n\n${Array.from({ length: n }, (_, i) => `@docs/f${i}.md`).join(' ')}\n`;
  return { host: new CountingHost(files), text, uri: `${W}/${root}` };
}

test('imports that multiply: one check reads each file once, at most the file limit, and says where it stopped', () => {
  const { host, text, uri } = importMesh(400, 'AGENT.md');
  const ds = analyzeInstructions(text, uri, host).diagnostics;
  assert.ok(host.reads <= IMPORT_LIMITS.files, `${host.reads} reads`);
  assert.equal(host.targetLookups, 400, 'each import target is asked about once');
  const notes = ds.filter((d) => d.code === 'instructions-imports-unchecked');
  assert.equal(notes.length, 1);
  assert.match(notes[0]!.message, /more files than Agent Files follows in one check \(200 files/);
  assert.match(notes[0]!.message, /Amp still reads them/);
});

test('imports that multiply under a depth limit: every import gets its too-deep chain from one walk', () => {
  const { host, text, uri } = importMesh(60, 'CLAUDE.md');
  const ds = analyzeInstructions(text, uri, host).diagnostics;
  assert.equal(host.reads, 60, 'each file read once for the whole check');
  const deep = ds.filter((d) => d.code === 'instructions-import-too-deep');
  // f55 → f56 → f57 → f58 → f59 is the last chain deeper than 4 hops from CLAUDE.md.
  assert.equal(deep.length, 56);
  assert.match(deep[0]!.message, /^Import chain CLAUDE\.md → docs\/f0\.md → docs\/f1\.md → docs\/f2\.md → docs\/f3\.md → docs\/f4\.md is 5 hops deep/);
});

test('a cycle shared by many imports is named on each, and a cycle through the importing file too', () => {
  const files: Record<string, string> = { [`${W}/a.md`]: '@b.md', [`${W}/b.md`]: '@c.md', [`${W}/c.md`]: '@a.md', [`${W}/d.md`]: '@a.md', [`${W}/e.md`]: '@AGENT.md' };
  const host = new CountingHost(files);
  const ds = analyzeInstructions('@a.md @d.md @e.md', `${W}/AGENT.md`, host).diagnostics;
  assert.deepEqual(
    ds.map((d) => d.message.replace(/;.*/, '')),
    ['Import cycle: AGENT.md → a.md → b.md → c.md → a.md', 'Import cycle: AGENT.md → d.md → a.md → b.md → c.md → a.md', 'Import cycle: AGENT.md → e.md → AGENT.md'],
  );
});

test('a cycle deeper than the client follows is a chain too deep, as the client never reaches the repeat', () => {
  const files: Record<string, string> = {};
  for (let i = 1; i <= 6; i++) files[`${W}/f${i}.md`] = `@f${(i % 6) + 1}.md`;
  const ds = analyzeInstructions('@f1.md', `${W}/CLAUDE.md`, new CountingHost(files)).diagnostics;
  assert.deepEqual(
    ds.map((d) => d.code),
    ['instructions-import-too-deep'],
  );
  assert.match(ds[0]!.message, /CLAUDE\.md → f1\.md → f2\.md → f3\.md → f4\.md → f5\.md is 5 hops deep/);
});

test('a file with more distinct imports than are looked up says so once, and looks up no more', () => {
  const text = Array.from({ length: 3000 }, (_, i) => `@m${i}.md`).join(' ');
  const host = new CountingHost({});
  const ds = analyzeInstructions(text, `${W}/CLAUDE.md`, host, { workspaceRoots: [W] }).diagnostics;
  // The 1,000 targets, and once their folder (whether a name in other letter case is there).
  assert.equal(host.lookups, 1001);
  assert.equal(ds.filter((d) => d.code === 'instructions-import-missing').length, 1000);
  assert.equal(ds.filter((d) => d.code === 'instructions-imports-unchecked').length, 1);
});

// Patterns that took quadratic time on one long line. The inputs are sized so that the old
// pattern would take a minute or more; the hang guard (not a timing assertion) fails the test then.

test('a Makefile of many targets is read and parsed once per check, however many make lines name it', () => {
  const makefile = Array.from({ length: 5000 }, (_, i) => `t${i}:\n\techo ${i}\n`).join('');
  const host = new CountingHost({ [`${W}/Makefile`]: makefile });
  const lines = Array.from({ length: 200 }, (_, i) => `make t${i} gone${i}`).join('\n');
  const ds = analyzeInstructions(`# Build\n\n\`\`\`bash\n${lines}\n\`\`\`\n`, `${W}/AGENTS.md`, host, { workspaceRoots: [W] }).diagnostics;
  assert.equal(ds.length, 200);
  assert.equal(host.readsOf.get(`${W}/Makefile`), 1, 'the Makefile is read once');
  assert.match(ds[0]!.message, /defines no target 'gone0' \(targets: t0, t1, .*, … 4988 more\)/);
});

test('a Makefile line of 150,000 spaces, and one of a name and 150,000 spaces', { timeout: 15_000 }, () => {
  for (const line of [' '.repeat(150_000), `a${' '.repeat(150_000)}`, `a${' '.repeat(150_000)}b: c`]) {
    const host = new CountingHost({ [`${W}/Makefile`]: `${line}\nall:\n` });
    const ds = analyzeInstructions('`make all` and `make b`', `${W}/AGENTS.md`, host, { workspaceRoots: [W] }).diagnostics;
    assert.deepEqual(
      ds.map((d) => d.message.replace(/ \(.*/, '')),
      line.endsWith('c') ? [] : ["'make b': the Makefile defines no target 'b'"],
    );
  }
});

test('an import path of 80,000 dots, and a fence mark of 100,000 backquotes before a lone CR', { timeout: 15_000 }, () => {
  const dots = '.'.repeat(80_000);
  const ds = analyzeInstructions(`See @x${dots}md and @a.md${dots}\n${'`'.repeat(100_000)}\rx\n`, `${W}/CLAUDE.md`, new CountingHost({ [`${W}/a.md`]: '# A' })).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.range.start.character]),
    [['instructions-import-missing', 4]],
  );
});

test('a .codex/config.toml with a line of 1,000,000 spaces, and a comment of 300,000 escaped quotes inside an array', { timeout: 15_000 }, () => {
  const text = `model = "x"\n${' '.repeat(1_000_000)}\n[mcp_servers.a]\nargs = [\n  # "${'\\"'.repeat(300_000)}\n]\nsandbox_mode = "read-only"\n`;
  const ds = analyzeCodexConfig(text, `${W}/.codex/config.toml`).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.range.start.line]),
    [['instructions-codex-config-misplaced', 6]],
  );
});

test('completion at the end of a 200,000-character frontmatter line of a .3md', { timeout: 15_000 }, () => {
  const long = `${'ab '.repeat(66_666)}x `;
  const a = analyzeThreeMd(parseThreeMd(`---\n3md: 1.0\n${long}\n---\n\n@plane z=0 kind=identity label="core"\nCore.\n`), { fileName: '/ws/a.3md' });
  assert.ok(completion(a, { line: 2, character: long.length }).length > 0);
});

test('folder arithmetic on a URI of 100,000 slashes', { timeout: 15_000 }, () => {
  assert.equal(dirnameUri(`file:///ws/${'/'.repeat(100_000)}x`).length > 0, true);
  assert.equal(isInside(`file:///ws${'/'.repeat(100_000)}`, 'file:///ws/a'), true);
});

test('60,000 suppression comments over 60,000 diagnostics: each silenced, and the unused ones found, without comparing every pair', { timeout: 15_000 }, () => {
  const n = 60_000;
  const lines: string[] = [];
  const diagnostics: Diagnostic[] = [];
  for (let i = 0; i < n; i++) {
    lines.push(`<!-- agent-files-disable-next-line ${i % 2 ? 'skill-file-missing' : 'other-code'} -->`, `[x](m${i}.md)`);
    const at = { line: 2 * i + 1, character: 0 };
    diagnostics.push({ code: 'skill-file-missing', severity: 'warning', message: 'missing', range: { start: at, end: at } });
  }
  const out = applySuppressions(diagnostics, findSuppressions(lines.join('\n')));
  assert.equal(out.filter((d) => d.code === 'skill-file-missing').length, n / 2);
  assert.equal(out.filter((d) => d.code === 'unused-suppression').length, n / 2);
});

test('2,500 unknown rule codes in .agent-files.json: the first 100 get a "did you mean", found within a bounded distance', () => {
  const rules: Record<string, string> = {};
  for (let i = 0; i < 2500; i++) rules[`skill-name-too-lon${i}`] = 'off';
  const ds = parseConfig(JSON.stringify({ rules })).diagnostics.filter((d) => d.code === 'config-unknown-rule');
  assert.equal(ds.length, 2500);
  assert.equal(ds.filter((d) => d.data?.['suggestion']).length, MAX_SUGGESTIONS);
  assert.match(ds[0]!.message, /did you mean 'skill-name-too-long'/);
});

test('the banded "did you mean" for rule codes suggests what comparing with every code in full suggested', () => {
  const full = (a: string, b: string) => {
    const row = Array.from({ length: b.length + 1 }, (_, i) => i);
    for (let i = 1; i <= a.length; i++) {
      let prev = row[0]!;
      row[0] = i;
      for (let j = 1; j <= b.length; j++) {
        const t = row[j]!;
        row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, prev + (a[i - 1] === b[j - 1] ? 0 : 1));
        prev = t;
      }
    }
    return row[b.length]!;
  };
  const reference = (code: string) => {
    let best: string | undefined;
    let bestD = Infinity;
    for (const c of RULE_CODES) {
      const dd = full(code.toLowerCase(), c.toLowerCase());
      if (dd < bestD) [best, bestD] = [c, dd];
    }
    return best !== undefined && bestD <= Math.max(2, Math.floor(code.length / 4)) ? best : undefined;
  };
  const codes = [...RULE_CODES];
  const samples = ['', 'x', 'cycle', 'CYCLE', 'dead-lnk', 'skill-name-mising', 'instructions-import-cycel', 'config-unknwn-rule', 'tool-inptu', 'zzzzzzzzzzzzzzzzzz'];
  for (let i = 0; i < codes.length; i += 7) samples.push(codes[i]!.slice(1), codes[i]!.replace(/-/g, '_'), `${codes[i]}s`, codes[i]!.slice(0, -3));
  for (const s of samples) assert.equal(suggestCode(s), reference(s), s);
});

test('fillCommand on one file spelled many ways: one analysis, and the cache of disk analyses stays within its bound', () => {
  assert.equal(fileKey('file:///ws/agent.3md?v=1'), fileKey('file:///ws/agent.3md?v=2'));
  assert.equal(fileKey('file:///ws/agent.3md#x'), 'file:///ws/agent.3md');
  assert.equal(fileKey('file:///ws/agent%2E3md'), 'file:///ws/agent.3md');
  const a = analyzeThreeMd(parseThreeMd('@plane z=0 kind=identity label="core"\nCore.\n'), { fileName: '/ws/a.3md' });
  const cache = new DiskAnalyses(100, 3);
  for (let i = 0; i < 50; i++) cache.set(`file:///ws/a${i}.3md`, a, 40);
  assert.equal(cache.size, 2, 'at most 100 characters of text');
  assert.equal(cache.get('file:///ws/a49.3md'), a);
  assert.equal(cache.get('file:///ws/a0.3md'), undefined);
  const many = new DiskAnalyses(1e9, 3);
  for (let i = 0; i < 50; i++) many.set(`file:///ws/a${i}.3md`, a, 1);
  assert.equal(many.size, 3, 'at most 3 files');
});
