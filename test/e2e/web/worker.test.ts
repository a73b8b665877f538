// The browser build of the language server (dist/web/server.js) in a real chromium Web Worker,
// driven over postMessage by a test page (./harness.js) that plays the web client: it answers the
// server's agentFiles/fs/* requests from an in-memory copy of the fixture workspace, under a URI
// scheme that is not `file:` (as vscode.dev's `vscode-vfs:`). Diagnostics of every kind of file,
// the cross-file ones read through that injected host, and the requests behind the views.
// env (scripts/e2e/env.sh): E2E_PLAYWRIGHT_DIR, E2E_CHROMIUM.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { checkBrokenAgent, checkSkill, checkWorld, ROOT, show, workspaceCopy, type LspDiagnostic } from '../lsp-clients';

const FOLDER = 'memfs:/ws';
const ws = workspaceCopy();
const DEADLINE = 15_000;

// Files the cross-file checks read: a skill's reference (one anchor found, one not, one file
// missing) and a CLAUDE.md with one import that resolves and one that does not.
const extra: Record<string, string> = {
  'skills/pdf-tools/references/guide.md': '# Guide\n\n## Setup\n\nInstall the tools.\n',
  'CLAUDE.md': '# Project notes\n\nFollow @docs/style.md and @docs/gone.md.\n',
  'docs/style.md': '# Style\n\nShort sentences.\n',
  // A config the scan reads before its text has arrived (configs are not among the prefetched files).
  'late/.agent-files.json': '{ "targets": ["codex"] }\n',
  'late/skills/late-skill/SKILL.md': '---\nname: late-skill\ndescription: Checks late configs. Use when a config loads after the scan.\n---\n# Late\n',
};
for (const [rel, text] of Object.entries(extra)) {
  mkdirSync(join(ws.dir, rel, '..'), { recursive: true });
  writeFileSync(join(ws.dir, rel), text);
}
const skillPath = join(ws.dir, 'skills/pdf-tools/SKILL.md');
writeFileSync(skillPath, `${readFileSync(skillPath, 'utf8')}\nSee [setup](references/guide.md#setup), [nowhere](references/guide.md#nowhere) and [forms](references/forms.md).\n`);

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? walk(join(dir, n)) : [join(dir, n)]));
}
const uriOf = (rel: string) => `${FOLDER}/${rel}`;
const files = Object.fromEntries(walk(ws.dir).map((p) => [uriOf(relative(ws.dir, p).split('\\').join('/')), readFileSync(p, 'utf8')]));

let http: Server;
let browser: any;
let page: any;

