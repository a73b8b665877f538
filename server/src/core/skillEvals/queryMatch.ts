/**
 * `evals-query-better-match`: a query meant to trigger a skill that, by the word-overlap score of
 * skills/similarity.ts, comes closer to another skill listed with it. An estimate (no model): the
 * model may pick the other skill for that request, so the eval may fail for the listing, not the
 * description alone.
 */
import type { Diagnostic, Range } from '../types';
import { dirnameUri } from '../world/paths';
import { relativeLabel } from '../workspace/host';
import { scoreText, textScores, type ComparableSkill } from '../skills/similarity';
import { LISTING_CLIENTS } from '../skills/listing';
import { listsSkill } from '../skills/listingRule';
import type { EvalQuery } from './analyze';

/** Below this, a query shares too little with any skill for the comparison to mean anything. */
const MEANINGFUL = 0.2;

type Listed = ComparableSkill & { uri: string; range?: Range; targets: readonly string[]; notListedBy?: readonly string[] };

/** Whether a client whose listing is modelled lists the skill. */
const inAListing = (s: Listed) => LISTING_CLIENTS.some((c) => listsSkill(c, s));

export function queryMatchDiagnostics(queries: readonly EvalQuery[], own: Listed, listed: readonly Listed[]): Diagnostic[] {
  const asked = queries.filter((q) => q.shouldTrigger);
  if (!inAListing(own)) return [];
  const skills = [own, ...listed.filter((s) => s.uri !== own.uri && s.name !== own.name && inAListing(s))];
  if (!asked.length || skills.length < 2) return [];
  const scores = textScores(
    skills,
    asked.map((q) => q.text),
  );
  const out: Diagnostic[] = [];
  asked.forEach((q, i) => {
    const row = scores[i]!;
    let best = 1;
    for (let j = 2; j < row.length; j++) if (row[j]! > row[best]!) best = j;
    if (row[best]! < MEANINGFUL || row[best]! <= row[0]!) return;
    const other = skills[best]!;
    out.push({
      code: 'evals-query-better-match',
      severity: 'information',
      message: `By word overlap (an estimate, no model), this query is closer to '${other.name}' (${relativeLabel(dirnameUri(own.uri), other.uri)}, ${scoreText(row[best]!)}) than to '${own.name}' (${scoreText(row[0]!)}): in a listing that holds both, the model may pick '${other.name}' for it`,
      range: q.range,
      related: [{ uri: other.uri, range: other.range ?? { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, message: `'${other.name}'` }],
    });
  });
  return out;
}

/** The SKILL.md an eval file belongs to: beside it, or one folder up (for evals/). */
export function skillOfEvalFile(uri: string, isSkill: (uri: string) => boolean): string | undefined {
  const here = `${dirnameUri(uri)}/SKILL.md`;
  if (isSkill(here)) return here;
  const up = `${dirnameUri(dirnameUri(uri))}/SKILL.md`;
  return isSkill(up) ? up : undefined;
}
