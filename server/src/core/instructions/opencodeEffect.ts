/**
 * OpenCode's instruction chain for a session started in a file's folder. Facts (OpenCode's rules
 * page, opencode.ai/docs/rules, and its loader, anomalyco/opencode
 * packages/opencode/src/session/instruction.ts):
 * - it tries `AGENTS.md`, then `CLAUDE.md` (Claude Code compatibility, unless
 *   OPENCODE_DISABLE_CLAUDE_CODE_PROMPT is set), then the deprecated `CONTEXT.md`, each looked
 *   up from the session folder to the worktree root: the first name found anywhere on the way
 *   wins, and every file of that name on the way is loaded, the nearest first;
 * - the user's `~/.config/opencode/AGENTS.md` (else `~/.claude/CLAUDE.md`) comes after: outside
 *   the workspace, so not shown;
 * - `instructions` in `opencode.json` adds files (paths and globs, looked up the same way) and URLs;
 * - no size cap: every file is read whole.
 * Newer documentation (OpenCode V2, opencode.ai/docs/instructions) describes the CLAUDE.md
 * fallback per folder instead; the loader above is what is modelled.
 */
import { parse as parseJsonc, type ParseError } from 'jsonc-parser';
import type { IWorkspaceHost } from '../workspace/host';
import { dirnameUri } from '../world/paths';
import type { ClientEffect, EffectItem, InstructionEntry } from './effectTypes';
import { fileIn, folderChain } from './effectPaths';

const NAMES = ['AGENTS.md', 'CLAUDE.md'] as const;
const CONFIG_NAMES = ['opencode.json', 'opencode.jsonc'];

/** OpenCode's chain for `fileUri`; `root` stands for the worktree root (the workspace folder). */
export function openCodeEffect(fileUri: string, root: string, files: readonly InstructionEntry[], host: IWorkspaceHost): ClientEffect {
  const known = new Set(files.map((f) => f.uri));
  const nearestFirst = folderChain(root, dirnameUri(fileUri)).reverse();
  const items: EffectItem[] = [];
  for (const name of NAMES) {
    const found = nearestFirst.map((d) => fileIn(d, name)).filter((u) => known.has(u));
    if (found.length === 0) continue;
    const why = name === 'AGENTS.md' ? 'AGENTS.md on the way up to the project root' : 'CLAUDE.md, read because no AGENTS.md is on the way (Claude Code compatibility)';
    items.push(...found.map((uri) => ({ uri, why })));
    break;
  }
  items.push(...configured(nearestFirst, host, new Set(items.map((i) => i.uri))));
  return {
    client: 'OpenCode',
    order: 'AGENTS.md (else CLAUDE.md) of each folder up to the project root, the nearest first; then the files opencode.json lists under instructions; no size cap',
    items,
  };
}

/** The files `instructions` of the nearest opencode.json names, as far as they can be told without a glob walk. */
function configured(nearestFirst: readonly string[], host: IWorkspaceHost, seen: Set<string>): EffectItem[] {
  const config = nearestFirst.flatMap((d) => CONFIG_NAMES.map((n) => fileIn(d, n))).find((u) => host.exists(u));
  if (!config) return [];
  const errors: ParseError[] = [];
  const doc: unknown = parseJsonc(host.readText(config) ?? '', errors, { allowTrailingComma: true });
  const list = doc && typeof doc === 'object' && !Array.isArray(doc) ? (doc as Record<string, unknown>)['instructions'] : undefined;
  if (!Array.isArray(list)) return [];
  const out: EffectItem[] = [];
  for (const raw of list) {
    if (typeof raw !== 'string' || raw === '') continue;
    if (/^https?:\/\//.test(raw)) {
      out.push({ uri: config, setting: true, why: `instructions: '${raw}' is fetched at start (5 s timeout)` });
      continue;
    }
    if (/[*?[\]{}]/.test(raw) || raw.startsWith('~') || raw.startsWith('/')) {
      out.push({ uri: config, setting: true, why: `instructions: pattern or path '${raw}', not expanded here` });
      continue;
    }
    // A plain relative path is looked up from the session folder up to the project root.
    const hit = nearestFirst.map((d) => fileIn(d, raw.replace(/^\.\//, ''))).find((u) => host.exists(u) && !host.isDirectory(u));
    if (hit && !seen.has(hit)) {
      seen.add(hit);
      out.push({ uri: hit, why: `listed under instructions in ${CONFIG_NAMES.find((n) => config.endsWith(`/${n}`))}` });
    } else if (!hit) out.push({ uri: config, setting: true, why: `instructions: '${raw}' is not found, so nothing is loaded for it` });
  }
  return out;
}
