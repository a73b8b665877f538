/**
 * The same client as lspClient.ts, talking to a server started in the test process over a pair
 * of in-memory streams: no bundle, no child process, no stdio framing. The bulk of the server
 * tests use it; the protocol, framing, robustness and lifecycle tests keep the shipped bundle
 * over stdio (lspClient.ts).
 */
import { PassThrough } from 'node:stream';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter } from 'vscode-languageserver-protocol/node';
import { createConnection, ProposedFeatures } from 'vscode-languageserver/node';
import { startServer } from '../../server/src/lsp/server';
import { nodeServerHost } from '../../server/src/node/workspaceFs';
import { connectClient, type ClientOptions, type LspClient } from './lspClient';

export type TestClient = LspClient;

export async function startClient(options: ClientOptions = {}): Promise<TestClient> {
  const toServer = new PassThrough();
  const toClient = new PassThrough();
  const server = createConnection(ProposedFeatures.all, new StreamMessageReader(toServer), new StreamMessageWriter(toClient));
  // `exit` would end the test process: a test ends its server with `stop` (shutdown) instead.
  server.onExit(() => undefined);
  startServer(server, nodeServerHost());
  const connection = createMessageConnection(new StreamMessageReader(toClient), new StreamMessageWriter(toServer));
  // No process id: the server's parent-process watchdog would be an interval that never ends.
  return connectClient(connection, { ...options, processId: null }, async () => {
    await Promise.race([connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 1000))]).catch(() => undefined);
    // Only the client side is closed: the server's last timers (a debounced report, a re-index)
    // still write into the stream, which nobody reads any more, instead of throwing on a
    // disposed connection after the test ended.
    connection.dispose();
  });
}
