/**
 * When a tree view may redraw. Index changes come in bursts (one notification per file) and
 * diagnostics change with every edit, so every redraw of the view goes through one gate: requests
 * are coalesced, and a redraw is fired only once they have settled and no row has been fetched for
 * a quiet spell; the fire itself counts as fetching, since VS Code asks for the rows a moment
 * later. The view thus never asks for its rows again before it has drawn them. A burst that never
 * settles is drawn anyway after `maxWaitMs`, still never during a fetch, unless that fetch has
 * run for `maxFetchMs`: a fetch that hangs (a server that never answers) no longer holds the view's
 * redraws back for good. (Rows drawn under the
 * wrong group were first blamed on overlapping redraws; their cause is VS Code's batching of row
 * requests, which treeAnswer.ts deals with.) Pure: no VS Code API, unit-tested.
 */
import { SYSTEM_CLOCK, type Clock } from './clock';

export interface RedrawTiming {
  /** How long after the last request the gate waits for the next before it redraws. */
  settleMs: number;
  /** How long after the last fetch ended (or the last redraw) before the next redraw. */
  quietMs: number;
  /** The longest a request waits for its burst to settle. */
  maxWaitMs: number;
  /** How long a fetch holds redraws back at most (one that has run longer is taken to hang). */
  maxFetchMs: number;
}

export const REDRAW_TIMING: RedrawTiming = { settleMs: 100, quietMs: 300, maxWaitMs: 1000, maxFetchMs: 10_000 };

export class RedrawGate {
  #timer: unknown;
  /** When the oldest request not yet drawn was made (undefined: none waits). */
  #firstRequest: number | undefined;
  #lastRequest = 0;
  /** When each fetch still running started. */
  readonly #fetches = new Set<{ started: number }>();
  /** When the last fetch ended or the last redraw was fired. */
  #lastActivity = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly redraw: () => void,
    private readonly timing: RedrawTiming = REDRAW_TIMING,
    private readonly clock: Clock = SYSTEM_CLOCK,
  ) {}

  /** Asks for a redraw; many requests make one. */
  request(): void {
    const now = this.clock.now();
    this.#firstRequest ??= now;
    this.#lastRequest = now;
    // A pending look decides then whether the burst has settled: requests never push it back.
    if (this.#timer === undefined) this.#schedule(this.timing.settleMs);
  }

  /** Runs one fetch of the view's rows; no redraw is fired until it has ended and the view has been quiet. */
  async fetching<T>(fetch: () => Promise<T>): Promise<T> {
    const running = { started: this.clock.now() };
    this.#fetches.add(running);
    try {
      return await fetch();
    } finally {
      this.#fetches.delete(running);
      this.#lastActivity = this.clock.now();
    }
  }

  dispose(): void {
    if (this.#timer !== undefined) this.clock.clearTimeout(this.#timer);
    this.#timer = undefined;
    this.#firstRequest = undefined;
  }

  #schedule(ms: number): void {
    this.#timer = this.clock.setTimeout(() => {
      this.#timer = undefined;
      this.#tick();
    }, ms);
  }

  #tick(): void {
    if (this.#firstRequest === undefined) return;
    const now = this.clock.now();
    const toSettle = Math.min(this.timing.settleMs - (now - this.#lastRequest), this.timing.maxWaitMs - (now - this.#firstRequest));
    if (toSettle > 0) return this.#schedule(toSettle);
    // A fetch still running has no end time yet: look again after a quiet spell (or when it is taken to hang).
    const held = [...this.#fetches].filter((f) => now - f.started < this.timing.maxFetchMs);
    const quietFor = held.length > 0 ? 0 : now - this.#lastActivity;
    if (quietFor < this.timing.quietMs) {
      const hangsIn = Math.min(...held.map((f) => this.timing.maxFetchMs - (now - f.started)));
      return this.#schedule(Math.min(this.timing.quietMs - quietFor, hangsIn));
    }
    this.#firstRequest = undefined;
    this.#lastActivity = now;
    this.redraw();
  }
}
