import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const CORE = resolve(__dirname, '../../server/src/core');
/** The only packages the core may import: data types and text libraries, nothing with I/O. */
const ALLOWED = new Set(['vscode-languageserver-types', 'vscode-languageserver-textdocument', 'vscode-uri', 'yaml', 'jsonc-parser', 'ajv/dist/2020', 'picomatch/posix', 'picomatch']);
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
