/**
 * The server's message transport: stdio through the framing parser that recovers from malformed
 * frames (./framing.ts), node IPC as VS Code forks it, and on both the LSP lifecycle gate
 * (../lsp/lifecycle.ts), which answers refused requests itself so no handler ever sees them.
 */
import {
  AbstractMessageReader,
  IPCMessageReader,
  IPCMessageWriter,
  StreamMessageWriter,
  type DataCallback,
  type Disposable,
  type Message,
  type MessageReader,
  type MessageWriter,
} from 'vscode-languageserver/node';
import type { TransportLog } from '../lsp/gatedReader';
import { FrameParser } from './framing';
import { Lifecycle } from '../lsp/lifecycle';
import { GatedReader } from '../lsp/gatedReader';

export type { TransportLog } from '../lsp/gatedReader';

/** Reads frames from a byte stream with FrameParser; malformed input is logged and skipped. */
class FramedStreamReader extends AbstractMessageReader {
  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly out: TransportLog,
  ) {
    super();
  }

  listen(callback: DataCallback): Disposable {
    const parser = new FrameParser({ message: (m) => callback(m as Message), log: (l) => this.out.log(l) });
    const onData = (chunk: Buffer | string) => {
      try {
        parser.push(typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk);
      } catch (e) {
        // The parser is written not to throw; if it ever does, say so rather than go silent.
        this.out.log(`frame reader failed: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
      }
    };
    const onError = (e: Error) => this.fireError(e);
    const onClose = () => this.fireClose();
    this.input.on('data', onData);
    this.input.on('error', onError);
    this.input.on('end', onClose);
    this.input.on('close', onClose);
    return {
      dispose: () => {
        this.input.off('data', onData);
        this.input.off('error', onError);
        this.input.off('end', onClose);
        this.input.off('close', onClose);
      },
    };
  }
}

export interface Transport {
  reader: MessageReader;
  writer: MessageWriter;
  lifecycle: Lifecycle;
}

/** The transport for `--stdio` or `--node-ipc`; null for the others (socket, pipe), left to the library. */
export function createTransport(argv: string[], out: TransportLog): Transport | null {
  const lifecycle = new Lifecycle();
  let reader: MessageReader;
  let writer: MessageWriter;
  if (argv.includes('--stdio')) {
    reader = new FramedStreamReader(process.stdin, out);
    writer = new StreamMessageWriter(process.stdout);
    // With a reader of our own the library no longer watches stdin: the client closing it ends the server.
    const end = () => process.exit(lifecycle.shutdownReceived ? 0 : 1);
    process.stdin.on('end', end);
    process.stdin.on('close', end);
  } else if (argv.includes('--node-ipc')) {
    reader = new IPCMessageReader(process);
    writer = new IPCMessageWriter(process);
  } else return null;
  return { reader: new GatedReader(reader, writer, lifecycle, out), writer, lifecycle };
}
