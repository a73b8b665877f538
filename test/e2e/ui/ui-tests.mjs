// What a person sees: the packaged .vsix installed into a fresh code-server (VS Code 1.139's
// workbench), driven in headless Debian chromium through playwright-core. Checks the package
// itself, then the squiggles and Problems panel of a broken agent, the Agent Files view and
// "Route request…" from the command palette; saves a screenshot of each. With --web the .vsix is a
// browser-only copy (scripts/e2e/web-vsix.mjs: no `main`), which code-server runs in its web worker
// extension host as vscode.dev does: the same checks, and no Node language server process.
//
// usage: node ui-tests.mjs <agent-files.vsix> <fixture-workspace> <screenshot-dir> [--web]
// env (scripts/e2e/env.sh): E2E_NODE24, E2E_CS_BIN, E2E_PLAYWRIGHT_DIR, E2E_CHROMIUM;
//      AGENT_FILES_E2E_DEADLINE_MS (how long a step waits for the workbench, default 20000),
//      E2E_DEBUG_CONSOLE=1 (echo the browser console), E2E_SERVER_LOG=1 (code-server's log on failure)
// Prints each result, then "N passed, M failed" last; exits 1 when a test failed.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import { installExtension, makeSandbox, need, removeSandbox, startCodeServer } from './codeServer.mjs';
import { listZip, readZipEntry } from './vsix.mjs';
import { repoTests } from './repoTests.mjs';
import { filterProblems, refilterOnForeignRows } from './problemsFilter.mjs';

const web = process.argv.includes('--web');
const [vsix, fixture, shots] = process.argv
  .slice(2)
  .filter((a) => a !== '--web')
  .map((p) => p && resolve(p));
if (!vsix || !fixture || !shots) {
  console.error('usage: ui-tests.mjs <agent-files.vsix> <fixture-workspace> <screenshot-dir> [--web]');
  process.exit(2);
}
const DEADLINE = Number(process.env.AGENT_FILES_E2E_DEADLINE_MS || 20_000);
/**
 * The whole package, with the desktop and the browser builds (each feature ships twice), must stay
 * under its budget (1280 KiB at first). It reached 1352 KiB with the .github/hooks format, path completion and marketplace
 * shapes; the bundles then dropped ajv's compiler for the world.json validator it generates
 * (scripts/worldValidator.ts) and the rest of package.json: 1231 KiB. The budget follows, with room
 * for a feature, so a bundle that grows for nothing is seen (it was 1344 KiB, for the graph panel;
 * 1336 KiB when the file-kind table pulled the skill analysis into the client bundles). The features
 * since filled the room (1283 KiB with the loose skill file rule, the Gemini CLI extension and Cursor
 * plugin facts and their docs): 1300 KiB leaves room for one more. That room went to the readings of
 * held-out rounds 30-32 (a repository's own tools, VS Code's skills locations, clients not set up,
 * a new rule, and their docs): 1309 KiB; 1350 KiB leaves room for the next. Held-out rounds 33-52
 * (their rules and readings, the MCP and plugin checks, Codex's configuration keys, the letter-case
 * check of links, and their docs) filled it: 1355 KiB; 1400 KiB leaves room for the next. Held-out
 * rounds 53-69 (the settings, hooks and MCP rules they brought, the walks for a skill's own scripts
 * and for VS Code's set-up, and their docs) filled that: 1395 KiB at stop 66's end, 1403 KiB at stop
 * 67's (7.6 KiB for its fourteen rule changes and their docs); 1450 KiB leaves room for the next.
 */
