/** `check --explain CODE`: a rule's section of docs/rules.md, which the npm package and the .vsix ship beside dist/. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { explainRule as explain } from '../core/rules/ruleDoc';
import { FatalError } from './io';
import { RULES_URL } from './meta';

/** docs/rules.md of this installation (dist/cli.js sits in dist/). */
const RULES_DOC = path.join(__dirname, '..', 'docs', 'rules.md');

export function explainRule(code: string): string {
  let doc: string | undefined;
  try {
    doc = fs.readFileSync(RULES_DOC, 'utf8');
  } catch {
    doc = undefined;
  }
  const r = explain(doc, code, RULES_URL);
  if ('error' in r) throw new FatalError(`agent-files: ${r.error}`);
  return r.text;
}
