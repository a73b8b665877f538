/**
 * "Instructions in effect": for one file of the workspace, what each client loads, in order.
 * Codex: one file per folder from the project root down, up to 32 KiB in all (codexChain.ts); CLAUDE.md
 * ancestors from the root down with CLAUDE.local.md after (AGENTS.md when no CLAUDE.md is on the
 * way, Claude Code 2.1.277+), then `.claude/rules` whose `paths`
 * match (Claude Code); GEMINI.md ancestors (Gemini CLI); `.github/copilot-instructions.md`, the
 * root AGENTS.md and CLAUDE.md, then `.instructions.md` whose `applyTo` matches (Copilot); OpenCode
 * (opencodeEffect.ts) and Cursor (cursorEffect.ts).
 */
import type { IWorkspaceHost } from '../workspace/host';
import { dirnameUri } from '../world/paths';
import { codexChain, codexProjectRoot, positionAfterBytes } from './codexChain';
import { codexConfigFor } from './codexConfig';
import type { ClientEffect, EffectItem, InstructionEntry } from './effectTypes';
import { instructionFileInfo, type InstructionVariant } from './files';
import { globMatcher, type GlobStyle } from './globs';
import { folderChain, relativeTo, within } from './effectPaths';
import { openCodeEffect } from './opencodeEffect';
import { cursorEffect } from './cursorEffect';
import { withImports } from './chainImports';
import { utf8Length } from './utf8';
import { byteSize as size } from '../effect/bar';

export type { ClientEffect, EffectItem, InstructionEntry } from './effectTypes';

function firstMatch(globs: readonly string[], path: string, style: GlobStyle): string | undefined {
  return globs.find((g) => globMatcher(g, style)(path));
}

/** Codex's chain for a file's folder, each part with what it gives of the cap (32 KiB unless `.codex/config.toml` says otherwise). */
function codexEffect(fileUri: string, root: string, host: IWorkspaceHost): ClientEffect {
  const dir = dirnameUri(fileUri);
  const projectRoot = codexProjectRoot(fileUri, root, host);
  const config = codexConfigFor(dir, projectRoot, host);
  const cap = size(config.maxBytes);
  const items = codexChain(dir, projectRoot, host, config.maxBytes, config.names).map((p): EffectItem => {
    const why = p.read === p.bytes ? size(p.bytes) : p.read === 0 ? `not read: the ${cap} limit is spent` : `${size(p.read)} of ${size(p.bytes)}: cut at the ${cap} limit`;
    const text = p.read > 0 && p.read < p.bytes ? host.readText(p.uri) : undefined;
    return { uri: p.uri, bytes: p.bytes, read: p.read, why, ...(text !== undefined ? { cutAt: positionAfterBytes(text, p.read) } : {}) };
  });
  const fallback = config.names.slice(2);
  return {
    client: 'Codex (AGENTS.md)',
    order: `AGENTS.override.md or AGENTS.md${fallback.length ? ` (else ${fallback.join(', ')})` : ''} of each folder from the project root down, ${cap} in all`,
    items,
    budget: { used: items.reduce((n, i) => n + (i.read ?? 0), 0), limit: config.maxBytes, unit: 'bytes' },
    ...(config.sources.length || config.errors.length ? { config: { sources: config.sources, errors: config.errors } } : {}),
  };
}

