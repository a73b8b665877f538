/**
 * `skill-listing-cut`: a SKILL.md whose description a client's skill listing shortens or drops,
 * or that it leaves out of the listing, computed from every skill's summary (name, description,
 * targets), never by analysing the files again; with `skill-description-similar` for the skills
 * a listing holds that say nearly the same thing.
 */
import type { Diagnostic, Range } from '../types';
import { isSkillResource } from './liveness';
import { LISTING_CLIENTS, skillListing, type ListingClient, type ListingEntry, type ListingSettings, type ListingSkill, type SkillListing } from './listing';
import { resolveFindings, type Finding } from './rules';
import { similarityDiagnostics } from './similarRule';
import { codexLength, cpLength, DESCRIPTION_MAX, NAME_MAX } from './specFields';
import type { Target } from './targets';

export interface ListedSkillSummary extends ListingSkill {
  targets: readonly Target[];
  /** Where the diagnostic goes: the description's value, else the name's. */
  range: Range;
}

const CLIENT: Record<ListingClient, string> = { 'claude-code': 'Claude Code', codex: 'Codex', copilot: 'VS Code' };

/** Whether client `c` puts the skill in its listing: one of its targets, not kept out, not a sample inside another skill. */
export function listsSkill(c: ListingClient, s: { uri: string; targets: readonly string[]; notListedBy?: readonly string[] }): boolean {
  return s.targets.includes(c) && !s.notListedBy?.includes(c) && !isSkillResource(s.uri);
}

/** The listing of each client, over the skills among `skills` it loads (samples inside other skills left out). */
export function listingsOf<T extends ListingSkill & { targets: readonly Target[] }>(skills: readonly T[], settings: ListingSettings = {}): SkillListing[] {
  return LISTING_CLIENTS.map((c) =>
    skillListing(
      c,
      skills.filter((s) => listsSkill(c, s)),
      settings,
    ),
  );
}

const thousands = (n: number) => n.toLocaleString('en-US');

function messageOf(l: SkillListing, e: ListingEntry): string {
  const who = CLIENT[l.client];
  const total = l.entries.length;
  const budget = `${thousands(l.budget)} ${l.unit} (${l.budgetNote})`;
  const needs = `the ${total} skills it loads here need ${thousands(l.needed)}`;
  const verb = (certain: string, maybe: string) => (e.certain ? certain : `may ${maybe}`);
  if (e.atLeast === 'shortened')
    return `${who} shortens this description in its skill listing whether or not it knows the context window (up to 272,000 tokens): its budget is ${budget} and ${needs}; with that budget it ${e.state === 'left-out' ? 'leaves this skill out' : 'lists this skill by name only'}`;
  if (e.state === 'shortened')
    return `${who} ${verb('shortens', 'shorten')} this description to ${thousands(e.keptChars)} of ${thousands(e.fullChars)} characters in its skill listing: its budget is ${budget} and ${needs}`;
  if (e.state === 'name-only')
    return l.client === 'claude-code'
      ? `${who} may list this skill by name only, without its description: its skill listing budget is ${budget}, ${needs}, and it drops the descriptions of the skills used least`
      : `${who} ${verb('lists', 'list')} this skill by name only, without its description: its skill listing budget is ${budget} and ${needs}`;
  return `${who} ${verb('leaves', 'leave')} this skill out of its skill listing: its budget is ${budget} and ${needs}`;
}

const CLIENT_DIRS = new Set(['.claude', '.agents', '.codex', '.github', '.gemini', '.opencode', '.cursor']);

/**
 * Where a skill loads from, for grouping: `base` is the folder holding a client folder
 * (`<base>/.claude/skills/…`), whose skills load in a session there together with those of the
 * client folders above it; otherwise (a plugin's or any other `skills/` folder) the folder holding
 * the skill's folder, whose skills load together and with no others known.
 */
