/**
 * Language-server figures for `npm run bench`: start-up, the didChange → publishDiagnostics
 * round trip on a large agent, memory under edits, and indexing a generated workspace.
 * Talks to the built server (dist/server.js) over stdio, as an editor would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-languageserver-protocol/node';
import { genAgent } from './genAgent';
import { allToAll, deadLinks, ring } from './genHostile';
import { makeSkillTree } from './benchCli';

interface Server {
  proc: ChildProcess;
  conn: MessageConnection;
  initializeMs: number;
  stop(): Promise<void>;
}

const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;

/** Resident memory of a process in MB (Linux), or NaN. */
function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : NaN;
  } catch {
    return NaN;
  }
}

/**
 * A server started as an editor starts it (`node dist/server.js --stdio`, no flags: with any V8
 * flag, `--expose-gc` too, V8 rejects the code cache the build made and compiles the bundle
 * again). `exposeGc` only where a figure needs the heap after a collection (`agentFiles/heap`).
 */
async function startServer(serverPath: string, rootUri: string | null, options: { onProgressEnd?: () => void; pull?: boolean; exposeGc?: boolean } = {}): Promise<Server> {
  const { onProgressEnd, pull = false, exposeGc = false } = options;
  const t0 = performance.now();
  const proc = spawn(process.execPath, [...(exposeGc ? ['--expose-gc'] : []), serverPath, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/diagnostic/refresh', () => null);
  conn.onNotification('$/progress', (p: { value?: { kind?: string } }) => {
    if (p.value?.kind === 'end') onProgressEnd?.();
  });
  conn.onNotification('window/logMessage', (m: { message: string }) => {
    if (process.env.SHOWLOG) console.log(m.message);
  });
  conn.listen();
  await conn.sendRequest('initialize', {
    processId: process.pid,
    rootUri,
    workspaceFolders: rootUri ? [{ uri: rootUri, name: 'bench' }] : null,
    capabilities: {
      window: { workDoneProgress: true },
      workspace: { workspaceFolders: true, ...(pull ? { diagnostics: { refreshSupport: true } } : {}) },
      ...(pull ? { textDocument: { diagnostic: { dynamicRegistration: false, relatedDocumentSupport: false } } } : {}),
    },
    initializationOptions: { diagnosticDelay: 0 },
  });
  const initializeMs = performance.now() - t0;
  await conn.sendNotification('initialized', {});
  return {
    proc,
    conn,
    initializeMs,
    async stop() {
      await conn.sendRequest('shutdown').catch(() => undefined);
      await conn.sendNotification('exit').catch(() => undefined);
      conn.dispose();
      proc.kill();
    },
  };
}

/** Stops a server and waits for its process to end (the next one is timed on a machine it no longer uses). */
async function stopAndWait(server: Server): Promise<void> {
  const exited = server.proc.exitCode !== null || server.proc.signalCode !== null ? Promise.resolve() : new Promise((r) => server.proc.once('exit', r));
  await server.stop();
  await exited;
}

/** didChange → publishDiagnostics on the n-skill agent; each edit adds or removes a dead link so the diagnostics change. */
export async function lspRoundTrip(serverPath: string, n: number, edits: number, pauseMs = 0) {
  const server = await startServer(serverPath, null, { exposeGc: true });
  const uri = 'file:///bench/agent.3md';
  const text = genAgent(n);
  const lines = text.split('\n');
  const line = lines.findIndex((l, i) => i > lines.length / 2 && l.startsWith('## Procedure'));
  let resolveVersion: ((v: number) => void) | undefined;
  let wanted = -1;
  server.conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; version?: number }) => {
    if (p.uri === uri && p.version === wanted && resolveVersion) resolveVersion(wanted);
  });
  const published = (v: number) =>
    new Promise<number>((res, rej) => {
      wanted = v;
      resolveVersion = res;
      setTimeout(() => rej(new Error(`no diagnostics for version ${v}`)), 30_000);
    });
  let first = published(1);
  await server.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: '3md', version: 1, text } });
  await first;
  const rssAfter: number[] = [];
  const heapAfter: number[] = [];
  const times: number[] = [];
  for (let v = 2; v < edits + 2; v++) {
    const change = toggleDeadLink(lines[line]!, line, v);
    const t0 = performance.now();
    first = published(v);
    await server.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [change] });
    await first;
    times.push(performance.now() - t0);
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    if (v === 11 || v === edits + 1) {
      rssAfter.push(rssMb(server.proc.pid!));
      const heap = (await server.conn.sendRequest('agentFiles/heap', {})) as { heapUsed: number };
      heapAfter.push(heap.heapUsed / 1024 / 1024);
    }
  }
  await server.stop();
  return {
    skills: n,
    initializeMs: round(server.initializeMs),
    edits,
    roundTripP50Ms: round(percentile(times, 50)),
    roundTripP95Ms: round(percentile(times, 95)),
    rssAfter10EditsMb: round(rssAfter[0]!, 1),
    rssAfterAllEditsMb: round(rssAfter[1]!, 1),
    heapAfter10EditsMb: round(heapAfter[0]!, 1),
    heapAfterAllEditsMb: round(heapAfter[1]!, 1),
  };
}

