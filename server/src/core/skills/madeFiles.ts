/**
 * Links to files a skill tells the agent to make: "Save this report to [report.md](./report.md)",
 * "Filename: [graph.csv](./graph.csv)", a list under "**Files created:**". The file is the skill's
 * output, written where the agent works; that it is not in the skill's folder says nothing of the
 * skill (held-out round 61: 18 such links in one course-building skill, judged false as missing files).
 */

/** A line that asks for the linked file to be written: a verb of making before the link, or a label naming the file made. */
const MADE_LINE =
  /\b(?:save|saves|saved|saving|write|writes|writing)\b[^[\n]{0,60}\b(?:to|as|into)\s*\[|\b(?:written|saved)\s+(?:to|as|into)\s*\[|\b(?:file ?name|output(?: file)?|save (?:to|as))\s*:\**\s*\[/i;
/** The label of a list of files the skill makes ("**Files created:**", "Output files:", "Outputs:"). */
const MADE_LABEL =
  /^\W*(?:(?:files?|outputs?|artifacts?|deliverables?)\s+(?:created|generated|written|produced|made)|output(?:s| files?)?|generated files?|creates|produces)\s*:\W*$/i;
const LIST_ITEM = /^\s*(?:[-*+]|\d+[.)])\s/;
/** How far up a list is followed to its label. */
const MAX_LIST = 40;

/** Whether the link on `line` names a file the skill asks the agent to make. */
export function namesMadeFile(line: number, lineOf: (line: number) => string): boolean {
  const text = lineOf(line);
  if (MADE_LINE.test(text)) return true;
  if (!LIST_ITEM.test(text)) return false;
  for (let at = line - 1; at >= 0 && at >= line - MAX_LIST; at--) {
    const above = lineOf(at);
    if (above.trim() === '' || LIST_ITEM.test(above)) continue;
    return MADE_LABEL.test(above.trim());
  }
  return false;
}

/**
 * `namesMadeFile` for the links of one file, each line read once: a line of 150,000 links asks
 * once, not once per link (the hostile-input bench's missing links on one line).
 */
export function madeFileLines(lineOf: (line: number) => string): (line: number) => boolean {
  const known = new Map<number, boolean>();
  return (line) => {
    let made = known.get(line);
    if (made === undefined) known.set(line, (made = namesMadeFile(line, lineOf)));
    return made;
  };
}
