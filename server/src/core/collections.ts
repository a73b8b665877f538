/** Small helpers on collections, shared by the rings (pure; no I/O). */

/** The items by `key`, each group in the items' order, the groups in the order their keys first appear. */
export function groupBy<T>(items: Iterable<T>, key: (t: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const t of items) {
    const k = key(t);
    const group = groups.get(k);
    if (group) group.push(t);
    else groups.set(k, [t]);
  }
  return groups;
}
