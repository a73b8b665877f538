/**
 * Test text with markers. `$0` (or `|` when asked) marks a cursor; `[[< … >]]` is not used, ranges
 * are written `«…»` so they cannot collide with 3md's `[[z=N]]` syntax.
 */
import type { Position, Range } from '../../server/src/core/types';
import { LineIndex } from '../../server/src/core/text/text';

export function joinLines(...lines: string[]): string {
  return lines.join('\n');
}

/** Removes the single `$0` marker; throws when it is missing, so a broken test cannot pass. */
export function cursor(textWithMarker: string, marker = '$0'): { text: string; position: Position } {
  const at = textWithMarker.indexOf(marker);
  if (at < 0) throw new Error(`cursor marker ${marker} missing`);
  if (textWithMarker.indexOf(marker, at + 1) >= 0) throw new Error(`more than one ${marker} marker`);
  const text = textWithMarker.slice(0, at) + textWithMarker.slice(at + marker.length);
  return { text, position: new LineIndex(text).positionAt(at) };
}

/** Removes every `«…»` pair and returns the ranges they enclosed, in order. */
export function ranges(textWithMarkers: string): { text: string; ranges: Range[] } {
  let text = '';
  const offsets: [number, number][] = [];
  const open: number[] = [];
  for (const ch of textWithMarkers) {
    if (ch === '«') open.push(text.length);
    else if (ch === '»') {
      const s = open.pop();
      if (s === undefined) throw new Error('unbalanced » marker');
      offsets.push([s, text.length]);
    } else text += ch;
  }
  if (open.length) throw new Error('unbalanced « marker');
  offsets.sort((a, b) => a[0] - b[0]);
  const index = new LineIndex(text);
  return { text, ranges: offsets.map(([a, b]) => ({ start: index.positionAt(a), end: index.positionAt(b) })) };
}

/** The text a range covers. */
export function textAt(text: string, r: Range): string {
  const index = new LineIndex(text);
  return text.slice(index.offsetAt(r.start), index.offsetAt(r.end));
}
