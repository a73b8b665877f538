/**
 * Workspace scanning over a real, hostile file tree: symlink loops, unreadable and vanishing
 * folders, files deleted mid-scan, non-UTF-8 bytes, and the boundary: nothing outside the
 * workspace folders is ever read, neither through `..` nor through a symlink.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URI } from 'vscode-uri';
import { findFiles, NodeFsHost } from '../../server/src/node/fsHost';
import { liveFilesOnDisk, walkFiles } from '../../server/src/node/walk';
import { WorkspaceIndex } from '../../server/src/lsp/workspace';
import { NodeWorkspaceFs } from '../../server/src/node/workspaceFs';
import { fileKindOf } from '../../server/src/core/workspace/fileKinds';
import type { IndexedFile } from '../../server/src/core/workspace/indexTypes';

const base = mkdtempSync(join(tmpdir(), 'agent-files-scan-'));
after(() => {
  chmodSync(base, 0o755);
  rmSync(base, { recursive: true, force: true });
});

let n = 0;
/** A fresh workspace folder and a sibling "outside" folder with a secret file. */
function workspace(files: Record<string, string | Buffer>): { root: string; outside: string } {
  const dir = join(base, `case-${n++}`);
  const root = join(dir, 'ws');
  const outside = join(dir, 'outside');
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.3md'), 'SECRET');
  for (const [rel, body] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), body);
  }
  mkdirSync(root, { recursive: true });
  return { root, outside };
}

const ours = (p: string) => fileKindOf(p) !== null;
const uri = (p: string) => URI.file(p).toString();
const AGENT = '---\n3md: 1.0\ntitle: A\n---\n@plane z=0 kind=identity\nHi.\n';

/** An index whose summaries record the text they were given. */
function recordingIndex(onRead: (uri: string) => void = () => undefined): { index: WorkspaceIndex; texts: Map<string, string> } {
  const index = new WorkspaceIndex(new NodeWorkspaceFs());
  const texts = new Map<string, string>();
  index.summarize = (u, text): IndexedFile => {
    texts.set(u, text);
    onRead(u);
    return { uri: u, kind: '3md', name: 'a', isAgent: true, identity: null, skills: [], errors: 0, warnings: 0 } as IndexedFile;
  };
  return { index, texts };
}

test('a symlink loop (a folder linking to its parent, and to itself) ends the scan with each file once', () => {
  const { root } = workspace({ 'a/agent.3md': AGENT, 'a/b/SKILL.md': '---\nname: b\n---\n' });
  symlinkSync(root, join(root, 'a', 'up'));
  symlinkSync(join(root, 'a', 'b'), join(root, 'a', 'b', 'self'));
  assert.deepEqual(findFiles(root, ours), [join(root, 'a', 'agent.3md'), join(root, 'a', 'b', 'SKILL.md')]);
});

test('a root that is a file, a missing root and an empty root give no files and no error', () => {
  const { root } = workspace({ 'agent.3md': AGENT });
  assert.deepEqual(findFiles(join(root, 'agent.3md'), ours), []);
  assert.deepEqual(findFiles(join(root, 'missing'), ours), []);
  assert.deepEqual(findFiles(join(root, 'agent.3md', 'below-a-file'), ours), []);
});

test('an unreadable folder (chmod 000) is skipped, or read when running as root; the rest is found', () => {
  const { root } = workspace({ 'open/agent.3md': AGENT, 'locked/hidden.3md': AGENT });
  chmodSync(join(root, 'locked'), 0o000);
  try {
    const found = findFiles(root, ours);
    assert.ok(found.includes(join(root, 'open', 'agent.3md')));
    const isRoot = process.getuid?.() === 0;
    assert.equal(found.includes(join(root, 'locked', 'hidden.3md')), isRoot);
  } finally {
    chmodSync(join(root, 'locked'), 0o755);
  }
});

test('a folder that disappears mid-scan is skipped and the scan goes on', () => {
  const files: Record<string, string> = { 'a/agent.3md': AGENT, 'z/gone/one.3md': AGENT, 'z/gone/two.3md': AGENT, 'z/kept.3md': AGENT };
  const { root } = workspace(files);
  let removed = false;
  // Folders are visited in name order: `a/` first, so `z/gone/` vanishes before it is listed.
  const found = findFiles(root, (p) => {
    if (!removed) {
      rmSync(join(root, 'z', 'gone'), { recursive: true });
      removed = true;
    }
    return ours(p);
  });
  assert.ok(removed);
  assert.deepEqual(found, [join(root, 'a', 'agent.3md'), join(root, 'z', 'kept.3md')]);
});

test('files deleted mid-scan are left out of the index; the scan completes', async () => {
  const { root } = workspace({ 'a.3md': AGENT, 'b.3md': AGENT, 'c.3md': AGENT, 'd.3md': AGENT });
  const { index } = recordingIndex((u) => {
    if (u.endsWith('/a.3md')) {
      rmSync(join(root, 'b.3md'));
      rmSync(join(root, 'c.3md'));
    }
  });
  await index.scan([uri(root)], () => undefined);
  assert.deepEqual(
    index.files().map((f) => f.uri),
    [uri(join(root, 'a.3md')), uri(join(root, 'd.3md'))],
  );
});

