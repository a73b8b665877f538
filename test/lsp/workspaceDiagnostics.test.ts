/**
 * Workspace diagnostics over stdio, on a copy of the marketplace fixture: a pulling client gets
 * every file's problems without opening one (result ids, `unchanged`, partial results, the scope
 * setting, refresh only when announced); a client that does not pull gets them published, and
 * cleared once fixed.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { ClientCapabilities, Diagnostic, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';
import { CancellationTokenSource } from 'vscode-languageserver-protocol/node';
import { startClient, type TestClient } from '../helpers/lspClient';
import { shutdown } from '../fixtures/workspace-formats/lsp';

const FIXTURE = path.resolve(__dirname, '../fixtures/marketplace-repo');

type Item =
  { kind: 'full'; uri: string; version: number | null; resultId?: string; items: Diagnostic[] } | { kind: 'unchanged'; uri: string; version: number | null; resultId: string };

/** A fresh copy of the fixture in a temporary folder. */
function copyFixture(): { root: string; uri: (rel: string) => string; write: (rel: string, text: string) => string; remove: (rel: string) => string } {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-wsdiag-')));
  fs.cpSync(FIXTURE, root, { recursive: true });
  const uri = (rel: string) => URI.file(path.join(root, rel)).toString();
  return {
    root,
    uri,
    write(rel, text) {
      fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
      fs.writeFileSync(path.join(root, rel), text);
      return uri(rel);
    },
    remove(rel) {
      fs.rmSync(path.join(root, rel), { force: true });
      return uri(rel);
    },
  };
}

const PULL: ClientCapabilities = {
  textDocument: { diagnostic: { dynamicRegistration: false } },
  workspace: { workspaceFolders: true, diagnostics: { refreshSupport: true }, didChangeWatchedFiles: { dynamicRegistration: false } },
  window: { workDoneProgress: true },
};

/** Sends workspace/diagnostic with these previous ids; with `partial`, collects the partial results too. */
async function pullWorkspace(client: TestClient, previous: Map<string, string>, partial = false, token?: CancellationTokenSource) {
  const parts: Item[][] = [];
  const tokenId = partial ? `wsdiag-${Math.random().toString(36).slice(2)}` : undefined;
  // The test client's own $/progress handler drops everything: this one keeps this request's partial results.
  const sub = tokenId
    ? client.connection.onNotification('$/progress', (p: { token: string; value: { items: Item[] } }) => void (p.token === tokenId && parts.push(p.value.items)))
    : undefined;
  try {
    const params = { previousResultIds: [...previous].map(([uri, value]) => ({ uri, value })), ...(tokenId ? { partialResultToken: tokenId } : {}) };
    const r = (await (token ? client.connection.sendRequest('workspace/diagnostic', params, token.token) : client.connection.sendRequest('workspace/diagnostic', params))) as {
      items: Item[];
    };
    return { items: [...parts.flat(), ...r.items], parts, final: r.items };
  } finally {
    sub?.dispose();
  }
}

const ids = (items: Item[]) => new Map(items.filter((i) => i.resultId).map((i) => [i.uri, i.resultId!]));
const summary = (items: Item[], rel: (u: string) => string) =>
  items.map((i) => (i.kind === 'full' ? `${rel(i.uri)} ${i.items.map((d) => d.code).join(',') || '(clean)'}` : `${rel(i.uri)} unchanged`)).sort();

const EXPECTED = [
  '.agents/skills/test-runner/SKILL.md skill-name-invalid-chars,skill-name-directory-mismatch',
  '.claude/skills/release-notes/SKILL.md skill-file-missing',
  'AGENTS.md instructions-command-undefined,instructions-link-missing',
  'CLAUDE.md instructions-import-missing',
  'plugins/pdf-kit/skills/pdf-extract/SKILL.md skill-file-missing',
  'plugins/review-kit/skills/code-review/SKILL.md skill-context-value,skill-file-missing',
];

let ws: ReturnType<typeof copyFixture>;
let client: TestClient;
let refreshes = 0;
const rel = (u: string) => path.relative(ws.root, URI.parse(u).fsPath).split(path.sep).join('/');

before(async () => {
  ws = copyFixture();
  client = await startClient({ rootUri: URI.file(ws.root).toString(), capabilities: PULL, initializationOptions: { diagnosticDelay: 0 } });
  client.connection.onRequest('workspace/diagnostic/refresh', () => void refreshes++);
});
after(async () => {
  await shutdown(client);
  fs.rmSync(ws.root, { recursive: true, force: true });
});