const SIZE_BUDGET = 1450 * 1024;
/** Exactly what the allow-list in .vscodeignore ships (vsce adds the manifest and renames a few). */
const EXPECTED_FILES = [
  '[Content_Types].xml',
  'extension.vsixmanifest',
  'extension/LICENSE.txt',
  'extension/changelog.md',
  'extension/dist/cli-main.js',
  'extension/dist/cli.js',
  'extension/dist/client.js',
  'extension/dist/server-main.js',
  'extension/dist/server.js',
  'extension/dist/web/client.js',
  'extension/dist/web/server.js',
  'extension/dist/webview/graph.js',
  'extension/dist/webview/worldRun.css',
  'extension/dist/webview/worldRun.js',
  'extension/docs/rules.md',
  'extension/language-configuration.json',
  'extension/media/agent-files.svg',
  'extension/media/icon.png',
  'extension/package.json',
  'extension/readme.md',
  'extension/schemas/agent-files.schema.json',
  'extension/schemas/claude-hooks.schema.json',
  'extension/schemas/claude-marketplace.schema.json',
  'extension/schemas/claude-plugin.schema.json',
  'extension/schemas/codex-marketplace.schema.json',
  'extension/schemas/codex-plugin.schema.json',
  'extension/schemas/world.schema.json',
  'extension/snippets/3md.code-snippets',
  'extension/syntaxes/3md-links.injection.json',
  'extension/syntaxes/3md.tmLanguage.json',
];

// ---------------------------------------------------------------------------------------------
// A tiny sequential runner: every test runs even when an earlier one failed (a later view can
// still be checked), and a failing UI step leaves a screenshot behind.
const tests = [];
const test = (name, fn) => tests.push({ name: web ? `[web] ${name}` : name, fn });
/** Checks of the package itself: run once, on the real .vsix (the browser-only copy is made from it). */
const packageTest = (name, fn) => web || test(name, fn);
const t0 = Date.now();
const secs = (ms) => `${(ms / 1000).toFixed(1)}s`;

const ctx = { sandbox: undefined, server: undefined, browser: undefined, context: undefined, page: undefined, workspace: '' };

/** Saves a screenshot of the page (or of a region) as <shots>/<name>.png. */
async function shot(name, clip) {
  mkdirSync(shots, { recursive: true });
  const path = join(shots, `${web ? 'web-' : ''}${name}.png`);
  await ctx.page.screenshot({ path, clip });
  console.log(`    screenshot ${path}`);
}

/** The page, or a clear failure when the workbench never came up. */
function page() {
  if (!ctx.page) throw new Error('the workbench did not load (see the first failure)');
  return ctx.page;
}

