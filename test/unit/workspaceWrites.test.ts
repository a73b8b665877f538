/**
 * The workspace bound for writes and for "outside" diagnostics, over real symlinks in temp
 * folders: where a path that does not exist yet would be created (its nearest existing ancestor,
 * links followed, `..` taken after links as the OS takes it), and which link leads out.
 */
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { URI } from 'vscode-uri';
import { NodeFsHost, realLocation } from '../../server/src/node/fsHost';
import { analyzeSkill } from '../../server/src/core/skills';
import { analyzeAgentMd } from '../../server/src/core/agentmd';
import { analyzeClaudeSettings } from '../../server/src/core/hooks';
import { analyzeWorld, worldCodeActions } from '../../server/src/core/world';
import { skillCodeActions } from '../../server/src/core/skills/codeActions';
import { boundActions } from '../../server/src/lsp/editBounds';

const base = realpathSync(mkdtempSync(join(tmpdir(), 'agent-files-writes-')));
after(() => rmSync(base, { recursive: true, force: true }));

let n = 0;
/** A workspace folder `ws` and a sibling `outside` folder holding `secret.md`. */
function tree(): { root: string; outside: string; host: NodeFsHost } {
  const dir = join(base, `case-${n++}`);
  const root = join(dir, 'ws');
  const outside = join(dir, 'outside');
  mkdirSync(root, { recursive: true });
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, 'secret.md'), 'SECRET');
  return { root, outside, host: new NodeFsHost([root]) };
}
const uri = (p: string) => URI.file(p).toString();
function write(p: string, text: string): void {
  mkdirSync(join(p, '..'), { recursive: true });
  writeFileSync(p, text);
}

test('realLocation: a missing path lies where its nearest existing ancestor really is', () => {
  const { root, outside } = tree();
  symlinkSync(outside, join(root, 'out'));
  mkdirSync(join(root, 'in'));
  assert.equal(realLocation(join(root, 'out', 'a', 'b', 'new.md')), join(outside, 'a', 'b', 'new.md'));
  assert.equal(realLocation(join(root, 'in', 'a', 'new.md')), join(root, 'in', 'a', 'new.md'));
  assert.equal(realLocation(join(root, 'out', 'secret.md')), join(outside, 'secret.md'));
});

test('realLocation: `..` after a symlink is taken from the link target, as the OS does', () => {
  const { root, outside } = tree();
  mkdirSync(join(outside, 'deep'));
  symlinkSync(join(outside, 'deep'), join(root, 'link'));
  // Lexically `ws/link/../x` is `ws/x`; the OS resolves it to `outside/x`.
  assert.equal(realLocation(`${root}/link/../x.md`), join(outside, 'x.md'));
});

test('realLocation: a dangling link leads to its target; a link loop has no location', () => {
  const { root, outside } = tree();
  symlinkSync(join(outside, 'not-yet.md'), join(root, 'dangling.md'));
  symlinkSync(join(root, 'loop-b'), join(root, 'loop-a'));
  symlinkSync(join(root, 'loop-a'), join(root, 'loop-b'));
  assert.equal(realLocation(join(root, 'dangling.md')), join(outside, 'not-yet.md'));
  assert.equal(realLocation(join(root, 'loop-a', 'x.md')), null);
});

test('realLocation: a 20,000-part missing path is walked without recursion', () => {
  const { root } = tree();
  const deep = join(root, ...Array.from({ length: 20_000 }, () => 'd'));
  assert.equal(realLocation(deep), deep);
});

test('mayWrite: refuses files under a symlinked folder leading outside, whether or not they exist', () => {
  const { root, outside, host } = tree();
  symlinkSync(outside, join(root, 'out'));
  assert.equal(host.mayWrite(uri(join(root, 'out', 'secret.md'))), false, 'an existing file outside');
  assert.equal(host.mayWrite(uri(join(root, 'out', 'new.md'))), false, 'a new file outside');
  assert.equal(host.mayWrite(uri(join(root, 'out', 'a', 'b', 'new.md'))), false, 'a new file in new folders outside');
  assert.equal(host.mayWrite(uri(join(root, 'new.md'))), true);
  assert.equal(host.mayWrite(uri(join(root, 'a', 'b', 'new.md'))), true, 'new folders inside');
});

