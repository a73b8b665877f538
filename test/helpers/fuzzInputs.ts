/**
 * The fuzz properties shared by the unit suite (short budget) and `npm run fuzz` (long budget):
 * input generators (arbitrary text, format-aware fragment soup, mutated real fixtures) and one
 * check per parser. A check throws on failure; its input is plain JSON so a failing case can be
 * saved under test/fixtures/fuzz-regressions/ and replayed by the unit suite.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { parseThreeMd } from '../../server/src/core/threemd/parser';
import { reparse } from '../../server/src/core/threemd/incremental';
import { analyzeThreeMd } from '../../server/src/core/agent/threemdAnalysis';
import { analyzeSkill } from '../../server/src/core/skills/analyze';
import { TARGETS } from '../../server/src/core/skills/targets';
import { analyzeAgentMd } from '../../server/src/core/agentmd/analyze';
import { analyzeWorld } from '../../server/src/core/world/analyzeWorld';
import { analyzePrompt } from '../../server/src/core/world/prompt';
import { analyzeEval } from '../../server/src/core/world/evalContract';
import { parseWorld, type WorldModel } from '../../server/src/core/world/model';
import { buildAliasMap, findParagraphMentions, resolveMentions } from '../../server/src/core/world/mentions';
import { parseYamlFrontmatter } from '../../server/src/core/text/yamlFrontmatter';
import { InMemoryHost } from '../../server/src/core/workspace/host';
import { fileKindOf, type FileKind } from '../../server/src/core/workspace/fileKinds';
import type { Diagnostic, Range } from '../../server/src/core/types';
import { genAgent } from '../../scripts/genAgent';
import { snapshot } from './snapshot';

const ROOT = join(__dirname, '..', '..');
const FIXTURES = join(ROOT, 'test', 'fixtures');
export const REGRESSIONS = join(FIXTURES, 'fuzz-regressions');

// ---------------------------------------------------------------------------------------------
// Corpus: the repository's own fixtures, by format.

export type CorpusKind = FileKind | 'yaml';

function walk(dir: string, out: string[]): string[] {
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) {
      if (name !== 'fuzz-regressions') walk(p, out);
    } else out.push(p);
  }
  return out;
}

let corpusCache: Record<CorpusKind, string[]> | undefined;

/** Real inputs per format: every fixture file of that kind (plus a generated agent for 3md). */
export function corpus(): Record<CorpusKind, string[]> {
  if (corpusCache) return corpusCache;
  const c: Record<CorpusKind, string[]> = {
    '3md': [],
    skill: [],
    'agent-md': [],
    world: [],
    'world-prompt': [],
    'world-eval': [],
    instructions: [],
    subagent: [],
    command: [],
    'plugin-manifest': [],
    'claude-settings': [],
    hooks: [],
    'github-hooks': [],
    'codex-hooks': [],
    'mcp-config': [],
    'codex-config': [],
    'skill-evals': [],
    yaml: [],
  };
  for (const p of walk(FIXTURES, [])) {
    const rel = relative(FIXTURES, p).split(sep).join('/');
    const text = readFileSync(p, 'utf8');
    const kind = fileKindOf(rel);
    if (kind) c[kind].push(text);
    // The CLI vectors hold 3md sources inside JSON.
    else if (rel.startsWith('cli/vectors/') && rel.endsWith('.json')) {
      try {
        const v = JSON.parse(text) as { input?: unknown; source?: unknown };
        const src = v.input ?? v.source;
        if (typeof src === 'string') c['3md'].push(src);
      } catch {
        // not a vector
      }
    }
  }
  c['3md'].push(genAgent(6));
  // A plugin's hooks file is the `hooks` of a settings file one level down (its kind comes from the manifests, not the name).
  c.hooks = [...c['claude-settings'], '{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/x.sh"}]}]}}\n'];
  c.yaml = [...c.skill, ...c['agent-md'], ...c['3md'].slice(0, 4)];
  return (corpusCache = c);
}

// ---------------------------------------------------------------------------------------------
// Generators.

const COMMON = [
  '\n',
  '\r\n',
  '\r',
  '\n\n',
  '\t',
  ' ',
  '  ',
  '\u0000',
  '\uFEFF',
  '\uD800',
  '\uDC00',
  '😀',
  'é',
  'ß',
  '\u200B',
  '\uFFFD',
  '---',
  '"',
  "'",
  '\\',
  '{',
  '}',
  '[',
  ']',
  ':',
  '#',
  '@',
  '`',
  '```',
  '~~~',
  ',',
  '=',
];

