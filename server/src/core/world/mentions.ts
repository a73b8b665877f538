/**
 * Paragraph-start @mention resolution, byte-for-byte the router's rules (spec §3.6): fenced
 * blocks are removed first (non-line-anchored ``` pairs), then each line's trimStart() may
 * carry a greeting, then `@word` plus an optional TitleCase second word; candidates are tried
 * longest first against an alias map of normalized ids (first) and display names.
 */
import { LineIndex } from '../text/text';
import type { Range } from '../types';

/** The router's label normalization: lowercase, runs of non-alphanumerics become `-`, trimmed. */
export function normalizeMentionLabel(s: string): string {
  return s
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .replace(/-$/, '');
}

export interface AliasSource {
  id: string;
  /** Display name; the router falls back to the id. */
  name?: string;
}

/** Normalized alias → agent id. Ids are entered first, then names; the first entry wins. */
export type AliasMap = ReadonlyMap<string, string>;

export function buildAliasMap(agents: Iterable<AliasSource>): Map<string, string> {
  const map = new Map<string, string>();
  const list = [...agents];
  for (const a of list) {
    const k = normalizeMentionLabel(a.id);
    if (!map.has(k)) map.set(k, a.id);
  }
  for (const a of list) {
    const k = normalizeMentionLabel(a.name ?? a.id);
    if (!map.has(k)) map.set(k, a.id);
  }
  return map;
}

/** Resolves a free label (e.g. `world.mainAgent`, an eval `expect.agent`) through the aliases. */
export function resolveAlias(aliases: AliasMap, label: string): string | undefined {
  return aliases.get(normalizeMentionLabel(label));
}

export interface ParagraphMention {
  /** Line of the `@` in the original text. */
  line: number;
  /** The first word after `@` (the router's `m[1]`). */
  token: string;
  /** The optional TitleCase second word (`m[2]`). */
  second?: string;
  /** Candidates, longest first, as the router tries them. */
  candidates: string[];
  /** `@` through the first word. */
  tokenRange: Range;
  /** `@` through the second word, when there is one. */
  pairRange?: Range;
  /** The first word without `@`, for edits (rename replaces the id here). */
  wordRange: Range;
}

export interface ResolvedMention extends ParagraphMention {
  /** The agent id it routes to, or undefined when no candidate resolves. */
  agentId?: string;
  /** Which candidate resolved: the two-word label or the single word. */
  via?: 'pair' | 'single';
  /** The text that resolved (`@` included), or tokenRange when unresolved. */
  range: Range;
}

const GREETING = /^(hey|hi|hello|to)\b[\s,:-]+/i;
const MENTION = /^@([A-Za-z][A-Za-z0-9_.-]*)(?:[ \t]+([A-Z][A-Za-z0-9_.-]*))?/;

interface Segment {
  s: number; // start in the stripped text
  o: number; // start in the original text
  len: number;
}

/** Removes ``` … ``` spans like the router and keeps a map back to original offsets. */
function stripFences(text: string): { stripped: string; segments: Segment[] } {
  const segments: Segment[] = [];
  const re = /```[\s\S]*?```/g;
  let out = '';
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    segments.push({ s: out.length, o: last, len: m.index - last });
    out += text.slice(last, m.index);
    last = m.index + m[0].length;
  }
  segments.push({ s: out.length, o: last, len: text.length - last });
  out += text.slice(last);
  return { stripped: out, segments };
}

function toOriginal(segments: Segment[], s: number): number {
  let lo = 0;
  let hi = segments.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (segments[mid]!.s <= s) lo = mid;
    else hi = mid - 1;
  }
  const seg = segments[lo]!;
  return seg.o + (s - seg.s);
}

/** Every paragraph-start mention of a message or prompt, unresolved. Never throws. */
export function findParagraphMentions(text: string): ParagraphMention[] {
  const { stripped, segments } = stripFences(text);
  const index = new LineIndex(text);
  const out: ParagraphMention[] = [];
  const lineRe = /\r?\n/g;
  let start = 0;
  for (;;) {
    const m = lineRe.exec(stripped);
    const end = m ? m.index : stripped.length;
    const line = stripped.slice(start, end);
    const found = mentionInLine(line);
    if (found) {
      const at = start + found.at;
      const wordEnd = at + 1 + found.token.length;
      const pos = (s: number) => index.positionAt(toOriginal(segments, s));
      const endPos = (s: number) => index.positionAt(toOriginal(segments, s - 1) + 1);
      const mention: ParagraphMention = {
        line: pos(at).line,
        token: found.token,
        candidates: found.second ? [`${found.token} ${found.second}`, found.token] : [found.token],
        tokenRange: { start: pos(at), end: endPos(wordEnd) },
        wordRange: { start: pos(at + 1), end: endPos(wordEnd) },
      };
      if (found.second) {
        mention.second = found.second;
        mention.pairRange = { start: pos(at), end: endPos(start + found.end) };
      }
      out.push(mention);
    }
    if (!m) break;
    start = m.index + m[0].length;
  }
  return out;
}

function mentionInLine(line: string): { at: number; token: string; second?: string; end: number } | undefined {
  const rest0 = line.trimStart();
  let at = line.length - rest0.length;
  let rest = rest0;
  const greeting = GREETING.exec(rest);
  if (greeting) {
    rest = rest.slice(greeting[0].length);
    at += greeting[0].length;
  }
  const m = MENTION.exec(rest);
  if (!m) return undefined;
  return m[2] ? { at, token: m[1]!, second: m[2], end: at + m[0].length } : { at, token: m[1]!, end: at + m[0].length };
}

/** Paragraph-start mentions with the agent each one routes to (§3.6). Never throws. */
export function resolveMentions(text: string, aliases: AliasMap): ResolvedMention[] {
  return findParagraphMentions(text).map((m) => {
    if (m.second && m.pairRange) {
      const id = aliases.get(normalizeMentionLabel(m.candidates[0]!));
      if (id !== undefined) return { ...m, agentId: id, via: 'pair' as const, range: m.pairRange };
    }
    const id = aliases.get(normalizeMentionLabel(m.token));
    if (id !== undefined) return { ...m, agentId: id, via: 'single' as const, range: m.tokenRange };
    return { ...m, range: m.tokenRange };
  });
}

/** True when the text ends a run: the stop token outside fences, or `<world>STOP|DONE|PASS</world>`. */
export function hasCompletionSignal(text: string, stopToken: string): boolean {
  const { stripped } = stripFences(text);
  return (stopToken !== '' && stripped.includes(stopToken)) || /<world>\s*(STOP|DONE|PASS)\s*<\/world>/i.test(stripped);
}
