/**
 * One dispatch from a file kind to its analysis (server/src/core/analysis/fileAnalyses.ts), used
 * by the CLI and the language server alike: every kind has an entry, and the diagnostics the
 * server publishes for a file of each kind come from that entry (a probe added to the entry's
 * diagnostics reaches the client). A kind the server checked on its own would miss the probe.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { startClient } from '../helpers/inProcessClient';
import { tempWorkspace, waitForLog } from '../helpers/lspWorkspace';
import { analyzeFile } from '../../server/src/core/analysis/analyzeFile';
import { FILE_ANALYSES, type KindAnalysis } from '../../server/src/core/analysis/fileAnalyses';
import { FILE_KIND_LABELS, kindOf, type FileKind } from '../../server/src/core/workspace/fileKinds';
import { repositoryFacts } from '../../server/src/core/skills';
import { emptyHost } from '../../server/src/core/workspace/host';
import type { Diagnostic } from '../../server/src/core/types';

/** A file of each kind (an AGENT.md both with and without OS Protocol frontmatter), with the language an editor gives it. */
const SAMPLES: Record<FileKind, { path: string; text: string; language: string }[]> = {
  '3md': [{ path: 'agent.3md', text: '---\nname: demo\n---\n# Demo\n', language: '3md' }],
  skill: [{ path: 'skills/demo/SKILL.md', text: '---\nname: demo\ndescription: Use when testing the dispatch.\n---\nBody.\n', language: 'markdown' }],
  'agent-md': [
    { path: 'os/AGENT.md', text: '---\nname: demo\ndescription: An agent.\n---\nBody.\n', language: 'markdown' },
    { path: 'amp/AGENT.md', text: '# Conventions\n\nUse tabs.\n', language: 'markdown' },
  ],
  instructions: [{ path: 'AGENTS.md', text: '# Conventions\n\nUse tabs.\n', language: 'markdown' }],
  world: [{ path: '.agent-world/world.json', text: '{}\n', language: 'json' }],
  'world-prompt': [{ path: '.agent-world/prompts/a.md', text: 'Hello.\n', language: 'markdown' }],
  'world-eval': [{ path: '.agent-world/world.eval.md', text: '# Eval\n', language: 'markdown' }],
  subagent: [
    { path: '.claude/agents/reviewer.md', text: '---\nname: reviewer\ndescription: Reviews changes.\n---\nReview.\n', language: 'markdown' },
    { path: '.opencode/agents/review.md', text: '---\ndescription: Reviews changes.\nmode: background\n---\nReview.\n', language: 'markdown' },
    { path: '.gemini/agents/worker.md', text: '---\nname: worker\ndescription: Does work.\ncolor: blue\n---\nWork.\n', language: 'markdown' },
  ],
  'plugin-manifest': [
    { path: 'demo/.claude-plugin/plugin.json', text: '{ "name": "demo" }\n', language: 'json' },
    { path: '.claude-plugin/marketplace.json', text: '{ "name": "demo", "owner": { "name": "Me" }, "plugins": [] }\n', language: 'json' },
    { path: 'demo/.codex-plugin/plugin.json', text: '{ "name": "demo", "skills": ["./skills"] }\n', language: 'json' },
    { path: '.agents/plugins/marketplace.json', text: '{ "name": "demo", "plugins": [{ "name": "x", "source": { "source": "local", "path": "./" } }] }\n', language: 'json' },
  ],
  command: [{ path: '.claude/commands/deploy.md', text: '---\ndescription: Deploys.\n---\nDeploy.\n', language: 'markdown' }],
  'claude-settings': [{ path: '.claude/settings.json', text: '{"hooks": {}}\n', language: 'json' }],
  // A hooks file is one by the plugin manifest above (demo/.claude-plugin/plugin.json, a sample above).
  hooks: [{ path: 'demo/hooks/hooks.json', text: '{"hooks": {}}\n', language: 'json' }],
  'github-hooks': [{ path: '.github/hooks/format.json', text: '{"version": 1, "hooks": {}}\n', language: 'json' }],
  'codex-hooks': [{ path: '.codex/hooks.json', text: '{"hooks": {}}\n', language: 'json' }],
  'mcp-config': [
    { path: '.mcp.json', text: '{"mcpServers": {"a": {"command": "node"}}}\n', language: 'json' },
    { path: '.vscode/mcp.json', text: '{"servers": {"a": {"type": "stdio", "command": "node"}}}\n', language: 'jsonc' },
  ],
  'codex-config': [{ path: '.codex/config.toml', text: 'project_doc_max_bytes = 65536\nproject_doc_fallback_filenames = [\n', language: 'toml' }],
  'skill-evals': [
    {
      path: 'skills/pdf/evals/evals.json',
      text: '{"skill_name": "pdf", "evals": [{"id": 1, "prompt": "p", "files": ["evals/none.pdf"]}, {"id": 1, "prompt": "q"}]}\n',
      language: 'json',
    },
    { path: 'skills/pdf/eval_queries.json', text: '[{"query": "a", "should_trigger": true}, {"query": "a", "should_trigger": false}]\n', language: 'json' },
  ],
};