/** Waits until fn() returns a truthy value (re-reading the DOM), or fails with the last value. */
async function until(what, fn, deadline = DEADLINE) {
  const end = Date.now() + deadline;
  let last;
  for (;;) {
    last = await fn();
    if (last) return last;
    if (Date.now() > end) throw new Error(`timed out after ${deadline} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Runs "Agent Files: Route request…" from the command palette (F1) and waits for its QuickPick. */
async function openRouteRequest(p) {
  await p.keyboard.press('F1');
  await p.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: DEADLINE });
  await p.keyboard.type('Agent Files: Route request');
  await until('the command in the palette', async () => (await rows('.quick-input-list'))[0]?.text.startsWith('Agent Files: Route request'));
  await p.keyboard.press('Enter');
  await until('the Route request QuickPick', async () => (await p.locator('.quick-input-title').innerText()).includes('Agent Files: Route request'));
}

/** Opens a workspace file with Quick Open (Ctrl+P) and waits for its editor (the breadcrumb names its folder). */
async function quickOpen(rel) {
  const p = page();
  const parts = rel.split('/');
  await p.keyboard.press('Control+P');
  await p.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: DEADLINE });
  await p.keyboard.type(rel);
  // The first row is the file asked for (recently opened files of the same name come first until the search answers).
  const want = parts.length > 1 ? `${parts.at(-1)} ${parts.slice(0, -1).join('/')}` : parts[0];
  await until(`${rel} first in Quick Open`, async () => (await rows('.quick-input-list'))[0]?.text === want);
  await p.keyboard.press('Enter');
  await until(`the editor of ${rel}`, async () => {
    const crumbs = await p.locator('.breadcrumbs-control .monaco-breadcrumb-item').allInnerTexts();
    return parts.every((x) => crumbs.some((c) => c.trim() === x));
  });
  // The editor takes the focus once it is ready: wait for that, so that what a test types next does not land in the file.
  await until(`the focus in the editor of ${rel}`, async () => (await p.locator('.editor-instance .monaco-editor.focused').count()) > 0);
}

/**
 * Rows of a workbench list (tree, Problems, quick input) as {text, level}. In trees and quick
 * inputs the label and its description are separate elements spaced by CSS, so their texts are
 * joined with a space; other rows use their rendered text.
 */
function rows(selector) {
  return page()
    .locator(`${selector} .monaco-list-row`)
    .evaluateAll((els) =>
      els
        .map((e, n) => {
          const parts = [...e.querySelectorAll('.label-name, .label-description')].map((x) => x.textContent);
          const text = (parts.length ? parts.join(' ') : e.innerText).replace(/\s+/g, ' ').trim();
          // The list reuses row elements: their order in the DOM need not be the order on screen, their index is.
          const index = Number(e.getAttribute('data-index') ?? n);
          return { text, level: Number(e.getAttribute('aria-level') || 0), index };
        })
        .sort((x, y) => x.index - y.index)
        .map(({ text, level }) => ({ text, level })),
    );
}

// ---------------------------------------------------------------------------------------------
// The package

packageTest('npm run package made a .vsix with exactly the allow-listed files', () => {
  const names = listZip(vsix)
    .map((e) => e.name)
    .sort();
  assert.deepEqual(names, [...EXPECTED_FILES].sort());
});

packageTest(`the .vsix is under its size budget (${SIZE_BUDGET / 1024} KiB) and its bundles are minified without source maps`, () => {
  const size = statSync(vsix).size;
  console.log(`    ${vsix}: ${(size / 1024).toFixed(1)} KiB`);
  assert.ok(size < SIZE_BUDGET, `${size} bytes is over the budget of ${SIZE_BUDGET}`);
  // The launchers of the server and the CLI are a few lines whatever the build: only their bundles are judged for minifying.
  for (const f of ['server', 'cli']) assert.doesNotMatch(readZipEntry(vsix, `extension/dist/${f}.js`).toString('utf8'), /sourceMappingURL/, `dist/${f}.js refers to a source map`);
  for (const f of ['client', 'server-main', 'cli-main', 'web/client', 'web/server', 'webview/worldRun', 'webview/graph']) {
    const js = readZipEntry(vsix, `extension/dist/${f}.js`).toString('utf8');
    assert.doesNotMatch(js, /sourceMappingURL/, `dist/${f}.js refers to a source map`);
    const lines = js.split('\n').length;
    // a development bundle has a line every ~40 characters; a minified one a few hundred lines in all
    assert.ok(js.length / lines > 500, `dist/${f}.js does not look minified (${lines} lines for ${js.length} characters)`);
  }
});

packageTest('the packaged manifest is ready to publish: publisher, 128×128 PNG icon, repository, licence, categories, banner, browser entry', () => {
  const manifest = JSON.parse(readZipEntry(vsix, 'extension/package.json').toString('utf8'));
  assert.equal(manifest.publisher, 'agent-files');
  assert.equal(manifest.license, 'MIT');
  assert.match(manifest.repository?.url ?? '', /^https:\/\/github\.com\//);
  assert.ok(manifest.categories?.includes('Programming Languages'));
  assert.ok(manifest.galleryBanner?.color, 'galleryBanner.color');
  assert.ok(manifest.engines?.vscode, 'engines.vscode');
  assert.equal(manifest.browser, './dist/web/client.js');
  assert.equal(manifest.capabilities?.virtualWorkspaces?.supported, 'limited');
  const icon = readZipEntry(vsix, `extension/${manifest.icon}`);
  assert.equal(icon.subarray(1, 4).toString('latin1'), 'PNG');
  assert.deepEqual([icon.readUInt32BE(16), icon.readUInt32BE(20)], [128, 128]);
});

test('code-server --install-extension installs the .vsix into a fresh extensions folder', () => {
  ctx.sandbox = makeSandbox();
  const out = installExtension(ctx.sandbox, vsix);
  assert.match(out, /successfully installed/);
  const installed = readdirSync(ctx.sandbox.extensions).filter((d) => d.startsWith('agent-files.agent-files-'));
  assert.equal(installed.length, 1, `extensions folder holds ${readdirSync(ctx.sandbox.extensions).join(', ')}`);
  statSync(join(ctx.sandbox.extensions, installed[0], 'dist', 'server.js'));
  statSync(join(ctx.sandbox.extensions, installed[0], 'dist', 'web', 'server.js'));
});

test('the workbench opens a copy of the fixture workspace', async () => {
  assert.ok(ctx.sandbox, 'no sandbox: the install failed');
  ctx.workspace = join(ctx.sandbox.root, 'e2e-workspace');
  cpSync(fixture, ctx.workspace, { recursive: true });
  ctx.server = await startCodeServer(ctx.sandbox);
  const { chromium } = createRequire(import.meta.url)(need('E2E_PLAYWRIGHT_DIR'));
  ctx.browser = await chromium.launch({
    executablePath: process.env.E2E_CHROMIUM || '/usr/bin/chromium',
    headless: true,
    // keep chromium's own config and crash folders inside the sandbox
    env: { ...process.env, XDG_CONFIG_HOME: join(ctx.sandbox.root, 'browser-config'), HOME: ctx.sandbox.root },
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // the clipboard permissions let "Route request…" copy a command, and the test read it back
  const browserContext = await ctx.browser.newContext({ viewport: { width: 1280, height: 760 }, permissions: ['clipboard-read', 'clipboard-write'] });
  ctx.context = browserContext;
  const p = await browserContext.newPage();
  if (process.env.E2E_DEBUG_CONSOLE) p.on('console', (m) => console.log('[browser]', m.type(), m.text().slice(0, 300)));
  await p.goto(`${ctx.server.url}/?folder=${encodeURIComponent(ctx.workspace)}`);
  ctx.page = p;
  await p.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60_000 });
  const explorer = await rows('.explorer-folders-view');
  assert.ok(
    explorer.some((r) => r.text === 'agent.3md'),
    `Explorer shows ${explorer.map((r) => r.text).join(', ')}`,
  );
});

// ---------------------------------------------------------------------------------------------
// What a person sees

test('a broken agent.3md opens as 3md with red squiggles under both mistakes', async () => {
  const p = page();
  await p.keyboard.press('Control+P');
  await p.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: DEADLINE });
  await p.keyboard.type('agent.3md');
  await until('agent.3md in Quick Open', async () => (await rows('.quick-input-list'))[0]?.text.startsWith('agent.3md'));
  await p.keyboard.press('Enter');
  await until('the editor tab of agent.3md', () => p.locator('.tab.active', { hasText: 'agent.3md' }).count());
  // one squiggle per diagnostic: the {path} placeholder and the [[z=42]] link
  const squiggles = await until('two error squiggles', async () => {
    const n = await p.locator('.editor-instance .monaco-editor .squiggly-error').count();
    return n >= 2 && n;
  });
  assert.ok(squiggles >= 2);
  const mode = await p.locator('[id="status.editor.mode"]').innerText();
  assert.equal(mode.trim(), '3md', 'status bar language');
});

test(web ? 'the language server runs in a Web Worker: no Node process runs dist/server.js' : 'the language server runs as a Node process (dist/server.js)', () => {
  const ps = spawnSync('ps', ['-eo', 'args'], { encoding: 'utf8' }).stdout ?? '';
  const servers = ps.split('\n').filter((l) => l.includes(ctx.sandbox.extensions) && l.includes('dist/server.js'));
  if (web) assert.deepEqual(servers, []);
  else assert.equal(servers.length, 1, `processes: ${servers.join('; ')}`);
});

test('the Problems panel (Ctrl+Shift+M) lists dead-link and tool-input from agent-files', async () => {
  const p = page();
  await p.keyboard.press('Control+Shift+M');
  // The workspace's other files are listed too (workspace diagnostics): the filter keeps agent.3md's.
  await filterProblems(p, '**/agent.3md');
  const isAgent = (text) => text.replace(/ \d+$/, '') === 'agent.3md';
  const refilter = refilterOnForeignRows(p, '**/agent.3md', isAgent);
  // Once the filter has applied: agent.3md's file row alone.
  let files = [];
  const problems = await until('the dead-link and tool-input entries of agent.3md, alone', async () => {
    const all = await rows('.markers-panel');
    await refilter(all);
    files = all.filter((x) => x.level === 1);
    const r = all.filter((x) => x.text.includes('agent-files'));
    return files.length === 1 && isAgent(files[0].text) && r.some((x) => x.text.includes('dead-link')) && r.some((x) => x.text.includes('tool-input')) && r;
  });
  // the panel draws the parentheses of "source(code)" with CSS, so the text has a space there
  const find = (code) => problems.find((r) => r.text.includes(code))?.text ?? `no ${code} row in ${JSON.stringify(problems)}`;
  assert.match(find('dead-link'), /^link \[\[z=42\]\] points to a plane that does not exist agent-files\W*dead-link\W*\[Ln 14, Col 44\]$/);
  assert.match(find('tool-input'), /^skill "search" command references \{path\}, which is not a declared input agent-files\W*tool-input\W*\[Ln 12, Col 113\]$/);
  assert.deepEqual(
    files.map((r) => r.text.replace(/ \d+$/, '')),
    ['agent.3md'],
  );
});

test('hovering the [[z=42]] squiggle shows the dead-link message and its explanation', async () => {
  const p = page();
  // the squiggle of line 14 is the lowest one; the mouse over it opens the hover
  const pointAtSquiggle = async () => {
    const boxes = await p.locator('.editor-instance .monaco-editor .squiggly-error').evaluateAll((els) => els.map((e) => e.getBoundingClientRect().toJSON()));
    const box = boxes.sort((a, b) => b.y - a.y)[0];
    assert.ok(box, 'no squiggle');
    await p.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    pointedAt = Date.now();
  };
  let pointedAt = 0;
  await pointAtSquiggle();
  // The problem's part of the hover shows at once, the server's part when its answer arrives: wait for both.
  // A hover that has not opened 3 s after the mouse came (the editor was drawn again under it) is asked for again, as a person would: off the word and back.
  const hover = await until('the diagnostic hover with the server hover', async () => {
    const h = p.locator('.monaco-hover:visible');
    if ((await h.count()) === 0) {
      if (Date.now() - pointedAt < 3000) return false;
      await p.mouse.move(900, 10);
      await pointAtSquiggle();
      return false;
    }
    const text = await h.first().innerText();
    return /No plane has z=42\./.test(text) && text;
  });
  assert.match(hover, /link \[\[z=42\]\] points to a plane that does not exist/);
  assert.match(hover, /agent-files/);
  assert.match(hover, /No plane has z=42\./);
  // the picture of the README: squiggles, the hover and the Problems panel together
  await shot('ui-diagnostics');
  await p.mouse.move(900, 10);
  await p.keyboard.press('Escape');
});

test('the Agent Files view shows the Skills tree: each agent with its skills and their dependencies; a click reveals the plane', async () => {
  const p = page();
  await p.locator('.activitybar .action-label[aria-label="Agent Files"]').click();
  // a wider side bar, so the skills' triggers are readable in the screenshot
  const sash = await p.locator('.part.sidebar').boundingBox();
  if (sash) {
    await p.mouse.move(sash.x + sash.width + 1, sash.y + 300);
    await p.mouse.down();
    await p.mouse.move(sash.x + sash.width + 90, sash.y + 300, { steps: 5 });
    await p.mouse.up();
  }
  // The tree's rows come before the workspace diagnostics that count a skill's problems: wait for both.
  // Workspace diagnostics of closed files come after the index, later still on a busy machine.
  let seen = [];
  const tree = await until(
    () => `agents, skills and their problem counts in the Skills tree; last seen: ${JSON.stringify(seen)}`,
    async () => {
      const r = (seen = await rows('[id="workbench.view.extension.agentFiles"]'));
      return r.some((x) => x.text.startsWith('open-pr')) && r.some((x) => x.text.startsWith('skills 1 skill · 3 problems')) && r;
    },
    2 * DEADLINE,
  );
  const at = (prefix) => tree.findIndex((r) => r.text.startsWith(prefix));
  const expectUnder = (parent, child, description) => {
    const i = at(parent);
    const j = tree.findIndex((r, k) => k > i && r.text.startsWith(child));
    assert.ok(i >= 0, `no row ${parent} in ${JSON.stringify(tree)}`);
    assert.ok(j > i && tree[j].level === tree[i].level + 1, `${child} is not a child of ${parent}: ${JSON.stringify(tree)}`);
    assert.equal(tree[j].text, `${child} ${description}`);
  };
  assert.equal(tree[at('Helper helper.agent.3md')]?.level, 1);
  expectUnder('Helper helper.agent.3md', 'search-code', 'z=1 · find, search, grep, todo');
  expectUnder('Helper helper.agent.3md', 'open-pr', 'z=2 · pull request, open pr');
  expectUnder('Broken Agent agent.3md', 'search', 'z=1 · search, find');
  // A SKILL.md is one row under the folder it loads from, its problems (from the workspace diagnostics) counted.
  expectUnder('skills 1 skill · 3 problems', 'PDF_Tools', '3 problems · Extract text and tables from PDF files. Use when the user mentions PDFs, forms or document extraction.');
  // a skill with dependencies expands to them; clicking a skill reveals its plane
  await p.locator('[id="workbench.view.extension.agentFiles"] .monaco-list-row', { hasText: 'open-pr' }).locator('.monaco-tl-twistie').click();
  await until('the dependency of open-pr', async () => {
    const r = await rows('[id="workbench.view.extension.agentFiles"]');
    const i = r.findIndex((x) => x.text.startsWith('open-pr'));
    return r[i + 1]?.text === 'search-code dependency · z=1' && r[i + 1].level === r[i].level + 1;
  });
  await p.locator('[id="workbench.view.extension.agentFiles"] .monaco-list-row', { hasText: 'open-pr' }).locator('.label-name').click();
  await until(
    'helper.agent.3md revealed at open-pr',
    async () => (await p.locator('.tab.active', { hasText: 'helper.agent.3md' }).count()) > 0 && /Ln 17,/.test(await p.locator('[id="status.editor.selection"]').innerText()),
  );
  await shot('ui-agent-view');
});

test('"Agent Files: Route request…" from the command palette (F1) ranks the skills with their scores', async () => {
  const p = page();
  await openRouteRequest(p);
  // One input event for the whole request (typing re-ranks at every key, and a list read between
  // keys ranks a shorter request); then the list is read once it is the same on two looks in a row.
  await p.locator('.quick-input-widget input').fill('find the TODO comments in src');
  let previous = '';
  const ranked = await until('ranked skills', async () => {
    const r = await rows('.quick-input-list');
    const now = JSON.stringify(r);
    const settled = now === previous;
    previous = now;
    return settled && r.length >= 2 && r.every((x) => x.text.includes('score')) && r;
  });
  assert.match(ranked[0].text, /^search-code score 2 · z=1 · Helper matched: find, todo · rg --line-number \{pattern\} \{path\}$/);
  assert.match(ranked[1].text, /^search score 1 · z=1 · Broken Agent matched: find/);
  await shot('ui-route-request');
  await p.keyboard.press('Escape');
});

test(`"Route request…" fills a skill's inputs and copies its command${web ? ' (running it is not offered: no terminal in the browser)' : ', or offers to run it'}`, async () => {
  const p = page();
  await openRouteRequest(p);
  await p.locator('.quick-input-widget input').fill('find the TODO comments in src');
  await until('search-code ranked first', async () => (await rows('.quick-input-list'))[0]?.text.startsWith('search-code score 2'));
  await p.keyboard.press('Enter');
  let look = '';
  const actions = await until(
    () => `the actions offered for search-code (last look: ${look})`,
    async () => {
      const title = await p.locator('.quick-input-title').innerText();
      // each row's own label (its first): a reused row keeps the previous list's detail line, hidden
      const labels =
        title.startsWith('search-code:') &&
        (await p.locator('.quick-input-list .monaco-list-row').evaluateAll((els) => els.map((e) => e.querySelector('.label-name')?.textContent ?? '')));
      look = JSON.stringify({ title, labels });
      return labels && labels.length > 0 && labels.every((l) => l.startsWith('Fill inputs')) && labels;
    },
  );
  assert.ok(actions, look);
  assert.deepEqual(actions, web ? ['Fill inputs and copy the command'] : ['Fill inputs and copy the command', 'Fill inputs and run in a terminal…']);
  await p.keyboard.press('Enter');
  // pattern, then the optional path left empty
  await until('the input box for pattern (input 1 of 2)', async () => /input 1 of 2/.test(await p.locator('.quick-input-title').innerText()));
  await p.keyboard.type('TODO');
  await p.keyboard.press('Enter');
  await until('the input box for path (input 2 of 2)', async () => /input 2 of 2/.test(await p.locator('.quick-input-title').innerText()));
  await p.keyboard.press('Enter');
  const toast = await until('the "Copied:" notification', async () => {
    const t = p.locator('.notifications-toasts .notification-list-item-message');
    const texts = (await t.count()) > 0 ? await t.allInnerTexts() : [];
    return texts.find((x) => x.startsWith('Copied:'));
  });
  assert.match(toast, /^Copied: rg --line-number 'TODO'/);
  const clipboard = await p.evaluate(() => globalThis.navigator.clipboard.readText());
  assert.match(clipboard, /^rg --line-number 'TODO'/);
});

test('"Agent Files: Show Graph" draws the team world\'s workflow in a webview: its nodes, the human entry, the join', async () => {
  const p = page();
  // Two worlds have a world.json: pick the team's in Quick Open.
  await p.keyboard.press('Control+P');
  await p.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: DEADLINE });
  await p.keyboard.type('world.json');
  let seen = [];
  const at = await until(
    () => `team/.agent-world/world.json in Quick Open; last seen: ${JSON.stringify(seen)}`,
    async () => {
      seen = (await rows('.quick-input-list')).map((r) => r.text);
      const i = seen.findIndex((t) => t.startsWith('world.json') && t.includes('team'));
      return i >= 0 && i + 1;
    },
  );
  for (let i = 1; i < at; i++) await p.keyboard.press('ArrowDown');
  await p.keyboard.press('Enter');
  await until('the editor tab of world.json', () => p.locator('.tab.active', { hasText: 'world.json' }).count());
  await p.keyboard.press('F1');
  await p.waitForSelector('.quick-input-widget input', { state: 'visible', timeout: DEADLINE });
  await p.keyboard.type('Agent Files: Show Graph');
  await until('the command in the palette', async () => (await rows('.quick-input-list'))[0]?.text.startsWith('Agent Files: Show Graph'));
  await p.keyboard.press('Enter');
  // The webview's page sits in an iframe inside the panel's iframe.
  const view = p.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
  const labels = await until('the graph drawn in the webview', async () => {
    const texts = await view
      .locator('svg g.node text.label')
      .allTextContents()
      .catch(() => []);
    return texts.length === 5 && texts;
  });
  assert.deepEqual([...labels].sort(), ['draft', 'human', 'merge', 'plan', 'research']);
  assert.equal(await view.locator('svg g.node.join').count(), 1, 'merge requires research and draft');
  assert.equal(await view.locator('svg g.node.entry').count(), 1);
  assert.equal(await view.locator('svg g.edge.requires').count(), 2);
  assert.match(await view.locator('#header').innerText(), /^Agent World: team \(orchestrator-worker\) · 5 nodes, 7 edges/);
  await shot('ui-world-graph');
});