export function listingScope(uri: string): { key: string; nested: boolean } {
  const segs = uri.split(/[?#]/)[0]!.split('/');
  for (let i = segs.length - 3; i >= 1; i--) {
    if (segs[i] === 'skills' && CLIENT_DIRS.has(segs[i - 1]!)) return { key: segs.slice(0, i - 1).join('/'), nested: true };
  }
  return { key: segs.slice(0, -2).join('/'), nested: false };
}

/**
 * The diagnostics, by URI, of the skills a client's listing cuts. Each skill is judged in the
 * smallest set of skills certain to be listed with it: those of its own scope and, for a client
 * folder, of the client folders in the folders above (see `listingScope`).
 */
export function listingDiagnostics(skills: readonly ListedSkillSummary[], settings: ListingSettings = {}): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  const buckets = new Map<string, { nested: boolean; skills: ListedSkillSummary[] }>();
  for (const s of skills) {
    if (isSkillResource(s.uri)) continue;
    const scope = listingScope(s.uri);
    const b = buckets.get(scope.key) ?? buckets.set(scope.key, { nested: scope.nested, skills: [] }).get(scope.key)!;
    b.skills.push(s);
  }
  for (const [key, b] of buckets) {
    // A client folder's skills load with those of the client folders above it: looked up by prefix, not by a scan.
    const above = b.nested ? ancestorsOf(key).flatMap((k) => (buckets.get(k)?.nested ? buckets.get(k)!.skills : [])) : [];
    const own = new Set(b.skills.map((s) => s.uri));
    for (const [uri, ds] of listingGroupDiagnostics([...b.skills, ...above], settings)) if (own.has(uri)) out.set(uri, [...(out.get(uri) ?? []), ...ds]);
  }
  return out;
}

/** The skills among `skills` listed with the SKILL.md `uri`: its scope's and, for a client folder, those of the client folders above (see `listingScope`). */
export function listedTogether<T extends { uri: string }>(skills: readonly T[], uri: string): T[] {
  const scope = listingScope(uri);
  const byScope = scopeIndexOf(skills);
  // Its own scope's skills, and the client folders' of the folders above a client folder; in the list's order.
  const at = (byScope.get(scope.key) ?? []).map((e) => e.at);
  if (scope.nested) for (const k of ancestorsOf(scope.key)) for (const e of byScope.get(k) ?? []) if (e.nested) at.push(e.at);
  return at.sort((a, b) => a - b).map((i) => skills[i]!);
}

/** Each skill's place in the list, by its listing scope's key: made once per list (every eval file of a collection asks). */
const scopeIndexes = new WeakMap<readonly { uri: string }[], Map<string, { at: number; nested: boolean }[]>>();

function scopeIndexOf(skills: readonly { uri: string }[]): Map<string, { at: number; nested: boolean }[]> {
  let index = scopeIndexes.get(skills);
  if (index) return index;
  index = new Map();
  for (let at = 0; at < skills.length; at++) {
    const { key, nested } = listingScope(skills[at]!.uri);
    const list = index.get(key);
    if (list) list.push({ at, nested });
    else index.set(key, [{ at, nested }]);
  }
  scopeIndexes.set(skills, index);
  return index;
}

/** The folder URIs above `key` (`file:///a/b` → `file:///a`, `file://`). */
export function ancestorsOf(key: string): string[] {
  const out: string[] = [];
  for (let i = key.lastIndexOf('/'); i > 0; i = key.lastIndexOf('/', i - 1)) out.push(key.slice(0, i));
  return out;
}

function listingGroupDiagnostics(skills: readonly ListedSkillSummary[], settings: ListingSettings): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  const byUri = new Map(skills.map((s) => [s.uri, s]));
  const listings = listingsOf(skills, settings);
  for (const [uri, ds] of similarityDiagnostics(skills, listings)) out.set(uri, ds);
  for (const l of listings) {
    // Within Claude Code's budget the only cut is its cap of 1,536 characters per entry, which `skill-description-cut` reports on the skill itself.
    if (l.client === 'claude-code' && l.needed <= l.budget) continue;
    for (const e of l.entries) {
      if (e.state === 'full') continue;
      const s = byUri.get(e.uri)!;
      const f: Finding = { code: 'skill-listing-cut', severity: 'warning', message: messageOf(l, e), range: s.range, only: [l.client], data: { client: l.client, state: e.state } };
      if (!e.certain && !e.atLeast) f.atMost = 'information';
      const ds = resolveFindings([f], s.targets);
      if (ds.length) out.set(e.uri, [...(out.get(e.uri) ?? []), ...ds]);
    }
  }
  return out;
}