test('a pulling client is offered workspace diagnostics', () => {
  assert.deepEqual(client.initialize.capabilities.diagnosticProvider, { interFileDependencies: true, workspaceDiagnostics: true });
});

let first: Item[] = [];
test('the first workspace pull lists every file with problems, none opened, each with a result id', async () => {
  first = (await pullWorkspace(client, new Map())).items;
  assert.deepEqual(summary(first, rel), EXPECTED);
  assert.ok(first.every((i) => i.kind === 'full' && i.resultId && i.version === null));
});

test('pulling again with the result ids is held until something changes, then answers the changed file in full and the others unchanged', async () => {
  const previous = ids(first);
  let answered = false;
  const pending = pullWorkspace(client, previous).then((r) => ((answered = true), r));
  // The request is held: a file that nothing reads is written and reported, the client asks nothing else.
  await new Promise((r) => setTimeout(r, 600));
  assert.equal(answered, false, 'answered with nothing changed');
  // The missing template of release-notes appears on disk.
  const template = ws.write('.claude/skills/release-notes/templates/notes.md', '# Notes\n');
  await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: template, type: 1 }] });
  const { items } = await pending;
  const notes = ws.uri('.claude/skills/release-notes/SKILL.md');
  assert.deepEqual(
    items.find((i) => i.uri === notes),
    { kind: 'full', uri: notes, version: null, resultId: items.find((i) => i.uri === notes)!.resultId, items: [] },
  );
  const others = items.filter((i) => i.uri !== notes);
  assert.equal(others.length, EXPECTED.length - 1);
  assert.ok(
    others.every((i) => i.kind === 'unchanged' && i.resultId === previous.get(i.uri)),
    JSON.stringify(others),
  );
  first = items;
});

test('with a partial result token the reports arrive as partial results and the response is empty', async () => {
  const r = await pullWorkspace(client, new Map(), true);
  assert.deepEqual(r.final, []);
  assert.ok(r.parts.length >= 1);
  assert.deepEqual(
    summary(r.items, rel),
    EXPECTED.filter((e) => !e.startsWith('.claude/skills/release-notes')),
  );
});

test('a deleted file the client holds a report of is cleared', async () => {
  const previous = ids((await pullWorkspace(client, new Map())).items);
  const gone = ws.remove('.agents/skills/test-runner/SKILL.md');
  await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: gone, type: 3 }] });
  const { items } = await pullWorkspace(client, previous);
  assert.deepEqual(
    items.find((i) => i.uri === gone),
    { kind: 'full', uri: gone, version: null, items: [] },
  );
});

test('a closed file pulled as a document gets its report from disk, the same as the workspace report', async () => {
  const uri = ws.uri('AGENTS.md');
  const doc = (await client.request('textDocument/diagnostic', { textDocument: { uri } })) as { kind: string; resultId: string; items: Diagnostic[] };
  const inWorkspace = first.find((i) => i.uri === uri) as Extract<Item, { kind: 'unchanged' }> | undefined;
  assert.equal(doc.kind, 'full');
  assert.deepEqual(
    doc.items.map((d) => d.code),
    ['instructions-command-undefined', 'instructions-link-missing'],
  );
  assert.equal(doc.resultId, inWorkspace?.resultId);
});

test('the server asked for a refresh only after initialization, and the client announced it can take one', () => {
  // Writing files above made the open documents' diagnostics stale: a refresh was asked for (none before `initialized`).
  assert.ok(refreshes >= 1);
  assert.ok(!client.logs.some((l) => /refresh/i.test(l) && /error|unhandled/i.test(l)), client.logs.join('\n'));
});

test('with agentFiles.diagnostics.scope "openFiles", the files the client holds reports of are cleared and no closed file is reported', async () => {
  const previous = ids((await pullWorkspace(client, new Map())).items);
  assert.ok(previous.size > 0);
  await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { agentFiles: { diagnostics: { scope: 'openFiles' } } } });
  const { items } = await pullWorkspace(client, previous);
  assert.deepEqual(
    items.map((i) => ({ kind: i.kind, items: i.kind === 'full' ? i.items : undefined })),
    [...previous.keys()].map(() => ({ kind: 'full', items: [] })),
  );
  // Nothing more to say: the next pull is held (cancelled here).
  const cancel = new CancellationTokenSource();
  const held = pullWorkspace(client, new Map(), false, cancel).catch((e: Error) => e);
  await new Promise((r) => setTimeout(r, 500));
  cancel.cancel();
  assert.match(String(await held), /cancel/i);
  await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { agentFiles: { diagnostics: { scope: 'workspace' } } } });
});

