/**
 * Whole-agent results memoized on the exact inputs they read. A document's structure carries one
 * table (`DocumentStructure.memo`) along its re-parses. Each entry keeps the list of inputs it was
 * computed from (per directive or per plane: objects shared by re-parses that did not change them)
 * and its result, which holds plane indexes and facts, never positions (positions are read from the
 * document when the result is shown). An entry is reused when every input is the same object or, for
 * the few that are not, equal in what the check reads; otherwise it is computed again. The input
 * lists are persistent (threemd/vector.ts): two lists of one lineage share every node an edit did
 * not touch, so finding what a keystroke in a body of a 10,000-plane agent replaced walks a few
 * nodes, not 10,000 pointers, and what is expensive (the cycle search, the router) runs only when
 * what it reads changed.
 */
import type { DocumentStructure, LineageMemo } from '../threemd/structure';
import { Vec } from '../threemd/vector';

interface Diff {
  readonly from: Vec<unknown>;
  readonly to: Vec<unknown>;
  readonly changed: Int32Array;
}

/** One memoized result and the inputs it was computed from. */
export interface MemoEntry<K, R> {
  readonly keys: Vec<K>;
  readonly extra: readonly unknown[];
  readonly result: R;
}

declare module '../threemd/structure' {
  interface LineageMemo {
    entries?: Map<string, MemoEntry<unknown, unknown>>;
    /** The indexes where two key lists differ, for the last pairs compared (several results are keyed on the same lists). */
    diffs?: Diff[];
    /** The splices between key lists of different lengths, for the last pairs compared. */
    splices?: { from: Vec<unknown>; to: Vec<unknown>; splice: Splice }[];
  }
}

/**
 * How a key list differs from the one before when its length changed (a directive added or
 * removed): the old keys `at`..`at + removed` were replaced by the new keys `at`..`at + added`,
 * and the keys before and after are the same objects, in the same order.
 */
export interface Splice {
  readonly at: number;
  readonly removed: number;
  readonly added: number;
}

/**
 * What `shift` is given: the old result, the splice between the old keys and the new ones, and
 * the old keys and extra inputs. It returns the new result made from the old one, or undefined to
 * have it made anew.
 */
export type Shift<K, R> = (old: R, splice: Splice, oldKeys: Vec<K>, oldExtra: readonly unknown[]) => R | undefined;

/** The common prefix and suffix of two key lists (pointer comparisons; kept for the last few pairs). */
export function spliceOf(memo: LineageMemo, from: Vec<unknown>, to: Vec<unknown>): Splice {
  const kept = (memo.splices ??= []);
  for (const k of kept) if (k.from === from && k.to === to) return k.splice;
  const n = Math.min(from.length, to.length);
  let at = 0;
  while (at < n && from.get(at) === to.get(at)) at++;
  let tail = 0;
  while (tail < n - at && from.get(from.length - 1 - tail) === to.get(to.length - 1 - tail)) tail++;
  const splice: Splice = { at, removed: from.length - at - tail, added: to.length - at - tail };
  kept.unshift({ from, to, splice });
  if (kept.length > 4) kept.length = 4;
  return splice;
}

/**
 * The result `make()` gives for `keys` and `extra`: the kept one when `extra` holds the same
 * objects and every key is the same object as before or `same` says it is equal for this check,
 * else made now. The entry then keeps the new keys (equal ones, so the next look is pointer
 * comparisons again). Without a structure (a document without directives) nothing is kept.
 *
 * A result made of one part per key may give `patch`: when only some keys differ (and `extra`
 * holds the same objects), it makes the new result from the old one and the indexes of those keys
 * (or returns undefined to have it made anew). A result may give `shift` too: when the key list's
 * length changed (a directive added or removed), it is given the splice between the lists and
 * the old inputs, and checks itself whatever else it reads.
 */
export function memoized<K, R>(
  st: DocumentStructure | null,
  slot: string,
  keys: Vec<K>,
  extra: readonly unknown[],
  same: (a: K, b: K, i: number) => boolean,
  make: () => R,
  patch?: (old: R, changed: readonly number[], oldKeys: Vec<K>) => R | undefined,
  shift?: Shift<K, R>,
): R {
  if (!st) return make();
  const memo = st.memo as LineageMemo;
  const table = (memo.entries ??= new Map());
  const old = table.get(slot) as MemoEntry<K, R> | undefined;
  const changed = old ? differing(memo, old, keys, extra, same) : null;
  let result: R | undefined;
  if (changed && changed.length === 0) result = old!.result;
  else if (changed && patch) result = patch(old!.result, changed, old!.keys);
  else if (!changed && old && shift && old.keys.length !== keys.length) result = shift(old.result, spliceOf(memo, old.keys, keys), old.keys, old.extra);
  result ??= make();
  if (!old || old.keys !== keys || old.result !== result) table.set(slot, { keys, extra, result });
  return result;
}

/** The indexes whose keys differ for this check, or null when the lengths or the extra inputs differ. */
function differing<K, R>(memo: LineageMemo, old: MemoEntry<K, R>, keys: Vec<K>, extra: readonly unknown[], same: (a: K, b: K, i: number) => boolean): number[] | null {
  if (old.keys.length !== keys.length || old.extra.length !== extra.length) return null;
  for (let i = 0; i < extra.length; i++) if (old.extra[i] !== extra[i]) return null;
  const out: number[] = [];
  if (old.keys === keys) return out;
  const prev = old.keys;
  for (const i of diffOf(memo, prev, keys)) if (!same(keys.get(i)!, prev.get(i)!, i)) out.push(i);
  return out;
}

/** Where two lists of the same length hold different objects (kept for the last few pairs; shared nodes are skipped). */
function diffOf(memo: LineageMemo, from: Vec<unknown>, to: Vec<unknown>): Int32Array {
  const diffs = (memo.diffs ??= []);
  for (const d of diffs) if (d.from === from && d.to === to) return d.changed;
  const d: Diff = { from, to, changed: Vec.changed(from, to)! };
  diffs.unshift(d);
  if (diffs.length > 4) diffs.length = 4;
  return d.changed;
}
