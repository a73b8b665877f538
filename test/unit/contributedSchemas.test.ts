/**
 * The JSON Schemas contributed to VS Code for plugin files (schemas/, made by `npm run generate`
 * from core/analysis/contributedSchemas.ts): the committed files and package.json's
 * `jsonValidation` match the code, a real JSON Schema validator (ajv) accepts what the clients
 * load, and a schema reports only what the server leaves to it: never a finding the server reports
 * as an error, which VS Code would show as a warning.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Ajv from 'ajv';
import { CONTRIBUTED_SCHEMAS, contributedSchemaOf } from '../../server/src/core/analysis/contributedSchemas';
import { CODEX_PATH_PATTERN, CODEX_SOURCE_PATH_PATTERN, pathProblem, sourcePathProblem } from '../../server/src/core/plugins/codex';
import { analyzeKind, diagnosticsOfKind } from '../../server/src/core/analysis/fileAnalyses';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const ROOT = join(__dirname, '..', '..');
const ajv = new Ajv({ allErrors: true, strict: false });
const validatorOf = (file: string) => ajv.compile(CONTRIBUTED_SCHEMAS.find((s) => s.file === file)!.build());
const errorsOf = (file: string, value: unknown) => {
  const validate = validatorOf(file);
  return validate(value) ? [] : (validate.errors ?? []).map((e) => `${e.instancePath} ${e.message}`);
};

test('the committed schemas are the generated ones (npm run generate writes them)', () => {
  for (const s of CONTRIBUTED_SCHEMAS) {
    const committed: unknown = JSON.parse(readFileSync(join(ROOT, s.file), 'utf8'));
    assert.deepEqual(committed, s.build(), `${s.file} is stale: run npm run generate`);
  }
});

test('package.json contributes each schema to the files the server leaves to it, and to no others', () => {
  const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { jsonValidation: { fileMatch: string; url: string }[] } };
  const plugin = pkg.contributes.jsonValidation.filter((v) => CONTRIBUTED_SCHEMAS.some((s) => v.url === `./${s.file}`));
  assert.deepEqual(
    plugin,
    CONTRIBUTED_SCHEMAS.map((s) => ({ fileMatch: s.fileMatch, url: `./${s.file}` })),
  );
});

test('a schema applies to the plugin files by their path, and not to a plugin.json of another client', () => {
  assert.equal(contributedSchemaOf('file:///r/.claude-plugin/plugin.json')?.file, 'schemas/claude-plugin.schema.json');
  assert.equal(contributedSchemaOf('file:///r/.claude-plugin/marketplace.json')?.file, 'schemas/claude-marketplace.schema.json');
  assert.equal(contributedSchemaOf('file:///r/p/.codex-plugin/plugin.json')?.file, 'schemas/codex-plugin.schema.json');
  assert.equal(contributedSchemaOf('file:///r/.agents/plugins/marketplace.json')?.file, 'schemas/codex-marketplace.schema.json');
  assert.equal(contributedSchemaOf('file:///r/p/hooks/hooks.json')?.file, 'schemas/claude-hooks.schema.json');
  assert.equal(contributedSchemaOf('file:///r/plugin.json'), undefined);
  assert.equal(contributedSchemaOf('file:///r/.cursor-plugin/plugin.json'), undefined);
  assert.equal(contributedSchemaOf('file:///r/p/config/my-hooks.json'), undefined);
});

test("the Codex path pattern of the schemas takes exactly the paths the server's check takes", () => {
  const re = new RegExp(CODEX_PATH_PATTERN, 'u');
  for (const p of [
    './skills/',
    './skills',
    './.mcp.json',
    './a/b',
    './.hidden/x',
    './/x',
    'skills/',
    './',
    '.',
    '',
    './/',
    './a/../b',
    '../x',
    './x/..',
    './a/./b',
    './..',
    '/abs',
  ]) {
    assert.equal(re.test(p), pathProblem(p) === undefined, `'${p}': pattern ${re.test(p)}, check ${pathProblem(p) ?? 'takes it'}`);
  }
});

test("the Codex source path pattern of the marketplace schema takes exactly the source paths the server's check takes: ./ and . name the marketplace root", () => {
  const re = new RegExp(CODEX_SOURCE_PATH_PATTERN, 'u');
  for (const p of ['./plugins/x', './', '.', '', './/', './/', '..', '../x', './a/../b', 'plugins/x', './x/.', '/abs', '.x', './.', './..']) {
    assert.equal(re.test(p), sourcePathProblem(p) === undefined, `'${p}': pattern ${re.test(p)}, check ${sourcePathProblem(p) ?? 'takes it'}`);
  }
  assert.equal(sourcePathProblem('./'), undefined);
  assert.equal(sourcePathProblem('.'), undefined);
  assert.notEqual(sourcePathProblem(''), undefined);
});

test('the schemas accept the manifests, marketplaces and hooks files of the fixtures, which the clients load', () => {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const p = join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (contributedSchemaOf(p)) files.push(p);
    }
  };
  walk(join(ROOT, 'test', 'fixtures'));
  assert.ok(files.length >= 5, files.join('\n'));
  for (const f of files) {
    let value: unknown;
    try {
      value = JSON.parse(readFileSync(f, 'utf8'));
    } catch (e) {
      // Fixtures of syntax errors: the JSON service reports those, not the schema.
      if (e instanceof SyntaxError) continue;
      throw e;
    }
    const schema = contributedSchemaOf(f)!;
    // The schema reports what the server leaves to it there, and nothing else.
    assert.equal(errorsOf(schema.file, value).length, leftToSchema(f, readFileSync(f, 'utf8'), schema.reports), `${f}: ${errorsOf(schema.file, value).join('; ')}`);
  }
});

/** How many of the server's findings in a file have a code its schema reports. */
function leftToSchema(path: string, text: string, reports: readonly string[]): number {
  const kind = path.endsWith('hooks.json') ? 'hooks' : 'plugin-manifest';
  const ds = diagnosticsOfKind(kind, analyzeKind(kind, text, `file://${path}`, new InMemoryHost({})), text);
  return ds.filter((d) => reports.includes(d.code)).length;
}

