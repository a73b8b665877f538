import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { CodeAction, Diagnostic, DocumentLink, Hover, Location, WorkspaceSymbol } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/inProcessClient';
import { waitFor, waitForIndex } from '../helpers/lspWorkspace';
import { shutdown } from '../fixtures/workspace-formats/lsp';
import { cursor, joinLines } from '../helpers/markers';
import type { InstructionsInEffectResult } from '../../server/src/core/workspace/indexTypes';

let root: string;
let client: TestClient;
const fileUri = (...p: string[]) => URI.file(path.join(root, ...p)).toString();
const write = (rel: string, text: string) => {
  fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  fs.writeFileSync(path.join(root, rel), text);
};

const CLAUDE = joinLines('# Project', '', 'Read @docs/architecture.md and @docs/gone.md.', '', '```bash', 'npm run build', 'npm run lint', '```', '');

before(async () => {
  root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-instr-')));
  write('package.json', JSON.stringify({ scripts: { build: 'tsc', test: 'node --test' } }));
  write('docs/architecture.md', '# Architecture\n\nThree layers.\n');
  write('CLAUDE.md', CLAUDE);
  write('AGENTS.md', '# Agents\n\nSee [the docs](docs/architecture.md#architecture).\n');
  write('web/AGENTS.md', '# Web\n');
  write('.github/instructions/ts.instructions.md', '---\napplyTo: "src/**/*.ts"\n---\n# TypeScript\n');
  write('src/app/main.ts', 'export {};\n');
  client = await startClient({ rootUri: URI.file(root).toString() });
  await waitForIndex(client, (files) => files.filter((f) => f.instructions).length >= 4);
});
after(async () => {
  await shutdown(client);
  fs.rmSync(root, { recursive: true, force: true });
});

/** Opens CLAUDE.md once, for whichever test needs it first; its first diagnostics. */
let claudeOpened: Promise<Diagnostic[]> | undefined;
function openClaude(): Promise<Diagnostic[]> {
  if (!claudeOpened) {
    claudeOpened = client.diagnostics(fileUri('CLAUDE.md'));
    client.open(fileUri('CLAUDE.md'), CLAUDE, 'markdown', 1);
  }
  return claudeOpened;
}

test('a CLAUDE.md gets diagnostics for a missing import and a command with no script', async () => {
  const ds = await openClaude();
  assert.deepEqual(
    ds.map((d) => [d.code, d.range.start.line, d.range.start.character]),
    [
      ['instructions-import-missing', 2, 31],
      ['instructions-command-undefined', 6, 0],
    ],
  );
  assert.match(ds[1]!.message as string, /no script 'lint' in package\.json \(scripts: build, test\)/);
});

test('definition on an import goes to the imported file; document links cover it', async () => {
  const uri = fileUri('CLAUDE.md');
  await openClaude();
  const { position } = cursor(CLAUDE.replace('@docs/arch', '@docs/ar$0ch'));
  const locs = await client.request<Location[]>('textDocument/definition', { textDocument: { uri }, position });
  assert.deepEqual(
    locs.map((l) => l.uri),
    [fileUri('docs', 'architecture.md')],
  );
  const links = await client.request<DocumentLink[]>('textDocument/documentLink', { textDocument: { uri } });
  assert.deepEqual(
    links.map((l) => l.target),
    [fileUri('docs', 'architecture.md')],
  );
});

test('hover on an import shows the first lines of the target', async () => {
  const uri = fileUri('CLAUDE.md');
  await openClaude();
  const { position } = cursor(CLAUDE.replace('@docs/arch', '@docs/ar$0ch'));
  const h = await client.request<Hover>('textDocument/hover', { textDocument: { uri }, position });
  assert.match((h.contents as { value: string }).value, /# Architecture\n\nThree layers\./);
});

test('find references on a file lists the files that import it', async () => {
  // Asked from an instruction file that another one imports (a project of their own: the other tests keep CLAUDE.md as it is).
  const importer = joinLines('# Refs', '', 'Read @docs/CLAUDE.md.', '');
  write('refs/docs/CLAUDE.md', '# Docs\n');
  write('refs/CLAUDE.md', importer);
  client.open(fileUri('refs', 'CLAUDE.md'), importer, 'markdown', 1);
  const target = fileUri('refs', 'docs', 'CLAUDE.md');
  client.open(target, '# Docs\n', 'markdown', 1);
  const refs = await waitFor(
    client,
    () =>
      client.request<Location[]>('textDocument/references', {
        textDocument: { uri: target },
        position: { line: 0, character: 0 },
        context: { includeDeclaration: false },
      }),
    (r) => r.length > 0,
    'a reference to docs/CLAUDE.md',
  );
  assert.deepEqual(
    refs.map((r) => [r.uri, r.range.start.line]),
    [[fileUri('refs', 'CLAUDE.md'), 2]],
  );
});

test('a typo in .instructions.md frontmatter has a rename quick fix', async () => {
  const uri = fileUri('.github', 'instructions', 'py.instructions.md');
  const pending = client.diagnostics(uri);
  client.open(uri, '---\napplyto: "**/*.py"\n---\n# Python\n', 'markdown', 1);
  const ds = await pending;
  assert.deepEqual(
    ds.map((d) => d.code),
    ['instructions-key-typo'],
  );
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: ds[0]!.range, context: { diagnostics: ds } });
  assert.deepEqual(
    // The suppression fixes every diagnostic gets are tested with the configuration.
    actions.filter((a) => !/^(Suppress|Turn off) '/.test(a.title)).map((a) => [a.title, a.edit?.changes?.[uri]?.[0]?.newText]),
    [["Rename to 'applyTo'", 'applyTo']],
  );
});

