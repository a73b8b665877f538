/** Every handler runs through here: an exception is logged and answered as an LSP error, never a crash. */
import { LSPErrorCodes, ResponseError, type CancellationToken, type Connection } from 'vscode-languageserver';

export type Logger = { error(msg: string): void; info(msg: string): void };

export function createRunner(connection: Connection) {
  const log: Logger = {
    error: (m) => connection.console.error(m),
    info: (m) => connection.console.info(m),
  };
  /** When the last handler (or other work the server did for the client, see `worked`) ended. */
  let lastWork = performance.now();
  /** Notes that the server just did some work for the client: background work waits for a pause after it (`idleFor`). */
  const worked = () => void (lastWork = performance.now());
  /** How long (ms) the server has had nothing to do for the client. */
  const idleFor = () => performance.now() - lastWork;
  /** When the last message from the client was handled. */
  let lastMessage = performance.now();
  const handled = () => {
    lastMessage = performance.now();
    worked();
  };
  /** How long (ms) since the last message from the client was handled: near zero while messages are queued back to back. */
  const quietFor = () => performance.now() - lastMessage;
  /** Wraps a request handler: cancelled → RequestCancelled; thrown → InternalError with the message. */
  function safe<P, R, X extends unknown[] = []>(name: string, handler: (params: P, token: CancellationToken, ...rest: X) => R | Promise<R>) {
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return async (params: P, token: CancellationToken, ...rest: X): Promise<R | ResponseError<any>> => {
      if (token?.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
      try {
        const result = await handler(params, token, ...rest);
        if (token?.isCancellationRequested) return new ResponseError(LSPErrorCodes.RequestCancelled, 'request cancelled');
        return result;
      } catch (e) {
        if (e instanceof ResponseError) return e;
        const message = e instanceof Error ? e.message : String(e);
        log.error(`${name} failed: ${e instanceof Error && e.stack ? e.stack : message}`);
        return new ResponseError(-32603, `${name} failed: ${message}`);
      } finally {
        handled();
      }
    };
  }
  /** Wraps a notification handler: errors are logged, nothing is answered. */
  function safeNotify<P>(name: string, handler: (params: P) => void | Promise<void>) {
    const failed = (e: unknown) => log.error(`${name} failed: ${e instanceof Error && e.stack ? e.stack : String(e)}`);
    return (params: P): void => {
      try {
        const done = handler(params);
        if (done) void done.catch(failed).finally(worked);
      } catch (e) {
        failed(e);
      } finally {
        handled();
      }
    };
  }
  return { safe, safeNotify, log, worked, idleFor, quietFor };
}
