/**
 * What the whole-agent results need to tell whether a directive added or removed touched them
 * (with the splice, directiveSplice.ts): an index of the agent's planes by z, by name and by the
 * z values links name.
 * The index is kept in the lineage memo and updated from the directives that changed (agent/memo.ts),
 * so a structural edit does not walk 10,000 planes to answer "does any link name z=999999".
 */
import type { ThreeMdDocument } from '../threemd/document';
import type { PlaneSource } from '../threemd/plane';
import type { DocumentStructure, LineageMemo } from '../threemd/structure';
import { memoized } from './memo';
import { directiveSplice } from './directiveSplice';
import { sameNumbers, sourceFacts } from './facts';
import type { PlaneRule } from './planeChecks';

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
    for (let t = 0; t < keys.length; t++) add(index, keys.get(t)!, st.duplicate[t] === 1, 1, rules);
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
    (index, changed, oldKeys) =>
      updated(st, () => {
        for (const t of changed) add(index, oldKeys.get(t)!, st.duplicate[t] === 1, -1, rules);
        for (const t of changed) add(index, keys.get(t)!, st.duplicate[t] === 1, 1, rules);
        return index;
      }),
    (index, _splice, oldKeys, oldExtra) => {
      if (oldExtra[0] !== rules) return undefined;
      const ds = directiveSplice(doc, oldKeys, oldExtra[1]);
      if (!ds) return undefined;
      const oldDuplicate = oldExtra[1] as Uint8Array;
      return updated(st, () => {
        for (let u = ds.at; u < ds.at + ds.removed; u++) add(index, oldKeys.get(u)!, oldDuplicate[u] === 1, -1, rules);
        for (let t = ds.at; t < ds.at + ds.added; t++) add(index, keys.get(t)!, st.duplicate[t] === 1, 1, rules);
        return index;
      });
    },
  );
}

/**
 * Keeps the index one analysis behind once a directive edit has needed it: the first analysis of
 * a document, and every analysis until a directive is added or removed, never reads it (a one-shot
 * check of a 200,000-plane agent would spend a fifth of its time counting). The first edit that
 * needs it makes it from the document as it is then.
 */
export function keepAgentIndex(doc: ThreeMdDocument, rules: readonly PlaneRule[]): void {
  const st = doc.structure;
  if (st && (st.memo as LineageMemo).entries?.has('index')) agentIndex(doc, rules);
}

/** An update of the index in place; when it fails half way, the index is dropped (the next analysis makes it anew) and the error goes on. */
function updated(st: DocumentStructure, update: () => AgentIndex): AgentIndex {
  try {
    return update();
  } catch (e) {
    (st.memo as LineageMemo).entries?.delete('index');
    throw e;
  }
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
