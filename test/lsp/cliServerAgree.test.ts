/**
 * The CLI and the language server give every fixture file the same diagnostics: the same codes,
 * severities, messages and ranges, each severity one the rule's registry allows. Each fixture
 * folder is copied to a temporary workspace, checked by the built CLI (`check --format json`), and
 * opened, file by file, in a server on that folder.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Diagnostic } from 'vscode-languageserver-protocol';
import { startClient } from '../helpers/inProcessClient';
import { tempWorkspace, waitForLog } from '../helpers/lspWorkspace';
import { RULE_BY_CODE } from '../../server/src/core/rules';

const ROOT = path.resolve(__dirname, '../..');
const CLI = path.join(ROOT, 'dist/cli.js');
const FIXTURES = path.join(ROOT, 'test/fixtures');
/** Fixture folders of checkable files (the others hold grammar, fuzz and e2e data). */
const FOLDERS = fs.readdirSync(FIXTURES).filter((n) => !['grammar', 'fuzz-regressions'].includes(n) && fs.statSync(path.join(FIXTURES, n)).isDirectory());
const SEVERITY = ['', 'error', 'warning', 'information', 'hint'];
const ORDER = ['error', 'warning', 'information', 'hint'];

interface CliDiagnostic {
  code: string;
  severity: string;
  message: string;
  range: { start: { line: number; character: number }; end: { line: number; character: number } };
}
type Brief = [string, string, string, number, number, number, number];
const brief = (code: string, severity: string, message: string, r: CliDiagnostic['range']): Brief => [
  code,
  severity,
  message,
  r.start.line,
  r.start.character,
  r.end.line,
  r.end.character,
];
const sorted = (b: Brief[]) => [...b].sort((x, y) => JSON.stringify(x).localeCompare(JSON.stringify(y)));
const languageOf = (file: string) => (file.endsWith('.3md') ? '3md' : file.endsWith('.json') ? 'json' : 'markdown');

for (const folder of FOLDERS) {
  test(`the CLI and the server agree on every file of test/fixtures/${folder}`, async () => {
    const ws = tempWorkspace(`agree-${folder}`);
    fs.cpSync(path.join(FIXTURES, folder), ws.root, { recursive: true });
    const client = await startClient({ rootUri: ws.rootUri });
    try {
      const run = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '--allow-empty', '.'], { cwd: ws.root, encoding: 'utf8' });
      const report = JSON.parse(run.stdout) as { files: { path: string; diagnostics: CliDiagnostic[] }[] };
      assert.ok(report.files.length > 0, `the CLI checked no file of ${folder}: ${run.stderr}`);
      await waitForLog(client, /^indexed \d+ file/);
      const cli: Record<string, Brief[]> = {};
      const server: Record<string, Brief[]> = {};
      for (const f of report.files) {
        cli[f.path] = sorted(f.diagnostics.map((d) => brief(d.code, d.severity, d.message, d.range)));
        const uri = ws.uri(f.path);
        const published = client.diagnostics(uri);
        client.open(uri, fs.readFileSync(ws.path(f.path), 'utf8'), languageOf(f.path));
        const ds: Diagnostic[] = await published;
        server[f.path] = sorted(ds.map((d) => brief(String(d.code), SEVERITY[d.severity ?? 1]!, String(d.message), d.range)));
      }
      assert.deepEqual(server, cli);
      const allowed = (code: string): string[] => {
        const r = RULE_BY_CODE.get(code);
        if (!r) return [];
        const listed = [r.severity, ...(r.also ?? [])];
        // A SKILL.md finding on weaker evidence is lowered below its table level (`atMost` in skills/rules.ts).
        if (r.format !== 'skill') return listed;
        const worst = Math.min(...listed.map((l) => ORDER.indexOf(l as never)));
        return ORDER.slice(worst);
      };
      assert.deepEqual(
        Object.values(cli)
          .flat()
          .filter(([code, severity]) => !allowed(code).includes(severity as never))
          .map(([code, severity]) => `${code} is reported as ${severity}; its registry allows ${allowed(code).join(', ') || 'nothing (no registry has it)'}`),
        [],
      );
    } finally {
      await client.stop();
      ws.dispose();
    }
  });
}