// ---------------------------------------------------------------------------------------------
// A realistic repository in a second window of the same code-server

repoTests({ test, web, ctx, page, until, rows, shot, openRouteRequest, quickOpen, fixture: resolve(fixture, '..', 'marketplace-repo') });

// ---------------------------------------------------------------------------------------------

// failure pictures of an earlier run would be mistaken for this one's
mkdirSync(shots, { recursive: true });
for (const f of readdirSync(shots)) if (/^failed-\d+\.png$/.test(f)) rmSync(join(shots, f));

let passed = 0;
let failed = 0;
for (const t of tests) {
  const start = Date.now();
  try {
    await t.fn();
    passed++;
    console.log(`  ✔ ${t.name} (${secs(Date.now() - start)})`);
  } catch (e) {
    failed++;
    console.log(`  ✖ ${t.name} (${secs(Date.now() - start)})\n      ${String(e instanceof Error ? e.message : e).replace(/\n/g, '\n      ')}`);
    if (ctx.page) await shot(`failed-${passed + failed}`).catch(() => undefined);
  }
}
if (failed && process.env.E2E_SERVER_LOG && ctx.server) console.log(ctx.server.log().slice(-6000));
await ctx.browser?.close().catch(() => undefined);
await ctx.server?.stop();
if (ctx.sandbox) removeSandbox(ctx.sandbox);
console.log(`ui e2e: ${secs(Date.now() - t0)}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
