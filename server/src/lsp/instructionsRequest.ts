/** "Instructions in effect" for one file: the core's list over the workspace index. */
import { URI } from 'vscode-uri';
import type { ServerContext } from './context';
import { InstructionsInEffectRequest, type InstructionsInEffectParams, type InstructionsInEffectResult } from './protocol';
import { instructionsInEffect, type InstructionEntry, type InstructionVariant } from '../core/instructions';

/** The files whose creation, change or deletion changes instruction diagnostics or the list in effect. */
export const INSTRUCTION_WATCHERS = [
  { globPattern: '**/{AGENTS,CLAUDE,CLAUDE.local,GEMINI}.md' },
  { globPattern: '**/.github/copilot-instructions.md' },
  { globPattern: '**/.github/instructions/**/*.instructions.md' },
  { globPattern: '**/.claude/rules/**/*.md' },
  { globPattern: '**/{package.json,Makefile,makefile,GNUmakefile}' },
  // Imports and links name any Markdown file: one created or deleted changes the importer's findings.
  { globPattern: '**/*.md' },
];

export function registerInstructionsRequest(ctx: ServerContext): void {
  const { connection, index, runner } = ctx;
  connection.onRequest(
    InstructionsInEffectRequest,
    runner.safe('instructionsInEffect', (p: InstructionsInEffectParams): InstructionsInEffectResult => {
      const uri = typeof p?.uri === 'string' ? p.uri : '';
      const roots = ctx.formatContext.roots().map((r) => r.replace(/\/$/, ''));
      const root = roots.filter((r) => uri.startsWith(r + '/')).sort((a, b) => b.length - a.length)[0];
      if (!root) return { path: '', clients: [] };
      const entries: InstructionEntry[] = [];
      for (const f of index.files()) {
        const i = f.instructions;
        if (!i) continue;
        const e: InstructionEntry = { uri: f.uri, variant: i.variant as InstructionVariant };
        if (i.globs) e.globs = i.globs;
        if (i.excludeAgent) e.excludeAgent = i.excludeAgent;
        entries.push(e);
      }
      return { path: decodeURIComponent(URI.parse(uri).path.slice(URI.parse(root).path.length + 1)), clients: instructionsInEffect(uri, root, entries, ctx.formatContext.host) };
    }),
  );
}