test('mayWrite: refuses dangling links out, `..` after a link, `..` out, loops, other schemes and authorities', () => {
  const { root, outside, host } = tree();
  mkdirSync(join(outside, 'deep'));
  symlinkSync(join(outside, 'not-yet.md'), join(root, 'dangling.md'));
  symlinkSync(join(outside, 'deep'), join(root, 'link'));
  symlinkSync(join(root, 'loop-b'), join(root, 'loop-a'));
  symlinkSync(join(root, 'loop-a'), join(root, 'loop-b'));
  for (const u of [
    uri(join(root, 'dangling.md')),
    `${uri(root)}/link/../x.md`,
    `${uri(root)}/link/%2e%2e/x.md`,
    `${uri(root)}/../outside/x.md`,
    uri(join(outside, 'x.md')),
    uri(join(root, 'loop-a', 'x.md')),
    `untitled:${join(root, 'x.md')}`,
    `file://server${root}/x.md`,
    'not a uri',
  ]) {
    assert.equal(host.mayWrite(u), false, u);
  }
});

test('mayWrite: a link that stays inside the workspace, and a workspace folder that is itself a link, are fine', () => {
  const { root, host } = tree();
  mkdirSync(join(root, 'real'));
  symlinkSync(join(root, 'real'), join(root, 'alias'));
  symlinkSync(join(root, 'real', 'later.md'), join(root, 'dangling-inside.md'));
  assert.equal(host.mayWrite(uri(join(root, 'alias', 'new.md'))), true);
  assert.equal(host.mayWrite(uri(join(root, 'dangling-inside.md'))), true);
  const linkedRoot = join(root, '..', 'ws-link');
  symlinkSync(root, linkedRoot);
  assert.equal(new NodeFsHost([linkedRoot]).mayWrite(uri(join(linkedRoot, 'x', 'new.md'))), true);
});

test('linkOutside names the first link on the way out; nothing for paths inside, or outside as written', () => {
  const { root, outside, host } = tree();
  mkdirSync(join(root, 'skill'));
  symlinkSync(outside, join(root, 'skill', 'references'));
  symlinkSync(join(outside, 'secret.md'), join(root, 'skill', 'file.md'));
  assert.equal(host.linkOutside(uri(join(root, 'skill', 'references', 'a', 'new.md'))), uri(join(root, 'skill', 'references')));
  assert.equal(host.linkOutside(uri(join(root, 'skill', 'file.md'))), uri(join(root, 'skill', 'file.md')));
  assert.equal(host.linkOutside(uri(join(root, 'skill', 'missing.md'))), undefined);
  assert.equal(host.linkOutside(uri(join(outside, 'secret.md'))), undefined);
});

