import { test, before, after, afterEach } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeAction, CompletionItem, Diagnostic, DocumentSymbol, Hover, Location } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { closeOpenedAfterEach, waitForIndex } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { cursor, joinLines } from '../helpers/markers';
import type { WorkspaceIndexResult } from '../../server/src/core/workspace/indexTypes';
import { skillsPromptOf } from '../../server/src/lsp/skillsPromptRequest';

const SKILL = joinLines(
  '---',
  'name: PDF-Reader',
  'description: Read PDF files. Use when the user asks about PDFs.',
  '---',
  '# PDF reader',
  'See [usage](references/REFERENCE.md#usage).',
  '',
);

let root: string;
let client: TestClient;
const fileUri = (...p: string[]) => URI.file(path.join(root, ...p)).toString();

function write(rel: string, text: string): void {
  const p = path.join(root, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, text);
}

/** The index once `pred` holds: the background scan and re-indexing are asynchronous. */
async function indexWhere(pred: (r: WorkspaceIndexResult) => boolean): Promise<WorkspaceIndexResult> {
  return { files: await waitForIndex(client, (files) => pred({ files })) } as WorkspaceIndexResult;
}

const brief = (ds: Diagnostic[]) => ds.map((d) => [d.code, d.source, d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character]);

let closeOpened: () => Promise<void>;
afterEach(() => closeOpened());
before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-skill-')));
  write('skills/pdf-reader/SKILL.md', SKILL.replace('PDF-Reader', 'pdf-reader'));
  write('skills/pdf-reader/references/REFERENCE.md', '# Reference\n\n## Usage\n\nRun it.\n');
  write('agents/reviewer/AGENT.md', '---\nname: reviewer\ndescription: Reviews pull requests\n---\nReview carefully.\n');
  client = await startClient({ rootUri: URI.file(root).toString() });
  closeOpened = closeOpenedAfterEach(client);
  await indexWhere((r) => r.files.length >= 2);
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

test('the background scan indexes SKILL.md and AGENT.md from the workspace folder', async () => {
  // A server of its own: the other tests open buffers, which the index shows ahead of the disk.
  const fresh = await startClient({ rootUri: URI.file(root).toString() });
  const r = { files: await waitForIndex(fresh, (files) => files.length >= 2) };
  await fresh.stop();
  const skill = r.files.find((f) => f.uri === fileUri('skills/pdf-reader/SKILL.md'));
  const agent = r.files.find((f) => f.uri === fileUri('agents/reviewer/AGENT.md'));
  assert.ok(skill && agent, JSON.stringify(r.files.map((f) => f.uri)));
  assert.deepEqual(
    { kind: skill.kind, name: skill.name, isAgent: skill.isAgent, identity: skill.identity, description: skill.description, errors: skill.errors, warnings: skill.warnings },
    { kind: 'skill', name: 'pdf-reader', isAgent: false, identity: null, description: 'Read PDF files. Use when the user asks about PDFs.', errors: 0, warnings: 0 },
  );
  assert.deepEqual(
    skill.skills.map((s) => [s.name, s.z, s.description, s.range]),
    [['pdf-reader', 0, 'Read PDF files. Use when the user asks about PDFs.', { start: { line: 1, character: 6 }, end: { line: 1, character: 16 } }]],
  );
  assert.deepEqual([agent.kind, agent.name, agent.description, agent.isAgent], ['agent-md', 'reviewer', 'Reviews pull requests', false]);
});

test('diagnostics after didOpen sit on the name value, with source, code and rules link', async () => {
  const uri = fileUri('skills/pdf-reader/SKILL.md');
  const pending = client.diagnostics(uri);
  client.open(uri, SKILL, 'markdown', 1);
  const ds = await pending;
  assert.deepEqual(brief(ds), [
    ['skill-name-not-lowercase', 'agent-files', 1, 6, 1, 16],
    ['skill-name-directory-mismatch', 'agent-files', 1, 6, 1, 16],
  ]);
  assert.equal(ds[0]!.message, "Skill name 'PDF-Reader' is not lowercase: skills-ref rejects it; clients that follow the specification warn and still load the skill");
  assert.equal(
    ds[1]!.message,
    "Skill name 'PDF-Reader' differs from its folder name 'pdf-reader': skills-ref rejects it; clients that follow the specification warn and load it under its name",
  );
  for (const d of ds) assert.match(d.codeDescription!.href, new RegExp(`docs/rules\\.md#${d.code}$`));
});

