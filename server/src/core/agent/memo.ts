/**
 * Whole-agent results memoized on the exact inputs they read. A document's structure carries one
 * table (`DocumentStructure.memo`) along its re-parses. Each entry keeps the list of inputs it was
 * computed from (per directive or per plane: objects shared by re-parses that did not change them)
 * and its result, which holds plane indexes and facts, never positions (positions are read from the
 * document when the result is shown). An entry is reused when every input is the same object or, for
 * the few that are not, equal in what the check reads; otherwise it is computed again. Checking an
 * entry is a scan of pointer comparisons, so typing in a body of a 10,000-plane agent costs
 * microseconds here, and what is expensive (the cycle search, the router) runs only when what it
 * reads changed.
 */
import type { DocumentStructure, LineageMemo } from '../threemd/structure';

interface Diff {
  readonly from: readonly unknown[];
  readonly to: readonly unknown[];
  readonly changed: Int32Array;
}

/** One memoized result and the inputs it was computed from. */
export interface MemoEntry<K, R> {
  readonly keys: readonly K[];
  readonly extra: readonly unknown[];
  readonly result: R;
}

declare module '../threemd/structure' {
  interface LineageMemo {
    entries?: Map<string, MemoEntry<unknown, unknown>>;
    /** The indexes where two key lists differ, for the last pairs compared (several results are keyed on the same lists). */
    diffs?: Diff[];
  }
}

/**
 * The result `make()` gives for `keys` and `extra`: the kept one when `extra` holds the same
 * objects and every key is the same object as before or `same` says it is equal for this check,
 * else made now. The entry then keeps the new keys (equal ones, so the next look is pointer
 * comparisons again). Without a structure (a document without directives) nothing is kept.
 *
 * A result made of one part per key may give `patch`: when only some keys differ (and `extra`
 * holds the same objects), it makes the new result from the old one and the indexes of those keys
 * (or returns undefined to have it made anew).
 */
export function memoized<K, R>(
  st: DocumentStructure | null,
  slot: string,
  keys: readonly K[],
  extra: readonly unknown[],
  same: (a: K, b: K, i: number) => boolean,
  make: () => R,
  patch?: (old: R, changed: readonly number[]) => R | undefined,
): R {
  if (!st) return make();
  const memo = st.memo as LineageMemo;
  const table = (memo.entries ??= new Map());
  const old = table.get(slot) as MemoEntry<K, R> | undefined;
  const changed = old ? differing(memo, old, keys, extra, same) : null;
  let result: R | undefined;
  if (changed && changed.length === 0) result = old!.result;
  else if (changed && patch) result = patch(old!.result, changed);
  result ??= make();
  if (!old || old.keys !== keys || old.result !== result) table.set(slot, { keys, extra, result });
  return result;
}

/** The indexes whose keys differ for this check, or null when the lengths or the extra inputs differ. */
function differing<K, R>(memo: LineageMemo, old: MemoEntry<K, R>, keys: readonly K[], extra: readonly unknown[], same: (a: K, b: K, i: number) => boolean): number[] | null {
  if (old.keys.length !== keys.length || old.extra.length !== extra.length) return null;
  for (let i = 0; i < extra.length; i++) if (old.extra[i] !== extra[i]) return null;
  const out: number[] = [];
  if (old.keys === keys) return out;
  const prev = old.keys;
  for (const i of diffOf(memo, prev, keys)) if (!same(keys[i]!, prev[i]!, i)) out.push(i);
  return out;
}

/** Where two lists of the same length hold different objects (kept for the last few pairs). */
function diffOf(memo: LineageMemo, from: readonly unknown[], to: readonly unknown[]): Int32Array {
  const diffs = (memo.diffs ??= []);
  for (const d of diffs) if (d.from === from && d.to === to) return d.changed;
  const changed: number[] = [];
  for (let i = 0; i < to.length; i++) if (from[i] !== to[i]) changed.push(i);
  const d: Diff = { from, to, changed: Int32Array.from(changed) };
  diffs.unshift(d);
  if (diffs.length > 4) diffs.length = 4;
  return d.changed;
}
