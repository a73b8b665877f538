/**
 * Lets the event loop run once (the client's messages are read and answered), then goes on:
 * `setImmediate` runs right after the loop has polled for input, where a zero `setTimeout` waits
 * at least a millisecond, which a workspace scan paid once per slice.
 */
export function yieldToEvents(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}
