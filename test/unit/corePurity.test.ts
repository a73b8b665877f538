import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { builtinModules } from 'node:module';

const CORE = resolve(__dirname, '../../server/src/core');
/** The only packages the core may import: data types and text libraries, nothing with I/O. */
const ALLOWED = new Set([
  'vscode-languageserver-types',
  'vscode-languageserver-textdocument',
  'vscode-uri',
  'yaml',
  'jsonc-parser',
  // Its types, and the one runtime helper of the generated world.json validator (scripts/worldValidator.ts).
  'ajv',
  'ajv/dist/runtime/ucs2length',
  'picomatch/posix',
  'picomatch',
  'ignore',
  // TOML (Codex's .codex/config.toml): a parser without I/O.
  'smol-toml',
]);
/** Data the core may read at build time: the project's own JSON schemas. */
const SCHEMAS = resolve(__dirname, '../../schemas');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((n) => {
    const p = join(dir, n);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('the core imports nothing but allowed packages and its own files', () => {
  const offences: string[] = [];
  const all = files(CORE);
  assert.ok(all.length > 20, 'the scan found the core');
  for (const f of all) {
    const text = readFileSync(f, 'utf8');
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'";]*?from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      const where = relative(CORE, f);
      if (spec.startsWith('.')) {
        const target = resolve(dirname(f), spec);
        if (!target.startsWith(CORE) && !(target.startsWith(SCHEMAS) && target.endsWith('.json'))) offences.push(`${where}: ${spec} leaves the core`);
      } else if (!ALLOWED.has(spec)) offences.push(`${where}: ${spec}`);
    }
  }
  assert.deepEqual(offences, []);
});

const SRC = resolve(__dirname, '../../server/src');
const LSP = resolve(SRC, 'lsp');
/** Node's built-in modules, with or without the `node:` prefix. */
const NODE_BUILTINS = new Set(builtinModules.flatMap((m) => [m, `node:${m}`]));

test('the LSP ring and the core import no Node module and use no Node global (the server also runs in a Web Worker)', () => {
  const offences: string[] = [];
  for (const f of [...files(LSP), ...files(CORE)]) {
    const text = readFileSync(f, 'utf8');
    const where = relative(SRC, f);
    for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)[^'";]*?from\s+['"]([^'"]+)['"]|require\(\s*['"]([^'"]+)['"]\s*\)|import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
      const spec = m[1] ?? m[2] ?? m[3]!;
      if (spec.startsWith('node:') || NODE_BUILTINS.has(spec.split('/')[0]!)) offences.push(`${where}: imports ${spec}`);
      if (/\/node(\/|$)/.test(spec) && spec.startsWith('.')) offences.push(`${where}: imports ${spec} (the Node entry's ring)`);
    }
    // Comments may name them; code may not (a worker has no process, Buffer, setImmediate or require).
    const code = text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:])\/\/.*$/gm, '$1');
    for (const g of ['process.', 'Buffer.', 'setImmediate(', '__dirname', '__filename', 'require(', 'NodeJS.']) if (code.includes(g)) offences.push(`${where}: uses ${g}`);
  }
  assert.deepEqual(offences, []);
});

/** Every relative import of each file under `dir` (type-only ones too), resolved to a file. */
function importGraph(dir: string): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const f of files(dir)) {
    const deps: string[] = [];
    for (const m of readFileSync(f, 'utf8').matchAll(/(?:^|\n)\s*(?:import|export)[^'";]*?from\s+['"](\.[^'"]+)['"]/g)) {
      const target = resolve(dirname(f), m[1]!);
      const file = [`${target}.ts`, join(target, 'index.ts')].find((p) => existsSync(p));
      deps.push(file ?? target);
    }
    graph.set(f, deps);
  }
  return graph;
}

test('the rings import inwards only: lsp never imports cli, node or browser, core never imports lsp, cli, node or browser', () => {
  const offences: string[] = [];
  const ring = (f: string) => relative(SRC, f).split(/[\\/]/)[0];
  const forbidden: Record<string, string[]> = { core: ['lsp', 'cli', 'node', 'browser'], lsp: ['cli', 'node', 'browser'], cli: ['lsp', 'browser'], browser: ['node', 'cli'] };
  for (const [f, deps] of importGraph(SRC)) {
    for (const d of deps) if (forbidden[ring(f)!]?.includes(ring(d)!)) offences.push(`${relative(SRC, f)} imports ${relative(SRC, d)}`);
  }
  assert.deepEqual(offences, []);
});

/** Import cycles in server/src, by strongly connected component: there are none. */
const KNOWN_CYCLES: string[][] = [];

test('server/src has no import cycles', () => {
  const graph = importGraph(SRC);
  let next = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (v: string): void => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(relative(SRC, w).split('\\').join('/'));
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  };
  for (const f of graph.keys()) if (!index.has(f)) visit(f);
  assert.deepEqual(cycles, KNOWN_CYCLES);
});