test('a keystroke in an open file re-checks no closed file that does not read it', async () => {
  const uri = ws.uri('plugins/pdf-kit/skills/pdf-merge/SKILL.md');
  const text = fs.readFileSync(URI.parse(uri).fsPath, 'utf8');
  await pullWorkspace(client, new Map());
  const before = client.logs.length;
  client.open(uri, text, 'skill');
  for (let v = 2; v < 12; v++) client.change(uri, v, [{ range: { start: { line: 6, character: 0 }, end: { line: 6, character: 0 } }, text: 'x' }]);
  // A pull after the typing: everything it reports is unchanged and nothing was checked again but the edited file's readers (none).
  const previous = ids((await pullWorkspace(client, new Map())).items);
  const marker = ws.write('docs/unrelated.md', 'x');
  await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: marker, type: 1 }] });
  await new Promise((r) => setTimeout(r, 800));
  const checks = client.logs.slice(before).filter((l) => l.startsWith('workspace diagnostics: checked'));
  const counts = checks.map((l) => Number(/checked (\d+) of/.exec(l)![1]));
  assert.ok(
    counts.every((n) => n <= 1),
    checks.join('\n'),
  );
  assert.ok(previous.size >= EXPECTED.length - 2);
});

// ---------------------------------------------------------------------------------------------
// A client that does not pull (Neovim, Emacs)

