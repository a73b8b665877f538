/**
 * "What the agent sees" for one file (`agentFiles/effect`, the view) and the older "Instructions in
 * effect" (`agentFiles/instructionsInEffect`): the core's answers over the workspace index.
 */
import { URI } from 'vscode-uri';
import type { ServerContext } from './context';
import { EffectRequest, InstructionsInEffectRequest, type EffectParams, type EffectResult, type InstructionsInEffectParams, type InstructionsInEffectResult } from './protocol';
import { instructionsInEffect, type InstructionEntry, type InstructionVariant } from '../core/instructions';
import { effectReport } from '../core/effect/report';
import type { ListedSkillSummary } from '../core/skills/listingRule';
import { listedOfEntry } from './formats/skill';

/** The files whose creation, change or deletion changes instruction diagnostics or the list in effect. */
export const INSTRUCTION_WATCHERS = [
  { globPattern: '**/{AGENTS,CLAUDE,CLAUDE.local,GEMINI}.md' },
  { globPattern: '**/.github/copilot-instructions.md' },
  { globPattern: '**/.github/instructions/**/*.instructions.md' },
  { globPattern: '**/.github/*.instructions.md' },
  { globPattern: '**/.claude/rules/**/*.md' },
  { globPattern: '**/{package.json,Makefile,makefile,GNUmakefile}' },
  // Imports and links name any Markdown file: one created or deleted changes the importer's findings.
  { globPattern: '**/*.md' },
  // Codex's project configuration (fallback names, the cap).
  { globPattern: '**/.codex/config.toml' },
];

/** The workspace folder holding `uri` (the deepest), if any. */
function rootOf(ctx: ServerContext, uri: string): string | undefined {
  const roots = ctx.formatContext.roots().map((r) => r.replace(/\/$/, ''));
  return roots.filter((r) => uri.startsWith(r + '/')).sort((a, b) => b.length - a.length)[0];
}

/** The instruction files of the index, as "in effect" needs them. */
function instructionEntries(ctx: ServerContext): InstructionEntry[] {
  const entries: InstructionEntry[] = [];
  for (const f of ctx.index.files()) {
    const i = f.instructions;
    if (!i) continue;
    const e: InstructionEntry = { uri: f.uri, variant: i.variant as InstructionVariant };
    if (i.globs) e.globs = i.globs;
    if (i.excludeAgent) e.excludeAgent = i.excludeAgent;
    entries.push(e);
  }
  return entries;
}

export function registerEffectRequest(ctx: ServerContext): void {
  ctx.connection.onRequest(
    EffectRequest,
    ctx.runner.safe('effect', (p: EffectParams): EffectResult | null => {
      const uri = typeof p?.uri === 'string' ? p.uri : '';
      const root = rootOf(ctx, uri);
      if (!root) return null;
      const skills = ctx.index.files().flatMap((f): ListedSkillSummary[] => {
        const l = listedOfEntry(f);
        return l ? [l] : [];
      });
      return effectReport(uri, root, instructionEntries(ctx), skills, ctx.formatContext.host, ctx.formatContext.listing);
    }),
  );
}

export function registerInstructionsRequest(ctx: ServerContext): void {
  const { connection, runner } = ctx;
  connection.onRequest(
    InstructionsInEffectRequest,
    runner.safe('instructionsInEffect', (p: InstructionsInEffectParams): InstructionsInEffectResult => {
      const uri = typeof p?.uri === 'string' ? p.uri : '';
      const root = rootOf(ctx, uri);
      if (!root) return { path: '', clients: [] };
      return {
        path: decodeURIComponent(URI.parse(uri).path.slice(URI.parse(root).path.length + 1)),
        clients: instructionsInEffect(uri, root, instructionEntries(ctx), ctx.formatContext.host),
      };
    }),
  );
}