test('a non-UTF-8 file is read with replacement characters and indexed, never thrown on', async () => {
  const bytes = Buffer.concat([Buffer.from(AGENT), Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x00, 0xf0, 0x90, 0x28]), Buffer.from('\n')]);
  const { root } = workspace({ 'bin.3md': bytes });
  const { index, texts } = recordingIndex();
  await index.scan([uri(root)], () => undefined);
  const text = texts.get(uri(join(root, 'bin.3md')));
  assert.ok(text?.startsWith(AGENT));
  assert.ok(text!.includes('\uFFFD') && text!.includes('\u0000'));
});

test('a `..` URI (plain or percent-encoded) that leaves the root is never read', () => {
  const { root, outside } = workspace({ 'agent.3md': AGENT });
  const host = new NodeFsHost([root]);
  const secret = join(outside, 'secret.3md');
  for (const u of [uri(secret), `${uri(root)}/../outside/secret.3md`, `${uri(root)}/%2e%2e/outside/secret.3md`, `${uri(root)}/sub/../../outside/secret.3md`]) {
    assert.equal(host.readText(u), undefined, u);
    assert.equal(host.exists(u), false, u);
  }
  assert.deepEqual(host.readDirectory(`${uri(root)}/..`), []);
  assert.equal(host.isDirectory(uri(outside)), false);
  assert.equal(host.readText(uri(join(root, 'agent.3md'))), AGENT);
});

test('a symlinked file or folder inside the root that points outside it is never read', () => {
  const { root, outside } = workspace({ 'agent.3md': AGENT });
  symlinkSync(join(outside, 'secret.3md'), join(root, 'link.3md'));
  symlinkSync(outside, join(root, 'linked-dir'));
  const host = new NodeFsHost([root]);
  assert.equal(host.readText(uri(join(root, 'link.3md'))), undefined);
  assert.equal(host.exists(uri(join(root, 'link.3md'))), false);
  assert.equal(host.readText(uri(join(root, 'linked-dir', 'secret.3md'))), undefined);
  assert.deepEqual(host.readDirectory(uri(join(root, 'linked-dir'))), []);
  assert.equal(host.isDirectory(uri(join(root, 'linked-dir'))), false);
  assert.deepEqual(findFiles(root, ours), [join(root, 'agent.3md')], 'the scan does not follow either link');
});

test('a symlink inside the root that points elsewhere inside the root is read', () => {
  const { root } = workspace({ 'real/agent.3md': AGENT });
  symlinkSync(join(root, 'real', 'agent.3md'), join(root, 'alias.3md'));
  const host = new NodeFsHost([root]);
  assert.equal(host.readText(uri(join(root, 'alias.3md'))), AGENT);
});

test('an open buffer is served even outside the roots (the user opened it); disk outside stays unread', () => {
  const { root, outside } = workspace({});
  const host = new NodeFsHost([root]);
  const opened = uri(join(outside, 'secret.3md'));
  host.overlay = (u) => (u === opened ? 'BUFFER' : undefined);
  assert.equal(host.readText(opened), 'BUFFER');
  assert.equal(host.readText(uri(join(outside, 'other.3md'))), undefined);
});

test('the live walk follows links inside the root, never a loop: a folder linking to its parent and to itself gives each file once per place', () => {
  const { root } = workspace({ 'a/agent.3md': AGENT, 'a/b/SKILL.md': '---\nname: b\n---\n' });
  symlinkSync(root, join(root, 'a', 'up'));
  symlinkSync(join(root, 'a', 'b'), join(root, 'a', 'b', 'self'));
  symlinkSync(join(root, 'a', 'b'), join(root, 'c'));
  assert.deepEqual(walkFiles(root, ours), [join(root, 'a', 'agent.3md'), join(root, 'a', 'b', 'SKILL.md'), join(root, 'c', 'SKILL.md')]);
});

test('the live walk never lists a file or folder behind a link that leads outside the root, nor a dangling link', () => {
  const { root, outside } = workspace({ 'agent.3md': AGENT });
  symlinkSync(join(outside, 'secret.3md'), join(root, 'link.3md'));
  symlinkSync(outside, join(root, 'linked-dir'));
  symlinkSync(join(root, 'nowhere.3md'), join(root, 'dangling.3md'));
  assert.deepEqual(walkFiles(root, ours), [join(root, 'agent.3md')]);
});

