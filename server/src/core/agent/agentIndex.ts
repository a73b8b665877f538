/**
 * What the whole-agent results need to tell whether a directive added or removed touched them:
 * where the directive lists differ (in directive and in plane indexes, and which z values came
 * or went), and an index of the agent's planes by z, by name and by the z values links name.
 * The index is kept in the lineage memo and updated from the directives that changed (agent/memo.ts),
 * so a structural edit does not walk 10,000 planes to answer "does any link name z=999999".
 */
import type { ThreeMdDocument } from '../threemd/document';
import type { PlaneSource } from '../threemd/plane';
import type { LineageMemo } from '../threemd/structure';
import { memoized, spliceOf, type Splice } from './memo';
import { sameNumbers, sourceFacts } from './facts';
import type { PlaneRule } from './planeChecks';

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
    directiveSplice?: { from: readonly unknown[]; to: readonly unknown[]; splice: DirectiveSplice | null };
  }
}

/**
 * The splice from the directive list `oldKeys` (with its duplicate flags) to the document's, or
 * null when it cannot be followed: more than `MOST` directives replaced, or some directive outside
 * the splice changed whether it is a duplicate (then plane indexes do not simply shift).
 */
export function directiveSplice(doc: ThreeMdDocument, oldKeys: readonly unknown[], oldDuplicate: unknown): DirectiveSplice | null {
  const st = doc.structure;
  if (!st || !(oldDuplicate instanceof Uint8Array) || oldDuplicate.length !== oldKeys.length) return null;
  const memo = st.memo as LineageMemo;
  const kept = memo.directiveSplice;
  if (kept && kept.from === oldKeys && kept.to === st.sources) return kept.splice;
  const splice = makeSplice(st.sources, st.duplicate, st.zs, oldKeys as readonly (PlaneSource | null)[], oldDuplicate);
  memo.directiveSplice = { from: oldKeys, to: st.sources, splice };
  return splice;
}

function makeSplice(
  sources: readonly (PlaneSource | null)[],
  duplicate: Uint8Array,
  zs: ReadonlySet<number>,
  oldKeys: readonly (PlaneSource | null)[],
  oldDuplicate: Uint8Array,
): DirectiveSplice | null {
  const s = spliceOf({}, oldKeys, sources);
  if (s.removed > MOST || s.added > MOST) return null;
  for (let t = 0; t < s.at; t++) if (duplicate[t] !== oldDuplicate[t]) return null;
  for (let t = s.at + s.added, u = s.at + s.removed; t < sources.length; t++, u++) if (duplicate[t] !== oldDuplicate[u]) return null;
  let planeAt = 0;
  for (let t = 0; t < s.at; t++) if (sources[t] && !duplicate[t]) planeAt++;
  const oldPlanes: PlaneSource[] = [];
  const oldZs = new Set<number>();
  for (let u = s.at; u < s.at + s.removed; u++) {
    const src = oldKeys[u];
    if (!src) continue;
    oldZs.add(src.header.z);
    if (!oldDuplicate[u]) oldPlanes.push(src);
  }
  const newPlanes: PlaneSource[] = [];
  const zsChanged: number[] = [];
  for (let t = s.at; t < s.at + s.added; t++) {
    const src = sources[t];
    if (!src || duplicate[t]) continue;
    newPlanes.push(src);
    // A new plane's z was in the old set only if a replaced directive had it (an outside one would make one of them a duplicate).
    if (!oldZs.has(src.header.z)) zsChanged.push(src.header.z);
  }
  for (const z of oldZs) if (!zs.has(z)) zsChanged.push(z);
  return { ...s, planeAt, planesRemoved: oldPlanes.length, planesAdded: newPlanes.length, oldPlanes, newPlanes, zsChanged };
}

