/**
 * A value fetched on demand and kept until invalidated, for a view that redraws from it. An answer
 * that was in flight when the value was invalidated never fills the cache: whoever waited for it
 * fetches again, so the view never settles on an answer older than its last refresh. Pure: no
 * VS Code API, unit-tested.
 */
export class LatestValue<T> {
  #value: Promise<T> | undefined;
  #generation = 0;

  constructor(private readonly fetch: () => Promise<T>) {}

  /** The value is stale: the next `get` fetches it again, and so does a `get` waiting now. */
  invalidate(): void {
    this.#generation++;
    this.#value = undefined;
  }

  /** The value as of the last `invalidate` (one fetch shared by every caller meanwhile). */
  async get(): Promise<T> {
    for (;;) {
      const generation = this.#generation;
      const pending = (this.#value ??= this.fetch());
      let value: T;
      try {
        value = await pending;
      } catch (e) {
        // A failed fetch is not kept: the next `get` tries again.
        if (this.#value === pending) this.#value = undefined;
        throw e;
      }
      if (generation === this.#generation) return value;
    }
  }
}