test('the Codex schemas report the paths Codex ignores, as the server does where no schema applies', () => {
  assert.deepEqual(errorsOf('schemas/codex-plugin.schema.json', { name: 'x', skills: 'skills/' }), ['/skills must match pattern "^\\./(?!/?$)(?!(?:.*/)?\\.\\.?(?:/|$))"']);
  assert.deepEqual(errorsOf('schemas/codex-plugin.schema.json', { name: 'x', skills: './skills/' }), []);
  assert.deepEqual(errorsOf('schemas/codex-plugin.schema.json', { name: 'x', skills: ['./skills/', 'more/'] }), [
    '/skills/1 must match pattern "^\\./(?!/?$)(?!(?:.*/)?\\.\\.?(?:/|$))"',
  ]);
  assert.equal(errorsOf('schemas/codex-marketplace.schema.json', { name: 'm', plugins: [{ name: 'x', source: { source: 'local', path: '../x' } }] }).length, 1);
  assert.equal(errorsOf('schemas/codex-marketplace.schema.json', { name: 'm', plugins: [{ name: 'x', source: './x' }] }).length, 0);
});

test("the hooks schema reports a timeout that is no positive number, and not an unknown event or handler type (the server's, with its suggestion and fix)", () => {
  const hooks = (handler: object, event = 'PreToolUse') => ({ hooks: { [event]: [{ matcher: 'Bash', hooks: [handler] }] } });
  assert.equal(errorsOf('schemas/claude-hooks.schema.json', hooks({ type: 'command', command: 'x', timeout: 0 })).length, 1);
  assert.equal(errorsOf('schemas/claude-hooks.schema.json', hooks({ type: 'command', command: 'x', timeout: '30' })).length, 1);
  assert.deepEqual(errorsOf('schemas/claude-hooks.schema.json', hooks({ type: 'command', command: 'x', timeout: 30 })), []);
  assert.deepEqual(errorsOf('schemas/claude-hooks.schema.json', hooks({ type: 'Command', command: 'x' }, 'preToolUse')), []);
  // Under an unknown event nothing is read, by Claude Code, the server or the schema.
  assert.deepEqual(errorsOf('schemas/claude-hooks.schema.json', hooks({ type: 'command', command: 'x', timeout: -1 }, 'preToolUse')), []);
});

