/**
 * Hostile workspace files that once stalled the one server thread (issue 31), at full size:
 * each case is written to a temporary workspace, checked by the built CLI, and opened in the
 * built server over stdio while a second request is sent. Prints one line per case with the
 * CLI's time, how long the server took to answer the other request, and how long until the
 * hostile file's diagnostics (or the request's answer) came back; fails when any of them is over
 * the budget (2 s unless `--budget MS`; see `UNBUDGETED` for the figures only shown). `npm run test:stress`; `-- --dist DIR` measures another
 * build, `-- --only NAME` runs the cases whose name holds NAME, `--budget 0` only measures.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-languageserver-protocol/node';
import { genAgent } from './genAgent';

const argv = process.argv.slice(2);
const opt = (name: string) => {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
};
const DIST = resolve(opt('dist') ?? 'dist');
const ONLY = opt('only');
const BUDGET = Number(opt('budget') ?? 2000);
/** How long a case may run before it is given up on (the figures then read "> N s"). */
const GIVE_UP = Number(opt('give-up') ?? 150_000);

type Files = Record<string, string>;

/** A figure of the test client's own, shown but not held to the budget. */
const CLIENT_FIGURE = 'client wrote the notifications in';
/**
 * Figures shown but not held to the budget: the client's own, and the last diagnostics of a burst
 * of 10,000 opens, which are 10,000 checks (issue 31 asks for the other request within the
 * budget, every document's diagnostics, and a total linear in their number).
 */
const UNBUDGETED = new Set([CLIENT_FIGURE, 'last diagnostics']);

interface Session {
  conn: MessageConnection;
  root: string;
  uri(rel: string): string;
  /** Diagnostics published for a URI from now on (the first set). */
  diagnostics(uri: string): Promise<unknown[]>;
  open(rel: string, languageId?: string): string;
}

interface Case {
  name: string;
  files: () => Files;
  /** The server side: returns named times in ms (each from the moment the hostile work was asked for). */
  server?: (s: Session) => Promise<Record<string, number>>;
  /** Check with the CLI (default: the whole workspace). */
  cli?: boolean;
}

// ---------------------------------------------------------------------------------------------
// The cases

/** An import graph where every file imports every later one (a DAG, about 2 MB in all), behind an instruction file. */
function importMesh(root: string): Files {
  const n = 650;
  const files: Files = {};
  const all: string[] = [];
  for (let i = 0; i < n; i++) all.push(`@docs/f${i}.md`);
  files[root] = `# Project\n\n${all.join(' ')}\n`;
  for (let i = 0; i < n; i++)
    files[`docs/f${i}.md`] = `# f${i}\n\n${all
      .slice(i + 1)
      .map((a) => a.replace('@docs/', '@'))
      .join(' ')}\n`;
  return files;
}

/** A Makefile of 200,000 targets, and an instruction file with 200 `make` lines naming a missing one. */
function bigMakefile(): Files {
  const targets: string[] = [];
  for (let i = 0; i < 200_000; i++) targets.push(`target${i}:\n\techo ${i}\n`);
  const lines: string[] = [];
  for (let i = 0; i < 200; i++) lines.push(`make target${i} missing${i}`);
  return { Makefile: targets.join(''), 'AGENTS.md': `# Build\n\n\`\`\`bash\n${lines.join('\n')}\n\`\`\`\n` };
}

const glob12 = '*a'.repeat(12) + 'b';
const name40 = 'a'.repeat(40);

