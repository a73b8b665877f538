/**
 * The browser host (the server in a Web Worker, reading the workspace through the client) keeps
 * the live files of a listing as the Node walk does: the folder's .gitignore files are fetched
 * first, then what they and the default list leave out is dropped. A fake client answers the
 * `agentFiles/fs/*` requests from a map.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ClientWorkspaceFs, type ClientChannel } from '../../server/src/browser/clientFs';
import { LiveFiles } from '../../server/src/core/workspace/liveFiles';
import { resolveRelative } from '../../server/src/core/world/paths';

const ROOT = 'vscode-vfs://github/o/r';

test('the browser host drops what the folder .gitignore files and the default list leave out, reading the .gitignore files first', async () => {
  const files: Record<string, string> = {
    [`${ROOT}/.gitignore`]: 'dist/\n',
    [`${ROOT}/skills/a/SKILL.md`]: '---\nname: a\n---\n',
    [`${ROOT}/dist/skills/a/SKILL.md`]: '---\nname: a\n---\n',
    [`${ROOT}/tests/fixtures/b/SKILL.md`]: '---\nname: b\n---\n',
    [`${ROOT}/pkg/.gitignore`]: 'local.md\n',
    [`${ROOT}/pkg/AGENTS.md`]: '# Pkg\n',
  };
  const client = {
    request: (method: string, params: { uri?: string; folder?: string }) => {
      if (method === 'agentFiles/fs/findFiles') return Promise.resolve({ uris: Object.keys(files) });
      if (method === 'agentFiles/fs/stat') return Promise.resolve(files[params.uri!] === undefined ? null : { type: 'file', size: files[params.uri!]!.length });
      return Promise.resolve(files[params.uri!] === undefined ? null : { text: files[params.uri!] });
    },
  } as unknown as ClientChannel;
  const fs = new ClientWorkspaceFs(client, () => undefined);
  const live = new LiveFiles({ read: (rel) => fs.readText(resolveRelative(ROOT, rel)) });
  const found = await fs.findFiles(ROOT, (p) => p.endsWith('.md'), 100, live);
  assert.deepEqual(
    found.map((f) => f.uri.slice(ROOT.length + 1)),
    ['pkg/AGENTS.md', 'skills/a/SKILL.md'],
  );
});