test('a host that remembers its lookups (one CLI run) answers as one that looks every time: links out, dangling, loops, `..` after a link, many files in one folder', () => {
  const { root, outside, host } = tree();
  const once = new NodeFsHost([root], { rememberLookups: true });
  mkdirSync(join(outside, 'deep'));
  mkdirSync(join(root, 'skill', 'real'), { recursive: true });
  symlinkSync(outside, join(root, 'skill', 'references'));
  symlinkSync(join(outside, 'deep'), join(root, 'link'));
  symlinkSync(join(outside, 'not-yet.md'), join(root, 'dangling.md'));
  symlinkSync(join(root, 'loop-b'), join(root, 'loop-a'));
  symlinkSync(join(root, 'loop-a'), join(root, 'loop-b'));
  symlinkSync(join(root, 'skill', 'real'), join(root, 'skill', 'alias'));
  writeFileSync(join(root, 'skill', 'real', 'here.md'), 'x');
  const uris = [
    ...Array.from({ length: 5 }, (_, i) => uri(join(root, 'skill', 'references', `missing-${i}.md`))),
    ...Array.from({ length: 5 }, (_, i) => uri(join(root, 'skill', 'alias', `missing-${i}.md`))),
    uri(join(root, 'skill', 'references', 'secret.md')),
    uri(join(root, 'skill', 'alias', 'here.md')),
    uri(join(root, 'dangling.md')),
    `${uri(root)}/link/../x.md`,
    uri(join(root, 'loop-a', 'x.md')),
    uri(join(root, 'new', 'folder', 'x.md')),
  ];
  const answers = (h: NodeFsHost) => uris.map((u) => [u, h.pathOf(u) !== null, h.exists(u), h.linkOutside(u) ?? null, h.mayWrite(u)]);
  // Asked twice: the second time every answer comes from what the first remembered.
  assert.deepEqual(answers(once), answers(host));
  assert.deepEqual(answers(once), answers(host));
  assert.equal(once.mayWrite(uri(join(root, 'skill', 'references', 'missing-3.md'))), false);
  assert.equal(once.linkOutside(uri(join(root, 'skill', 'references', 'missing-4.md'))), uri(join(root, 'skill', 'references')));
  assert.equal(once.mayWrite(uri(join(root, 'skill', 'alias', 'missing-4.md'))), true);
  assert.equal(once.exists(uri(join(root, 'skill', 'alias', 'here.md'))), true);
});

const SKILL = (body: string) => `---\nname: s\ndescription: Does s. Use when s is asked for.\n---\n# S\n${body}\n`;

test('SKILL.md: a reference through a symlinked folder leading out is reported as outside, with no quick fix', () => {
  const { root, outside, host } = tree();
  const skill = join(root, 's', 'SKILL.md');
  write(skill, '');
  symlinkSync(outside, join(root, 's', 'references'));
  const text = SKILL('See [secret](references/secret.md) and [new](references/new.md) and [here](here.md).');
  const ds = analyzeSkill(text, uri(skill), host).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.message]),
    [
      ['skill-reference-outside', "Reference 'references/secret.md' leads outside the workspace through the symbolic link 'references'; it is not read"],
      ['skill-reference-outside', "Reference 'references/new.md' leads outside the workspace through the symbolic link 'references'; it is not read"],
      ['skill-file-missing', "Referenced file 'here.md' does not exist in the skill folder"],
    ],
  );
  const actions = skillCodeActions(text, uri(skill), ds);
  assert.deepEqual(
    actions.map((a) => a.title),
    ["Create 'here.md'"],
    'only the file inside gets a Create fix',
  );
});

test('SKILL.md: a license file named in prose that is a symbolic link leading out is outside, not missing', () => {
  const { root, outside, host } = tree();
  const skill = join(root, 's', 'SKILL.md');
  write(skill, '');
  symlinkSync(join(outside, 'secret.md'), join(root, 's', 'LICENSE.txt'));
  const text = '---\nname: s\ndescription: Does a thing. Use when testing.\nlicense: Complete terms in LICENSE.txt\n---\nBody.\n';
  assert.deepEqual(
    analyzeSkill(text, uri(skill), host).diagnostics.map((d) => [d.code, d.message]),
    [['skill-reference-outside', "License file 'LICENSE.txt' named in 'license' leads outside the workspace through the symbolic link 'LICENSE.txt'; it is not read"]],
  );
});

