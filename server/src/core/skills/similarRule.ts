/**
 * `skill-description-similar`: two skills a client lists together whose entries say nearly the
 * same thing by the word-overlap score of similarity.ts, so the model may pick either for one
 * request. Information on both, each pointing at the other; an estimate, and says so.
 */
import type { Diagnostic, Range } from '../types';
import { dirnameUri } from '../world/paths';
import { relativeLabel } from '../workspace/host';
import type { ListingClient, SkillListing } from './listing';
import { resolveFindings, type Finding } from './rules';
import { scoreText, similarPairs, type ComparableSkill } from './similarity';
import type { Target } from './targets';

export interface SimilarSkill extends ComparableSkill {
  uri: string;
  targets: readonly Target[];
  range: Range;
}

/** The clients whose listing holds the skill (named or described), by URI. */
function listedBy(listings: readonly SkillListing[]): Map<string, ListingClient[]> {
  const out = new Map<string, ListingClient[]>();
  for (const l of listings) for (const e of l.entries) if (e.state !== 'left-out') out.set(e.uri, [...(out.get(e.uri) ?? []), l.client]);
  return out;
}

function findingOn(s: SimilarSkill, other: SimilarSkill, score: number, clients: ListingClient[]): Finding {
  const where = relativeLabel(dirnameUri(s.uri), other.uri);
  return {
    code: 'skill-description-similar',
    severity: 'information',
    message: `This skill's name and description say nearly the same as those of '${other.name}' (${where}): similarity ${scoreText(score)} by word overlap, an estimate. In a listing that holds both, the model may pick either one for the same request; say what sets each apart`,
    range: s.range,
    related: [{ uri: other.uri, range: other.range, message: `'${other.name}' (similarity ${scoreText(score)})` }],
    data: { other: other.uri, score: Number(scoreText(score)) },
    only: clients,
  };
}

/** How far apart two SKILL.md files are: the segments of the relative path between them. */
const distance = (a: SimilarSkill, b: SimilarSkill) => relativeLabel(dirnameUri(a.uri), b.uri).split('/').length;

/** The findings, by URI, of the skills in `skills` (listed together in `listings`). */
export function similarityDiagnostics(skills: readonly SimilarSkill[], listings: readonly SkillListing[]): Map<string, Diagnostic[]> {
  const out = new Map<string, Diagnostic[]>();
  const by = listedBy(listings);
  const listed = skills.filter((s) => by.has(s.uri));
  // One finding per other name: copies of a skill in two client folders are one competitor, the closest copy named.
  const told = new Set<string>();
  const pairs = similarPairs(listed).sort((p, q) => q.score - p.score || distance(listed[p.a]!, listed[p.b]!) - distance(listed[q.a]!, listed[q.b]!));
  for (const { a, b, score } of pairs) {
    const x = listed[a]!;
    const y = listed[b]!;
    const clients = by.get(x.uri)!.filter((c) => by.get(y.uri)!.includes(c));
    if (!clients.length) continue;
    for (const [s, other] of [
      [x, y],
      [y, x],
    ] as const) {
      const key = `${s.uri}\n${other.name}`;
      if (told.has(key)) continue;
      told.add(key);
      const ds = resolveFindings([findingOn(s, other, score, clients)], s.targets);
      if (ds.length) out.set(s.uri, [...(out.get(s.uri) ?? []), ...ds]);
    }
  }
  return out;
}