/** The planes of an agent by z, by name, and the z values its dependency links name. */
export interface AgentIndex {
  /** The plane (its source) of each z. */
  byZ: Map<number, PlaneSource>;
  /** How many dependency links, in any directive's body, name each z. */
  named: Map<number, number>;
  /** How many planes have each name (the trimmed label). */
  names: Map<string, number>;
}

/**
 * The index of a document's planes, for the rule list `rules` (facts are read through it). It is
 * one object along a lineage, updated in place from the directives that changed: it is read only
 * while an analysis runs, and always describes the directive list the memo entry keeps.
 */
export function agentIndex(doc: ThreeMdDocument, rules: readonly PlaneRule[]): AgentIndex {
  const st = doc.structure!;
  const keys = st.sources;
  const same = (a: PlaneSource | null, b: PlaneSource | null) => {
    if (a === null || b === null) return a === b;
    const x = sourceFacts(a, rules);
    const y = sourceFacts(b, rules);
    return x.z === y.z && x.name === y.name && sameNumbers(x.targets, y.targets);
  };
  const make = (): AgentIndex => {
    const index: AgentIndex = { byZ: new Map(), named: new Map(), names: new Map() };
    for (let t = 0; t < keys.length; t++) add(index, keys[t]!, st.duplicate[t] === 1, 1, rules);
    return index;
  };
  return memoized(
    st,
    'index',
    keys,
    [rules, st.duplicate],
    same,
    make,
    // The old keys are the entry's (equal in what the index reads to the ones it counted).
    (index, changed, oldKeys) => {
      for (const t of changed) add(index, oldKeys[t]!, st.duplicate[t] === 1, -1, rules);
      for (const t of changed) add(index, keys[t]!, st.duplicate[t] === 1, 1, rules);
      return index;
    },
    (index, _splice, oldKeys, oldExtra) => {
      if (oldExtra[0] !== rules) return undefined;
      const ds = directiveSplice(doc, oldKeys, oldExtra[1]);
      if (!ds) return undefined;
      const oldDuplicate = oldExtra[1] as Uint8Array;
      for (let u = ds.at; u < ds.at + ds.removed; u++) add(index, oldKeys[u]!, oldDuplicate[u] === 1, -1, rules);
      for (let t = ds.at; t < ds.at + ds.added; t++) add(index, keys[t]!, st.duplicate[t] === 1, 1, rules);
      return index;
    },
  );
}

/** Counts a directive's source in (`sign` 1) or out of (-1) the index. */
function add(index: AgentIndex, src: PlaneSource | null, duplicate: boolean, sign: 1 | -1, rules: readonly PlaneRule[]): void {
  if (!src) return;
  const f = sourceFacts(src, rules);
  for (const z of f.targets) bump(index.named, z, sign);
  if (duplicate) return;
  // A plane that is no duplicate is the only one of its z.
  if (sign > 0) index.byZ.set(f.z, src);
  else index.byZ.delete(f.z);
  if (f.name !== null) bump(index.names, f.name, sign);
}

function bump<K>(map: Map<K, number>, key: K, by: number): void {
  const n = (map.get(key) ?? 0) + by;
  if (n) map.set(key, n);
  else map.delete(key);
}

/** True when a plane of `from` may be on a cycle: a dependency path from one of them leads back to one of them (or the search grew past its bound). */
export function mayCloseCycle(from: readonly PlaneSource[], index: AgentIndex, rules: readonly PlaneRule[]): boolean {
  if (!from.length) return false;
  const targets = new Set(from);
  const seen = new Set<PlaneSource>();
  const stack: PlaneSource[] = [];
  const push = (src: PlaneSource) => {
    for (const z of sourceFacts(src, rules).targets) {
      const next = index.byZ.get(z);
      if (next) stack.push(next);
    }
  };
  for (const src of from) push(src);
  while (stack.length) {
    const src = stack.pop()!;
    if (targets.has(src)) return true;
    if (seen.has(src)) continue;
    seen.add(src);
    if (seen.size > 4096) return true;
    push(src);
  }
  return false;
}