test("a link written from the workspace folder instead of the file's folder is information with a fix that rewrites it", async () => {
  const uri = fileUri('tools', 'AGENTS.md');
  const pending = client.diagnostics(uri);
  client.open(uri, '# Tools\n\nSee [layers](docs/architecture.md#architecture).\n', 'markdown', 1);
  const ds = await pending;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity]),
    [['instructions-link-missing', 3]],
  );
  assert.match(String(ds[0]!.message), /the file is at docs\/architecture\.md, where the path leads from the workspace folder: write '\.\.\/docs\/architecture\.md'$/);
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: ds[0]!.range, context: { diagnostics: ds } });
  assert.deepEqual(
    actions.filter((a) => !/^(Suppress|Turn off) '/.test(a.title)).map((a) => [a.title, a.edit?.changes?.[uri]?.[0]?.newText]),
    [["Point the link at '../docs/architecture.md'", '../docs/architecture.md#architecture']],
  );
});

test('an import that names its file in other letter case says which, with a fix that writes the name as the folder has it', async () => {
  const uri = fileUri('web', 'CLAUDE.md');
  const pending = client.diagnostics(uri);
  client.open(uri, '# Web\n\nSee @../Docs/Architecture.md.\n', 'markdown', 1);
  const ds = await pending;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity]),
    [['instructions-import-missing', 2]],
  );
  assert.match(String(ds[0]!.message), /'\.\.\/Docs\/Architecture\.md' names \.\.\/docs\/architecture\.md in other letter case/);
  const actions = await client.request<CodeAction[]>('textDocument/codeAction', { textDocument: { uri }, range: ds[0]!.range, context: { diagnostics: ds } });
  assert.deepEqual(
    actions.filter((a) => !/^(Suppress|Turn off) '/.test(a.title)).map((a) => [a.title, a.edit?.changes?.[uri]?.[0]?.newText]),
    [["Point the import at '@../docs/architecture.md'", '@../docs/architecture.md']],
  );
});

test('instructions in effect for a source file, per client, in order', async () => {
  const r = await client.request<InstructionsInEffectResult>('agentFiles/instructionsInEffect', { uri: fileUri('src', 'app', 'main.ts') });
  assert.equal(r.path, 'src/app/main.ts');
  const of = (c: string) => r.clients.find((x) => x.client.startsWith(c))!.items.map((i) => path.relative(root, URI.parse(i.uri).fsPath));
  assert.deepEqual(of('Codex'), ['AGENTS.md']);
  // CLAUDE.md imports docs/architecture.md: Claude Code inlines it right after.
  assert.deepEqual(of('Claude Code'), ['CLAUDE.md', path.join('docs', 'architecture.md')]);
  assert.deepEqual(of('GitHub Copilot'), ['AGENTS.md', 'CLAUDE.md', path.join('.github', 'instructions', 'ts.instructions.md')]);
  const web = await client.request<InstructionsInEffectResult>('agentFiles/instructionsInEffect', { uri: fileUri('web', 'index.ts') });
  assert.deepEqual(
    web.clients.find((x) => x.client.startsWith('Codex'))!.items.map((i) => i.uri),
    [fileUri('AGENTS.md'), fileUri('web', 'AGENTS.md')],
  );
});

test('workspace symbols include the headings of instruction files', async () => {
  const syms = await client.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'Web' });
  assert.deepEqual(
    syms.map((s) => [s.name, s.containerName, (s.location as Location).uri]),
    [['Web', 'AGENTS.md', fileUri('web', 'AGENTS.md')]],
  );
  const agents = await client.request<WorkspaceSymbol[]>('workspace/symbol', { query: 'TypeScript' });
  assert.deepEqual(
    agents.map((s) => [s.name, s.containerName]),
    [['TypeScript', '.instructions.md']],
  );
});

test('with editorValidatesPromptFiles (VS Code), unknown keys are left to the editor in a file it gives its instructions language, typos are not', async () => {
  const c2 = await startClient({ rootUri: URI.file(root).toString(), initializationOptions: { editorValidatesPromptFiles: true } });
  try {
    const text = '---\napplyto: "**/*.go"\ncolour: blue\n---\n';
    const uri = fileUri('.github', 'instructions', 'go.instructions.md');
    const pending = c2.diagnostics(uri);
    c2.open(uri, text, 'instructions', 1);
    assert.deepEqual(
      (await pending).map((d) => d.code),
      ['instructions-key-typo'],
    );
    // The same file read as Markdown (an older VS Code, or the language changed): VS Code validates nothing, we report all.
    const md = fileUri('.github', 'instructions', 'md.instructions.md');
    const asMarkdown = c2.diagnostics(md);
    c2.open(md, text, 'markdown', 1);
    assert.deepEqual(
      (await asMarkdown).map((d) => d.code),
      ['instructions-key-typo', 'instructions-key-unknown'],
    );
  } finally {
    await shutdown(c2);
  }
});
