// The first minute in VS Code on a realistic repository (test/fixtures/marketplace-repo: a Claude
// Code plugin marketplace with two plugins, .claude/skills, .agents/skills, AGENTS.md, CLAUDE.md
// and a .agent-files.json; its review-kit plugin given an agent, a command, a hooks file and an MCP
// server here, the project a settings file with hooks and a .mcp.json), as a new user sees it: the
// repository's problems without opening a file (the CLI's count), each problem once beside VS
// Code's own prompt-file checker, the Skills view grouped by where skills load from, a plugin with
// its parts, one outline per file, "Route request…" without an agent.3md, the status bar summary,
// and no error in the log.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { filterProblems, refilterOnForeignRows } from './problemsFilter.mjs';
import { spreadZeroDelayTimers } from './busyScheduler.mjs';

const CLI = resolve(import.meta.dirname, '../../../dist/cli.js');
const VIEW = '[id="workbench.view.extension.agentFiles"]';

/** Parts of a Claude Code plugin and a project's hooks and MCP server, written into the copy of the repository: none has a problem. */
const PLUGIN_PARTS = {
  'plugins/review-kit/agents/reviewer.md': '---\nname: reviewer\ndescription: Reviews a change for bugs before it is merged.\n---\nReview the change and list the bugs you find.\n',
  'plugins/review-kit/commands/review.md': '---\ndescription: Review the current change\nargument-hint: [focus]\n---\nReview the current change, focusing on $ARGUMENTS.\n',
  'plugins/review-kit/hooks/hooks.json': '{\n  "hooks": {\n    "PreToolUse": [{ "matcher": "Bash", "hooks": [{ "type": "command", "command": "echo checked" }] }]\n  }\n}\n',
  'plugins/review-kit/.mcp.json': '{\n  "mcpServers": {\n    "review-mcp": { "command": "npx", "args": ["review-mcp"] }\n  }\n}\n',
  '.claude/settings.json': '{\n  "hooks": {\n    "Stop": [{ "hooks": [{ "type": "command", "command": "echo done" }] }]\n  }\n}\n',
  '.mcp.json': '{\n  "mcpServers": {\n    "docs": { "type": "http", "url": "https://example.com/mcp" }\n  }\n}\n',
};
/**
 * Opens the marketplace's plugin rows again when they are drawn collapsed: while the index settles
 * (the manifests read, problems arriving) a plugin's group may be made anew, and a person would
 * open it again. The test above checks that they start collapsed.
 */
async function expandPlugins(p) {
  for (const plugin of [/pdf-kit\s*plugin ·/, /review-kit\s*plugin ·/]) {
    const row = p.locator(`${VIEW} .monaco-list-row`, { hasText: plugin }).first();
    if ((await row.count()) && (await row.getAttribute('aria-expanded')) === 'false') await row.locator('.monaco-tl-twistie').click();
  }
}

/** What the review-kit plugin holds, as its row says it. */
const REVIEW_KIT = '1 skill · 1 agent · 1 command · 1 hook · 1 MCP server';

/** Every file under a folder whose name passes `accept`. */
function walk(dir, accept, out = []) {
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) walk(p, accept, out);
    else if (accept(name)) out.push(p);
  }
  return out;
}

/** Runs a command from the command palette (F1) by its title. */
async function runCommand(h, title) {
  const p = h.page();
  await p.keyboard.press('F1');
  await p.waitForSelector('.quick-input-widget input', { state: 'visible' });
  await p.keyboard.type(title);
  await h.until(`${title} in the palette`, async () => (await h.rows('.quick-input-list'))[0]?.text.startsWith(title));
  await p.keyboard.press('Enter');
}

/**
 * Registers the repository tests on the UI suite's runner.
 * @param {{ test: Function, ctx: any, page: () => any, until: Function, rows: Function, shot: Function, openRouteRequest: Function, quickOpen: Function, fixture: string }} h
 */
