/**
 * Cursor's instructions for work on a file. Facts (Cursor's rules page, cursor.com/docs/context/rules,
 * and a Cursor engineer on forum.cursor.com, "Agents.md isolated within a subdirectory"):
 * - project rules are files in `.cursor/rules` (subfolders too; a `.cursor/rules` folder below the
 *   root applies to its own folder). Their frontmatter picks when a rule applies: `alwaysApply: true`
 *   always; `globs` when a file they match is in context; `description` alone lets the agent ask for
 *   it; none of them only when mentioned with `@rule`;
 * - the root `AGENTS.md` applies everywhere; a nested one applies to its folder's files, like a rule
 *   with the implicit glob `folder/**`;
 * - the legacy root `.cursorrules` is still read.
 * Cursor documents no size cap. The frontmatter is read line by line, as `globs: **\/*.ts` is no YAML.
 */
import type { IWorkspaceHost } from '../workspace/host';
import { dirnameUri } from '../world/paths';
import type { ClientEffect, EffectItem, InstructionEntry } from './effectTypes';
import { fileIn, folderChain, relativeTo } from './effectPaths';
import { globMatcher, splitGlobList } from './globs';

/** How deep below `.cursor/rules` rules are looked for, and how many are read per folder. */
const MAX_DEPTH = 6;
const MAX_RULES = 500;

export interface CursorRuleFrontmatter {
  alwaysApply: boolean;
  globs: string[];
  description?: string;
}

/** `description`, `globs` and `alwaysApply` of a rule, read line by line; nothing when it has no frontmatter. */
export function readCursorRuleFrontmatter(text: string): CursorRuleFrontmatter {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  const out: CursorRuleFrontmatter = { alwaysApply: false, globs: [] };
  if (lines[0]?.trim() !== '---') return out;
  let listOf: 'globs' | undefined;
  for (let i = 1; i < lines.length && lines[i]!.trim() !== '---'; i++) {
    const line = lines[i]!;
    const item = /^\s+-\s*(.*)$/.exec(line);
    if (item && listOf) {
      out.globs.push(...splitGlobList(unquote(item[1]!)));
      continue;
    }
    const m = /^([A-Za-z]+)\s*:\s*(.*)$/.exec(line);
    listOf = undefined;
    if (!m) continue;
    const value = unquote(m[2]!.trim());
    if (m[1] === 'alwaysApply') out.alwaysApply = m[2]!.trim() === 'true';
    else if (m[1] === 'description' && value) out.description = value;
    else if (m[1] === 'globs') {
      if (value === '') listOf = 'globs';
      else out.globs.push(...splitGlobList(value.replace(/^\[(.*)\]$/, '$1')).map(unquote));
    }
  }
  return out;
}

function unquote(s: string): string {
  const t = s.trim();
  return /^(["']).*\1$/.test(t) ? t.slice(1, -1) : t;
}

/** The rule files under a `.cursor/rules` folder (`.mdc` and `.md`), sorted, within the bounds above. */
function ruleFiles(folder: string, host: IWorkspaceHost, depth = 0, out: string[] = []): string[] {
  if (depth > MAX_DEPTH || !host.isDirectory(folder)) return out;
  for (const name of [...host.readDirectory(folder)].sort()) {
    if (out.length >= MAX_RULES) break;
    const uri = fileIn(folder, name);
    if (host.isDirectory(uri)) ruleFiles(uri, host, depth + 1, out);
    else if (/\.mdc?$/i.test(name)) out.push(uri);
  }
  return out;
}

/** Why a rule applies to the file at `path` (relative to the rule's folder), or undefined when it does not. */
function ruleApplies(fm: CursorRuleFrontmatter, path: string): string | undefined {
  if (fm.alwaysApply) return 'alwaysApply: true';
  if (fm.globs.length) {
    const g = fm.globs.find((p) => globMatcher(p, 'claude-rule')(path));
    return g ? `globs matches '${g}'` : undefined;
  }
  if (fm.description) return 'offered to the agent by its description: read only if the agent asks for it';
  return undefined;
}

/** Cursor's instructions for `fileUri`; `root` is the workspace folder. */
export function cursorEffect(fileUri: string, root: string, files: readonly InstructionEntry[], host: IWorkspaceHost): ClientEffect {
  const known = new Set(files.map((f) => f.uri));
  const dirs = folderChain(root, dirnameUri(fileUri));
  const items: EffectItem[] = [];
  const legacy = fileIn(dirs[0]!, '.cursorrules');
  if (host.exists(legacy) && !host.isDirectory(legacy)) items.push({ uri: legacy, why: 'legacy .cursorrules (still read)' });
  for (const d of dirs) {
    const agents = fileIn(d, 'AGENTS.md');
    if (known.has(agents)) items.push({ uri: agents, why: d === dirs[0] ? 'root AGENTS.md (everywhere)' : 'nested AGENTS.md (applies to its folder)' });
  }
  for (const d of dirs) {
    const path = relativeTo(d, fileUri);
    for (const rule of ruleFiles(fileIn(d, '.cursor/rules'), host)) {
      const why = ruleApplies(readCursorRuleFrontmatter(host.readText(rule) ?? ''), path);
      if (why) items.push({ uri: rule, why });
    }
  }
  return {
    client: 'Cursor',
    order:
      'the legacy .cursorrules, AGENTS.md of each folder from the root down, then the .cursor/rules that apply: alwaysApply, matching globs, and those the agent may ask for by description; no size cap',
    items,
  };
}
