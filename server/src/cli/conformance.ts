/**
 * `conformance DIR...`: runs folders of upstream vectors. `*.json` are 3md vectors (document,
 * error code or links must match); `*.3md` are agent3md/1 vectors (`valid-*` give no errors,
 * `invalid-X` reports rule X).
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { parseThreeMd } from '../core/threemd/parser';
import { referenceLinks, strictResult } from '../core/threemd/reference';
import { analyzeThreeMd } from '../core/agent/threemdAnalysis';
import { UsageError } from './args';
import { FatalError, type Io } from './io';
import { printable } from './escape';

type Verdict = string | null;

function runJsonVector(v: Record<string, unknown>): Verdict {
  if (typeof v['source'] !== 'string') return 'vector has no "source" string';
  const doc = parseThreeMd(v['source']);
  const r = strictResult(doc);
  if ('error' in v) return !r.ok && r.error.code === v['error'] ? null : `expected error ${String(v['error'])}, got ${r.ok ? 'a document' : r.error.code}`;
  if (!r.ok) return `unexpected error ${r.error.code}: ${r.error.message}`;
  if ('links' in v) return isDeepStrictEqual(referenceLinks(doc), v['links']) ? null : `links differ: ${JSON.stringify(referenceLinks(doc))}`;
  const got = JSON.parse(JSON.stringify(r.document));
  return isDeepStrictEqual(got, v['expected']) ? null : `document differs: ${JSON.stringify(got)}`;
}

/** An invalid agent vector names its rule in the file name: `invalid-<what>.3md`, checked against its errors. */
const AGENT_RULE_BY_NAME: Record<string, string> = {
  'two-identities': 'identity',
  'missing-label': 'missing-label',
  'dup-skill': 'unique-skill',
  'dead-link': 'dead-link',
  cycle: 'cycle',
  'missing-frontmatter': 'frontmatter',
  'bad-entry': 'entry',
  'bad-input-type': 'input-type',
  'dup-input': 'dup-input',
  'bad-placeholder': 'tool-input',
};

function runAgentVector(name: string, source: string): Verdict {
  const a = analyzeThreeMd(parseThreeMd(source), { fileName: name });
  if (!a.isAgent) return 'not detected as an agent';
  const errors = a.diagnostics.filter((d) => d.severity === 'error').map((d) => d.code);
  const stem = name.replace(/\.3md$/, '');
  if (stem.startsWith('valid-')) return errors.length === 0 ? null : `expected no errors, got ${errors.join(', ')}`;
  const what = stem.replace(/^invalid-/, '');
  const rule = AGENT_RULE_BY_NAME[what] ?? /RULE:\s*([a-z-]+)/.exec(source)?.[1];
  if (!rule) return `cannot tell which rule ${name} exercises`;
  return errors.length === 1 && errors[0] === rule ? null : `expected exactly [${rule}], got [${errors.join(', ')}]`;
}

export function conformanceCommand(argv: string[], io: Io): number {
  if (argv.length === 0) throw new UsageError('usage: agent-files conformance DIR...');
  let passed = 0;
  let failed = 0;
  for (const dir of argv) {
    let names: string[];
    try {
      names = fs.readdirSync(dir).sort();
    } catch {
      throw new FatalError(`agent-files: cannot read ${dir}: no such folder`);
    }
    for (const name of names) {
      const file = path.join(dir, name);
      let verdict: Verdict;
      if (name.endsWith('.json')) {
        try {
          verdict = runJsonVector(JSON.parse(fs.readFileSync(file, 'utf8')));
        } catch (e) {
          verdict = `unreadable vector: ${(e as Error).message}`;
        }
      } else if (name.endsWith('.3md') && /^(valid|invalid)-/.test(name)) {
        verdict = runAgentVector(name, fs.readFileSync(file, 'utf8'));
      } else continue;
      if (verdict === null) passed++;
      else {
        failed++;
        io.out(printable(`FAIL ${file}: ${verdict}`));
      }
    }
  }
  io.out(`conformance: ${passed} passed, ${failed} failed`);
  return failed === 0 && passed > 0 ? 0 : 1;
}