const FRAGMENTS: Record<CorpusKind, string[]> = {
  '3md': [
    '@plane',
    '@plane z=',
    ' z=1',
    'z=-1',
    'z=99999999999999999999',
    'z=0x1',
    'label="x"',
    'label=',
    'kind=identity',
    'kind=skill',
    'triggers="find, grep"',
    'inputs="q:number?, p"',
    'inputs="q:string, q"',
    'tool="rg {q} {p}"',
    'tool=""',
    '[[z=1]]',
    '[[z=0|x]]',
    '[[z=',
    '[[z=1|',
    ']]',
    '3md: 1.0',
    'title: T',
    'entry: 1',
    'tools: rg, gh',
    'axis: layer',
    'route("find x") selects s',
    'command("s", {q: "x"})',
    '\n@plane z=7 label="n" kind=skill\n',
  ],
  skill: [
    'name: my-skill',
    'name: ',
    'description: Use when x',
    'description:',
    'license: MIT',
    'metadata:',
    '  author: a',
    'allowed-tools: Bash',
    'compatibility: 1',
    '- ',
    '&a ',
    '*a',
    '!!str ',
    '{a: 1}',
    '[1, 2]',
    '|',
    '>',
    '? ',
    '%YAML 1.2',
    '[link](./x.md)',
    '[a](#anchor)',
    '[b](../../etc/passwd)',
    '# Title',
  ],
  'agent-md': [
    'name: dev',
    'extends: ../base/AGENT.md',
    'extends: base',
    'extends: /etc/passwd',
    'tools:',
    '  - Read',
    '  - Bash',
    'workflows:',
    '  - type: plan',
    'when_to_use:',
    'examples:',
    '&a ',
    '*a',
    '{a: 1}',
    '- ',
  ],
  world: [
    '{',
    '}',
    '[',
    ']',
    ',',
    ':',
    '"agents"',
    '"nodes"',
    '"edges"',
    '"id"',
    '"from"',
    '"to"',
    '"type"',
    '"promptPath"',
    '"../../etc/passwd"',
    'null',
    'true',
    '1e999',
    '-0',
    '/*',
    '//',
    '"\\u0000"',
    '{"a":1,"a":2}',
  ],
  'world-prompt': ['@pm', '@Dev Lead', '@qa ', 'hey @architect', '**@qa**', '`@x`', '<stop>', 'DONE', '```', '```json\n', '[text](./x.md)', 'Do not use tools.', '@'],
  'world-eval': ['```json\n', '```\n', '{"cases": [', '{"input": "x", "expect": {"agent": "pm"}}', ']}', '"expect"', '"agent"', '@pm', '## Case'],
  subagent: [
    '---\nname: x\ndescription: d\n---\n',
    'name: ',
    'description: Use this: <example>Context: a user: "b"</example>\n',
    'tools: Read, Grep, Bash(git:*)\n',
    'tools: [Read, mcp__s__t]\n',
    'tools:\n',
    'model: sonnet\n',
    'color: magenta\n',
    'hooks: []\n',
    'maxTurns: -1\n',
  ],
  'plugin-manifest': ['{', '}', '"name": "a b",', '"source": "./x"', '"plugins": [', '"skills": ["./s"]', ',', '".."'],
  'codex-config': ['project_doc_max_bytes = ', '65536', 'project_doc_fallback_filenames = ["TEAM.md"]', '[profiles.a]', '"""', "'''", '= =', '[[x]]', 'a.b.c = 1'],
  'mcp-config': [
    '{"mcpServers":',
    '"servers":',
    '{"command":"node"}',
    '"type":"http"',
    '"url":"https://x"',
    '"${input:key}"',
    '"inputs":[{"id":"key"}]',
    '// c\n',
    ',}',
    '"a":{},"a":{}',
  ],
  'skill-evals': [
    '{"skill_name": "x", "evals": [',
    '{"id": 1, "prompt": "p", "files": ["evals/a.txt"]}',
    '"id": 1.5',
    '[{"query": "q", "should_trigger": true}',
    ',{"query": "q"}',
    ']',
    '}',
    '"expectations": [1]',
  ],
  command: ['---\nallowed-tools: Bash(git add:*)\n---\n', 'argument-hint: [x]\n', 'description: a: b\n', '$ARGUMENTS', 'name: other\n'],
  hooks: ['{"hooks": {', '"SessionStart": [', '{"hooks": [', '{"type": "command", "command": "${CLAUDE_PLUGIN_ROOT}/a.sh"}', '"timeout": 0', ']}', '"description": 1', '}'],
  'github-hooks': [
    '{"version": 1, "hooks": {',
    '"preToolUse": [',
    '{"type": "command", "bash": "./x.sh", "matcher": "(", "timeoutSec": "5"}',
    '"PreTooluse": [',
    '{"type": "prompt"}',
    ']',
    '"version": "1"',
    '}',
  ],
  'codex-hooks': [
    '{"hooks": {',
    '"Stop": [',
    '{"matcher": 1, "hooks": [',
    '{"type": "command", "command": ".codex/hooks/x.sh", "timeout": 1.5}',
    '"Notification": [',
    '{"type": "cmd"}',
    '"version": 1',
    ']}',
    '}',
  ],
  'claude-settings': [
    '{"hooks": {',
    '"PreToolUse": [',
    '{"matcher": "(", "hooks": [',
    '{"type": "command", "command": "$CLAUDE_PROJECT_DIR/x.sh"}',
    '"timeout": -1',
    ']}',
    '"permissions": {"allow": ["Bsh(x)"]}',
    '}',
  ],
  instructions: [
    '@AGENTS.md',
    '@./docs/x.md',
    '@~/.claude/x.md',
    '@/etc/passwd',
    '`@x.md`',
    '```bash\n',
    '```\n',
    'npm run build',
    'pnpm test',
    'make lint',
    'cd web && npm run dev',
    '---\napplyTo: "src/**"\n---\n',
    'applyto: x',
    'paths:\n  - "src/**"',
    '[link](./x.md#a)',
    '# Heading',
    '<!-- @hidden.md -->',
  ],
  yaml: ['name: x', 'a: b: c', '- ', '&a ', '*a', '!!str ', '{a: 1}', '[1, 2]', '|', '>', '? ', '%YAML 1.2', '...', 'k: "unterminated', "k: 'x''y'"],
};