const hostileCases: Case[] = [
  {
    name: 'imports: AGENT.md (Amp) importing 650 files that import each other, 2 MB',
    files: () => importMesh('AGENT.md'),
    server: (s) => openAndProbe(s, 'AGENT.md', 'markdown'),
  },
  {
    name: 'imports: CLAUDE.md importing 650 files that import each other, 2 MB',
    files: () => importMesh('CLAUDE.md'),
    server: (s) => openAndProbe(s, 'CLAUDE.md', 'markdown'),
  },
  {
    name: 'make: a Makefile of 200,000 targets, 200 make lines',
    files: bigMakefile,
    server: (s) => openAndProbe(s, 'AGENTS.md', 'markdown'),
  },
  {
    name: 'make: a Makefile line of 150,000 spaces',
    files: () => ({ Makefile: `a${' '.repeat(150_000)}\n`, 'AGENTS.md': '# Build\n\n`make all`\n' }),
    server: (s) => openAndProbe(s, 'AGENTS.md', 'markdown'),
  },
  {
    name: `glob: applyTo '${glob12}' against a 40-character name`,
    files: () => ({ [name40]: 'x\n', '.github/instructions/x.instructions.md': `---\napplyTo: "${glob12}"\n---\n# Rules\n` }),
    server: (s) => openAndProbe(s, '.github/instructions/x.instructions.md', 'markdown'),
  },
  {
    name: `glob: paths '${glob12}' against a 40-character name`,
    files: () => ({ [name40]: 'x\n', '.claude/rules/x.md': `---\npaths:\n  - "${glob12}"\n---\n# Rules\n` }),
    server: (s) => openAndProbe(s, '.claude/rules/x.md', 'markdown'),
  },
  {
    name: `glob: config ignore '${glob12}' against a 40-character name`,
    files: () => ({
      [`${name40}/SKILL.md`]: `---\nname: ${name40}\ndescription: A skill. Use when testing.\n---\n# Body\n`,
      '.agent-files.json': JSON.stringify({ ignore: [glob12] }),
    }),
    server: (s) => openAndProbe(s, `${name40}/SKILL.md`, 'markdown'),
  },
  {
    name: 'import path of 80,000 dots',
    files: () => ({ 'CLAUDE.md': `# Project\n\nSee @x${'.'.repeat(80_000)}md and @${'.'.repeat(80_000)}/a.md\n` }),
    server: (s) => openAndProbe(s, 'CLAUDE.md', 'markdown'),
  },
  {
    name: 'config: 2,500 unknown rule codes of 200 characters (0.5 MB)',
    files: () => ({ '.agent-files.json': unknownRules(2500, 200), 'AGENTS.md': '# A\n' }),
    server: (s) => openAndProbe(s, '.agent-files.json', 'json'),
  },
  {
    name: 'config: 10,000 unknown rule codes of 200 characters (2 MB)',
    files: () => ({ '.agent-files.json': unknownRules(10_000, 200), 'AGENTS.md': '# A\n' }),
    server: (s) => openAndProbe(s, '.agent-files.json', 'json'),
  },
  {
    name: 'suppressions: 60,000 comments, each over a missing link',
    files: () => ({ 's/SKILL.md': manySuppressions(60_000) }),
    server: (s) => openAndProbe(s, 's/SKILL.md', 'markdown'),
  },
  ...[2500, 5000, 10_000].map((n): Case => ({
    name: `${n.toLocaleString('en')} open SKILL.md`,
    files: () => ({}),
    cli: false,
    server: (s) => openSkills(s, n),
  })),
  {
    name: 'fillCommand on one 10,000-skill agent spelled ?v=1…40',
    files: () => ({ 'agent.3md': genAgent(10_000) }),
    cli: false,
    server: (s) => fillSpellings(s, 40),
  },
  {
    name: 'completion at the end of a 40,000-character frontmatter line (.3md)',
    files: () => ({ 'a.3md': `---\n3md: 1.0\n${'ab '.repeat(13_333)}x \n---\n\n@plane z=0 kind=identity label="core"\nCore.\n` }),
    cli: false,
    server: (s) => completeAt(s, 'a.3md', '3md', 2, 40_001),
  },
  {
    name: 'completion at the end of a 40,000-character frontmatter line (SKILL.md)',
    files: () => ({ 's/SKILL.md': `---\nname: s\ndescription: ${'ab '.repeat(13_333)}x \n---\n\nBody.\n` }),
    cli: false,
    server: (s) => completeAt(s, 's/SKILL.md', 'markdown', 2, 40_013),
  },
];

function unknownRules(n: number, len: number): string {
  const rules: Record<string, string> = {};
  for (let i = 0; i < n; i++) rules[`skill-${String(i).padStart(6, '0')}-${'x'.repeat(len - 13)}`] = 'off';
  return JSON.stringify({ rules }, null, 1);
}