/** The path a client prints for a SKILL.md: a `file:` URI's decoded path (the URI itself otherwise). */
export function listedPath(uri: string): string {
  const m = /^file:\/\/[^/]*(\/.*)$/.exec(uri);
  if (!m) return uri;
  try {
    return decodeURIComponent(m[1]!);
  } catch (e) {
    // A malformed escape is printed as written.
    if (!(e instanceof URIError)) throw e;
    return m[1]!;
  }
}

/**
 * The clients that leave a skill out of their listing for its `disable-model-invocation`: Claude
 * Code reads true/yes/on/1 (2.1.218), VS Code a YAML boolean (docs/clients-fields.md).
 */
export function notListedBy(value: unknown): ListingClient[] {
  if (value === true) return ['claude-code', 'copilot'];
  return typeof value === 'string' && /^(true|yes|on|1)$/i.test(value.trim()) ? ['claude-code'] : [];
}

/**
 * Whether Codex refuses to load the skill (skill-description-too-long, skill-name-too-long): a
 * description over 1,024 characters once its whitespace runs are one space, a name over 64. A
 * skill it does not load is in none of its listings (held-out round 42: 11 cuts counted with
 * skills Codex had refused).
 */
function codexRefuses(skill: { name?: string; description?: string }): boolean {
  return over(skill.description, DESCRIPTION_MAX, codexLength) || over(skill.name, NAME_MAX, cpLength);
}

/** Whether `value` counts more than `max`; a count is never more than the UTF-16 length, so a short value is not counted (every skill asks). */
const over = (value: string | undefined, max: number, count: (s: string) => number) => value !== undefined && value.length > max && count(value) > max;

/** The clients whose listings leave the skill out: for its `disable-model-invocation`, and Codex for what it refuses to load. */
export function listingsLeaving(skill: { name?: string; description?: string }, disableModelInvocation: unknown): ListingClient[] {
  return [...notListedBy(disableModelInvocation), ...(codexRefuses(skill) ? (['codex'] as const) : [])];
}

/** The listed value of an analysed SKILL.md: its skill, with `when_to_use` and `disable-model-invocation` from its frontmatter. */
export function listedSkillOfAnalysis(
  uri: string,
  a: { skill: Parameters<typeof listedSkillOf>[1]; frontmatter?: { entries: readonly { key: string; value: unknown }[] } | null },
): ListedSkillSummary | undefined {
  const value = (key: string) => a.frontmatter?.entries.find((e) => e.key === key)?.value;
  const when = value('when_to_use');
  return listedSkillOf(uri, a.skill, typeof when === 'string' ? when : undefined, value('disable-model-invocation'));
}

/** What the listing needs of one analysed SKILL.md; undefined when it declares no description or name to point at. */
export function listedSkillOf(
  uri: string,
  skill: { name?: string; dirName: string; description?: string; descriptionRange?: Range; nameRange?: Range; targets: { targets: readonly Target[]; fallback?: boolean } },
  whenToUse?: string,
  disableModelInvocation?: unknown,
): ListedSkillSummary | undefined {
  const hidden = listingsLeaving(skill, disableModelInvocation);
  const range = skill.descriptionRange ?? skill.nameRange;
  if (!range || skill.targets.fallback) return undefined;
  return {
    uri,
    path: listedPath(uri),
    name: skill.name ?? skill.dirName,
    description: skill.description ?? '',
    ...(whenToUse ? { whenToUse } : {}),
    ...(hidden.length ? { notListedBy: hidden } : {}),
    targets: skill.targets.targets,
    range,
  };
}
