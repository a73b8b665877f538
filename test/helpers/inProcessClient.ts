/**
 * The same client as lspClient.ts, talking to a server started in the test process over a pair
 * of in-memory streams: no bundle, no child process, no stdio framing. The bulk of the server
 * tests use it; the protocol, framing, robustness and lifecycle tests keep the shipped bundle
 * over stdio (lspClient.ts).
 */
import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import type { ClientCapabilities } from 'vscode-languageserver-protocol';
import { startServer } from '../../server/src/lsp/server';
import { connectClient, type LspClient } from './lspClient';

export type TestClient = LspClient;

export async function startClient(options: { rootUri?: string | null; initializationOptions?: unknown; capabilities?: ClientCapabilities } = {}): Promise<TestClient> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  // `exit` would end the test process: the server is disposed by `stop` instead.
  server.onExit(() => undefined);
  startServer(server);
  const connection = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  return connectClient(connection, options, async () => {
    await Promise.race([connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 1000))]).catch(() => undefined);
    connection.dispose();
    server.dispose();
    toServer.destroy();
    toClient.destroy();
  });
}
