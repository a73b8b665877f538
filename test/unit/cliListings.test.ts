/**
 * `check` finds each file's `.agent-files.json` and repository root from the folders its walk
 * listed (server/src/cli/workspace.ts `listed`, configReader.ts): the same answers as from the
 * disk, without a lookup in a folder the walk listed.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import nodeFs from 'node:fs';
import { join } from 'node:path';
import { URI } from 'vscode-uri';
import { checkCommand } from '../../server/src/cli/check';
import { ConfigReader } from '../../server/src/cli/configReader';
import { CliWorkspace } from '../../server/src/cli/workspace';
import type { WalkedFolder } from '../../server/src/node/fsHost';
import { walkFiles } from '../../server/src/node/walk';
import { tempTree } from '../helpers/tempTree';

const { base, write } = tempTree('agent-files-cli-listings-');
write('.git/HEAD', 'ref: refs/heads/main\n');
write('.agent-files.json', '{ "rules": { "skill-body-tokens": "off" } }');
write('pkg/.agent-files.json', '{ "rules": { "skill-name-directory-mismatch": "off" } }');
write('pkg/skills/a/SKILL.md', 'A');
write('skills/b/SKILL.md', 'B');

const io = { out: () => undefined, err: () => undefined, cwd: base };
const skills = ['pkg/skills/a/SKILL.md', 'skills/b/SKILL.md'].map((rel) => URI.file(join(base, rel)).toString());

/** Each skill's config file and rules, from a reader whose workspace knows `listings`. */
function configsOf(listings: Map<string, WalkedFolder>) {
  const workspace = new CliWorkspace(base, listings);
  workspace.add(base);
  const reader = new ConfigReader(io, undefined, workspace);
  return skills.map((uri) => {
    const found = reader.forFile(uri);
    return [found.uri, found.config.rules];
  });
}

test("a file's configuration from the walk's listings is the one from the disk, and no folder the walk listed is asked again", (t) => {
  const fromDisk = configsOf(new Map());
  const listings = new Map<string, WalkedFolder>();
  walkFiles(base, () => true, { listed: (dir, folder) => listings.set(dir, folder) });
  const exists = t.mock.method(nodeFs, 'existsSync');
  const lstat = t.mock.method(nodeFs, 'lstatSync');
  assert.deepEqual(configsOf(listings), fromDisk);
  const asked = [...exists.mock.calls, ...lstat.mock.calls].map((c) => String(c.arguments[0]));
  // Only the files that are there are looked at (to be read); nothing in a listed folder is asked whether it exists.
  assert.deepEqual(
    asked.filter((p) => !p.endsWith('.agent-files.json')),
    [],
  );
  assert.deepEqual([...new Set(asked)].sort(), [join(base, '.agent-files.json'), join(base, 'pkg', '.agent-files.json')].sort());
});

test('check lists the files for instruction globs from its walk: only a folder the walk left out is read again, and the globs see its files', (t) => {
  const root = join(base, 'globs');
  write('globs/.gitignore', 'dist/\n');
  write('globs/.github/instructions/ts.instructions.md', '---\napplyTo: "dist/**/*.js"\n---\nKeep the bundle small.\n');
  write('globs/src/a.ts', 'export {};\n');
  write('globs/dist/app.js', '');
  write('globs/dist/deep/more.js', '');
  const readdir = t.mock.method(nodeFs, 'readdirSync');
  let out = '';
  checkCommand([root, '--format', 'json'], { out: (x) => (out += x), err: () => undefined, cwd: base });
  const reads = new Map<string, number>();
  for (const c of readdir.mock.calls) reads.set(String(c.arguments[0]), (reads.get(String(c.arguments[0])) ?? 0) + 1);
  assert.deepEqual(
    [...reads].filter(([, n]) => n > 1),
    [],
    'no folder is read twice',
  );
  assert.ok(reads.has(join(root, 'dist', 'deep')), 'the ignored folder is read for the globs');
  // The glob matches files of the ignored folder, so it is not reported as matching nothing.
  assert.match(out, /"files"/);
  assert.doesNotMatch(out, /instructions-glob-no-match/, out);
});
