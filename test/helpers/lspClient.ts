/**
 * A real LSP client for tests: spawns the built server (`dist/server.js --stdio`) and talks
 * JSON-RPC over its stdio, as Neovim or Emacs would.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import { createMessageConnection, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-languageserver-protocol/node';
import type { ClientCapabilities, Diagnostic, InitializeResult, PublishDiagnosticsParams } from 'vscode-languageserver-protocol';

export const SERVER = path.resolve(__dirname, '../../dist/server.js');

/** A client of a server over stdio (`TestClient`) or in the test process (inProcessClient.ts). */
export interface LspClient {
  connection: MessageConnection;
  initialize: InitializeResult;
  /** Every message the server logged (window/logMessage). */
  logs: string[];
  /** Every capability the server registered (client/registerCapability), in order. */
  registrations: { method: string; registerOptions?: unknown }[];
  open(uri: string, text: string, languageId?: string, version?: number): void;
  change(uri: string, version: number, changes: { range?: { start: { line: number; character: number }; end: { line: number; character: number } }; text: string }[]): void;
  /** Resolves with the next diagnostics for `uri` that satisfy `pred` (rejects after a deadline). */
  diagnostics(uri: string, pred?: (p: PublishDiagnosticsParams) => boolean, timeoutMs?: number): Promise<Diagnostic[]>;
  request<R>(method: string, params: unknown): Promise<R>;
  /** How many times the server announced a change of its workspace index (agentFiles/workspaceIndexChanged). */
  indexChanges(): number;
  /** How many notifications the server has sent so far (diagnostics, logs, index changes…). */
  notifications(): number;
  /** Resolves once the server has sent more than `seen` notifications (at once if it already has). */
  notifiedAfter(seen: number): Promise<void>;
  stop(): Promise<void>;
}

export interface TestClient extends LspClient {
  /** The server process. */
  process: ChildProcess;
}

const DEFAULT_CAPS: ClientCapabilities = {
  textDocument: {
    synchronization: { dynamicRegistration: false },
    completion: { completionItem: { snippetSupport: true } },
    hover: { contentFormat: ['markdown', 'plaintext'] },
    publishDiagnostics: { relatedInformation: true, codeDescriptionSupport: true },
    rename: { prepareSupport: true },
  },
  workspace: { workspaceFolders: true },
  window: { workDoneProgress: true },
};

export async function startClient(options: ClientOptions = {}): Promise<TestClient> {
  const proc = spawn(process.execPath, [SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'pipe'] });
  const connection = createMessageConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
  const client = await connectClient(connection, options, async () => {
    const exited = new Promise<void>((r) => (proc.exitCode !== null ? r() : proc.once('exit', () => r())));
    try {
      await Promise.race([connection.sendRequest('shutdown'), new Promise((r) => setTimeout(r, 1000))]);
      await connection.sendNotification('exit').catch(() => undefined);
    } catch {
      // the server may already be gone
    }
    await Promise.race([exited, new Promise((r) => setTimeout(r, 1000))]);
    connection.dispose();
    proc.kill();
  });
  return { ...client, process: proc };
}

export interface ClientOptions {
  rootUri?: string | null;
  /** Sent in `initialize` (default this process's id; the in-process client sends null, so the server sets up no watchdog). */
  processId?: number | null;
  initializationOptions?: unknown;
  capabilities?: ClientCapabilities;
  /** Sent in `initialize` as `clientInfo` (the editor's name). */
  clientInfo?: { name: string; version?: string };
}

/** Initializes a server over `connection` and wraps it as a test client; `stop` ends that server. */
export async function connectClient(connection: MessageConnection, options: ClientOptions, stop: () => Promise<void>): Promise<LspClient> {
  const logs: string[] = [];
  const waiting: { uri: string; pred: (p: PublishDiagnosticsParams) => boolean; resolve: (d: Diagnostic[]) => void }[] = [];
  let notified = 0;
  let indexChanges = 0;
  const notifyWaiters: { after: number; resolve: () => void }[] = [];
  /** Counts a notification and wakes whoever waits for one (see waitFor in lspWorkspace.ts). */
  const count = () => {
    notified++;
    for (let i = notifyWaiters.length - 1; i >= 0; i--)
      if (notified > notifyWaiters[i]!.after) {
        notifyWaiters[i]!.resolve();
        notifyWaiters.splice(i, 1);
      }
  };
  connection.onNotification('window/logMessage', (p: { message: string }) => {
    logs.push(p.message);
    count();
  });
  connection.onNotification('agentFiles/workspaceIndexChanged', () => {
    indexChanges++;
    count();
  });
  connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
    count();
    for (let i = waiting.length - 1; i >= 0; i--) {
      const w = waiting[i]!;
      if (w.uri === p.uri && w.pred(p)) {
        waiting.splice(i, 1);
        w.resolve(p.diagnostics);
      }
    }
  });
  connection.onRequest('window/workDoneProgress/create', () => null);
  const registrations: { method: string; registerOptions?: unknown }[] = [];
  connection.onRequest('client/registerCapability', (p: { registrations: { method: string; registerOptions?: unknown }[] }) => {
    registrations.push(...p.registrations);
    return null;
  });
  connection.onRequest('workspace/configuration', (p: { items: unknown[] }) => p.items.map(() => null));
  connection.onNotification('$/progress', () => undefined);
  connection.listen();
  const rootUri = options.rootUri ?? null;
  const initialize = (await connection.sendRequest('initialize', {
    processId: options.processId === undefined ? process.pid : options.processId,
    rootUri,
    workspaceFolders: rootUri ? [{ uri: rootUri, name: 'ws' }] : null,
    capabilities: options.capabilities ?? DEFAULT_CAPS,
    initializationOptions: options.initializationOptions ?? { diagnosticDelay: 0 },
    ...(options.clientInfo ? { clientInfo: options.clientInfo } : {}),
  })) as InitializeResult;
  await connection.sendNotification('initialized', {});
  return {
    connection,
    initialize,
    logs,
    registrations,
    open(uri, text, languageId = '3md', version = 1) {
      void connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version, text } });
    },
    change(uri, version, contentChanges) {
      void connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
    },
    diagnostics(uri, pred = () => true, timeoutMs = 30_000) {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching diagnostics for ${uri} within ${timeoutMs} ms`)), timeoutMs);
        waiting.push({ uri, pred, resolve: (d) => (clearTimeout(timer), resolve(d)) });
      });
    },
    request: <R>(method: string, params: unknown) => connection.sendRequest(method, params) as Promise<R>,
    indexChanges: () => indexChanges,
    notifications: () => notified,
    notifiedAfter: (seen) => (notified > seen ? Promise.resolve() : new Promise((resolve) => notifyWaiters.push({ after: seen, resolve }))),
    stop,
  };
}

/**
 * Opens `uri` with `text` (version 1) and resolves with its next diagnostics that satisfy `pred`,
 * by default the first published for the opened version: a closed-file report of the same URI the
 * server sent just before it read the didOpen (workspace diagnostics, no version) is not the answer.
 */
export function openForDiagnostics(client: LspClient, uri: string, text: string, languageId: string, pred?: (p: PublishDiagnosticsParams) => boolean): Promise<Diagnostic[]> {
  const ds = client.diagnostics(uri, pred ?? ((p) => p.version === 1));
  client.open(uri, text, languageId, 1);
  return ds;
}
