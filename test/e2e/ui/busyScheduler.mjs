// A page script that spreads the zero-delay timers one task sets 8 ms apart, as a busy main
// thread does: a message (an extension host's answer) can then run between two of them. That is
// when VS Code's tree views hand a batch's rows to the wrong row (client/src/treeAnswer.ts): the
// window that opens the marketplace repository runs with it, so the tests of the Agent Files
// view's rows fail when an expanded row's answer can make the tree ask for more rows while it
// hands out a batch (with a marketplace's plugins drawn expanded, 4 of 4 browser runs did; with
// only the 25 ms hold, a CI run still did).

/** Runs in the page, before the workbench's own scripts (Playwright's addInitScript). */
export function spreadZeroDelayTimers() {
  const setTimer = globalThis.setTimeout.bind(globalThis);
  let inThisTask = 0;
  globalThis.setTimeout = (run, ms, ...args) => {
    if (typeof run !== 'function' || ms > 0) return setTimer(run, ms, ...args);
    // The first zero-delay timer of a task also schedules the count's reset for the next task.
    if (inThisTask === 0) setTimer(() => (inThisTask = 0), 0);
    return setTimer(run, 8 * inThisTask++, ...args);
  };
}
