// A clock a test moves by hand (the Clock of client/src/clock.ts): timers run when the test
// advances the time past them, in the order they fall due.
import type { Clock } from '../../client/src/clock';

/** A clock the test moves by hand, running the timers that fall due. */
export function manualClock() {
  let now = 0;
  let next = 0;
  const timers = new Map<number, { at: number; run: () => void }>();
  const clock: Clock = {
    now: () => now,
    setTimeout: (run, ms) => {
      timers.set(++next, { at: now + ms, run });
      return next;
    },
    clearTimeout: (handle) => void timers.delete(handle as number),
  };
  const advance = (ms: number) => {
    const end = now + ms;
    for (;;) {
      const due = [...timers].filter(([, t]) => t.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      timers.delete(due[0]);
      now = due[1].at;
      due[1].run();
    }
    now = end;
  };
  return { clock, advance, pending: () => timers.size };
}
