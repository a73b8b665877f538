/** `check --fix` applies the safe fixes (and a name set to its folder's when only the case differs); `--fix-unsafe` the certain edits that change meaning, diff first. */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

const CLI = path.resolve(__dirname, '../../dist/cli.js');
const cli = (cwd: string, ...args: string[]) => spawnSync(process.execPath, [CLI, 'check', ...args], { cwd, encoding: 'utf8' });

function tree(files: Record<string, string>): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'af-tiers-'));
  for (const [rel, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return root;
}

const CASE_ONLY = '---\nname: PDF\ndescription: Reads PDF files. Use when a PDF is attached.\n---\n\nBody.\n';
const TYPO = '---\nname: notes\ndescription: Takes notes. Use when asked to write something down.\nlicence: MIT\n---\n\nBody.\n';

test('--fix sets a name to its folder when only the case differs, and leaves a renaming key alone', () => {
  const root = tree({ '.agents/skills/pdf/SKILL.md': CASE_ONLY, '.agents/skills/notes/SKILL.md': TYPO });
  try {
    const r = cli(root, '--fix', '.');
    assert.equal(fs.readFileSync(path.join(root, '.agents/skills/pdf/SKILL.md'), 'utf8'), CASE_ONLY.replace('name: PDF', 'name: pdf'));
    assert.equal(fs.readFileSync(path.join(root, '.agents/skills/notes/SKILL.md'), 'utf8'), TYPO);
    assert.match(r.stderr, /applied 1 safe fix to 1 file/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('--fix-unsafe also renames a mistyped key, printing the diff on stderr before it writes', () => {
  const root = tree({ '.agents/skills/notes/SKILL.md': TYPO });
  try {
    const r = cli(root, '--fix-unsafe', '.');
    assert.equal(fs.readFileSync(path.join(root, '.agents/skills/notes/SKILL.md'), 'utf8'), TYPO.replace('licence', 'license'));
    assert.match(r.stderr, /^-licence: MIT$/m);
    assert.match(r.stderr, /^\+license: MIT$/m);
    assert.match(r.stderr, /applied 1 fix to 1 file/);
    assert.doesNotMatch(r.stdout, /skill-field-typo/);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});

test('--fix-unsafe and --fix-dry-run cannot be combined; a dry run of --fix shows no unsafe fix', () => {
  const root = tree({ '.agents/skills/notes/SKILL.md': TYPO });
  try {
    const r = cli(root, '--fix-dry-run', '--fix-unsafe', '.');
    assert.equal(r.status, 2);
    assert.match(r.stderr, /'--fix-unsafe' and '--fix-dry-run' cannot be combined/);
    const dry = cli(root, '--fix-dry-run', '.');
    assert.doesNotMatch(dry.stdout, /license:/, 'a dry run of --fix shows no unsafe fix');
    assert.equal(fs.readFileSync(path.join(root, '.agents/skills/notes/SKILL.md'), 'utf8'), TYPO);
  } finally {
    fs.rmSync(root, { recursive: true, force: true });
  }
});