/** A fragment-weighted string: mostly tokens of the format, joined with common separators. */
function soup(kind: CorpusKind): fc.Arbitrary<string> {
  return fc
    .array(
      fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...FRAGMENTS[kind]) },
        { weight: 3, arbitrary: fc.constantFrom(...COMMON) },
        { weight: 1, arbitrary: fc.string({ maxLength: 6 }) },
      ),
      { maxLength: 60 },
    )
    .map((a) => a.join(''));
}

type Mutation = { op: 'insert'; at: number; text: string } | { op: 'delete'; at: number; len: number } | { op: 'duplicate'; at: number; len: number; to: number };

function mutation(kind: CorpusKind): fc.Arbitrary<Mutation> {
  const frag = fc.oneof(fc.constantFrom(...FRAGMENTS[kind], ...COMMON), fc.string({ unit: 'binary', maxLength: 8 }));
  return fc.oneof(
    fc.record({ op: fc.constant('insert' as const), at: fc.nat(), text: frag }),
    fc.record({ op: fc.constant('delete' as const), at: fc.nat(), len: fc.nat({ max: 40 }) }),
    fc.record({ op: fc.constant('duplicate' as const), at: fc.nat(), len: fc.nat({ max: 80 }), to: fc.nat() }),
  );
}

/** Applies mutations; offsets wrap into the current text so every mutation lands. */
export function mutate(text: string, ms: Mutation[]): string {
  let t = text;
  for (const m of ms) {
    const at = m.at % (t.length + 1);
    if (m.op === 'insert') t = t.slice(0, at) + m.text + t.slice(at);
    else if (m.op === 'delete') t = t.slice(0, at) + t.slice(at + m.len);
    else t = t.slice(0, m.to % (t.length + 1)) + t.slice(at, at + m.len) + t.slice(m.to % (t.length + 1));
  }
  return t;
}