test('an incremental didChange re-checks: a missing reference appears, then the name fix clears the name errors', async () => {
  const uri = fileUri('skills/pdf-reader/SKILL.md');
  const v1 = client.diagnostics(uri);
  client.open(uri, SKILL, 'markdown', 1);
  await v1;
  const v2 = client.diagnostics(uri, (p) => p.version === 2);
  client.change(uri, 2, [{ range: { start: { line: 5, character: 12 }, end: { line: 5, character: 22 } }, text: 'missing' }]);
  const d2 = await v2;
  assert.deepEqual(
    d2.map((d) => d.code),
    ['skill-name-not-lowercase', 'skill-name-directory-mismatch', 'skill-file-missing'],
  );
  const v3 = client.diagnostics(uri, (p) => p.version === 3);
  client.change(uri, 3, [
    { range: { start: { line: 1, character: 6 }, end: { line: 1, character: 16 } }, text: 'pdf-reader' },
    { range: { start: { line: 5, character: 12 }, end: { line: 5, character: 19 } }, text: 'references' },
  ]);
  assert.deepEqual(await v3, []);
});

test('code actions: lowercase the name (text edit) and create a missing file (CreateFile)', async () => {
  const uri = fileUri('skills/pdf-reader/SKILL.md');
  const opened = client.diagnostics(uri, (p) => p.version === 10);
  client.open(uri, SKILL.replace('references/REFERENCE.md', 'references/NEW.md'), 'markdown', 10);
  const ds = await opened;
  const lower = ds.find((d) => d.code === 'skill-name-not-lowercase')!;
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: lower.range, context: { diagnostics: [lower] } });
  assert.deepEqual(
    actions.filter((a) => !/^(Suppress|Turn off) '/.test(a.title)).map((a) => [a.title, a.kind, a.isPreferred]),
    [["Lowercase the name to 'pdf-reader'", 'quickfix', true]],
  );
  assert.deepEqual(actions[0]!.edit, { changes: { [uri]: [{ range: lower.range, newText: 'pdf-reader' }] } });
  assert.deepEqual(actions[0]!.diagnostics, [lower], 'the action carries the diagnostic the client sent');
  const missing = ds.find((d) => d.code === 'skill-file-missing')!;
  const create = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: missing.range, context: { diagnostics: [missing] } });
  assert.deepEqual(
    create.filter((a) => !/^(Suppress|Turn off) '/.test(a.title)).map((a) => a.title),
    ["Create 'references/NEW.md'"],
  );
  assert.deepEqual(create[0]!.edit!.documentChanges, [{ kind: 'create', uri: fileUri('skills/pdf-reader/references/NEW.md'), options: { ignoreIfExists: true } }]);
});

test('definition on a body link opens the file at the #fragment heading', async () => {
  const uri = fileUri('skills/pdf-reader/SKILL.md');
  client.open(uri, SKILL, 'markdown', 20);
  const locs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position: { line: 5, character: 20 } });
  assert.deepEqual(locs, [{ uri: fileUri('skills/pdf-reader/references/REFERENCE.md'), range: { start: { line: 2, character: 0 }, end: { line: 2, character: 8 } } }]);
});

test('completion in the frontmatter offers only the allowed keys not yet written', async () => {
  const uri = fileUri('skills/pdf-reader/SKILL.md');
  const { text, position } = cursor(SKILL.replace('---\n# PDF', '$0\n---\n# PDF'));
  client.open(uri, text, 'markdown', 30);
  const items = await client.request<CompletionItem[]>('textDocument/completion', { textDocument: { uri }, position });
  assert.deepEqual(
    items.map((i) => i.label),
    ['license', 'compatibility', 'metadata', 'allowed-tools'],
  );
});

test('hover on a frontmatter key shows its rule', async () => {
  const uri = fileUri('skills/pdf-reader/SKILL.md');
  client.open(uri, SKILL, 'markdown', 40);
  const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position: { line: 2, character: 3 } });
  assert.deepEqual(h.range, { start: { line: 2, character: 0 }, end: { line: 2, character: 11 } });
  assert.match((h.contents as { value: string }).value, /^\*\*description\*\*: /);
});

