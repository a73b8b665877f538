/**
 * Entry point of the language server in a Web Worker (VS Code in the browser: vscode.dev,
 * github.dev). Messages come and go over the worker's postMessage; the workspace is read through
 * the client (./clientFs.ts). Console output goes to the client's log.
 */
import { BrowserMessageReader, BrowserMessageWriter, createConnection, ProposedFeatures } from 'vscode-languageserver/browser';
import { startServer } from '../lsp/server';
import { GatedReader } from '../lsp/gatedReader';
import { Lifecycle } from '../lsp/lifecycle';
import { ClientWorkspaceFs, type ClientChannel } from './clientFs';

// The worker's global scope is the message port (its type comes from the DOM library, which this build leaves out).
const port = globalThis as unknown as ConstructorParameters<typeof BrowserMessageReader>[0];
const writer = new BrowserMessageWriter(port);
let logLine: (line: string) => void = (line) => console.error(line);
const reader = new GatedReader(new BrowserMessageReader(port), writer, new Lifecycle(), { log: (line) => logLine(line) });
const connection = createConnection(ProposedFeatures.all, reader, writer);
logLine = (line) => connection.console.error(line);
console.log = (...args: unknown[]) => connection.console.log(args.map(String).join(' '));
console.info = (...args: unknown[]) => connection.console.info(args.map(String).join(' '));
console.warn = (...args: unknown[]) => connection.console.warn(args.map(String).join(' '));
console.error = (...args: unknown[]) => connection.console.error(args.map(String).join(' '));
(globalThis as unknown as { addEventListener(type: string, f: (e: { reason?: unknown }) => void): void }).addEventListener('unhandledrejection', (e) =>
  connection.console.error(`unhandled rejection: ${e.reason instanceof Error ? e.reason.stack : String(e.reason)}`),
);

const channel: ClientChannel = { request: (method: string, params: unknown) => connection.sendRequest(method, params) } as ClientChannel;
startServer(connection, { fs: new ClientWorkspaceFs(channel, (line) => connection.console.error(line)), watchEverything: true });
