/**
 * Workspace-level SKILL.md facts: name clashes (a client that loads two skills of one name in
 * one scope) and the reference `<available_skills>` prompt.
 */
import { isSkillResource } from './liveness';
import type { Diagnostic, Range } from '../types';
import { isDecodeError, unlessExpected } from '../analysis/expectedErrors';
import { relativeLabel } from '../workspace/host';
import { splitUri } from '../workspace/uriPath';
import { dirnameUri, isInside, relativePath } from '../world/paths';
import { pluginsOf, type RepositoryFacts } from './plugins';
import { resolveFindings, type Finding } from './rules';
import type { Target } from './targets';

export interface IndexedSkill {
  uri: string;
  name: string;
  nameRange: Range;
  /** The file's targets: a clash is reported only for a client among them. */
  targets: readonly Target[];
  /** `textFingerprint` of the file: byte-identical copies never clash. */
  fingerprint?: string;
}

/** One client loading a skill: in which scope, and whether the scope takes in those of parent folders. */
interface Load {
  client: Target;
  /** A folder URI, or `plugin:<root>` for a plugin's namespace. */
  scope: string;
  /** The client reads this kind of folder in every folder from the project root down (its scopes nest). */
  nested: boolean;
}

/** What each client does when two skills of one name meet (docs/clients-fields.md#names-and-clashes). */
const CLASH: Partial<Record<Target, string>> = {
  opencode: 'OpenCode loads both and the one it reads last replaces the other',
  'gemini-cli': 'Gemini CLI keeps the one it reads last and warns about the conflict',
  codex: 'Codex loads both under one name (it drops duplicates only by path)',
  'claude-code': 'Claude Code gives both the same plugin command',
};

function decoded(seg: string): string {
  try {
    return decodeURIComponent(seg);
  } catch (e) {
    // A malformed % escape is read as written.
    unlessExpected(e, isDecodeError);
    return seg;
  }
}

/**
 * The clients that load a skill by name, from its innermost client folder (a Claude Code project
 * skill is called by its folder name, so it never clashes by `name`; VS Code and Cursor are left
 * out: what they do with two skills of one name is not documented) and from its plugins.
 */
function loadsOf(uri: string, facts: RepositoryFacts | undefined): Load[] {
  const { head, path } = splitUri(uri);
  const segs = path.split('/').map(decoded);
  const out: Load[] = [];
  for (let i = segs.length - 3; i >= 1; i--) {
    const dir = segs[i - 1]!;
    const seg = segs[i]!;
    const isSkills = seg === 'skills' || (dir === '.opencode' && seg === 'skill');
    if (!isSkills || !['.claude', '.agents', '.codex', '.gemini', '.opencode', '.github', '.cursor'].includes(dir)) continue;
    const base = head + segs.slice(0, i - 1).join('/');
    const below = segs.slice(i + 1, -1);
    const direct = below.length === 1;
    const hidden = below.some((s) => s.startsWith('.'));
    if (dir === '.claude' || dir === '.agents' || dir === '.opencode') out.push({ client: 'opencode', scope: base, nested: true });
    if ((dir === '.agents' || dir === '.codex') && !hidden && below.length <= 6) out.push({ client: 'codex', scope: base, nested: true });
    if ((dir === '.agents' || dir === '.gemini') && direct) out.push({ client: 'gemini-cli', scope: base, nested: false });
    break;
  }
  if (facts)
    for (const p of pluginsOf(uri, facts)) if (p.target === 'claude-code' || p.target === 'codex') out.push({ client: p.target, scope: `plugin:${p.root}`, nested: false });
  return out;
}

function sameScope(a: Load, b: Load): boolean {
  if (a.scope === b.scope) return true;
  if (!a.nested || !b.nested || a.scope.startsWith('plugin:') || b.scope.startsWith('plugin:')) return false;
  return isInside(a.scope, b.scope) || isInside(b.scope, a.scope);
}

/** How to name another file in a message: its path in the workspace folder that holds it. */
function workspaceLabel(uri: string, from: string, roots: readonly string[]): string {
  for (const r of roots) {
    const rel = relativePath(r, uri);
    if (rel !== undefined) return rel;
  }
  return relativeLabel(dirnameUri(from), uri);
}

/**
 * Name clashes: two skills that one client loads in one scope and keys by the same `name`
 * (compared after NFKC, as the reference compares names), with different texts. Reported on
 * each, for the clients among its targets, saying what that client does.
 */
/** The most other files a duplicate-name diagnostic names. */
const MAX_OTHERS = 20;

