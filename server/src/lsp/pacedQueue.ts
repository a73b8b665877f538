/**
 * Work on open documents (their diagnostics, their re-index) done in slices between the client's
 * messages. The server has one thread and handles the client's messages one per turn of the event
 * loop: had each document's work run on its own timer, 10,000 `didOpen`s in a row would have run
 * 10,000 checks before the request sent after them. Here a slice runs only once the client has
 * been quiet for a moment (no message handled for `QUIET_MS`), or, while it never is, one slice
 * every `FORCE_EVERY_MS`; a slice stops after `SLICE_MS` and yields. So messages keep being
 * answered and every document still gets its turn, the total linear in the documents.
 *
 * Order: the documents opened or edited themselves first (for diagnostics, that is where the
 * documents depending on them are found), then the documents the editor shows, then the others;
 * the most recently scheduled first within each.
 */
import type { Logger } from './runner';

export interface PacedQueueDeps {
  /** Works off one document; `changed` when it was scheduled as opened or edited itself. */
  run(uri: string, changed: boolean): void;
  /** True when the editor shows the document. */
  shown(uri: string): boolean;
  /** How long (ms) since the server last handled a message from the client. */
  quietFor(): number;
  /** Runs one slice of work (the server holds the configuration lookups for its length). */
  slice(work: () => void): void;
  /** What the work is, for the log. */
  what: string;
  log: Logger;
  /** While the client never pauses, one slice runs this often (ms; default `FORCE_EVERY_MS`). */
  forceEvery?: number;
}

/** A slice runs once no message was handled for this long (ms): messages queued back to back come first. */
export const QUIET_MS = 2;
/** A slice works for about this long (ms) before it yields. */
export const SLICE_MS = 20;
/** While the client never pauses, one slice runs this often (ms). */
export const FORCE_EVERY_MS = 100;

export class PacedQueue {
  /** Scheduled, not yet due: URI → when it is due (in the order scheduled). */
  readonly #pending = new Map<string, number>();
  /** Due, most recent last; an entry counts while its URI is in `#ready`. */
  readonly #stacks = { changed: [] as string[], shown: [] as string[], hidden: [] as string[] };
  readonly #ready = new Set<string>();
  /** Documents scheduled as opened or edited since they last ran. */
  readonly #changed = new Set<string>();
  #timer: ReturnType<typeof setTimeout> | undefined;
  #timerAt = Infinity;
  #lastSlice = performance.now();
  #disposed = false;

  constructor(private readonly deps: PacedQueueDeps) {}

  /** Schedules a document `delay` ms from now (a later call for the same document replaces it). */
  schedule(uri: string, delay: number, changed = false): void {
    if (this.#disposed) return;
    if (changed) this.#changed.add(uri);
    this.#ready.delete(uri);
    this.#pending.delete(uri);
    if (delay <= 0) this.#makeReady(uri);
    else this.#pending.set(uri, performance.now() + delay);
    this.#arm(Math.max(0, delay));
  }

  /** Drops what is scheduled for a document (closed). */
  cancel(uri: string): void {
    this.#pending.delete(uri);
    this.#ready.delete(uri);
    this.#changed.delete(uri);
  }

  /** How many documents wait. */
  get size(): number {
    return this.#pending.size + this.#ready.size;
  }

  dispose(): void {
    this.#disposed = true;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timer = undefined;
  }

  #makeReady(uri: string): void {
    this.#ready.add(uri);
    const stack = this.#changed.has(uri) ? 'changed' : this.deps.shown(uri) ? 'shown' : 'hidden';
    this.#stacks[stack].push(uri);
  }

  /** Moves the documents now due from `#pending` to the stacks (with one delay setting they fall due in the order scheduled). */
  #promote(now: number): void {
    for (const [uri, due] of this.#pending) {
      if (due > now) break;
      this.#pending.delete(uri);
      this.#makeReady(uri);
    }
  }

  /** The next document to run, or undefined. */
  #next(): string | undefined {
    for (const stack of [this.#stacks.changed, this.#stacks.shown, this.#stacks.hidden])
      while (stack.length) {
        const uri = stack.pop()!;
        if (this.#ready.delete(uri)) return uri;
      }
    return undefined;
  }

  #arm(delay: number): void {
    const at = performance.now() + delay;
    if (this.#timer && this.#timerAt <= at) return;
    if (this.#timer) clearTimeout(this.#timer);
    this.#timerAt = at;
    this.#timer = setTimeout(() => {
      this.#timer = undefined;
      this.#timerAt = Infinity;
      this.#tick();
    }, delay);
  }

  #tick(): void {
    if (this.#disposed) return;
    const now = performance.now();
    this.#promote(now);
    if (this.#ready.size) {
      const quiet = this.deps.quietFor();
      const sinceSlice = now - this.#lastSlice;
      // Messages queued back to back go first, unless the documents have waited a whole period.
      const forceEvery = this.deps.forceEvery ?? FORCE_EVERY_MS;
      if (quiet < QUIET_MS && sinceSlice < forceEvery) {
        this.#arm(Math.max(1, Math.min(QUIET_MS - quiet, forceEvery - sinceSlice)));
        return;
      }
      this.#slice();
    }
    if (this.#ready.size) this.#arm(0);
    else {
      const first = this.#pending.values().next();
      if (!first.done) this.#arm(Math.max(0, first.value - performance.now()));
    }
  }

  #slice(): void {
    const started = performance.now();
    this.deps.slice(() => {
      for (let uri = this.#next(); uri !== undefined; uri = this.#next()) {
        const changed = this.#changed.delete(uri);
        try {
          this.deps.run(uri, changed);
        } catch (e) {
          this.deps.log.error(`${this.deps.what} of ${uri} failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
        }
        if (performance.now() - started > SLICE_MS) break;
      }
    });
    this.#lastSlice = performance.now();
  }
}