/** What each client loads for `fileUri`; `root` is the workspace folder holding it; `host` reads the files Codex sizes. */
export function instructionsInEffect(fileUri: string, root: string, files: readonly InstructionEntry[], host: IWorkspaceHost): ClientEffect[] {
  const byUri = new Map(files.map((f) => [f.uri, f]));
  const at = (dir: string, name: string) => byUri.get(`${dir.replace(/\/$/, '')}/${name}`);
  const dirs = folderChain(root, dirnameUri(fileUri));
  const relPath = relativeTo(root, fileUri);
  const out: ClientEffect[] = [];

  // Codex: one file per folder from the project root down, concatenated, cut at 32 KiB.
  out.push(codexEffect(fileUri, root, host));

  // Claude Code: ancestors from the root down, CLAUDE.local.md after CLAUDE.md; then matching rules.
  const claude: EffectItem[] = [];
  for (const d of dirs) {
    const why = d === dirs[0] ? 'project root' : 'ancestor folder';
    for (const name of ['CLAUDE.md', '.claude/CLAUDE.md', 'CLAUDE.local.md']) {
      const f = at(d, name);
      if (f) claude.push({ uri: f.uri, why });
    }
  }
  // Claude Code 2.1.277 and later: with no CLAUDE.md anywhere on the way, AGENTS.md is read instead
  // (the changelog; switched off under "Project instructions" in /config).
  if (claude.length === 0) {
    for (const d of dirs) {
      const f = at(d, 'AGENTS.md');
      if (f) claude.push({ uri: f.uri, why: 'AGENTS.md, read because no CLAUDE.md is on the way (Claude Code 2.1.277+, unless /config turns it off)' });
    }
  }
  for (const f of files) {
    if (f.variant !== 'claude-rule') continue;
    const base = f.uri.slice(0, f.uri.indexOf('/.claude/rules/'));
    if (!(base === root.replace(/\/$/, '') || within(base, fileUri))) continue;
    const path = relativeTo(base, fileUri);
    if (!f.globs) claude.push({ uri: f.uri, why: 'rule without paths (always loaded)' });
    else {
      const g = firstMatch(f.globs, path, 'claude-rule');
      if (g) claude.push({ uri: f.uri, why: `paths matches '${g}'` });
    }
  }
  const expandsImports = (uri: string) => ['claude-md', 'claude-local', 'claude-rule', 'gemini-md'].includes(byUri.get(uri)?.variant ?? '');
  out.push({
    client: 'Claude Code',
    order:
      'CLAUDE.md from the root down (CLAUDE.local.md after; AGENTS.md when there is no CLAUDE.md), then matching .claude/rules; each @import right after its file, up to 4 hops',
    items: withImports(claude, host, hopsOf('claude-md'), expandsImports),
  });

  // Gemini CLI: GEMINI.md of the folder and its parents, concatenated.
  const gemini = dirs
    .map((d) => at(d, 'GEMINI.md'))
    .filter((f): f is InstructionEntry => !!f)
    .map((f) => ({ uri: f.uri, why: 'ancestor folder' }));
  out.push({
    client: 'Gemini CLI',
    order: 'GEMINI.md from the root down; each @import in its place, up to 5 hops',
    items: withImports(gemini, host, hopsOf('gemini-md'), expandsImports),
  });

  // GitHub Copilot (VS Code): always-on files at the root, then matching .instructions.md (no order guaranteed).
  const copilot: EffectItem[] = [];
  const r0 = dirs[0]!;
  const always: [string, string][] = [
    ['.github/copilot-instructions.md', 'always on'],
    ['AGENTS.md', 'root AGENTS.md (chat.useAgentsMdFile)'],
    ['CLAUDE.md', 'chat.useClaudeMdFile'],
    ['.claude/CLAUDE.md', 'chat.useClaudeMdFile'],
    ['CLAUDE.local.md', 'chat.useClaudeMdFile'],
  ];
  for (const [name, why] of always) {
    const f = at(r0, name);
    if (f) copilot.push({ uri: f.uri, why });
  }
  for (const f of files) {
    if (f.variant !== 'copilot-scoped' || !f.globs) continue;
    const g = firstMatch(f.globs, relPath, 'copilot');
    if (g) copilot.push({ uri: f.uri, why: `applyTo matches '${g}'${f.excludeAgent?.length ? ` (not for ${f.excludeAgent.join(', ')})` : ''}` });
  }
  out.push({ client: 'GitHub Copilot', order: 'always-on files, then .instructions.md whose applyTo matches (no guaranteed order)', items: copilot });
  out.push(openCodeEffect(fileUri, root, files, host));
  out.push(cursorEffect(fileUri, root, files, host));
  return out.map((c) => (c.budget ? c : { ...c, items: c.items.map((i) => sized(i, host)) }));
}

/** The hops a client follows from a file of `variant` (files.ts). */
function hopsOf(variant: InstructionVariant): number {
  return instructionFileInfo(variant).imports?.maxDepth ?? 0;
}

/** The item with its size in UTF-8 bytes, when the host can read it (a client without a cap reads it whole). */
function sized(item: EffectItem, host: IWorkspaceHost): EffectItem {
  const text = item.bytes === undefined && !item.setting ? host.readText(item.uri) : undefined;
  return text === undefined ? item : { ...item, bytes: utf8Length(text) };
}
