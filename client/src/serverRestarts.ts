/**
 * What the client does when the connection to its language server fails. vscode-languageclient's
 * default handler shuts the client down for good on a read error or the fourth failed write in a
 * row, and a server that dies while the editor is busy produces those before its connection
 * reports the close: the extension then stays without a server until the window is reloaded (seen
 * in the extension-host tests on a loaded machine: a killed server was never started again).
 * Here a failed read or write is logged and left to the close, and the close starts the server
 * again unless it stopped {@link RESTART_LIMIT} times within {@link RESTART_WINDOW_MS}. Pure: the
 * clock is given, so the policy is tested without an editor.
 */

/** Stops within the window after which the server is no longer started again (the client library's own figure). */
export const RESTART_LIMIT = 5;
export const RESTART_WINDOW_MS = 3 * 60_000;

export interface ConnectionVerdict {
  /** For a closed connection: start the server again. */
  restart: boolean;
  /** What the log (and, when the server is given up on, a notification) says. */
  message: string;
  /** Whether the user must be told (a notification), not only the log. */
  notify: boolean;
}

/** A failed read or write: logged; the close that follows a dead server decides. */
export function connectionFailed(error: Error): ConnectionVerdict {
  return {
    restart: true,
    message: `The connection to the Agent Files language server failed (${error.message}); if the server stopped, it is started again.`,
    notify: false,
  };
}

/** The times of the stops still inside the window at `now`, this one included. */
function recentStops(stops: readonly number[], now: number): number[] {
  return [...stops.filter((t) => now - t < RESTART_WINDOW_MS), now];
}

/**
 * The policy over one client's life: failed reads and writes are logged and leave the stops
 * counted as they were; each close is counted with its time and decided by connectionClosed.
 */
export function restartPolicy(now: () => number): { failed(error: Error): ConnectionVerdict; closed(): ConnectionVerdict } {
  let stops: readonly number[] = [];
  return {
    failed: (error) => connectionFailed(error),
    closed: () => {
      stops = recentStops(stops, now());
      return connectionClosed(stops);
    },
  };
}

/** A closed connection, given the recent stops (this one included). */
function connectionClosed(stops: readonly number[]): ConnectionVerdict {
  if (stops.length <= RESTART_LIMIT) {
    return { restart: true, message: 'The Agent Files language server stopped; it is started again.', notify: false };
  }
  return {
    restart: false,
    message: `The Agent Files language server stopped ${stops.length} times in ${RESTART_WINDOW_MS / 60_000} minutes and is not started again. Its log is in the Output panel (Agent Files); "Agent Files: Restart Language Server" starts it.`,
    notify: true,
  };
}