/** A real fixture of this format with random insertions, deletions and duplications. */
export function mutated(kind: CorpusKind): fc.Arbitrary<string> {
  const texts = corpus()[kind];
  if (!texts.length) return soup(kind);
  return fc.tuple(fc.constantFrom(...texts), fc.array(mutation(kind), { maxLength: 8 })).map(([t, ms]) => mutate(t, ms));
}

/** Every kind of input a parser of this format should survive. */
export function inputs(kind: CorpusKind): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 200 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme-ascii', maxLength: 200 }) },
    { weight: 2, arbitrary: soup(kind) },
    { weight: 4, arbitrary: mutated(kind) },
  );
}

// ---------------------------------------------------------------------------------------------
// Invariants.

/** Lines as the parsers see them: LF and CRLF break lines (LSP's view too, when there is no lone CR). */
export function linesOf(text: string): string[] {
  return text.split(/\r?\n/);
}

const isPos = (p: unknown): p is { line: number; character: number } =>
  !!p && typeof p === 'object' && typeof (p as { line?: unknown }).line === 'number' && typeof (p as { character?: unknown }).character === 'number';
const isRange = (r: unknown): r is Range => !!r && typeof r === 'object' && isPos((r as Range).start) && isPos((r as Range).end);

/** Asserts a range lies inside the text: integer lines below the line count, characters within their line. */
export function assertInside(lines: string[], r: Range, what: string): void {
  for (const [name, p] of [
    ['start', r.start],
    ['end', r.end],
  ] as const) {
    const ok = Number.isInteger(p.line) && Number.isInteger(p.character) && p.line >= 0 && p.line < lines.length && p.character >= 0 && p.character <= lines[p.line]!.length;
    if (!ok) {
      const len = p.line >= 0 && p.line < lines.length ? lines[p.line]!.length : 'n/a';
      assert.fail(`${what}: ${name} ${JSON.stringify(p)} is outside the document (${lines.length} lines, that line has ${len} characters)`);
    }
  }
  const ordered = r.start.line < r.end.line || (r.start.line === r.end.line && r.start.character <= r.end.character);
  assert.ok(ordered, `${what}: range ${JSON.stringify(r)} ends before it starts`);
}

/** Checks every range found anywhere in a plain (JSON-able) value. */
export function assertAllRangesInside(text: string, value: unknown, what: string): void {
  const lines = linesOf(text);
  const stack: [unknown, string][] = [[value, what]];
  while (stack.length) {
    const [v, path] = stack.pop()!;
    if (!v || typeof v !== 'object') continue;
    if (isRange(v)) assertInside(lines, v, path);
    if (Array.isArray(v)) v.forEach((x, i) => stack.push([x, `${path}[${i}]`]));
    else for (const [k, x] of Object.entries(v)) stack.push([x, `${path}.${k}`]);
  }
}

function diagnosticsInside(text: string, ds: Diagnostic[], what: string): void {
  const lines = linesOf(text);
  for (const d of ds) {
    assert.equal(typeof d.code, 'string', `${what}: diagnostic without a code`);
    assert.ok(d.code.length > 0, `${what}: empty diagnostic code`);
    assertInside(lines, d.range, `${what} ${d.code} "${d.message}"`);
    for (const r of d.related ?? []) assertInside(lines, r.range, `${what} ${d.code} related "${r.message}"`);
  }
}

/** Diagnostics as a client receives them (JSON, so `related: undefined` equals absent), without `data` (it may hold parser nodes). */
const plain = (ds: Diagnostic[]): unknown => JSON.parse(JSON.stringify(ds.map(({ data: _data, ...d }) => d)));

// ---------------------------------------------------------------------------------------------
// Properties.

export interface FuzzProperty<T> {
  name: string;
  /** What the check asserts, for the test name. */
  title: string;
  arbitrary: fc.Arbitrary<T>;
  /** Throws when the property does not hold for this input. */
  check(input: T): void;
  /** Runs in the unit suite (short budget). */
  numRuns: number;
}

const SKILL_URI = 'file:///ws/skills/my-skill/SKILL.md';
const AGENT_URI = 'file:///ws/agents/dev/AGENT.md';
const WORLD_URI = 'file:///ws/.agent-world/world.json';
const PROMPT_URI = 'file:///ws/.agent-world/prompts/pm.md';