const DEAD_LINK = ' [[z=999999]]';

/**
 * The keystroke of edit `v` of a round-trip run: even versions append a dead link to the end of
 * `text` (line `line` as it was opened), odd ones remove it again, so every answer changes.
 */
function toggleDeadLink(text: string, line: number, v: number) {
  const at = text.length;
  return v % 2 === 0
    ? { range: { start: { line, character: at }, end: { line, character: at } }, text: DEAD_LINK }
    : { range: { start: { line, character: at }, end: { line, character: at + DEAD_LINK.length } }, text: '' };
}

/**
 * didChange → textDocument/diagnostic on the n-skill agent, as VS Code does it (pull mode): the
 * client sends the change, then asks for the document's diagnostics with the last result id.
 * Each edit adds or removes a dead link, so every answer is a full report; `pauseMs` between
 * edits lets the server's work between keystrokes (re-indexing the document) happen as it would.
 */
export async function lspPullRoundTrip(serverPath: string, n: number, edits: number, pauseMs = 0) {
  const server = await startServer(serverPath, null, { pull: true });
  const uri = 'file:///bench/agent.3md';
  const text = genAgent(n);
  const lines = text.split('\n');
  const line = lines.findIndex((l, i) => i > lines.length / 2 && l.startsWith('## Procedure'));
  type Report = { kind: 'full' | 'unchanged'; resultId?: string; items?: unknown[] };
  const pull = (previousResultId?: string) =>
    server.conn.sendRequest('textDocument/diagnostic', { textDocument: { uri }, ...(previousResultId ? { previousResultId } : {}) }) as Promise<Report>;
  await server.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: '3md', version: 1, text } });
  let last = await pull();
  const times: number[] = [];
  let bytes = 0;
  for (let v = 2; v < edits + 2; v++) {
    const change = toggleDeadLink(lines[line]!, line, v);
    const t0 = performance.now();
    await server.conn.sendNotification('textDocument/didChange', { textDocument: { uri, version: v }, contentChanges: [change] });
    const report = await pull(last.resultId);
    times.push(performance.now() - t0);
    if (report.kind !== 'full') throw new Error(`pull after edit ${v} answered ${report.kind}`);
    if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
    bytes = Math.max(bytes, JSON.stringify(report).length);
    last = report;
  }
  const t0 = performance.now();
  const repeat = await pull(last.resultId);
  const unchangedMs = performance.now() - t0;
  await server.stop();
  return {
    skills: n,
    edits,
    pullP50Ms: round(percentile(times, 50)),
    pullP95Ms: round(percentile(times, 95)),
    maxReportBytes: bytes,
    repeatPullKind: repeat.kind,
    repeatPullMs: round(unchangedMs),
  };
}

/** Indexes a generated workspace of SKILL.md skills and agent.3md files; then times completion and workspace symbols. */
/**
 * `instructions` instruction files of the four kinds the index reads globs and imports from (a
 * nested AGENTS.md, a CLAUDE.md with an import, `.instructions.md` with `applyTo`, a
 * `.claude/rules` file with `paths`), over 20 packages each with a source file the globs match.
 */
function writeInstructionFiles(dir: string, instructions: number): void {
  const write = (rel: string, text: string) => {
    mkdirSync(join(dir, rel, '..'), { recursive: true });
    writeFileSync(join(dir, rel), text);
  };
  for (let p = 0; p < 20; p++) write(`pkg${p}/src/index.ts`, 'export {};\n');
  write('README.md', '# Bench\n');
  for (let i = 0; i < instructions; i++) {
    const pkg = `pkg${i % 20}`;
    if (i % 4 === 0) write(`${pkg}/sub${i}/AGENTS.md`, `# Rules ${i}\n\nRun the tests before a commit.\n`);
    else if (i % 4 === 1) write(`${pkg}/sub${i}/CLAUDE.md`, `# Notes ${i}\n\nSee @../../README.md.\n`);
    else if (i % 4 === 2) write(`.github/instructions/r${i}.instructions.md`, `---\napplyTo: "${pkg}/src/**/*.ts"\n---\nUse strict types.\n`);
    else write(`.claude/rules/r${i}.md`, `---\npaths:\n  - "${pkg}/**/*.ts"\n---\nKeep functions small.\n`);
  }
}

/**
 * The server's index of a workspace: `skills` SKILL.md (copies of `realSkills`, renamed, when
 * given: real-size skills; else small generated ones), `agents` agent.3md and `instructions`
 * instruction files; from the server's start to the end of its indexing progress.
 */
