/**
 * Links to files that need not exist yet. Files a skill tells the agent to make: "Save this report to [report.md](./report.md)",
 * "Filename: [graph.csv](./graph.csv)", a list under "**Files created:**". The file is the skill's
 * output, written where the agent works; that it is not in the skill's folder says nothing of the
 * skill (held-out round 61: 18 such links in one course-building skill, judged false as missing files).
 * And files the line itself says are not written yet (`PLANNED`): the author knows.
 */

/** A line that asks for the linked file to be written: a verb of making before the link, or a label naming the file made. */
const MADE_LINE =
  /\b(?:save|saves|saved|saving|write|writes|writing)\b[^[\n]{0,60}\b(?:to|as|into)\s*\[|\b(?:written|saved)\s+(?:to|as|into)\s*\[|\b(?:file ?name|output(?: file)?|save (?:to|as))\s*:\**\s*\[/i;
/** The label of a list of files the skill makes ("**Files created:**", "Output files:", "Outputs:"). */
const MADE_LABEL =
  /^\W*(?:(?:files?|outputs?|artifacts?|deliverables?)\s+(?:created|generated|written|produced|made)|output(?:s| files?)?|generated files?|creates|produces)\s*:\W*$/i;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;
/**
 * A note on the line that the file is not written yet: "(TODO)", "(planned)", "(coming soon)",
 * "(to be written)", and the same in Japanese, Chinese and Korean ("（作成推奨）", creation
 * recommended: held-out round 66, 15 links to eval files in one repository's skills).
 */
const PLANNED =
  /[(（]\s*(?:todo|tbd|planned|coming soon|not (?:yet )?(?:written|created|added)|to be (?:written|created|added)|作成推奨|作成予定|未作成|準備中|待创建|待补充|未创建|작성 예정|준비 중)\s*(?:[:：)）]|$)/i;
/** How far up a list is followed to its label. */
const MAX_LIST = 40;

/** Why a link's file need not exist yet: the agent makes it, or the line says it is not written yet. */
export type NotYet = 'made' | 'planned';

/** Whether the link on `line` names a file the skill asks the agent to make, or one the line marks as not written yet. */
export function notYetWritten(line: number, lineOf: (line: number) => string): NotYet | undefined {
  const text = lineOf(line);
  if (MADE_LINE.test(text)) return 'made';
  if (PLANNED.test(text)) return 'planned';
  if (!LIST_ITEM.test(text)) return undefined;
  for (let at = line - 1; at >= 0 && at >= line - MAX_LIST; at--) {
    const above = lineOf(at);
    if (above.trim() === '' || LIST_ITEM.test(above)) continue;
    return MADE_LABEL.test(above.trim()) ? 'made' : undefined;
  }
  return undefined;
}

/**
 * `notYetWritten` for the links of one file, each line read once: a line of 150,000 links asks
 * once, not once per link (the hostile-input bench's missing links on one line).
 */
export function notYetWrittenLines(lineOf: (line: number) => string): (line: number) => NotYet | undefined {
  const known = new Map<number, NotYet | null>();
  return (line) => {
    let why = known.get(line);
    if (why === undefined) known.set(line, (why = notYetWritten(line, lineOf) ?? null));
    return why ?? undefined;
  };
}