test('a schema never reports what the server reports as an error: a missing name, a wrong type, a closed value Codex fails on', () => {
  const none = (file: string, value: unknown) => assert.deepEqual(errorsOf(file, value), [], `${file}: ${JSON.stringify(value)}`);
  none('schemas/claude-plugin.schema.json', {});
  none('schemas/claude-plugin.schema.json', { name: 'has space', author: 'Me', repository: { url: 'x' }, keywords: 'a', agents: 3 });
  none('schemas/claude-marketplace.schema.json', { plugins: [{ name: 'x' }, { name: 'x' }] });
  none('schemas/codex-plugin.schema.json', { name: 3, skills: ['./skills/'] });
  none('schemas/codex-marketplace.schema.json', { plugins: [{ name: 'x', source: './x', policy: { installation: 'SOMETIMES' } }] });
  none('schemas/claude-hooks.schema.json', { hooks: { PreToolUse: { matcher: 'x' } } });
  none('schemas/claude-hooks.schema.json', { hooks: [] });
});

test('with schemaDiagnostics off, the server leaves out exactly the codes the file’s schema reports; other files keep them', () => {
  const host = new InMemoryHost({});
  const codexPlugin = '{ "name": "x", "skills": "skills/", "mcpServers": 3 }';
  const uri = 'file:///r/p/.codex-plugin/plugin.json';
  const on = diagnosticsOfKind('plugin-manifest', analyzeKind('plugin-manifest', codexPlugin, uri, host), codexPlugin).map((d) => d.code);
  const off = diagnosticsOfKind('plugin-manifest', analyzeKind('plugin-manifest', codexPlugin, uri, host), codexPlugin, { schemaDiagnostics: false }).map((d) => d.code);
  assert.deepEqual(on, ['plugin-path-invalid', 'plugin-value-invalid']);
  assert.deepEqual(off, ['plugin-value-invalid']);
  const hooksText = '{ "hooks": { "Stop": [ { "hooks": [ { "type": "command", "command": "x", "timeout": 0 } ] } ] } }';
  const offAt = (u: string) => diagnosticsOfKind('hooks', analyzeKind('hooks', hooksText, u, host), hooksText, { schemaDiagnostics: false }).map((d) => d.code);
  assert.deepEqual(offAt('file:///r/p/hooks/hooks.json'), []);
  // A hooks file a manifest names elsewhere: no schema applies, the server keeps the finding.
  assert.deepEqual(offAt('file:///r/p/config/my-hooks.json'), ['hooks-timeout-invalid']);
});

test('a file that names its own $schema is validated by VS Code with that one: the server keeps what ours would have reported', () => {
  const host = new InMemoryHost({});
  const uri = 'file:///r/p/.codex-plugin/plugin.json';
  const own = '{ "$schema": "https://example.com/codex-plugin.json", "name": "x", "skills": "skills/" }';
  assert.deepEqual(
    diagnosticsOfKind('plugin-manifest', analyzeKind('plugin-manifest', own, uri, host), own, { schemaDiagnostics: false }).map((d) => d.code),
    ['plugin-path-invalid', 'plugin-unknown-key'],
  );
  // Being typed (not JSON yet), it still names its own.
  assert.equal(analyzeKind('plugin-manifest', '{ "$schema": "x", "name": ', uri, host).schema, undefined);
  assert.equal(analyzeKind('plugin-manifest', '{ "name": "x" }', uri, host).schema?.file, 'schemas/codex-plugin.schema.json');
});
