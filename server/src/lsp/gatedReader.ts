/**
 * The LSP lifecycle gate (./lifecycle.ts) as a message reader around any transport, on Node and
 * in the browser: refused requests are answered here, so no handler ever sees them.
 */
import { AbstractMessageReader, type DataCallback, type Disposable, type Message, type MessageReader, type MessageWriter } from 'vscode-languageserver';
import type { Lifecycle } from './lifecycle';

/** Where transport log lines go: the connection's console once it exists, stderr (or the worker's console) before. */
export interface TransportLog {
  log(line: string): void;
}

/** Passes each message through the lifecycle gate; refused requests are answered here. */
export class GatedReader extends AbstractMessageReader {
  constructor(
    private readonly inner: MessageReader,
    private readonly writer: MessageWriter,
    private readonly lifecycle: Lifecycle,
    private readonly out: TransportLog,
  ) {
    super();
    inner.onError((e) => this.fireError(e));
    inner.onClose(() => this.fireClose());
    inner.onPartialMessage((p) => this.firePartialMessage(p));
  }

  listen(callback: DataCallback): Disposable {
    return this.inner.listen((message) => {
      const v = this.lifecycle.admit(message);
      if (v.pass) return callback(message);
      if (v.log) this.out.log(v.log);
      if (v.reply) {
        const { id, code, message: text } = v.reply;
        void this.writer.write({ jsonrpc: '2.0', id, error: { code, message: text } } as Message).catch(() => undefined);
      }
    });
  }
}
