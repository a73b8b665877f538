/** The hover paragraph on a SKILL.md `description`: the skills listed with it that come closest, by the word-overlap score. */
import { dirnameUri } from '../world/paths';
import { relativeLabel } from '../workspace/host';
import { nearest, scoreText, SIMILAR_AT, type ComparableSkill } from './similarity';

const SHOWN = 3;

export function neighboursHover(skills: readonly (ComparableSkill & { uri: string })[], at: number): string {
  const self = skills[at]!;
  const close = nearest(skills, at, SHOWN);
  if (!close.length) return '';
  const rows = close.map(({ at: j, score }) => {
    const o = skills[j]!;
    const mark = score >= SIMILAR_AT ? ' (may compete)' : '';
    return `- \`${o.name}\` (${relativeLabel(dirnameUri(self.uri), o.uri)}): ${scoreText(score)}${mark}`;
  });
  return [
    '',
    '',
    `**Closest skills listed with this one** (word-overlap score from 0 to 1, an estimate; from ${scoreText(SIMILAR_AT)} the model may pick either, rule \`skill-description-similar\`):`,
    '',
    ...rows,
  ].join('\n');
}