export function repoTests(h) {
  const { test, ctx, page, until, rows, shot } = h;
  const repo = { root: '', openedAt: 0, cli: { errors: 0, warnings: 0, information: 0, files: 0 } };

  test('a second window opens a copy of a plugin marketplace repository, nothing opened', async () => {
    assert.ok(ctx.sandbox && ctx.server && ctx.browser, 'the workbench did not start');
    repo.root = join(ctx.sandbox.root, 'marketplace-repo');
    cpSync(h.fixture, repo.root, { recursive: true });
    for (const [rel, text] of Object.entries(PLUGIN_PARTS)) {
      mkdirSync(dirname(join(repo.root, rel)), { recursive: true });
      writeFileSync(join(repo.root, rel), text);
    }
    const r = spawnSync(process.execPath, [CLI, 'check', '--format', 'json', '.'], { cwd: repo.root, encoding: 'utf8' });
    const out = JSON.parse(r.stdout);
    repo.cli = { ...out.summary, files: out.files.length };
    console.log(`    agent-files check: ${repo.cli.files} files, ${repo.cli.errors} error(s), ${repo.cli.warnings} warning(s), ${repo.cli.information} information`);
    await ctx.page.close();
    repo.openedAt = Date.now();
    const p = await ctx.context.newPage();
    await p.addInitScript(spreadZeroDelayTimers);
    if (process.env.E2E_DEBUG_CONSOLE) p.on('console', (m) => console.log('[browser]', m.type(), m.text().slice(0, 300)));
    ctx.page = p;
    await p.goto(`${ctx.server.url}/?folder=${encodeURIComponent(repo.root)}`);
    await p.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: 60_000 });
    await until('plugins in the Explorer', async () => (await rows('.explorer-folders-view')).some((x) => x.text === 'plugins'));
  });

  test("without opening a file, the Problems panel lists the CLI's problems; the status bar says how many and opens the panel", async () => {
    const p = page();
    const total = repo.cli.errors + repo.cli.warnings + repo.cli.information;
    // The status bar item: files, errors and warnings once indexed, the same figures as the CLI.
    const status = p.locator('[id="agentFiles.agentFiles.status"], [id="agent-files.agent-files.agentFiles.status"]');
    const want = `Agent Files: ${repo.cli.files} files, ${repo.cli.errors} error${repo.cli.errors === 1 ? '' : 's'}, ${repo.cli.warnings} warning${repo.cli.warnings === 1 ? '' : 's'}`;
    const statusText = await until(
      () => `the status bar to say "${want}"`,
      async () => {
        const t = (await status.count()) ? (await status.first().innerText()).trim() : '';
        return t === want && t;
      },
    );
    assert.equal(statusText, want);
    await status.first().click();
    // The Problems tab's badge counts every problem listed (the list itself shows only what fits).
    const badge = p.locator('.panel .composite-bar .action-item', { hasText: 'Problems' }).locator('.badge-content');
    const count = await until(
      () => `the Problems panel to count ${total} problems`,
      async () => (await p.locator('.markers-panel').isVisible()) && (await badge.count()) && Number((await badge.first().innerText()).trim()) === total && total,
    );
    assert.equal(count, total);
    assert.equal(await p.locator('.tabs-container .tab').count(), 0, 'an editor was opened');
    // The panel maximized, every file with problems fits on the screen.
    await runCommand(h, 'View: Toggle Maximized Panel');
    const files = await until('six files with problems in the Problems panel', async () => {
      const r = (await rows('.markers-panel')).filter((x) => x.level === 1).map((x) => x.text.replace(/ \d+$/, ''));
      return r.length === 6 && r;
    });
    assert.deepEqual(files.sort(), [
      'AGENTS.md',
      'CLAUDE.md',
      'SKILL.md .agents/skills/test-runner',
      'SKILL.md .claude/skills/release-notes',
      'SKILL.md plugins/pdf-kit/skills/pdf-extract',
      'SKILL.md plugins/review-kit/skills/code-review',
    ]);
    await shot('ui-problems');
    await runCommand(h, 'View: Toggle Maximized Panel');
  });

  test('the Agent Files view groups skills by where they load from (marketplace, plugins, client folders), each SKILL.md one row, with problem counts', async () => {
    const p = page();
    await p.locator('.activitybar .action-label[aria-label="Agent Files"]').click();
    // The whole height for the Skills view: the "What The Agent Sees" view beside it collapsed.
    const sees = p.locator('.pane-header', { hasText: 'What The Agent Sees' }).first();
    await sees.waitFor({ state: 'visible' });
    if ((await sees.getAttribute('aria-expanded')) === 'true') await sees.click();
    await until('the What The Agent Sees view collapsed', async () => (await sees.getAttribute('aria-expanded')) === 'false');
    const expect = [
      [`acme-tools marketplace · 3 skills · 1 agent · 1 command · 1 hook · 1 MCP server · 3 problems`, 1],
      ['pdf-kit plugin · 2 skills · 1 problem', 2],
      ['pdf-extract 1 problem · Extracts text and tables from PDF files.', 3],
      ['pdf-merge Merges several PDF files into one.', 3],
      [`review-kit plugin · ${REVIEW_KIT} · 2 problems`, 2],
      ['code-review 2 problems · Reviews a change', 3],
      ['.agents/skills 1 skill · 2 problems', 1],
      ['test_runner 2 problems · Runs the test suite', 2],
      ['.claude/skills 2 skills · 1 problem', 1],
      ['commit-helper Writes a commit message', 2],
      ['release-notes 1 problem · Writes release notes', 2],
      ['Instructions 2', 1],
    ];
    // A marketplace's plugins start collapsed (client/src/skillsTree.ts groupItem): open both, as a person would.
    for (const plugin of [/pdf-kit\s*plugin ·/, /review-kit\s*plugin ·/]) {
      const row = p.locator(`${VIEW} .monaco-list-row`, { hasText: plugin }).first();
      await row.waitFor({ state: 'visible', timeout: 20_000 });
      assert.equal(await row.getAttribute('aria-expanded'), 'false', `${plugin} starts collapsed`);
      await row.locator('.monaco-tl-twistie').click();
      // The tree draws its rows again as problems arrive, and a click can land on a row that moved
      // (a screenshot: pdf-extract selected, review-kit still closed): click again, at most every 2 s.
      let clicked = Date.now();
      await until(`${plugin} expanded`, async () => {
        if ((await row.getAttribute('aria-expanded')) === 'true') return true;
        if (Date.now() - clicked > 2000) {
          clicked = Date.now();
          await row.locator('.monaco-tl-twistie').click();
        }
        return false;
      });
    }
    // Rows are drawn again as problems arrive: wait for the view to settle on every expected row.
    let tree = [];
    await until('skill groups in the Agent Files view', async () => {
      await expandPlugins(p);
      tree = await rows(VIEW);
      return expect.every(([text, level]) => tree.some((x) => x.text.startsWith(text) && x.level === level));
    }).catch(() => undefined);
    const row = (prefix) => tree.find((x) => x.text.startsWith(prefix));
    for (const [text, level] of expect) {
      const r = row(text);
      assert.ok(r, `no row "${text}" in ${JSON.stringify(tree)}`);
      assert.equal(r.level, level, `${text} at level ${r.level}`);
    }
    // No plane rows under a SKILL.md: the skill rows are leaves.
    assert.ok(!tree.some((x) => /z=0/.test(x.text)), JSON.stringify(tree));
    await shot('ui-skills-view');
    // The filter keeps what has problems. With two views in the container, a view's title actions show while its header is hovered.
    await p.locator('.pane-header[aria-label^="Skills"]').first().hover();
    await p
      .locator(
        `.pane-header[aria-label^="Skills"] .action-label[aria-label="Show Only What Has Problems"], ${VIEW} ~ * .action-label[aria-label="Show Only What Has Problems"], .action-label[aria-label="Show Only What Has Problems"]`,
      )
      .first()
      .click();
    const filtered = await until('the filtered view', async () => {
      const r = await rows(VIEW);
      return !r.some((x) => x.text.startsWith('pdf-merge')) && r.some((x) => x.text.startsWith('pdf-extract')) && r;
    });
    assert.ok(!filtered.some((x) => x.text.startsWith('commit-helper')), JSON.stringify(filtered));
    await p.locator('.action-label[aria-label="Show Everything"]').first().click();
    await until('every skill again', async () => (await rows(VIEW)).some((x) => x.text.startsWith('pdf-merge')));
  });

  test("the Agent Files view shows a plugin with its parts (skill, agent, command, hooks, MCP server), the project's hooks and MCP servers in groups; a hook event opens hooks.json at it", async () => {
    const p = page();
    const expect = [
      [`review-kit plugin · ${REVIEW_KIT}`, 2],
      ['code-review', 3],
      ['/review Claude Code command', 3],
      ['reviewer Claude Code subagent', 3],
      ['plugins/review-kit/hooks/hooks.json plugin hooks · 1 hook', 3],
      ['review-mcp stdio · plugins/review-kit/.mcp.json', 3],
      ['Hooks 1', 1],
      ['MCP servers 1', 1],
    ];
    let tree = [];
    await until('the plugin parts in the Agent Files view', async () => {
      await expandPlugins(p);
      tree = await rows(VIEW);
      return expect.every(([text, level]) => tree.some((x) => x.text.startsWith(text) && x.level === level));
    }).catch(() => undefined);
    for (const [text, level] of expect) {
      const i = tree.findIndex((x) => x.text.startsWith(text));
      assert.ok(i >= 0, `no row "${text}" in ${JSON.stringify(tree)}`);
      assert.equal(tree[i].level, level, `${text} at level ${tree[i].level}`);
    }
    // The parts sit under their plugin, in order: skills, agents and commands (by name), hooks, MCP servers.
    const under = tree.findIndex((x) => x.text.startsWith('review-kit plugin'));
    const order = expect.slice(1, 6).map(([text]) => tree.findIndex((x) => x.text.startsWith(text)));
    assert.deepEqual(
      order,
      [...order].sort((a, b) => a - b),
      JSON.stringify(tree),
    );
    assert.ok(order[0] > under && tree.slice(under + 1, order[order.length - 1] + 1).every((x) => x.level > 2), JSON.stringify(tree));
    // A hooks file expands to its events.
    await p.locator(`${VIEW} .monaco-list-row`, { hasText: 'plugins/review-kit/hooks/hooks.json' }).locator('.monaco-tl-twistie').click();
    await until('PreToolUse under hooks.json', async () => {
      const r = await rows(VIEW);
      const i = r.findIndex((x) => x.text.startsWith('plugins/review-kit/hooks/hooks.json'));
      return r[i + 1]?.text === 'PreToolUse 1 handler' && r[i + 1].level === 4;
    });
    await shot('ui-plugin-parts');
    // A click on the event opens the hooks file with the event selected.
    await p.locator(`${VIEW} .monaco-list-row`, { hasText: 'PreToolUse' }).locator('.label-name').click();
    await until(
      'hooks.json open at PreToolUse',
      async () => (await p.locator('.tab.active', { hasText: 'hooks.json' }).count()) > 0 && /Ln 3,/.test(await p.locator('[id="status.editor.selection"]').innerText()),
    );
    // The next test reads the language of each editor it opens: no JSON editor left before it.
    await runCommand(h, 'View: Close All Editors');
    await until('no editor open', async () => (await p.locator('.tabs-container .tab').count()) === 0);
  });

  test("opening the skills with problems shows each problem once: VS Code's own checker reports what it checks, Agent Files the rest", async () => {
    const p = page();
    /** Each skill, the problem VS Code's checker reports when it gives the file its Skill language, and how Agent Files words the same one. */
    const skills = [
      ['plugins/pdf-kit/skills/pdf-extract/SKILL.md', /^File 'references\/forms\.md' not found at/, /^Referenced file 'references\/forms\.md' does not exist/],
      ['.agents/skills/test-runner/SKILL.md', /^Skill name may only contain/, /skill-name-invalid-chars/],
      ['.claude/skills/release-notes/SKILL.md', /^File 'templates\/notes\.md' not found at/, /^Referenced file 'templates\/notes\.md' does not exist/],
    ];
    await p.keyboard.press('Control+Shift+M');
    for (const [rel, theirs, ours] of skills) {
      await h.quickOpen(rel);
      const language = await until('the language of the editor', async () => (await p.locator('[id="status.editor.mode"]').innerText()).trim());
      await filterProblems(h.page(), `**/${rel}`);
      // VS Code's checker runs on a Skill it shows; a file it reads as Markdown keeps everything from Agent Files.
      const want = language === 'Skill' ? theirs : ours;
      // Filtered to the file, and, for a Skill, once the open document's report has replaced the one from disk.
      let lastRows = [];
      const refilter = refilterOnForeignRows(p, `**/${rel}`, (text) => text.endsWith(dirname(rel)));
      const problems = await until(`${rel} (${language}): ${want}${language === 'Skill' ? ` and not ${ours}` : ''}`, async () => {
        const all = await rows('.markers-panel');
        lastRows = all;
        await refilter(all);
        const r = all.filter((x) => x.level === 2).map((x) => x.text);
        const settled = all.filter((x) => x.level === 1).length === 1 && r.some((t) => want.test(t)) && (language !== 'Skill' || !r.some((t) => ours.test(t)));
        return settled && r;
      }).catch((e) => assert.fail(`${e.message}; listed: ${JSON.stringify(lastRows)}`));
      console.log(`    ${rel} (${language}):\n      ${problems.join('\n      ')}`);
      if (language === 'Skill')
        assert.deepEqual(
          problems.filter((t) => ours.test(t)),
          [],
          `${rel}: the same problem from Agent Files`,
        );
      const counts = new Map();
      for (const t of problems) counts.set(t, (counts.get(t) ?? 0) + 1);
      assert.deepEqual(
        [...counts].filter(([, n]) => n > 1),
        [],
      );
    }
    await shot('ui-nothing-twice');
    await filterProblems(h.page(), '');
  });

  test("the breadcrumb of a SKILL.md shows its headings from VS Code's Markdown outline, with no second group named after Agent Files", async () => {
    const p = page();
    await h.quickOpen('plugins/pdf-kit/skills/pdf-merge/SKILL.md');
    // The caret in the heading's section.
    await p.keyboard.press('Control+G');
    await p.keyboard.type('8');
    await until('Go to Line 8', async () => (await rows('.quick-input-list'))[0]?.text.includes('go to line 8'));
    await p.keyboard.press('Enter');
    const crumbs = await until('the heading in the breadcrumb', async () => {
      const items = await p.locator('.breadcrumbs-control .monaco-breadcrumb-item').allInnerTexts();
      return items.some((t) => t.includes('Merging PDF files')) && items;
    });
    assert.ok(!crumbs.some((t) => /Agent Files/.test(t)), `breadcrumb: ${crumbs.join(' › ')}`);
    assert.equal(crumbs.filter((t) => t.includes('Merging PDF files')).length, 1, `breadcrumb: ${crumbs.join(' › ')}`);
    // In the frontmatter, where only Agent Files had symbols (the name and its keys), under a group named after the extension.
    await p.keyboard.press('Control+G');
    await p.keyboard.type('2');
    await until('Go to Line 2', async () => (await rows('.quick-input-list'))[0]?.text.includes('go to line 2'));
    await p.keyboard.press('Enter');
    let seen = '';
    let same = 0;
    const inFrontmatter = await until('the breadcrumb of line 2, the same three times running', async () => {
      const items = await p.locator('.breadcrumbs-control .monaco-breadcrumb-item').allInnerTexts();
      const now = items.join(' › ');
      same = now === seen ? same + 1 : 0;
      seen = now;
      return /Ln 2,/.test(await p.locator('[id="status.editor.selection"]').innerText()) && !now.includes('Merging PDF files') && same >= 2 && items;
    });
    assert.ok(!inFrontmatter.some((t) => /Agent Files/.test(t)), `breadcrumb: ${inFrontmatter.join(' › ')}`);
  });

  test('"Route request…" in a repository without agent.3md says so and offers the <available_skills> prompt', async () => {
    const p = page();
    await h.openRouteRequest(p, 'No agent.3md in this workspace');
    const items = await until('the message and what works instead', async () => {
      const r = await rows('.quick-input-list');
      return r.some((x) => x.text.startsWith('No agent.3md in this workspace')) && r;
    });
    assert.match(
      items[0].text,
      /^No agent\.3md in this workspace This workspace has no agent\.3md: Route request ranks the skills of agent\.3md agents by their triggers\. Its 6 SKILL\.md skills are chosen by the client from their descriptions\.$/,
    );
    assert.ok(
      items.some((x) => x.text.startsWith('Copy <available_skills> Prompt The 6 SKILL.md skills')),
      JSON.stringify(items),
    );
    await shot('ui-route-request-no-agent');
    await p.locator('.quick-input-list .monaco-list-row', { hasText: 'Copy <available_skills> Prompt' }).click();
    const clipboard = await until('the prompt on the clipboard', async () => {
      const t = await p.evaluate(() => globalThis.navigator.clipboard.readText());
      return t.includes('<available_skills>') && t;
    });
    assert.match(clipboard, /<name>\s*pdf-extract\s*<\/name>/);
  });

  // The browser keeps the web extension host's log in its own storage: read on the desktop only.
  (h.web ? () => undefined : test)(
    "neither window's Agent Files log holds an error: not the repository window's since the start, not the first one's, its closing included",
    async () => {
      // The log of each window's extension host; this window's was made after it opened.
      const logs = walk(ctx.sandbox.root, (n) => /Agent Files\.log$/.test(n));
      const startedAt = (f) => Date.parse((/^(\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d\.\d+)/.exec(readFileSync(f, 'utf8')) ?? []).slice(1).join('T'));
      const mine = logs.filter((f) => startedAt(f) >= repo.openedAt);
      assert.ok(mine.length > 0, `no Agent Files log of the repository window in ${logs.join(', ')}`);
      assert.ok(mine.length < logs.length, `no Agent Files log of the first window in ${logs.join(', ')}`);
      // Each error with the lines after it (a stack, the server's reason).
      const errorsIn = (f) => {
        const lines = readFileSync(f, 'utf8').split('\n');
        return lines.flatMap((l, i) => (/\[error\]|unhandled/i.test(l) ? [lines.slice(i, i + 6).join('\n')] : []));
      };
      assert.deepEqual(logs.flatMap(errorsIn), []);
    },
  );
}