function manySuppressions(n: number): string {
  const body: string[] = [];
  for (let i = 0; i < n; i++) body.push('<!-- agent-files-disable-next-line skill-file-missing -->', `[x](missing${i}.md)`);
  return `---\nname: s\ndescription: Links to missing files. Use when testing.\n---\n\n${body.join('\n')}\n`;
}

// ---------------------------------------------------------------------------------------------
// Server drivers

/** Opens `rel` and at once asks the server for the symbols of a small open document: the probe. */
async function openAndProbe(s: Session, rel: string, languageId: string): Promise<Record<string, number>> {
  const probe = s.open('probe/AGENTS.md', 'markdown');
  await s.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: probe } });
  const t0 = performance.now();
  const uri = s.uri(rel);
  const diags = s.diagnostics(uri).then(() => performance.now() - t0);
  s.open(rel, languageId);
  const other = s.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: probe } }).then(() => performance.now() - t0);
  return { 'other request': await other, diagnostics: await diags };
}

async function openSkills(s: Session, n: number): Promise<Record<string, number>> {
  const probe = s.open('probe/AGENTS.md', 'markdown');
  await s.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: probe } });
  const t0 = performance.now();
  const last = s.uri(`s${n - 1}/SKILL.md`);
  const diags = s.diagnostics(last).then(() => performance.now() - t0);
  const sent: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const uri = s.uri(`s${i}/SKILL.md`);
    sent.push(
      s.conn.sendNotification('textDocument/didOpen', {
        textDocument: { uri, languageId: 'markdown', version: 1, text: `---\nname: s${i}\ndescription: Skill ${i}. Use when testing.\n---\n\nBody ${i}.\n` },
      }),
    );
  }
  const other = s.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: probe } }).then(() => performance.now() - t0);
  // How long this client took to write the notifications (one at a time, each after the last was written): part of the wait for the answer, none of it the server's.
  const written = Promise.all(sent).then(() => performance.now() - t0);
  return { 'other request': await other, 'last diagnostics': await diags, [CLIENT_FIGURE]: await written };
}

async function fillSpellings(s: Session, n: number): Promise<Record<string, number>> {
  const heap = async () => (await s.conn.sendRequest<{ heapUsed: number }>('agentFiles/heap', {})).heapUsed / 1048576;
  const base = s.uri('agent.3md');
  await s.conn.sendRequest('agentFiles/fillCommand', { uri: base, z: 1, values: {} });
  const before = await heap();
  const t0 = performance.now();
  for (let i = 1; i <= n; i++) await s.conn.sendRequest('agentFiles/fillCommand', { uri: `${base}?v=${i}`, z: 1, values: {} });
  const ms = performance.now() - t0;
  return { [`${n} spellings`]: ms, 'heap growth MB': Math.round(((await heap()) - before) * 10) / 10 };
}

async function completeAt(s: Session, rel: string, languageId: string, line: number, character: number): Promise<Record<string, number>> {
  const uri = s.open(rel, languageId);
  await s.diagnostics(uri);
  const t0 = performance.now();
  const answer = s.conn.sendRequest('textDocument/completion', { textDocument: { uri }, position: { line, character } }).then(() => performance.now() - t0);
  const other = s.conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri } }).then(() => performance.now() - t0);
  return { completion: await answer, 'other request': await other };
}

// ---------------------------------------------------------------------------------------------
// Running

function write(root: string, files: Files): void {
  for (const [rel, text] of Object.entries(files)) {
    mkdirSync(join(root, rel, '..'), { recursive: true });
    writeFileSync(join(root, rel), text);
  }
}

function runCli(root: string): { ms: number; note: string } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [join(DIST, 'cli.js'), 'check', '--format', 'json', root], { encoding: 'utf8', maxBuffer: 1 << 30, timeout: GIVE_UP });
  const ms = performance.now() - t0;
  if (r.error || r.signal) return { ms, note: `gave up (${r.signal ?? r.error?.message})` };
  let note = `exit ${r.status}`;
  try {
    const out = JSON.parse(r.stdout) as { files: { diagnostics: { code: string }[] }[] };
    const codes = new Map<string, number>();
    for (const f of out.files) for (const d of f.diagnostics) codes.set(d.code, (codes.get(d.code) ?? 0) + 1);
    note += `, ${[...codes].map(([c, n]) => `${c}×${n}`).join(' ')}`;
  } catch {
    note += `, ${r.stderr.slice(0, 200)}`;
  }
  return { ms, note };
}