let worldCache: WorldModel | undefined;
function fixtureWorld(): WorldModel {
  if (worldCache) return worldCache;
  const text = readFileSync(join(FIXTURES, 'world', 'app-builder', '.agent-world', 'world.json'), 'utf8');
  return (worldCache = parseWorld(text, WORLD_URI));
}

function skillHost(): InMemoryHost {
  return new InMemoryHost({ 'file:///ws/skills/my-skill/scripts/run.sh': 'echo', 'file:///ws/skills/my-skill/references/REF.md': '# Anchor\n' });
}

function parse3md(text: string): void {
  const a = snapshot(parseThreeMd(text));
  assertAllRangesInside(text, a, 'parseThreeMd');
  assert.deepEqual(snapshot(parseThreeMd(text)), a, 'parseThreeMd is not deterministic');
}

function analyze3md(text: string): void {
  for (const detection of ['agent', '3md'] as const) {
    const a = analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md', detection });
    diagnosticsInside(text, a.diagnostics, `analyzeThreeMd(${detection})`);
    const b = analyzeThreeMd(parseThreeMd(text), { fileName: 'agent.3md', detection });
    assert.deepEqual(plain(b.diagnostics), plain(a.diagnostics), `analyzeThreeMd(${detection}) is not deterministic`);
    // The runtime answers on whatever the document declares.
    const rt = a.runtime;
    rt.route(text.slice(0, 200));
    for (const s of rt.skills.slice(0, 5)) {
      rt.resolve(s.z);
      // The fill answers with a command or its refusals, never a throw.
      const filled = rt.fill(s.z, { q: text.slice(0, 20) });
      assert.ok(filled === null || filled.ok || filled.problems.length > 0);
      rt.fillChecked(s.z, { q: text.slice(0, 20) });
    }
    JSON.stringify(rt.exportJson(true));
  }
}

function analyzeWith(name: string, run: (text: string) => Diagnostic[]) {
  return (text: string): void => {
    const a = run(text);
    diagnosticsInside(text, a, name);
    assert.deepEqual(plain(run(text)), plain(a), `${name} is not deterministic`);
  };
}

function frontmatter(text: string): void {
  for (const split of ['lines', 'reference'] as const) {
    for (const schema of ['failsafe', 'core'] as const) {
      const what = `parseYamlFrontmatter(${split}, ${schema})`;
      const fm = parseYamlFrontmatter(text, { split, schema });
      const lines = linesOf(text);
      assertInside(lines, fm.openRange, `${what} openRange`);
      if (fm.closeRange) assertInside(lines, fm.closeRange, `${what} closeRange`);
      assert.ok(fm.yamlStart >= 0 && fm.yamlStart <= fm.yamlEnd && fm.yamlEnd <= text.length, `${what}: YAML offsets ${fm.yamlStart}..${fm.yamlEnd} outside 0..${text.length}`);
      assert.ok(fm.bodyStart >= 0 && fm.bodyStart <= text.length, `${what}: body offset ${fm.bodyStart}`);
      const ranges = {
        entries: fm.entries.map((e) => ({ key: e.keyRange, value: e.valueRange, pair: e.pairRange })),
        syntaxErrors: fm.syntaxErrors.map((e) => e.range),
        strictIssues: fm.strictIssues.map((e) => e.range),
      };
      assertAllRangesInside(text, ranges, what);
      const again = parseYamlFrontmatter(text, { split, schema });
      const shape = (f: typeof fm) => ({ present: f.present, closed: f.closed, keys: f.entries.map((e) => [e.key, e.value]), errors: f.syntaxErrors, strict: f.strictIssues });
      assert.deepEqual(shape(again), shape(fm), `${what} is not deterministic`);
    }
  }
}

function mentions(text: string): void {
  const aliases = buildAliasMap([{ id: 'pm', name: 'Product Manager' }, { id: 'dev', name: 'Dev Lead' }, { id: 'qa' }]);
  const found = findParagraphMentions(text);
  assertAllRangesInside(text, found, 'findParagraphMentions');
  const resolved = resolveMentions(text, aliases);
  assertAllRangesInside(text, resolved, 'resolveMentions');
  assert.deepEqual(resolveMentions(text, aliases), resolved, 'resolveMentions is not deterministic');
}