export async function workspaceIndexing(serverPath: string, skills: number, agents: number, instructions = 0, realSkills: readonly string[] = []) {
  const dir = mkdtempSync(join(tmpdir(), 'agent-files-bench-'));
  try {
    if (realSkills.length) makeSkillTree(dir, realSkills, skills);
    else
      for (let i = 0; i < skills; i++) {
        const name = `skill-${i}`;
        mkdirSync(join(dir, 'skills', name), { recursive: true });
        writeFileSync(
          join(dir, 'skills', name, 'SKILL.md'),
          `---\nname: ${name}\ndescription: Does task number ${i} when the user asks for it.\n---\n# ${name}\n\nSteps for task ${i}.\n`,
        );
      }
    writeInstructionFiles(dir, instructions);
    for (let i = 0; i < agents; i++) {
      mkdirSync(join(dir, 'agents', `a${i}`), { recursive: true });
      writeFileSync(join(dir, 'agents', `a${i}`, 'agent.3md'), genAgent(10, i));
    }
    // The median of three fresh servers on the same tree (one run moves by 10 % on this machine); the last one is asked the rest.
    const indexRuns: number[] = [];
    let server: Server | undefined;
    for (let run = 0; run < 3; run++) {
      if (server) await stopAndWait(server);
      let done: () => void = () => undefined;
      const ended = new Promise<void>((r) => (done = r));
      const t0 = performance.now();
      server = await startServer(serverPath, pathToFileURL(dir).href, { onProgressEnd: () => done() });
      await ended;
      indexRuns.push(performance.now() - t0);
    }
    if (!server) throw new Error('no server started');
    const indexMs = percentile(indexRuns, 50);
    const index = (await server.conn.sendRequest('agentFiles/workspaceIndex', {})) as { files: unknown[] };
    const symbolTimes: number[] = [];
    for (const q of ['skill-1', 'find', 'task', 'xyz', 'cite']) {
      const s = performance.now();
      await server.conn.sendRequest('workspace/symbol', { query: q });
      symbolTimes.push(performance.now() - s);
    }
    const skillUri = pathToFileURL(join(dir, 'skills', 'skill-7', 'SKILL.md')).href;
    await server.conn.sendNotification('textDocument/didOpen', { textDocument: { uri: skillUri, languageId: 'markdown', version: 1, text: '---\nname: skill-7\n\n---\n' } });
    const completionTimes: number[] = [];
    for (let i = 0; i < 5; i++) {
      const s = performance.now();
      await server.conn.sendRequest('textDocument/completion', { textDocument: { uri: skillUri }, position: { line: 2, character: 0 } });
      completionTimes.push(performance.now() - s);
    }
    const rss = rssMb(server.proc.pid!);
    await server.stop();
    return {
      skillFiles: skills,
      realSizeSkills: realSkills.length > 0,
      agentFiles: agents,
      instructionFiles: instructions,
      indexedFiles: index.files.length,
      indexMs: round(indexMs),
      indexRunsMs: indexRuns.map((x) => round(x)),
      workspaceSymbolMaxMs: round(Math.max(...symbolTimes)),
      completionMaxMs: round(Math.max(...completionTimes)),
      serverRssMb: round(rss, 1),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Issue 18's hostile documents over the protocol: didOpen → publishDiagnostics, and the code lens
 * request with the lenses the editor shows resolved (the first 50). A fresh server for each.
 */
export async function hostileLsp(serverPath: string, quick: boolean) {
  const k = quick ? 10 : 1;
  const cases: [string, string, boolean][] = [
    [`${1000 / (quick ? 5 : 1)} planes each linking to all others: diagnostics`, allToAll(1000 / (quick ? 5 : 1)), false],
    [`${700_000 / k} dead links on one line: diagnostics`, deadLinks(700_000 / k), false],
    [`${200_000 / k}-plane cycle: diagnostics`, ring(200_000 / k), false],
    [`${200_000 / k}-plane cycle: code lens`, ring(200_000 / k), true],
  ];
  const out: { name: string; ms: number }[] = [];
  for (const [name, text, lens] of cases) {
    const server = await startServer(serverPath, null);
    const uri = 'file:///bench/hostile.agent.3md';
    const published = new Promise<void>((res) =>
      server.conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string }) => {
        if (p.uri === uri) res();
      }),
    );
    const t0 = performance.now();
    await server.conn.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId: '3md', version: 1, text } });
    await published;
    let ms = performance.now() - t0;
    if (lens) {
      const t1 = performance.now();
      const lenses = (await server.conn.sendRequest('textDocument/codeLens', { textDocument: { uri } })) as unknown[];
      await Promise.all(lenses.slice(0, 50).map((l) => server.conn.sendRequest('codeLens/resolve', l)));
      ms = performance.now() - t1;
    }
    out.push({ name, ms: round(ms) });
    await server.stop();
  }
  return out;
}