before(async () => {
  const pages: Record<string, [string, string]> = {
    '/': ['text/html', '<!doctype html><meta charset="utf-8"><title>Agent Files web worker test</title><script src="/harness.js"></script>'],
    '/harness.js': ['text/javascript', readFileSync(join(__dirname, 'harness.js'), 'utf8')],
    '/server.js': ['text/javascript', readFileSync(join(ROOT, 'dist', 'web', 'server.js'), 'utf8')],
  };
  http = createServer((req, res) => {
    const hit = pages[(req.url ?? '/').split('?')[0]!];
    res.writeHead(hit ? 200 : 404, { 'content-type': hit?.[0] ?? 'text/plain' });
    res.end(hit?.[1] ?? 'not found');
  });
  await new Promise<void>((r) => http.listen(0, '127.0.0.1', r));
  const port = (http.address() as { port: number }).port;
  const dir = process.env.E2E_PLAYWRIGHT_DIR;
  if (!dir) throw new Error('E2E_PLAYWRIGHT_DIR is not set; source scripts/e2e/env.sh and run scripts/e2e/setup.sh first');
  const { chromium } = createRequire(__filename)(dir);
  browser = await chromium.launch({
    executablePath: process.env.E2E_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    env: { ...process.env, XDG_CONFIG_HOME: join(ws.dir, '.browser-config'), HOME: ws.dir },
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  page = await browser.newPage();
  page.on('pageerror', (e: Error) => console.log(`[page error] ${e.message}`));
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.evaluate((f: Record<string, string>) => (globalThis as any).harness.start(f), files);
});

after(async () => {
  if (process.env.E2E_DEBUG_CONSOLE && page) console.log((await page.evaluate(() => (globalThis as any).harness.log)).join('\n'));
  await browser?.close();
  http?.close();
  ws.dispose();
});

const rpc = (method: string, params: unknown) => page.evaluate(([m, p]: [string, unknown]) => (globalThis as any).harness.request(m, p), [method, params]);
const notify = (method: string, params: unknown) => page.evaluate(([m, p]: [string, unknown]) => (globalThis as any).harness.notify(m, p), [method, params]);
const published = (uri: string): Promise<LspDiagnostic[] | undefined> => page.evaluate((u: string) => (globalThis as any).harness.diagnostics[u], uri);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until the diagnostics published for a file pass `check` (the server may publish twice: before and after a text arrives). */
async function diagnosticsWhere(rel: string, check: (d: LspDiagnostic[]) => void): Promise<LspDiagnostic[]> {
  const end = Date.now() + DEADLINE;
  for (;;) {
    const d = await published(uriOf(rel));
    try {
      if (!d) throw new Error(`no diagnostics published for ${rel}`);
      check(d);
      return d;
    } catch (e) {
      if (Date.now() > end) throw e;
    }
    await pause(50);
  }
}

function open(rel: string, languageId: string): Promise<void> {
  return notify('textDocument/didOpen', { textDocument: { uri: uriOf(rel), languageId, version: 1, text: files[uriOf(rel)] } });
}

const codes = (d: LspDiagnostic[]) => d.map((x) => String(x.code));

test('the worker answers initialize with the same capabilities as on Node, for a workspace folder that is not file:', async () => {
  const r = await rpc('initialize', {
    processId: null,
    rootUri: FOLDER,
    workspaceFolders: [{ uri: FOLDER, name: 'ws' }],
    capabilities: { workspace: { didChangeWatchedFiles: { dynamicRegistration: true }, workspaceFolders: true }, window: { workDoneProgress: true } },
  });
  assert.equal(r.serverInfo.name, 'agent-files-language-server');
  for (const c of ['hoverProvider', 'definitionProvider', 'completionProvider', 'codeActionProvider']) assert.ok(r.capabilities[c], c);
  await notify('initialized', {});
});

test('the workspace index comes through agentFiles/fs/findFiles and readFile: agents, skills and AGENT.md agents for the Skills tree', async () => {
  const end = Date.now() + DEADLINE;
  let index: { files: { uri: string; skills?: { name: string }[] }[] } = { files: [] };
  // Until the files this test reads are indexed: the scan goes on past any count of files.
  const wanted = ['helper.agent.3md', 'skills/pdf-tools/SKILL.md', 'team/agents/intern/AGENT.md'].map(uriOf);
  const indexed = () => wanted.every((u) => index.files.some((f) => f.uri === u && (!u.endsWith('.3md') || (f.skills?.length ?? 0) > 0)));
  while (!(index.files.length >= 8 && indexed()) && Date.now() < end) {
    index = await rpc('agentFiles/workspaceIndex', {});
    await pause(50);
  }
  const byUri = new Map(index.files.map((f) => [f.uri, f]));
  assert.deepEqual(
    byUri.get(uriOf('helper.agent.3md'))?.skills?.map((s) => s.name),
    ['search-code', 'open-pr'],
  );
  assert.ok(byUri.has(uriOf('skills/pdf-tools/SKILL.md')), JSON.stringify([...byUri.keys()]));
  assert.ok(byUri.has(uriOf('team/agents/intern/AGENT.md')));
  const calls = await page.evaluate(() => (globalThis as any).harness.fsCalls);
  assert.ok(calls['agentFiles/fs/findFiles'] >= 1 && calls['agentFiles/fs/readFile'] >= 8, JSON.stringify(calls));
});

test('a config whose text arrives after the scan read it re-indexes the files it governs: the skill shows its targets', async () => {
  const end = Date.now() + DEADLINE;
  let names: string[] | undefined;
  while (Date.now() < end) {
    const index: { files: { uri: string; targets?: { names: string[] } }[] } = await rpc('agentFiles/workspaceIndex', {});
    names = index.files.find((f) => f.uri === uriOf('late/skills/late-skill/SKILL.md'))?.targets?.names;
    if (names?.join(',') === 'codex') break;
    await pause(50);
  }
  assert.deepEqual(names, ['codex']);
});

test('a broken agent.3md gets dead-link and tool-input on the right ranges, and hovering the link explains it', async () => {
  await open('agent.3md', '3md');
  const d = await diagnosticsWhere('agent.3md', (x) => checkBrokenAgent(ws.dir, x));
  const link = d.find((x) => x.code === 'dead-link')!;
  const hover = await rpc('textDocument/hover', {
    textDocument: { uri: uriOf('agent.3md') },
    position: { line: link.range.start.line, character: link.range.start.character + 3 },
  });
  assert.match(JSON.stringify(hover), /No plane has z=42\./);
});

test("a SKILL.md gets its own diagnostics, and its references are checked through the client's files: a missing file, a missing anchor", async () => {
  await open('skills/pdf-tools/SKILL.md', 'markdown');
  const d = await diagnosticsWhere('skills/pdf-tools/SKILL.md', (x) => {
    checkSkill(ws.dir, x);
    // the anchor check reads guide.md, which the scan did not prefetch: it arrives, then the skill is checked again
    assert.ok(codes(x).includes('skill-anchor-missing'), show(x));
    assert.ok(codes(x).includes('skill-file-missing'), show(x));
  });
  assert.equal(d.filter((x) => x.code === 'skill-anchor-missing').length, 1, show(d));
  assert.match(d.find((x) => x.code === 'skill-anchor-missing')!.message, /nowhere/);
  assert.match(d.find((x) => x.code === 'skill-file-missing')!.message, /forms\.md/);
});

test('a file created in the workspace (a watched-file event) is read again and the missing reference goes away', async () => {
  const uri = uriOf('skills/pdf-tools/references/forms.md');
  await page.evaluate((u: string) => (globalThis as any).harness.files.set(u, '# Forms\n'), uri);
  await notify('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 1 }] });
  await diagnosticsWhere('skills/pdf-tools/SKILL.md', (x) => assert.ok(!codes(x).includes('skill-file-missing'), show(x)));
});

test('AGENT.md `extends` resolves through the index of the injected host: a known parent is fine, an unknown one is reported', async () => {
  await open('team/agents/intern/AGENT.md', 'markdown');
  await open('team/agents/orphan/AGENT.md', 'markdown');
  await diagnosticsWhere('team/agents/orphan/AGENT.md', (x) => assert.ok(codes(x).includes('agent-extends-unresolved'), show(x)));
  const intern = await diagnosticsWhere('team/agents/intern/AGENT.md', () => undefined);
  assert.ok(!codes(intern).includes('agent-extends-unresolved'), show(intern));
});

test("the world graph: world.json's unknown edge is reported and its prompt files are found in the client's files", async () => {
  await open('.agent-world/world.json', 'json');
  const d = await diagnosticsWhere('.agent-world/world.json', (x) => checkWorld(ws.dir, x));
  assert.ok(!codes(d).some((c) => c.startsWith('world-prompt')), show(d));
});

test('CLAUDE.md imports: the one that exists is read, the missing one is reported', async () => {
  await open('CLAUDE.md', 'markdown');
  const d = await diagnosticsWhere('CLAUDE.md', (x) => assert.ok(codes(x).includes('instructions-import-missing'), show(x)));
  const missing = d.filter((x) => x.code === 'instructions-import-missing');
  assert.equal(missing.length, 1, show(d));
  assert.match(missing[0]!.message, /gone\.md/);
});

test('what the agent sees answers for a file of a workspace folder that is not file: (vscode.dev): the CLAUDE.md chain', async () => {
  const end = Date.now() + DEADLINE;
  for (;;) {
    const r: { instructions: { client: string; items: { uri: string }[] }[] } | null = await rpc('agentFiles/effect', { uri: uriOf('docs/style.md') });
    const claude = r?.instructions.find((c) => c.client === 'Claude Code');
    if (claude?.items.some((i) => i.uri === uriOf('CLAUDE.md'))) {
      assert.ok(r!.instructions.some((c) => c.client === 'OpenCode') && r!.instructions.some((c) => c.client === 'Cursor'), JSON.stringify(r));
      return;
    }
    if (Date.now() > end) assert.fail(`no CLAUDE.md in the Claude Code chain: ${JSON.stringify(r)}`);
    await pause(50);
  }
});

test('the route tester and the <available_skills> prompt answer in the worker', async () => {
  const ranked: { name: string; score: number }[] = await rpc('agentFiles/route', { text: 'find the TODO comments in src' });
  assert.equal(ranked[0]?.name, 'search-code', JSON.stringify(ranked));
  const prompt: { xml: string; count: number } = await rpc('agentFiles/skillsPrompt', {});
  assert.ok(prompt.count >= 1 && prompt.xml.includes('<available_skills>'), JSON.stringify(prompt));
});

test('shutdown and exit end the session cleanly; the worker logged no failure', async () => {
  assert.equal(await rpc('shutdown', null), null);
  await notify('exit', null);
  const log: string[] = await page.evaluate(() => (globalThis as any).harness.log);
  assert.ok(!log.some((l) => /failed|uncaught|unhandled|worker error/i.test(l)), log.join('\n'));
});