async function runServer(root: string, drive: (s: Session) => Promise<Record<string, number>>): Promise<Record<string, number> | string> {
  const proc = spawn(process.execPath, [...(process.env['STRESS_NODE_ARGS']?.split(' ') ?? []), '--expose-gc', join(DIST, 'server.js'), '--stdio'], {
    stdio: ['pipe', 'pipe', 'ignore'],
  });
  const conn = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  const waiting = new Map<string, (d: unknown[]) => void>();
  conn.onNotification('textDocument/publishDiagnostics', (p: { uri: string; diagnostics: unknown[] }) => {
    waiting.get(p.uri)?.(p.diagnostics);
    waiting.delete(p.uri);
  });
  conn.onRequest('window/workDoneProgress/create', () => null);
  conn.onRequest('client/registerCapability', () => null);
  conn.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
  conn.onNotification('$/progress', () => undefined);
  conn.onNotification('window/logMessage', () => undefined);
  conn.listen();
  const rootUri = pathToFileURL(root).toString();
  const uri = (rel: string) => `${rootUri}/${rel}`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  try {
    await conn.sendRequest('initialize', {
      processId: process.pid,
      rootUri,
      workspaceFolders: [{ uri: rootUri, name: 'stress' }],
      capabilities: { workspace: { workspaceFolders: true } },
      initializationOptions: { diagnosticDelay: 0 },
    });
    await conn.sendNotification('initialized', {});
    const session: Session = {
      conn,
      root,
      uri,
      diagnostics: (u) => new Promise((r) => waiting.set(u, r)),
      open(rel, languageId = 'markdown') {
        const u = uri(rel);
        let text = '';
        try {
          text = readFileSync(join(root, rel), 'utf8');
        } catch {
          text = '# Probe\n\n## One\n';
        }
        void conn.sendNotification('textDocument/didOpen', { textDocument: { uri: u, languageId, version: 1, text } });
        return u;
      },
    };
    const gaveUp = new Promise<string>((r) => (timer = setTimeout(() => r(`gave up after ${GIVE_UP / 1000} s`), GIVE_UP)));
    return await Promise.race([drive(session), gaveUp]);
  } finally {
    if (timer) clearTimeout(timer);
    // A clean exit when the server still answers (a --cpu-prof profile is written then), else a kill.
    const exited = new Promise((r) => proc.once('exit', r));
    await Promise.race([conn.sendRequest('shutdown').then(() => conn.sendNotification('exit')), new Promise((r) => setTimeout(r, 2000))]).catch(() => undefined);
    await Promise.race([exited, new Promise((r) => setTimeout(r, 3000))]);
    conn.dispose();
    proc.kill('SIGKILL');
  }
}

const fmt = (ms: number) => (ms >= 1000 ? `${(ms / 1000).toFixed(2)} s` : `${Math.round(ms)} ms`);

async function main(): Promise<void> {
  let failed = 0;
  for (const c of hostileCases.filter((x) => !ONLY || x.name.includes(ONLY))) {
    const root = mkdtempSync(join(tmpdir(), 'af-stress-'));
    try {
      write(root, c.files());
      const parts: string[] = [];
      if (c.cli !== false) {
        const r = runCli(root);
        parts.push(`CLI ${fmt(r.ms)} (${r.note})`);
        if (BUDGET && r.ms > BUDGET) failed++;
      }
      if (c.server) {
        const r = await runServer(root, c.server);
        if (typeof r === 'string') {
          parts.push(`server ${r}`);
          if (BUDGET) failed++;
        } else
          for (const [k, v] of Object.entries(r)) {
            const isMs = !k.endsWith(' MB');
            parts.push(`${k === CLIENT_FIGURE ? '' : 'server '}${k} ${isMs ? fmt(v) : v}`);
            if (BUDGET && isMs && !UNBUDGETED.has(k) && v > BUDGET) failed++;
          }
      }
      console.log(`${c.name}: ${parts.join('; ')}`);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  }
  if (failed) {
    console.error(`${failed} figure(s) over the ${BUDGET} ms budget`);
    process.exit(1);
  }
}

void main();