export function duplicateSkillNames(skills: readonly IndexedSkill[], options: { roots?: readonly string[]; repository?: RepositoryFacts } = {}): Map<string, Diagnostic[]> {
  const groups = new Map<string, IndexedSkill[]>();
  for (const s of skills) {
    // A sample or copy inside another skill's assets or references is no skill of its own.
    if (isSkillResource(s.uri, options.repository?.roots)) continue;
    const key = s.name.trim().normalize('NFKC');
    if (!key) continue;
    const g = groups.get(key);
    if (g) g.push(s);
    else groups.set(key, [s]);
  }
  const out = new Map<string, Diagnostic[]>();
  const roots = options.roots ?? [];
  for (const [name, g] of groups) {
    if (g.length < 2) continue;
    const loads = new Map(g.map((s) => [s, loadsOf(s.uri, options.repository)]));
    for (const s of g) {
      /** Per client, the other skills it clashes with. */
      const clashes = new Map<Target, Set<IndexedSkill>>();
      for (const mine of loads.get(s)!) {
        if (!s.targets.includes(mine.client)) continue;
        for (const o of g) {
          if (o === s || (s.fingerprint !== undefined && s.fingerprint === o.fingerprint)) continue;
          if (!loads.get(o)!.some((theirs) => theirs.client === mine.client && sameScope(mine, theirs))) continue;
          const set = clashes.get(mine.client) ?? new Set();
          set.add(o);
          clashes.set(mine.client, set);
        }
      }
      // OpenCode reads its own `.opencode/skills/` after `.claude/` and `.agents/`: with a copy there, the clash is a copy per client, and OpenCode keeps its own.
      const ownCopy = openCodeOwnCopy(s, clashes.get('opencode'));
      // In a repository set up for no OpenCode (no .opencode/, no opencode.json), a clash only OpenCode sees is advice: copies kept for other clients.
      const unused = !ownCopy && options.repository?.openCode === false ? clashes.get('opencode') : undefined;
      if (ownCopy || unused) clashes.delete('opencode');
      const byDesign = ownCopy ? [perClientCopy(s, name, ownCopy, roots)] : unused ? [openCodeNotSetUp(s, name, unused, roots)] : [];
      if (clashes.size === 0) {
        if (byDesign.length) out.set(s.uri, [...(out.get(s.uri) ?? []), ...resolveFindings(byDesign, s.targets)]);
        continue;
      }
      const clients = [...clashes.keys()];
      const all = [...new Set([...clashes.values()].flatMap((set) => [...set]))];
      // At most 20 others by name (10,000 skills of one name would otherwise make 10,000 lists of 10,000).
      const others = all.slice(0, MAX_OTHERS);
      const more = all.length - others.length;
      const labels = others.map((o) => workspaceLabel(o.uri, s.uri, roots));
      if (more) labels.push(`${more} more`);
      const finding: Finding = {
        code: 'skill-duplicate-name',
        severity: 'warning',
        message: `Skill name '${name}' is also used by ${labels.join(', ')}`,
        range: s.nameRange,
        data: { others: others.map((o) => o.uri), ...(more ? { more } : {}) },
        only: clients,
        clientMessage: (who) =>
          `Skill name '${name}' is also used by ${labels.join(', ')}: ${who
            .filter((t) => clashes.has(t))
            .map((t) => CLASH[t]!)
            .join('; ')}`,
      };
      const ds = resolveFindings([finding, ...byDesign], s.targets);
      if (ds.length) out.set(s.uri, [...(out.get(s.uri) ?? []), ...ds]);
    }
  }
  return out;
}

/** A skill in OpenCode's own folder. */
const OPENCODE_OWN = /\/\.opencode\/skills?\//;

/** The one `.opencode/skills/` copy among a skill and those OpenCode clashes it with (the copy OpenCode keeps); none when there is none, or two (a clash in OpenCode's own folder). */
function openCodeOwnCopy(s: IndexedSkill, others: ReadonlySet<IndexedSkill> | undefined): IndexedSkill | undefined {
  if (!others) return undefined;
  const own = [s, ...others].filter((x) => OPENCODE_OWN.test(x.uri));
  return own.length === 1 ? own[0] : undefined;
}

/** Advice on a name OpenCode sees twice when one copy is in its own folder: it keeps that copy, as a repository with a copy per client means it to. */
function perClientCopy(s: IndexedSkill, name: string, kept: IndexedSkill, roots: readonly string[]): Finding {
  const where = kept === s ? 'this copy' : workspaceLabel(kept.uri, s.uri, roots);
  return openCodeAdvice(
    s,
    `Skill name '${name}' is used by other copies too: OpenCode reads .opencode/skills/ after .claude/ and .agents/, so it keeps ${where} and drops the others, which are for other clients`,
  );
}

/** Advice on a name only OpenCode sees twice, in a repository not set up for OpenCode: the copies are most likely each for another client. */
function openCodeNotSetUp(s: IndexedSkill, name: string, others: ReadonlySet<IndexedSkill>, roots: readonly string[]): Finding {
  const labels = [...others].slice(0, MAX_OTHERS).map((o) => workspaceLabel(o.uri, s.uri, roots));
  return openCodeAdvice(
    s,
    `Skill name '${name}' is also used by ${labels.join(', ')}: OpenCode would load both and keep the one it reads last, but nothing here sets the repository up for OpenCode (no .opencode/, no opencode.json), so these look like copies for other clients`,
  );
}

/** A name clash OpenCode sees, as advice for OpenCode alone. */
function openCodeAdvice(s: IndexedSkill, message: string): Finding {
  return { code: 'skill-duplicate-name', severity: 'information', message, range: s.nameRange, only: ['opencode'], atMost: 'information' };
}

/** Python's `html.escape`: `& < > " '`. */
export function htmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#x27;'));
}

/**
 * The reference `skills-ref to-prompt` XML: every value on its own line, name and description
 * HTML-escaped, no trailing newline. `location` is the absolute path of each SKILL.md, as the
 * caller resolved it; the reference writes it as is (later forks escape it too: `escapeLocation`).
 */
export function skillsToPrompt(skills: { name: string; description: string; location: string }[], options: { escapeLocation?: boolean } = {}): string {
  const lines = ['<available_skills>'];
  for (const s of skills) {
    lines.push(
      '<skill>',
      '<name>',
      htmlEscape(s.name),
      '</name>',
      '<description>',
      htmlEscape(s.description),
      '</description>',
      '<location>',
      options.escapeLocation ? htmlEscape(s.location) : s.location,
      '</location>',
      '</skill>',
    );
  }
  lines.push('</available_skills>');
  return lines.join('\n');
}
