/**
 * Mention labels and aliases as the router resolves them (spec §3.6): a label is normalized
 * (lowercase, runs of other characters become `-`); each agent's id is entered in turn (a later
 * id with the same label takes it over), then its display name if that label is still free.
 */
import { normalizeMentionLabel } from '../mentions';
import type { RouterConfig } from './types';

export type Aliases = ReadonlyMap<string, string>;

/** Normalized label → agent id, in the router's order. */
export function routerAliases(config: RouterConfig): Aliases {
  const map = new Map<string, string>();
  for (const [id, agent] of Object.entries(config.agents)) {
    const idLabel = normalizeMentionLabel(id);
    if (idLabel) map.set(idLabel, id);
    const nameLabel = normalizeMentionLabel(agent.name);
    if (nameLabel && !map.has(nameLabel)) map.set(nameLabel, id);
  }
  return map;
}

/** The agent a free label names, if any. */
export function resolveLabel(aliases: Aliases, label: string): string | undefined {
  const key = normalizeMentionLabel(label);
  return key ? aliases.get(key) : undefined;
}

const GREETING = /^(hey|hi|hello|to)\b[\s,:-]+/i;
const MENTION = /^@([A-Za-z][A-Za-z0-9_.-]*)(?:[ \t]+([A-Z][A-Za-z0-9_.-]*))?/;

/** The labels a line's paragraph-start mention may mean, longest first (none when the line starts with no mention). */
export function lineCandidates(line: string): string[] {
  let rest = line.trimStart();
  const greeting = GREETING.exec(rest);
  if (greeting) rest = rest.slice(greeting[0].length);
  const m = MENTION.exec(rest);
  if (!m) return [];
  return m[2] ? [`${m[1]} ${m[2]}`, m[1]!] : [m[1]!];
}

/** The agent a line hands off to: its first candidate that resolves. */
export function lineTarget(aliases: Aliases, line: string): string | undefined {
  for (const c of lineCandidates(line)) {
    const id = resolveLabel(aliases, c);
    if (id !== undefined) return id;
  }
  return undefined;
}

/** The token of a line's mention that resolves to nobody (the single word), if the line has one. */
export function lineUnresolved(aliases: Aliases, line: string): string | undefined {
  const c = lineCandidates(line);
  if (c.length === 0 || lineTarget(aliases, line) !== undefined) return undefined;
  return c[c.length - 1];
}