/** One random edit as an LSP client could send it: positions may lie past the end. */
export type FuzzEdit =
  | { start: [number, number]; end: [number, number]; text: string }
  /** An offset range into the current text (wrapped), turned into positions when applied. */
  | { offset: number; len: number; text: string };

const editText = fc.oneof(
  { weight: 4, arbitrary: fc.array(fc.constantFrom(...FRAGMENTS['3md'], ...COMMON, 'x', 'word '), { maxLength: 3 }).map((a) => a.join('')) },
  { weight: 1, arbitrary: fc.string({ maxLength: 10 }) },
);
const editArb: fc.Arbitrary<FuzzEdit> = fc.oneof(
  { weight: 1, arbitrary: fc.record({ start: fc.tuple(fc.nat({ max: 60 }), fc.nat({ max: 120 })), end: fc.tuple(fc.nat({ max: 60 }), fc.nat({ max: 120 })), text: editText }) },
  { weight: 3, arbitrary: fc.record({ offset: fc.nat(), len: fc.nat({ max: 16 }), text: editText }) },
);

function rangeOf(doc: TextDocument, e: FuzzEdit): Range {
  if ('start' in e) return { start: { line: e.start[0], character: e.start[1] }, end: { line: e.end[0], character: e.end[1] } };
  const n = doc.getText().length;
  const a = e.offset % (n + 1);
  return { start: doc.positionAt(a), end: doc.positionAt(Math.min(n, a + e.len)) };
}

/** Edits are mostly local (near the previous one), like typing; some jump anywhere. */
export interface IncrementalInput {
  base: string;
  edits: FuzzEdit[];
}

function incremental(input: IncrementalInput): void {
  let doc = TextDocument.create('file:///ws/agent.3md', '3md', 0, input.base);
  let tree = parseThreeMd(input.base);
  input.edits.forEach((e, i) => {
    // The mirror is made fresh for each edit: after a range that starts past the last line, an
    // updated TextDocument keeps stale line offsets (the server clamps such ranges; see documents.ts).
    doc = TextDocument.create(doc.uri, '3md', i, doc.getText());
    const range = rangeOf(doc, e);
    // What the server does: the text document applies (and clamps) the edit, the tree gets the raw range.
    doc = TextDocument.update(doc, [{ range, text: e.text }], i + 1);
    const text = doc.getText();
    tree = reparse(tree, { range, text: e.text }, text);
    const full = parseThreeMd(text);
    assert.deepEqual(snapshot(tree), snapshot(full), `edit ${i} ${JSON.stringify(e)}: incremental tree differs from the full parse`);
    const opts = { fileName: 'agent.3md', detection: 'auto' as const };
    assert.deepEqual(plain(analyzeThreeMd(tree, opts).diagnostics), plain(analyzeThreeMd(full, opts).diagnostics), `edit ${i}: diagnostics differ`);
  });
}

/** Erases the input type so properties of different inputs share one list. */
const prop = <T>(p: FuzzProperty<T>): FuzzProperty<unknown> => p as unknown as FuzzProperty<unknown>;

