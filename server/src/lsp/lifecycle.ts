/**
 * The LSP lifecycle, enforced before a message reaches any handler: requests before
 * `initialize` are refused with ServerNotInitialized, a second `initialize` and every request
 * after `shutdown` with InvalidRequest, and a request whose params are required but missing or
 * not an object with InvalidParams (instead of reaching a handler that would fail on them).
 * `exit` always passes; the connection exits with 0 after `shutdown`, 1 without.
 */

export const ErrorCode = { InvalidRequest: -32600, InvalidParams: -32602, ServerNotInitialized: -32002 } as const;

export type Verdict = { pass: true } | { pass: false; reply?: { id: number | string; code: number; message: string }; log?: string };

/** Methods whose params LSP (or this server) requires: an object, never null or absent. */
function paramsRequired(method: string): boolean {
  return (
    method === 'initialize' ||
    method.startsWith('textDocument/') ||
    method.startsWith('workspace/') ||
    method.startsWith('completionItem/') ||
    method.startsWith('codeLens/') ||
    method.startsWith('documentLink/') ||
    method === 'agentFiles/route' ||
    method === 'agentFiles/fillCommand'
  );
}

export class Lifecycle {
  state: 'new' | 'running' | 'shutdown' = 'new';

  get shutdownReceived(): boolean {
    return this.state === 'shutdown';
  }

  /** What to do with one incoming message. */
  admit(message: unknown): Verdict {
    if (!message || typeof message !== 'object' || Array.isArray(message))
      return { pass: false, log: `dropped a message that is not a JSON-RPC object: ${clip(JSON.stringify(message))}` };
    const m = message as { id?: unknown; method?: unknown; params?: unknown };
    if (typeof m.method !== 'string') return { pass: true }; // a response to one of our requests
    const isRequest = typeof m.id === 'number' || typeof m.id === 'string';
    if (!isRequest) {
      if (m.method === 'exit') return { pass: true };
      return this.state === 'running' ? { pass: true } : { pass: false };
    }
    const id = m.id as number | string;
    const refuse = (code: number, msg: string): Verdict => ({ pass: false, reply: { id, code, message: msg } });
    if (this.state === 'shutdown') return refuse(ErrorCode.InvalidRequest, `${m.method} refused: the server received shutdown and accepts only exit`);
    if (m.method === 'initialize' && this.state === 'running') return refuse(ErrorCode.InvalidRequest, 'initialize refused: the server is already initialized');
    if (this.state === 'new' && m.method !== 'initialize') return refuse(ErrorCode.ServerNotInitialized, `${m.method} refused: the server is not initialized yet`);
    const bad = badParams(m.method, m.params);
    if (bad) return refuse(ErrorCode.InvalidParams, `${m.method}: ${bad}`);
    if (m.method === 'initialize') this.state = 'running';
    else if (m.method === 'shutdown') this.state = 'shutdown';
    return { pass: true };
  }
}

/** Why a request's params are unusable, or null. */
function badParams(method: string, params: unknown): string | null {
  if (!paramsRequired(method)) return null;
  if (params === null || params === undefined) return 'params are required';
  if (typeof params !== 'object' || Array.isArray(params)) return 'params must be an object';
  if (method.startsWith('textDocument/')) {
    const td = (params as { textDocument?: unknown }).textDocument;
    if (!td || typeof td !== 'object' || typeof (td as { uri?: unknown }).uri !== 'string') return 'params.textDocument.uri must be a string';
  }
  return null;
}

function clip(s: string | undefined): string {
  const t = s ?? 'undefined';
  return t.length > 80 ? `${t.slice(0, 80)}…` : t;
}
