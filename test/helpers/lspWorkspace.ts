/**
 * What the server tests share: a temporary workspace folder on disk, and waiting for the server
 * to reach a state (its index, its log) without polling on a timer. A wait asks again each time
 * the server sends a notification (every index change is announced by
 * `agentFiles/workspaceIndexChanged`, every log line is one), so it ends as soon as the server is
 * there; its deadline is only a bound for a server that never gets there, never a measure.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import type { LspClient } from './lspClient';
import type { WorkspaceIndexResult } from '../../server/src/lsp/protocol';

type IndexedFiles = WorkspaceIndexResult['files'];

/** A temporary folder (its real path) with files written into it. */
export interface TempWorkspace {
  /** The folder's real path. */
  root: string;
  /** The folder as a file URI. */
  rootUri: string;
  /** The path of a file in the folder (segments joined). */
  path(...rel: string[]): string;
  /** The file URI of a file in the folder. */
  uri(...rel: string[]): string;
  /** Writes a file (making its folders) and returns its URI. */
  write(rel: string, text: string): string;
  /** Removes the folder. */
  dispose(): void;
}

/** Makes a temporary workspace folder named after `prefix` and writes `files` (relative path → text) into it. */
export function tempWorkspace(prefix: string, files: Readonly<Record<string, string>> = {}): TempWorkspace {
  const root = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), `af-${prefix}-`)));
  const abs = (...rel: string[]) => path.join(root, ...rel);
  const ws: TempWorkspace = {
    root,
    rootUri: URI.file(root).toString(),
    path: abs,
    uri: (...rel) => URI.file(abs(...rel)).toString(),
    write(rel, text) {
      const p = abs(rel);
      fs.mkdirSync(path.dirname(p), { recursive: true });
      fs.writeFileSync(p, text);
      return URI.file(p).toString();
    },
    dispose: () => fs.rmSync(root, { recursive: true, force: true }),
  };
  for (const [rel, text] of Object.entries(files)) ws.write(rel, text);
  return ws;
}

/** How long a wait may go on before it fails: a bound for a server that never gets there (a machine under load is slow, not wrong). */
const GIVE_UP_MS = 30_000;

/**
 * Resolves with `probe()`'s value once `done` holds for it; probes again after each notification
 * from the server. Rejects after GIVE_UP_MS with `what` and the last value seen.
 */
export async function waitFor<T>(client: LspClient, probe: () => Promise<T> | T, done: (value: T) => boolean, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const gaveUp = new Promise<'gave-up'>((resolve) => (timer = setTimeout(() => resolve('gave-up'), GIVE_UP_MS)));
  try {
    for (;;) {
      const seen = client.notifications();
      const value = await probe();
      if (done(value)) return value;
      if ((await Promise.race([client.notifiedAfter(seen), gaveUp])) === 'gave-up') throw new Error(`${what} never happened; last seen: ${JSON.stringify(value)?.slice(0, 2000)}`);
    }
  } finally {
    clearTimeout(timer);
  }
}

/** The server's workspace index (agentFiles/workspaceIndex) once `done` holds for its files. */
export async function waitForIndex(client: LspClient, done: (files: IndexedFiles) => boolean, what = 'the workspace index'): Promise<IndexedFiles> {
  return waitFor(client, async () => (await client.request<WorkspaceIndexResult>('agentFiles/workspaceIndex', {})).files, done, what);
}

/** Resolves once the server has logged `count` lines matching `pattern`. */
export async function waitForLog(client: LspClient, pattern: RegExp, count = 1): Promise<void> {
  await waitFor(
    client,
    () => client.logs.filter((l) => pattern.test(l)).length,
    (n) => n >= count,
    `${count} log line(s) matching ${pattern}`,
  );
}

/**
 * Records the buffers a test opens (call in `before`, once the client is up) and returns the
 * function for `afterEach` that closes them: a buffer left open is ahead of the disk in the
 * index, and a test after it would see it.
 */
export function closeOpenedAfterEach(client: LspClient): () => Promise<void> {
  const opened = new Set<string>();
  const open = client.open;
  client.open = (uri, ...rest) => {
    opened.add(uri);
    open(uri, ...rest);
  };
  return async () => {
    const closed = [...opened];
    opened.clear();
    for (const uri of closed) void client.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
    // A request is answered after the notifications sent before it: the closes are done.
    await client.request('agentFiles/workspaceIndex', {});
  };
}