/** Every property, by stable name (the name is the key of saved regressions). */
export function properties(): FuzzProperty<unknown>[] {
  return [
    prop<string>({
      name: 'threemd-parse',
      title: 'parseThreeMd never throws, keeps every range inside the text and is deterministic',
      arbitrary: inputs('3md'),
      check: parse3md,
      numRuns: 1000,
    }),
    prop<string>({
      name: 'threemd-analysis',
      title: 'analyzeThreeMd (agent and plain) and the runtime never throw, diagnostics lie inside, results are deterministic',
      arbitrary: inputs('3md'),
      check: analyze3md,
      numRuns: 500,
    }),
    prop<IncrementalInput>({
      name: 'threemd-incremental',
      title: 'incremental re-parse of mutated real agents equals the full parse after every edit (raw LSP ranges, past-the-end included)',
      arbitrary: fc.record({ base: fc.oneof(mutated('3md'), fc.constantFrom(...corpus()['3md'])), edits: fc.array(editArb, { minLength: 1, maxLength: 20 }) }),
      check: incremental,
      numRuns: 400,
    }),
    prop<IncrementalInput>({
      name: 'threemd-incremental-long',
      title:
        'incremental re-parse and analysis of a 25-skill generated agent (long bodies when a fence swallows the rest) equal a full parse and a fresh analysis after every edit',
      arbitrary: fc.record({ base: fc.constant(genAgent(25)), edits: fc.array(editArb, { minLength: 1, maxLength: 12 }) }),
      check: incremental,
      numRuns: 60,
    }),
    prop<string>({
      name: 'skill',
      title: 'analyzeSkill never throws, diagnostics lie inside, results are deterministic',
      arbitrary: inputs('skill'),
      check: analyzeWith('analyzeSkill', (t) => analyzeSkill(t, SKILL_URI, skillHost()).diagnostics),
      numRuns: 600,
    }),
    prop<string>({
      name: 'skill-all-targets',
      title: 'analyzeSkill for every target at once never throws, diagnostics lie inside, results are deterministic',
      arbitrary: inputs('skill'),
      check: analyzeWith('analyzeSkill', (t) => analyzeSkill(t, SKILL_URI, skillHost(), { targets: TARGETS }).diagnostics),
      numRuns: 300,
    }),
    prop<string>({
      name: 'agent-md',
      title: 'analyzeAgentMd never throws, diagnostics lie inside, results are deterministic',
      arbitrary: inputs('agent-md'),
      check: analyzeWith(
        'analyzeAgentMd',
        (t) =>
          analyzeAgentMd(t, AGENT_URI, new InMemoryHost({ 'file:///ws/agents/base/AGENT.md': '---\nname: base\n---\n' }), { workspaceRoots: ['file:///ws'], agents: [] })
            .diagnostics,
      ),
      numRuns: 600,
    }),
    prop<string>({
      name: 'world',
      title: 'analyzeWorld never throws, diagnostics lie inside, results are deterministic',
      arbitrary: inputs('world'),
      check: analyzeWith('analyzeWorld', (t) => analyzeWorld(t, WORLD_URI, new InMemoryHost()).diagnostics),
      numRuns: 800,
    }),
    prop<string>({
      name: 'world-prompt',
      title: 'analyzePrompt never throws, diagnostics lie inside, results are deterministic',
      arbitrary: inputs('world-prompt'),
      check: analyzeWith('analyzePrompt', (t) => analyzePrompt(t, PROMPT_URI, fixtureWorld())),
      numRuns: 1500,
    }),
    prop<string>({
      name: 'world-eval',
      title: 'analyzeEval never throws, diagnostics lie inside, results are deterministic',
      arbitrary: inputs('world-eval'),
      check: analyzeWith('analyzeEval', (t) => analyzeEval(t, fixtureWorld())),
      numRuns: 1500,
    }),
    prop<string>({
      name: 'yaml-frontmatter',
      title: 'parseYamlFrontmatter (both splits, both schemas) never throws, ranges and offsets lie inside, deterministic',
      arbitrary: inputs('yaml'),
      check: frontmatter,
      numRuns: 500,
    }),
    prop<string>({
      name: 'mentions',
      title: 'mention finding and resolution never throw, ranges lie inside, deterministic',
      arbitrary: inputs('world-prompt'),
      check: mentions,
      numRuns: 2000,
    }),
  ];
}

// ---------------------------------------------------------------------------------------------
// Regressions.

export interface Regression {
  property: string;
  input: unknown;
  /** How it was found: seed, path and the failure message. */
  seed?: number;
  path?: string;
  error?: string;
  /** Known bug not fixed yet: replayed as a `todo` test. */
  todo?: string;
}

/** Saves a failing input; returns the file name. Same input → same file. */
export function saveRegression(r: Regression): string {
  mkdirSync(REGRESSIONS, { recursive: true });
  const body = JSON.stringify(r.input);
  let h = 0x811c9dc5;
  for (let i = 0; i < body.length; i++) h = Math.imul(h ^ body.charCodeAt(i), 16777619) >>> 0;
  const file = join(REGRESSIONS, `${r.property}-${h.toString(16).padStart(8, '0')}.json`);
  if (!existsSync(file)) writeFileSync(file, JSON.stringify(r, null, 2) + '\n');
  return file;
}

export function loadRegressions(): { file: string; regression: Regression }[] {
  if (!existsSync(REGRESSIONS)) return [];
  return readdirSync(REGRESSIONS)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => ({ file: f, regression: JSON.parse(readFileSync(join(REGRESSIONS, f), 'utf8')) as Regression }));
}