const KINDS = Object.keys(FILE_KIND_LABELS) as FileKind[];
const probe = (kind: FileKind): Diagnostic => ({
  code: `probe-${kind}`,
  severity: 'information',
  message: `probe of ${kind}`,
  range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
});

/** Runs `fn` with every entry's diagnostics followed by its kind's probe, then puts the entries back. */
async function withProbes(fn: () => Promise<void>): Promise<void> {
  const table = FILE_ANALYSES as unknown as Record<FileKind, KindAnalysis<unknown>>;
  const saved = { ...table };
  for (const kind of KINDS) {
    const entry = saved[kind];
    table[kind] = { analyze: entry.analyze, diagnostics: (a, text, o) => [...entry.diagnostics(a, text, o), probe(kind)] };
  }
  try {
    await fn();
  } finally {
    Object.assign(table, saved);
  }
}

test('every file kind has an entry in the analysis table, and a sample here named as that kind', () => {
  assert.deepEqual(Object.keys(FILE_ANALYSES).sort(), [...KINDS].sort());
  const manifests = SAMPLES['plugin-manifest'].map((s) => ({ uri: `file:///ws/${s.path}`, text: s.text }));
  const facts = repositoryFacts(manifests);
  for (const kind of KINDS) for (const s of SAMPLES[kind]) assert.equal(kindOf(`file:///ws/${s.path}`, facts), kind, s.path);
});

test('the CLI check of each kind goes through its analysis entry', async () => {
  await withProbes(async () => {
    for (const kind of KINDS)
      for (const s of SAMPLES[kind]) {
        const codes = analyzeFile(kind, s.text, `file:///ws/${s.path}`, emptyHost).map((d) => d.code);
        assert.ok(codes.includes(`probe-${kind}`), `${s.path}: ${codes.join(', ')}`);
      }
  });
});

test("the server's diagnostics of each kind come from its analysis entry", async () => {
  const files = Object.fromEntries(KINDS.flatMap((k) => SAMPLES[k].map((s) => [s.path, s.text])));
  const ws = tempWorkspace('dispatch', files);
  await withProbes(async () => {
    const client = await startClient({ rootUri: ws.rootUri });
    try {
      await waitForLog(client, /^indexed \d+ file/);
      for (const kind of KINDS)
        for (const s of SAMPLES[kind]) {
          const uri = ws.uri(s.path);
          const published = client.diagnostics(uri);
          client.open(uri, s.text, s.language);
          const codes = (await published).map((d) => String(d.code));
          assert.ok(codes.includes(`probe-${kind}`), `${s.path}: ${codes.join(', ')}`);
        }
    } finally {
      await client.stop();
      ws.dispose();
    }
  });
});
