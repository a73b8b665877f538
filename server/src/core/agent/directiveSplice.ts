/**
 * Where the directive list of a document differs from the one a memo entry kept, when a
 * directive was added or removed: the splice in directive and in plane indexes, and which z
 * values came or went (agent/memo.ts gives it to the results that can follow it).
 */
import type { ThreeMdDocument } from '../threemd/document';
import type { PlaneSource } from '../threemd/plane';
import type { LineageMemo } from '../threemd/structure';
import { spliceOf, type Splice } from './memo';
import type { Vec } from '../threemd/vector';

/** The most directives a splice may replace on either side to be followed (more: the results are made anew). */
const MOST = 64;

/** A splice of the directive list, with what it does to the planes and the z set. */
export interface DirectiveSplice extends Splice {
  /** The index of the first plane at or after directive `at`. */
  readonly planeAt: number;
  readonly planesRemoved: number;
  readonly planesAdded: number;
  /** The sources of the replaced and the new directives that make planes, in order. */
  readonly oldPlanes: readonly PlaneSource[];
  readonly newPlanes: readonly PlaneSource[];
  /** The z values in one of the two z sets only. */
  readonly zsChanged: readonly number[];
}

declare module '../threemd/structure' {
  interface LineageMemo {
    directiveSplice?: { from: Vec<unknown>; to: Vec<unknown>; splice: DirectiveSplice | null };
  }
}

/**
 * The splice from the directive list `oldKeys` (with its duplicate flags) to the document's, or
 * null when it cannot be followed: more than `MOST` directives replaced, or some directive outside
 * the splice changed whether it is a duplicate (then plane indexes do not simply shift).
 */
export function directiveSplice(doc: ThreeMdDocument, oldKeys: Vec<unknown>, oldDuplicate: unknown): DirectiveSplice | null {
  const st = doc.structure;
  if (!st || !(oldDuplicate instanceof Uint8Array) || oldDuplicate.length !== oldKeys.length) return null;
  const memo = st.memo as LineageMemo;
  const kept = memo.directiveSplice;
  if (kept && kept.from === oldKeys && kept.to === st.sources) return kept.splice;
  const splice = makeSplice(memo, st.sources, st.duplicate, st.zs, oldKeys as Vec<PlaneSource | null>, oldDuplicate);
  memo.directiveSplice = { from: oldKeys, to: st.sources, splice };
  return splice;
}

function makeSplice(
  memo: LineageMemo,
  sources: Vec<PlaneSource | null>,
  duplicate: Uint8Array,
  zs: ReadonlySet<number>,
  oldKeys: Vec<PlaneSource | null>,
  oldDuplicate: Uint8Array,
): DirectiveSplice | null {
  // The same pair `memoized` compared: its splice is kept on the memo.
  const s = spliceOf(memo, oldKeys, sources);
  if (s.removed > MOST || s.added > MOST) return null;
  for (let t = 0; t < s.at; t++) if (duplicate[t] !== oldDuplicate[t]) return null;
  for (let t = s.at + s.added, u = s.at + s.removed; t < sources.length; t++, u++) if (duplicate[t] !== oldDuplicate[u]) return null;
  let planeAt = 0;
  for (let t = 0; t < s.at; t++) if (sources.get(t) && !duplicate[t]) planeAt++;
  const oldPlanes: PlaneSource[] = [];
  const oldZs = new Set<number>();
  for (let u = s.at; u < s.at + s.removed; u++) {
    const src = oldKeys.get(u);
    if (!src) continue;
    oldZs.add(src.header.z);
    if (!oldDuplicate[u]) oldPlanes.push(src);
  }
  const newPlanes: PlaneSource[] = [];
  const zsChanged: number[] = [];
  for (let t = s.at; t < s.at + s.added; t++) {
    const src = sources.get(t);
    if (!src || duplicate[t]) continue;
    newPlanes.push(src);
    // A new plane's z was in the old set only if a replaced directive had it (an outside one would make one of them a duplicate).
    if (!oldZs.has(src.header.z)) zsChanged.push(src.header.z);
  }
  for (const z of oldZs) if (!zs.has(z)) zsChanged.push(z);
  return { ...s, planeAt, planesRemoved: oldPlanes.length, planesAdded: newPlanes.length, oldPlanes, newPlanes, zsChanged };
}
