/**
 * The built server over stdio against a client that breaks the base protocol or the lifecycle:
 * malformed frames (each followed by a valid request, which must be answered), an oversized
 * body (refused without being buffered), requests after shutdown, a second initialize, null
 * params, and the exit codes of `exit`.
 */
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { ErrorCodes, ResponseError } from 'vscode-languageserver-protocol';
import type { DocumentSymbol } from 'vscode-languageserver-protocol';
import { startClient, type TestClient } from '../helpers/lspClient';
import { waitForIndex } from '../helpers/lspWorkspace';

const URI = 'file:///ws/probe.agent.3md';
const TEXT = '---\n3md: 1.0\ntitle: Probe\n---\n@plane z=0 label="Probe" kind=identity\nYou probe.\n@plane z=1 label="search" kind=skill triggers="find"\nSearch.\n';

function within<T>(p: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout;
  return Promise.race([p, new Promise<T>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: no answer within ${ms} ms`)), ms)))]).finally(() =>
    clearTimeout(timer),
  );
}

async function assertAnswers(c: TestClient, what: string): Promise<void> {
  assert.equal(c.process.exitCode, null, `${what}: the server exited`);
  const symbols = await within(c.request<DocumentSymbol[]>('textDocument/documentSymbol', { textDocument: { uri: URI } }), 10_000, what);
  assert.deepEqual(
    symbols.map((s) => s.name),
    ['Probe', 'search'],
    what,
  );
}

async function codeOf(p: Promise<unknown>): Promise<number | undefined> {
  try {
    await p;
    return undefined;
  } catch (e) {
    if (e instanceof ResponseError) return e.code;
    throw e;
  }
}

function rssMb(c: TestClient): number {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${c.process.pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : 0;
}

const write = (c: TestClient, bytes: string | Buffer) => new Promise<void>((r) => c.process.stdin!.write(bytes, () => r()));

let client: TestClient;
before(async () => {
  client = await startClient();
  client.open(URI, TEXT);
  await assertAnswers(client, 'baseline');
});
after(() => client.stop());

const body = '{"jsonrpc":"2.0","method":"textDocument/didClose","params":{"textDocument":{"uri":"file:///ws/other.3md"}}}';
const MALFORMED: [string, string][] = [
  ['non-numeric Content-Length', `Content-Length: abc\r\n\r\n${body}`],
  ['negative Content-Length', `Content-Length: -20\r\n\r\n${body}`],
  ['missing Content-Length', `Content-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n${body}`],
  ['two Content-Length headers', `Content-Length: 3\r\nContent-Length: 9999\r\n\r\n${body}`],
  ['an LF-only header', `Content-Length: ${body.length}\n\n${body}`],
  ['a body shorter than declared', `Content-Length: ${body.length + 500}\r\n\r\n${body}`],
  ['a header with no terminator', `Content-Length: ${body.length}`],
  ['a body that is not JSON', 'Content-Length: 7\r\n\r\n{"a":,}'],
  ['bytes that are no frame at all', '\u0000\u0001 garbage \r\n'],
];

for (const [name, bytes] of MALFORMED) {
  test(`${name}: the server logs it and answers the next valid request`, async () => {
    const before = client.logs.length;
    await write(client, bytes);
    await assertAnswers(client, name);
    const logged = client.logs.slice(before).filter((l) => /malformed|refused/.test(l));
    assert.ok(logged.length > 0, `${name}: nothing logged (${client.logs.slice(before).join(' | ')})`);
  });
}

test('a 200 MB Content-Length is refused without buffering: 30 MB of it sent, memory stays bounded, the next request is answered', { timeout: 60_000 }, async () => {
  const baseline = rssMb(client);
  const before = client.logs.length;
  await write(
    client,
    'Content-Length: 200000000\r\n\r\n{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///ws/huge.3md","languageId":"3md","version":1,"text":"',
  );
  const chunk = Buffer.alloc(1024 * 1024, 'a');
  for (let i = 0; i < 30; i++) await write(client, chunk);
  await assertAnswers(client, 'after the oversized body');
  const grown = rssMb(client) - baseline;
  assert.ok(grown < 60, `server RSS grew by ${grown.toFixed(0)} MB while 30 MB of a refused body arrived`);
  assert.ok(
    client.logs.slice(before).some((l) => /over the 67108864-byte limit/.test(l)),
    client.logs.slice(before).join(' | '),
  );
});

test('null or non-object params of a request that requires them are answered with InvalidParams', async () => {
  for (const method of ['textDocument/hover', 'textDocument/documentSymbol', 'textDocument/completion', 'workspace/symbol', 'agentFiles/fillCommand', 'agentFiles/route']) {
    for (const params of [null, 'x', [1]]) assert.equal(await codeOf(client.request(method, params)), ErrorCodes.InvalidParams, `${method} ${JSON.stringify(params)}`);
  }
  assert.equal(await codeOf(client.request('textDocument/hover', { textDocument: null, position: { line: 0, character: 0 } })), ErrorCodes.InvalidParams);
  await assertAnswers(client, 'after null params');
});

test('a second initialize is refused with InvalidRequest; the server carries on', async () => {
  assert.equal(await codeOf(client.request('initialize', { processId: null, rootUri: null, capabilities: {} })), ErrorCodes.InvalidRequest);
  await assertAnswers(client, 'after a second initialize');
});

test('after shutdown every request is refused with InvalidRequest, and exit ends the server with code 0', async () => {
  const c = await startClient();
  try {
    c.open(URI, TEXT);
    await assertAnswers(c, 'before shutdown');
    await c.request('shutdown', null);
    for (const method of ['textDocument/documentSymbol', 'textDocument/hover', 'agentFiles/workspaceIndex', 'shutdown', 'initialize']) {
      assert.equal(await codeOf(c.request(method, { textDocument: { uri: URI }, position: { line: 0, character: 0 } })), ErrorCodes.InvalidRequest, method);
    }
    const exited = new Promise<number | null>((r) => c.process.once('exit', (code) => r(code)));
    await c.connection.sendNotification('exit');
    assert.equal(await within(exited, 10_000, 'exit'), 0);
  } finally {
    c.process.kill();
  }
});

test('exit without shutdown ends the server with code 1', async () => {
  const c = await startClient();
  try {
    const exited = new Promise<number | null>((r) => c.process.once('exit', (code) => r(code)));
    await c.connection.sendNotification('exit');
    assert.equal(await within(exited, 10_000, 'exit'), 1);
  } finally {
    c.process.kill();
  }
});

test('closing stdin ends the server (code 1 without shutdown)', async () => {
  const c = await startClient();
  try {
    const exited = new Promise<number | null>((r) => c.process.once('exit', (code) => r(code)));
    c.process.stdin!.end();
    assert.equal(await within(exited, 10_000, 'stdin closed'), 1);
  } finally {
    c.process.kill();
  }
});

test('a 10,000-deep world.json on disk does not empty the workspace index; opened, it reports its own diagnostic', { timeout: 60_000 }, async () => {
  const fs = await import('node:fs');
  const os = await import('node:os');
  const path = await import('node:path');
  const { URI: Uri } = await import('vscode-uri');
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'af-deep-')));
  try {
    fs.mkdirSync(path.join(root, '.agent-world'));
    const deep = '['.repeat(10_000) + ']'.repeat(10_000);
    fs.writeFileSync(path.join(root, '.agent-world', 'world.json'), deep);
    fs.writeFileSync(path.join(root, 'probe.agent.3md'), TEXT);
    fs.mkdirSync(path.join(root, 'tool'));
    fs.writeFileSync(path.join(root, 'tool', 'SKILL.md'), '---\nname: tool\ndescription: A tool.\n---\nUse it.\n');
    const c = await startClient({ rootUri: Uri.file(root).toString() });
    try {
      const files = await waitForIndex(c, (f) => f.length >= 2);
      assert.ok(
        files.some((f) => f.uri.endsWith('probe.agent.3md')),
        `the agent is indexed: ${JSON.stringify(files)}`,
      );
      assert.ok(
        files.some((f) => f.uri.endsWith('SKILL.md')),
        'the skill is indexed',
      );
      const worldUri = Uri.file(path.join(root, '.agent-world', 'world.json')).toString();
      const pending = c.diagnostics(worldUri, () => true, 10_000);
      c.open(worldUri, deep, 'json');
      const ds = await pending;
      assert.ok(
        ds.some((d) => d.code === 'world-invalid-json' && /deeper than/.test(String(d.message))),
        JSON.stringify(ds),
      );
      for (const method of ['textDocument/documentSymbol', 'textDocument/foldingRange', 'textDocument/codeLens', 'textDocument/documentLink']) {
        assert.equal(await codeOf(c.request(method, { textDocument: { uri: worldUri } })), undefined, method);
      }
      assert.equal(await codeOf(c.request('textDocument/hover', { textDocument: { uri: worldUri }, position: { line: 0, character: 5000 } })), undefined);
      assert.ok(
        !c.logs.some((l) => /Maximum call stack|RangeError/.test(l)),
        c.logs
          .filter((l) => /Maximum|RangeError/.test(l))
          .join('\n')
          .slice(0, 500),
      );
    } finally {
      await c.stop();
    }
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('a 5,000-deep fillCommand value is refused with InvalidParams and a message, never a stack overflow', async () => {
  const uri = 'file:///ws/fill.agent.3md';
  client.open(
    uri,
    '---\n3md: 1.0\ntitle: F\ntools: rg\n---\n@plane z=0 label="F" kind=identity\nYou.\n@plane z=1 label="search" kind=skill triggers="find" inputs="q" tool="rg {q}"\nSearch.\n',
  );
  // Written as raw bytes: the test client's own JSON.stringify cannot serialise 5,000 levels either.
  const deep = '['.repeat(5000) + '"x"' + ']'.repeat(5000);
  const request = `{"jsonrpc":"2.0","id":"deep-fill","method":"agentFiles/fillCommand","params":{"uri":"${uri}","z":1,"values":{"q":${deep}}}}`;
  let out = '';
  const answered = new Promise<string>((resolve) => {
    const onData = (b: Buffer) => {
      out += b.toString('utf8');
      const m = /\{[^{}]*"id":"deep-fill"[^\n]*?\}\}/.exec(out);
      if (m) {
        client.process.stdout!.off('data', onData);
        resolve(m[0]);
      }
    };
    client.process.stdout!.on('data', onData);
  });
  await write(client, `Content-Length: ${Buffer.byteLength(request)}\r\n\r\n${request}`);
  const reply = JSON.parse(await within(answered, 10_000, 'the deep fillCommand')) as { error?: { code: number; message: string } };
  assert.equal(reply.error?.code, ErrorCodes.InvalidParams, JSON.stringify(reply));
  assert.match(reply.error!.message, /nested deeper than 64 levels/);
  const ok = await client.request<{ command: string | null }>('agentFiles/fillCommand', { uri, z: 1, values: { q: 'a b' } });
  assert.equal(ok.command, "rg 'a b'");
});

test('--version prints the version of package.json, as initialize does', async () => {
  const pkg = JSON.parse(readFileSync(resolve(__dirname, '../../package.json'), 'utf8')) as { version: string };
  const out = execFileSync(process.execPath, [resolve(__dirname, '../../dist/server.js'), '--version'], { encoding: 'utf8' });
  assert.equal(out, `agent-files-language-server ${pkg.version}\n`);
  const c = await startClient();
  assert.equal(c.initialize.serverInfo?.version, pkg.version);
  await c.stop();
});