test('SKILL.md: absolute paths and file: URIs are reported, never resolved; web links and //host links are not', () => {
  const { root, host } = tree();
  const skill = join(root, 's', 'SKILL.md');
  const text = SKILL(
    '[a](/etc/passwd) [b](file:///etc/passwd) [c](C:\\Users\\x.md) [d](C:/x.md) [e](\\\\share\\x.md) [f](https://example.com/x) [g](//cdn.example.com/x.png) [h](mailto:a@b.c)',
  );
  const ds = analyzeSkill(text, uri(skill), host).diagnostics;
  assert.deepEqual(
    ds.map((d) => [d.code, d.severity, text.split('\n')[d.range.start.line]!.slice(d.range.start.character, d.range.end.character)]),
    [
      ['skill-reference-absolute', 'information', '/etc/passwd'],
      ['skill-reference-absolute', 'information', 'file:///etc/passwd'],
      ['skill-reference-absolute', 'warning', 'C:\\Users\\x.md'],
      ['skill-reference-absolute', 'warning', 'C:/x.md'],
      ['skill-reference-absolute', 'warning', '\\\\share\\x.md'],
    ],
  );
  // A system path names the machine the agent runs on, by design (a server's or a container's layout): advice.
  assert.match(ds[1]!.message, /^Reference 'file:\/\/\/etc\/passwd' is an absolute path outside any home folder: it names a file of the machine the agent runs on/);
  const home = analyzeSkill(SKILL('[a](file:///Users/ana/notes.md)'), uri(skill), host).diagnostics;
  assert.deepEqual(
    home.map((d) => [d.code, d.severity]),
    [['skill-reference-absolute', 'warning']],
  );
  assert.match(home[0]!.message, /^Reference 'file:\/\/\/Users\/ana\/notes.md' is a file: URI; clients read a skill's files from its own folder/);
});

test('AGENT.md: a path `extends` through a symlinked folder leading out is outside, an absolute one is reported', () => {
  const { root, outside, host } = tree();
  write(join(outside, 'base', 'AGENT.md'), '---\nname: base\ndescription: b\n---\n');
  const agent = join(root, 'agents', 'child', 'AGENT.md');
  write(agent, '');
  symlinkSync(outside, join(root, 'agents', 'shared'));
  const roots = { workspaceRoots: [uri(root)] };
  const at = (v: string) =>
    analyzeAgentMd(`---\nname: child\ndescription: c\nextends: ${v}\n---\nBody.\n`, uri(agent), host, roots).diagnostics.map((d) => [d.code, d.severity, d.message]);
  assert.deepEqual(at('../shared/base/AGENT.md'), [
    ['agent-extends-outside', 'warning', "Parent agent '../shared/base/AGENT.md' leads outside the workspace through the symbolic link '../shared'; it is not read"],
  ]);
  assert.deepEqual(at('../shared/base'), [
    ['agent-extends-outside', 'warning', "Parent agent '../shared/base' leads outside the workspace through the symbolic link '../shared'; it is not read"],
  ]);
  assert.deepEqual(at(join(outside, 'base', 'AGENT.md')), [
    [
      'agent-extends-absolute',
      'warning',
      `Parent agent '${join(outside, 'base', 'AGENT.md')}' is an absolute path; name the parent agent, or write a path relative to this AGENT.md, so it resolves on other machines too`,
    ],
  ]);
  assert.deepEqual(
    at(uri(join(outside, 'base', 'AGENT.md'))).map(([c]) => c),
    ['agent-extends-absolute'],
  );
});

const WORLD = (promptPath: string) =>
  JSON.stringify(
    {
      world: { name: 'w' },
      agents: { pm: { role: 'pm', promptPath } },
      workflow: { type: 'sequential', entry: 'start', nodes: { start: { agent: 'pm' } }, edges: {} },
    },
    null,
    2,
  );

test('world.json: a promptPath through a symlinked prompts folder leading out is outside, with no create fix', () => {
  const { root, outside, host } = tree();
  const world = join(root, '.agent-world', 'world.json');
  write(world, '');
  symlinkSync(outside, join(root, '.agent-world', 'prompts'));
  for (const pp of ['prompts/secret.md', 'prompts/new.md']) {
    const a = analyzeWorld(WORLD(pp), uri(world), host);
    const mine = a.diagnostics.filter((d) => d.code.startsWith('world-prompt'));
    assert.deepEqual(
      mine.map((d) => [d.code, d.severity, d.message]),
      [
        [
          'world-prompt-outside-workspace',
          'warning',
          `agents.pm.promptPath leads outside the workspace through the symbolic link 'prompts', so its prompt is not read or checked: ${pp}`,
        ],
      ],
      pp,
    );
    assert.deepEqual(
      worldCodeActions(a.world, a.diagnostics).map((x) => x.title),
      [],
      pp,
    );
  }
});

test('the edit bound drops a forged fix aimed outside (create, or edit of an existing file) and keeps the rest', () => {
  const { root, outside, host } = tree();
  symlinkSync(outside, join(root, 'out'));
  const self = uri(join(root, 'SKILL.md'));
  const create = (u: string) => ({ title: `create ${u}`, edit: { documentChanges: [{ kind: 'create' as const, uri: u }] } });
  const change = (u: string) => ({ title: `edit ${u}`, edit: { changes: { [u]: [] } } });
  const actions = [
    create(uri(join(root, 'out', 'new.md'))),
    change(uri(join(root, 'out', 'secret.md'))),
    {
      title: 'prompt',
      edit: {
        documentChanges: [
          { kind: 'create' as const, uri: uri(join(root, 'p.md')) },
          { textDocument: { uri: uri(join(root, 'out', 'secret.md')), version: null }, edits: [] },
        ],
      },
    },
    { title: 'rename', edit: { documentChanges: [{ kind: 'rename' as const, oldUri: uri(join(root, 'a.md')), newUri: uri(join(outside, 'a.md')) }] } },
    create(uri(join(root, 'new.md'))),
    change(self),
    change(uri(join(outside, 'secret.md'))),
    { title: 'a command', command: 'x' },
  ];
  const { kept } = boundActions(actions, self, (u) => host.mayWrite(u));
  assert.deepEqual(
    kept.map((a) => a.title),
    [`create ${uri(join(root, 'new.md'))}`, `edit ${self}`, 'a command'],
  );
});

test('a skill opened through a symlinked folder leading out names that folder by its full path', () => {
  const { root, outside, host } = tree();
  mkdirSync(join(outside, 'skills', 's'), { recursive: true });
  symlinkSync(join(outside, 'skills'), join(root, 'linked'));
  const skill = join(root, 'linked', 's', 'SKILL.md');
  const ds = analyzeSkill(SKILL('See [x](references/x.md).'), uri(skill), host).diagnostics;
  assert.deepEqual(
    ds.map((d) => d.message),
    [`Reference 'references/x.md' leads outside the workspace through the symbolic link '${join(root, 'linked')}'; it is not read`],
  );
});

test("settings: a hook script reached through a committed symbolic link to one machine's folder names the link; in settings.local.json, a personal file, it is advice", () => {
  const { root, host } = tree();
  mkdirSync(join(root, '.claude'), { recursive: true });
  // A folder of the author's machine that this checkout does not have.
  symlinkSync(join(root, '..', 'gone', 'hooks'), join(root, '.claude', 'hooks'));
  const text = JSON.stringify({ hooks: { Stop: [{ hooks: [{ type: 'command', command: 'bash .claude/hooks/stop.sh' }] }] } });
  const [shared] = analyzeClaudeSettings(text, uri(join(root, '.claude', 'settings.json')), host, [uri(root)]).diagnostics;
  assert.deepEqual([shared!.code, shared!.severity], ['hooks-script-missing', 'warning']);
  assert.match(shared!.message, /reached through the symbolic link '\.claude\/hooks', which leads outside the workspace/);
  const [local] = analyzeClaudeSettings(text, uri(join(root, '.claude', 'settings.local.json')), host, [uri(root)]).diagnostics;
  assert.deepEqual([local!.code, local!.severity], ['hooks-script-missing', 'information']);
});
