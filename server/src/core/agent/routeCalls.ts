/**
 * `route("…")` and `command("…", {…})` written in a document, found line by line: the hover
 * route tester reads them, and a statement `route("X") selects Y` becomes a checked assertion.
 */
import { lineRange, type Range } from '../types';
import { unescapeValue } from '../threemd/lexical';
import { tooDeep, tooDeepMessage } from '../text/jsonDepth';
import { isJsonSyntaxError, unlessExpected } from '../analysis/expectedErrors';

export interface RouteCall {
  request: string;
  /** The whole `route("…")`. */
  range: Range;
  /** The skill the text claims is selected (`route("X") selects Y`), if it says so. */
  expected: { name: string; range: Range } | null;
}

export interface CommandCall {
  skill: string;
  values: Record<string, unknown>;
  /** Why the values were refused (nested too deep to fill safely); `values` is then empty. */
  refused?: string;
  range: Range;
}

const ROUTE = /(\broute\(\s*(["'])((?:\\.|(?!\2)[^\\])*)\2\s*\))(?:\s*(?:selects|picks|routes to|->|→|=>)\s*`?([\p{L}\p{N}_.:-]+)`?)?/gu;
const COMMAND = /\bcommand\(\s*(["'])((?:\\.|(?!\1)[^\\])*)\1\s*(?:,\s*(\{[^{}]*\}))?\s*\)/g;

/** Every `route("…")` on a line. */
export function findRouteCalls(text: string, line: number): RouteCall[] {
  if (!text.includes('route(')) return [];
  const out: RouteCall[] = [];
  ROUTE.lastIndex = 0;
  for (let m = ROUTE.exec(text); m; m = ROUTE.exec(text)) {
    const callEnd = m.index + m[1]!.length;
    let expected: RouteCall['expected'] = null;
    if (m[4]) {
      const at = m.index + m[0].lastIndexOf(m[4]);
      expected = { name: m[4], range: lineRange(line, at, at + m[4].length) };
    }
    out.push({ request: unescapeValue(m[3]!), range: lineRange(line, m.index, callEnd), expected });
  }
  return out;
}

/** Every `command("skill", {…})` on a line; the values object is read as JSON or JS-like `{k: "v"}`. */
export function findCommandCalls(text: string, line: number): CommandCall[] {
  if (!text.includes('command(')) return [];
  const out: CommandCall[] = [];
  COMMAND.lastIndex = 0;
  for (let m = COMMAND.exec(text); m; m = COMMAND.exec(text)) {
    const values = readValues(m[3]);
    const range = lineRange(line, m.index, m.index + m[0].length);
    const skill = unescapeValue(m[2]!);
    if (tooDeep(values)) out.push({ skill, values: {}, refused: tooDeepMessage('a value of this command()'), range });
    else out.push({ skill, values, range });
  }
  return out;
}

function readValues(src: string | undefined): Record<string, unknown> {
  if (!src) return {};
  const attempts = [src, src.replace(/([{,]\s*)([A-Za-z_]\w*)\s*:/g, '$1"$2":').replace(/'((?:\\.|[^'\\])*)'/g, (_, s: string) => JSON.stringify(s))];
  for (const a of attempts) {
    try {
      const v: unknown = JSON.parse(a);
      if (v && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch (e) {
      // Not JSON under this reading: try the next one.
      unlessExpected(e, isJsonSyntaxError);
    }
  }
  return {};
}