test('document symbols: the skill with its keys, then the body headings', async () => {
  const uri = fileUri('skills/pdf-reader/SKILL.md');
  client.open(uri, SKILL, 'markdown', 50);
  const syms = await client.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri } });
  assert.deepEqual(
    syms.map((s) => [s.name, s.kind, (s.children ?? []).map((c) => c.name)]),
    [
      ['PDF-Reader', 4, ['name', 'description']],
      ['PDF reader', 15, []],
    ],
  );
});

test('two open skills one client loads under one name warn each other; renaming one clears the other', async () => {
  const a = fileUri('dup/.agents/skills/one/SKILL.md');
  const b = fileUri('dup/.gemini/skills/two/SKILL.md');
  const text = (name: string, body: string) => `---\nname: ${name}\ndescription: Shared. Use when testing.\n---\n${body}\n`;
  const firstA = client.diagnostics(a);
  client.open(a, text('shared', 'One.'), 'markdown', 1);
  await firstA;
  const bDup = client.diagnostics(b, (p) => p.diagnostics.some((d) => d.code === 'skill-duplicate-name'));
  const aDup = client.diagnostics(a, (p) => p.diagnostics.some((d) => d.code === 'skill-duplicate-name'));
  client.open(b, text('shared', 'Two.'), 'markdown', 1);
  const [db, da] = await Promise.all([bDup, aDup]);
  const dupB = db.find((d) => d.code === 'skill-duplicate-name')!;
  assert.equal(
    dupB.message,
    "Skill name 'shared' is also used by dup/.agents/skills/one/SKILL.md: Gemini CLI keeps the one it reads last and warns about the conflict (Gemini CLI)",
  );
  assert.deepEqual(dupB.range, { start: { line: 1, character: 6 }, end: { line: 1, character: 12 } });
  assert.equal(
    da.find((d) => d.code === 'skill-duplicate-name')!.message,
    "Skill name 'shared' is also used by dup/.gemini/skills/two/SKILL.md: Gemini CLI keeps the one it reads last and warns about the conflict (Gemini CLI)",
  );
  const aClear = client.diagnostics(a, (p) => !p.diagnostics.some((d) => d.code === 'skill-duplicate-name'));
  client.change(b, 2, [{ range: { start: { line: 1, character: 6 }, end: { line: 1, character: 12 } }, text: 'other' }]);
  assert.deepEqual(
    (await aClear).map((d) => d.code),
    ['skill-name-directory-mismatch'],
  );
});

test('the skills prompt lists every valid indexed skill with its absolute path', () => {
  const r = skillsPromptOf([
    {
      uri: 'file:///w/b/SKILL.md',
      kind: 'skill',
      name: 'b',
      isAgent: false,
      identity: null,
      skills: [],
      errors: 0,
      warnings: 0,
      description: "It's <b>",
      nameRange: { start: { line: 1, character: 6 }, end: { line: 1, character: 7 } },
    },
    { uri: 'file:///w/a/SKILL.md', kind: 'skill', name: 'a', isAgent: false, identity: null, skills: [], errors: 1, warnings: 0, description: 'A & co' },
    { uri: 'file:///w/c/AGENT.md', kind: 'agent-md', name: 'c', isAgent: false, identity: null, skills: [], errors: 0, warnings: 0, description: 'agent' },
  ]);
  assert.equal(r.count, 1, 'a skill without a declared name and an AGENT.md are left out');
  assert.equal(
    r.xml,
    [
      '<available_skills>',
      '<skill>',
      '<name>',
      'b',
      '</name>',
      '<description>',
      'It&#x27;s &lt;b&gt;',
      '</description>',
      '<location>',
      path.join('/w', 'b', 'SKILL.md'),
      '</location>',
      '</skill>',
      '</available_skills>',
    ].join('\n'),
  );
});

test('agentFiles/skillsPrompt answers the XML of the workspace skills', async () => {
  const r = await client.request<{ xml: string; count: number }>('agentFiles/skillsPrompt', {});
  assert.ok(r.count >= 1);
  assert.equal(r.xml.split('\n<skill>\n').length - 1, r.count, 'count is the number of <skill> entries');
  assert.ok(r.xml.includes(`<location>\n${path.join(root, 'skills', 'pdf-reader', 'SKILL.md')}\n</location>`), r.xml);
});