test('the index scan on Node keeps what the live filter keeps and does not enter the folders it leaves out', async () => {
  const { root } = workspace({ 'a.3md': AGENT, 'tests/fixtures/b.3md': AGENT, 'gen/c.3md': AGENT, '.gitignore': 'gen/\n' });
  const { index } = recordingIndex();
  const entered: string[] = [];
  index.liveFilter = (folder) => {
    const live = liveFilesOnDisk(URI.parse(folder).fsPath);
    return { enters: (rel) => (entered.push(rel), live.enters(rel)), keeps: (rel) => live.keeps(rel) };
  };
  await index.scan([uri(root)], () => undefined);
  assert.deepEqual(
    index.files().map((f) => f.uri),
    [uri(join(root, 'a.3md'))],
  );
  assert.deepEqual(entered.sort(), ['gen', 'tests', 'tests/fixtures']);
});

test('a file a watcher reports while the scan walks is kept, though the walk passed its folder before it existed', async () => {
  const { root } = workspace({ 'a/agent.3md': AGENT });
  let walked!: () => void;
  const gate = new Promise<void>((r) => (walked = r));
  class SlowWalk extends NodeWorkspaceFs {
    override async findFiles(...args: Parameters<NodeWorkspaceFs['findFiles']>) {
      const found = await super.findFiles(...args);
      await gate;
      return found;
    }
  }
  const index = new WorkspaceIndex(new SlowWalk());
  index.summarize = (u): IndexedFile => ({ uri: u, kind: '3md', name: 'a', isAgent: true, identity: null, skills: [], errors: 0, warnings: 0 }) as IndexedFile;
  const scan = index.scan([uri(root)], () => undefined);
  // Created after the walk listed the folder, reported by the watcher before the scan ends.
  const late = join(root, 'b', 'late.3md');
  mkdirSync(join(root, 'b'), { recursive: true });
  writeFileSync(late, AGENT);
  index.fileChanged(uri(late), false);
  walked();
  await scan;
  assert.ok(index.get(uri(late)), 'the late file is in the index');
  assert.ok(index.get(uri(join(root, 'a', 'agent.3md'))));
});

/** An index that has scanned a workspace of `files`, given its folder as the server does, counting the repository's changes after it. */
async function scannedWorkspace(files: Record<string, string>) {
  const { root } = workspace(files);
  const { index } = recordingIndex();
  index.roots = () => [uri(root)];
  await index.scan([uri(root)], () => undefined);
  let changed = 0;
  index.onDidChangeRepository(() => changed++);
  return { root, index, changes: () => changed };
}

for (const { marker, text, fact, client } of [
  { marker: 'opencode.json', text: '{}', fact: 'openCode', client: 'OpenCode' },
  { marker: 'GEMINI.md', text: '# Project\n', fact: 'gemini', client: 'Gemini CLI' },
] as const) {
  test(`${marker} made at a workspace folder sets the repository up for ${client}, and the facts are made again; one elsewhere does not`, async () => {
    const { root, index, changes } = await scannedWorkspace({ '.agents/skills/a/SKILL.md': '---\nname: a\n---\n' });
    assert.equal(index.repository()[fact], false);
    writeFileSync(join(root, marker), text);
    assert.equal(index.installSourceChanged(uri(join(root, marker))), true);
    assert.equal(changes(), 1);
    assert.equal(index.repository()[fact], true);
    // A file elsewhere says nothing about it.
    assert.equal(index.installSourceChanged(uri(join(root, 'docs', marker))), false);
  });
}

test("a workspace folder's .vscode/settings.json that switches on a skills folder for VS Code makes the facts again; an unchanged save does not", async () => {
  const { root, index, changes } = await scannedWorkspace({ '.github/skills/security/owasp/SKILL.md': '---\nname: owasp\n---\n' });
  assert.equal(index.repository().skillLocations, undefined);
  mkdirSync(join(root, '.vscode'));
  const settings = join(root, '.vscode', 'settings.json');
  writeFileSync(settings, '{ "chat.agentSkillsLocations": { ".github/skills/security": true } }');
  assert.equal(index.installSourceChanged(uri(settings)), true);
  assert.equal(changes(), 1);
  assert.deepEqual(index.repository().skillLocations, [`${uri(root)}/.github/skills/security`]);
  assert.equal(index.installSourceChanged(uri(settings)), false);
});

test('a root CLAUDE.md that comes to list a folder of skills by path makes the facts again; an unchanged save does not', async () => {
  const { root, index, changes } = await scannedWorkspace({
    'docs/skills/sagas/SKILL.md': '---\nname: sagas\ndescription: Sagas. Use when writing one.\n---\n',
    'docs/skills/handlers/SKILL.md': '---\nname: handlers\ndescription: Handlers. Use when writing one.\n---\n',
  });
  assert.equal(index.repository().readByPath, undefined);
  const claude = join(root, 'CLAUDE.md');
  writeFileSync(claude, 'Read `docs/skills/sagas/SKILL.md` or `docs/skills/handlers/SKILL.md` before the task.\n');
  assert.equal(index.installSourceChanged(uri(claude)), true);
  assert.equal(changes(), 1);
  assert.deepEqual(index.repository().readByPath?.get(uri(root)), [{ folder: 'docs/skills', source: 'CLAUDE.md' }]);
  assert.equal(index.installSourceChanged(uri(claude)), false);
});