test('a client that does not pull gets the problems of closed files published, and cleared once fixed', async () => {
  const copy = copyFixture();
  const pushed = new Map<string, Diagnostic[]>();
  const waiters: (() => void)[] = [];
  const push = await startClient({
    rootUri: URI.file(copy.root).toString(),
    capabilities: { workspace: { workspaceFolders: true }, textDocument: { publishDiagnostics: { relatedInformation: true } } },
    initializationOptions: { diagnosticDelay: 0 },
  });
  push.connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    pushed.set(p.uri, p.diagnostics);
    for (const w of waiters.splice(0)) w();
  });
  const until = async (what: string, ok: () => boolean) => {
    const end = Date.now() + 10_000;
    while (!ok()) {
      if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify([...pushed.keys()].map((u) => path.relative(copy.root, URI.parse(u).fsPath)))}`);
      await new Promise<void>((r) => {
        waiters.push(r);
        setTimeout(r, 200);
      });
    }
  };
  try {
    const relOf = (u: string) => path.relative(copy.root, URI.parse(u).fsPath).split(path.sep).join('/');
    const published = () =>
      [...pushed]
        .filter(([, ds]) => ds.length)
        .map(([u, ds]) => `${relOf(u)} ${ds.map((d) => d.code).join(',')}`)
        .sort();
    await until('every file with problems', () => published().length === EXPECTED.length);
    assert.deepEqual(published(), EXPECTED);
    // No clean file was published.
    assert.deepEqual(
      [...pushed].filter(([, ds]) => ds.length === 0),
      [],
    );
    // The checklist of code-review appears: its missing-file warning is cleared, the other stays.
    const checklist = copy.write('plugins/review-kit/skills/code-review/checklist.md', '# Checklist\n');
    await push.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: checklist, type: 1 }] });
    const review = copy.uri('plugins/review-kit/skills/code-review/SKILL.md');
    await until('code-review re-published', () => (pushed.get(review) ?? []).length === 1);
    assert.deepEqual(
      pushed.get(review)!.map((d) => d.code),
      ['skill-context-value'],
    );
    // Fixing the last one publishes an empty list.
    copy.write('plugins/review-kit/skills/code-review/SKILL.md', fs.readFileSync(URI.parse(review).fsPath, 'utf8').replace('context: forked\n', ''));
    await push.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: review, type: 2 }] });
    await until('code-review cleared', () => pushed.get(review)?.length === 0);
  } finally {
    await shutdown(push);
    fs.rmSync(copy.root, { recursive: true, force: true });
  }
});

test('a pulling client that did not announce refresh support is never asked to refresh', async () => {
  const copy = copyFixture();
  const caps: ClientCapabilities = { ...PULL, workspace: { ...PULL.workspace, diagnostics: {} } };
  const c = await startClient({ rootUri: URI.file(copy.root).toString(), capabilities: caps, initializationOptions: { diagnosticDelay: 0, schemaDiagnostics: false } });
  let asked = 0;
  c.connection.onRequest('workspace/diagnostic/refresh', () => void asked++);
  try {
    const uri = copy.uri('AGENTS.md');
    c.open(uri, fs.readFileSync(URI.parse(uri).fsPath, 'utf8'), 'markdown');
    const created = copy.write('docs/CONTRIBUTING.md', '# Contributing\n');
    await c.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: created, type: 1 }] });
    const doc = (await c.request('textDocument/diagnostic', { textDocument: { uri } })) as { items: Diagnostic[] };
    assert.deepEqual(
      doc.items.map((d) => d.code),
      ['instructions-command-undefined'],
    );
    assert.equal(asked, 0);
  } finally {
    await shutdown(c);
    fs.rmSync(copy.root, { recursive: true, force: true });
  }
});

test('started as VS Code starts it, the server sends no request the client cannot take yet: no refresh before initialized, nothing unhandled', async () => {
  const copy = copyFixture();
  const c = await startClient({
    rootUri: URI.file(copy.root).toString(),
    capabilities: PULL,
    // What the VS Code client sends: settings that differ from the defaults re-check everything at once.
    initializationOptions: { diagnosticDelay: 150, schemaDiagnostics: false, editorValidatesPromptFiles: true, targets: [] },
  });
  // Registered once the client is initialized, as VS Code's client registers it: a refresh sent during initialize is answered "Unhandled method".
  c.connection.onRequest('workspace/diagnostic/refresh', () => null);
  try {
    const end = Date.now() + 10_000;
    while (!c.logs.some((l) => /^indexed \d+ file/.test(l)) && Date.now() < end) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 300));
    assert.ok(
      c.logs.some((l) => /^indexed \d+ file/.test(l)),
      c.logs.join('\n'),
    );
    assert.deepEqual(
      c.logs.filter((l) => /unhandled|Unhandled method/i.test(l)),
      [],
    );
  } finally {
    await shutdown(c);
    fs.rmSync(copy.root, { recursive: true, force: true });
  }
});

test('beside VS Code, an open file it validates leaves to it what it reports; closed, the same file keeps everything, as in the CLI', async () => {
  const copy = copyFixture();
  const c = await startClient({ rootUri: URI.file(copy.root).toString(), capabilities: PULL, initializationOptions: { diagnosticDelay: 0, editorValidatesPromptFiles: true } });
  c.connection.onRequest('workspace/diagnostic/refresh', () => null);
  const codes = (ds: Diagnostic[]) => ds.map((d) => d.code);
  const pull = async (uri: string) => ((await c.request('textDocument/diagnostic', { textDocument: { uri } })) as { items: Diagnostic[] }).items;
  try {
    const runner = copy.uri('.agents/skills/test-runner/SKILL.md');
    const notes = copy.uri('.claude/skills/release-notes/SKILL.md');
    // Closed: the report from disk, everything.
    assert.deepEqual(codes(await pull(runner)), ['skill-name-invalid-chars', 'skill-name-directory-mismatch']);
    assert.deepEqual(codes(await pull(notes)), ['skill-file-missing']);
    // Open with VS Code's skill language: its validator says these itself (the name, the missing file on a link).
    c.open(runner, fs.readFileSync(URI.parse(runner).fsPath, 'utf8'), 'skill');
    c.open(notes, fs.readFileSync(URI.parse(notes).fsPath, 'utf8'), 'skill');
    assert.deepEqual(codes(await pull(runner)), []);
    assert.deepEqual(codes(await pull(notes)), []);
    // The same file read as Markdown (no prompt-file language): nothing is left out.
    const code = copy.uri('plugins/review-kit/skills/code-review/SKILL.md');
    c.open(code, fs.readFileSync(URI.parse(code).fsPath, 'utf8'), 'markdown');
    assert.deepEqual(codes(await pull(code)), ['skill-context-value', 'skill-file-missing']);
    // VS Code validates only what its editors show: a skill in a hidden tab keeps everything, in its own report and in the workspace's.
    await c.connection.sendNotification('agentFiles/visibleEditors', { uris: [notes] });
    assert.deepEqual(codes(await pull(runner)), ['skill-name-invalid-chars', 'skill-name-directory-mismatch']);
    assert.deepEqual(codes(await pull(notes)), []);
    const report = (await c.request('workspace/diagnostic', { previousResultIds: [] })) as { items: { uri: string; items: Diagnostic[] }[] };
    assert.deepEqual(codes(report.items.find((i) => i.uri === runner)?.items ?? []), ['skill-name-invalid-chars', 'skill-name-directory-mismatch']);
    assert.equal(
      report.items.find((i) => i.uri === notes),
      undefined,
    );
  } finally {
    await shutdown(c);
    fs.rmSync(copy.root, { recursive: true, force: true });
  }
});
