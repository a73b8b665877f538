/**
 * SKILL.md hover: on the opening `---`, which targets the file is checked for and why; on a
 * frontmatter key, the spec's rule for it and a table of what each target does with it.
 */
import { MarkupKind, type Hover } from 'vscode-languageserver-types';
import { rangeContains, type Position } from '../types';
import { parseYamlFrontmatter, type YamlFrontmatter } from '../text/yamlFrontmatter';
import { ALLOWED_FIELDS } from './analyze';
import { suggestKey } from './clientFields';
import { SKILL_KEY_DOCS } from './keyDocs';
import { fieldCell, SKILL_FIELD_BY_KEY } from './rules';
import { listingHover } from './listingHover';
import type { ListingSettings } from './listing';
import { inferTargets, TARGET_LABELS, TARGETS, type Target, type TargetSet } from './targets';

/** The targets paragraph: shown on the opening `---` and in the skills tree's tooltip. */
export function targetsSummary(t: TargetSet): string {
  const names = t.targets.map((x) => `\`${x}\``).join(', ');
  return `Checked for ${names}: ${t.reason}.`;
}

function cellText(key: string, t: Target): string {
  const c = fieldCell(key, t);
  return c.limit ? `${c.status} (${c.limit})` : c.status;
}

/** The per-target table for one key: the file's targets, then the others folded into one line. */
export function fieldTable(key: string, targets: readonly Target[]): string {
  const src = SKILL_FIELD_BY_KEY.get(key)?.source ?? 'not documented by any target';
  const rows = targets.map((t) => `| ${TARGET_LABELS[t]} | ${cellText(key, t)} |`);
  const others = TARGETS.filter((t) => !targets.includes(t)).map((t) => `${TARGET_LABELS[t]}: ${cellText(key, t)}`);
  const lines = ['| Target | This key |', '| --- | --- |', ...rows, '', `Source: ${src}.`];
  if (others.length) lines.push('', `*Other targets:* ${others.join('; ')}.`);
  return lines.join('\n');
}

/** Hover on a frontmatter key, or on the opening `---`; `frontmatter` is the text's, split at its lines, when already parsed. */
export function skillHover(text: string, position: Position, uri = '', targets?: TargetSet, frontmatter?: YamlFrontmatter, listingSettings: ListingSettings = {}): Hover | null {
  const fm = frontmatter ?? parseYamlFrontmatter(text, { split: 'lines' });
  const t = targets ?? inferTargets(uri);
  if (fm.present && rangeContains(fm.openRange, position)) {
    return { contents: { kind: MarkupKind.Markdown, value: targetsSummary(t) }, range: fm.openRange };
  }
  const e = fm.entries.find((x) => rangeContains(x.keyRange, position));
  if (!e) return null;
  const doc = SKILL_KEY_DOCS.get(e.key);
  const known = SKILL_FIELD_BY_KEY.has(e.key);
  const meant = suggestKey(e.key);
  const head = doc
    ? `**${e.key}**: ${doc.summary}`
    : known
      ? `**${e.key}**: a client field, not part of the specification's six (${ALLOWED_FIELDS.map((k) => `\`${k}\``).join(', ')}).`
      : `**${e.key}** is not a SKILL.md field${meant ? ` (did you mean \`${meant}\`?)` : ''}. The specification allows ${ALLOWED_FIELDS.map((k) => `\`${k}\``).join(', ')}; put your own properties under \`metadata:\`.`;
  const listing = e.key === 'description' ? listingHover(fm, uri, listingSettings) : '';
  return { contents: { kind: MarkupKind.Markdown, value: `${head}\n\n${fieldTable(e.key, t.targets)}${listing}` }, range: e.keyRange };
}
