/** The custom requests behind the Skills tree and "Route request…". */
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import { tooDeep, tooDeepMessage } from '../core/text/jsonDepth';
import type { ServerContext } from './context';
import {
  FillCommandRequest,
  HeapRequest,
  RouteRequest,
  WorkspaceIndexRequest,
  type FillCommandParams,
  type FillCommandResult,
  type RouteCandidate,
  type RouteParams,
  type WorkspaceIndexResult,
} from './protocol';
import { parseThreeMd } from '../core/threemd/parser';
import { analyzeThreeMd, type ThreeMdAnalysis } from '../core/agent/threemdAnalysis';
import { routeCandidates } from '../core/agent/features/summary';

export function registerCustomRequests(ctx: ServerContext): void {
  const { connection, documents, index, runner } = ctx;
  /** Analyses of agent files read from disk for routing, by file (not by spelling), bounded, dropped when the index changes. */
  const diskCache = new DiskAnalyses();
  index.onDidChange(() => diskCache.clear());

  const analysisFor = (uri: string): ThreeMdAnalysis | null => {
    const key = fileKey(uri);
    const entry = documents.get(uri) ?? documents.get(key);
    if (entry) return documents.analysis(entry);
    const cached = diskCache.get(key);
    if (cached) return cached;
    const text = index.host.readText(key);
    if (text === undefined) return null;
    const a = analyzeThreeMd(parseThreeMd(text), { fileName: URI.parse(key).path, detection: documents.detection });
    diskCache.set(key, a, text.length);
    return a;
  };

  // For the benchmark's memory figures: the heap after a collection, when the server runs with --expose-gc.
  connection.onRequest(
    HeapRequest,
    runner.safe('heap', () => {
      (globalThis as { gc?: () => void }).gc?.();
      return { heapUsed: ctx.heapUsed?.() ?? 0, collected: typeof (globalThis as { gc?: unknown }).gc === 'function' };
    }),
  );

  connection.onRequest(
    WorkspaceIndexRequest,
    runner.safe('workspaceIndex', (): WorkspaceIndexResult => ({ files: index.files() })),
  );

  connection.onRequest(
    RouteRequest,
    runner.safe('route', (p: RouteParams): RouteCandidate[] => {
      const text = typeof p?.text === 'string' ? p.text : '';
      const uris = p?.uri
        ? [p.uri]
        : index
            .files()
            .filter((f) => f.isAgent)
            .map((f) => f.uri);
      const out: RouteCandidate[] = [];
      for (const uri of uris) {
        const a = analysisFor(uri);
        if (a?.isAgent || (a && p?.uri)) for (const x of routeCandidates(a, uri, text)) out.push(x);
      }
      return out.sort((x, y) => y.score - x.score || x.uri.localeCompare(y.uri) || x.z - y.z);
    }),
  );

  connection.onRequest(
    FillCommandRequest,
    runner.safe('fillCommand', (p: FillCommandParams): FillCommandResult => {
      const a = analysisFor(p.uri);
      const values = p.values && typeof p.values === 'object' && !Array.isArray(p.values) ? p.values : {};
      if (tooDeep(values)) throw new ResponseError(ErrorCodes.InvalidParams, tooDeepMessage('fillCommand: a value'));
      if (!a) return { command: null, problems: [`cannot read ${p.uri}`] };
      const shell = typeof p.shell === 'string' ? p.shell : undefined;
      const r = a.runtime.fillChecked(p.z, values, { allowMissing: true, allowOptions: p.allowOptions === true, terminal: p.terminal === true, shell });
      return r.problems.length ? r : { command: r.command };
    }),
  );
}

/**
 * The file a URI names, as the cache keys it: parsed and printed again, without the query and
 * fragment the file-system host ignores (`agent.3md?v=1`, `agent.3md?v=2` and `agent%2E3md` are
 * one file, analysed once).
 */
export function fileKey(uri: string): string {
  try {
    return URI.parse(uri).with({ query: '', fragment: '' }).toString();
  } catch {
    return uri; // not a URI: no host reads it
  }
}

/**
 * Analyses of files read from disk, the least recently used dropped first once they hold more
 * than `maxChars` characters of text or `maxFiles` files (an analysis holds several times its text).
 */
export class DiskAnalyses {
  readonly #entries = new Map<string, { analysis: ThreeMdAnalysis; chars: number }>();
  #chars = 0;

  constructor(
    readonly maxChars = 32 * 1024 * 1024,
    readonly maxFiles = 1000,
  ) {}

  get size(): number {
    return this.#entries.size;
  }

  get(key: string): ThreeMdAnalysis | undefined {
    const hit = this.#entries.get(key);
    if (!hit) return undefined;
    // Most recently used last.
    this.#entries.delete(key);
    this.#entries.set(key, hit);
    return hit.analysis;
  }

  set(key: string, analysis: ThreeMdAnalysis, chars: number): void {
    const old = this.#entries.get(key);
    if (old) this.#chars -= old.chars;
    this.#entries.delete(key);
    this.#entries.set(key, { analysis, chars });
    this.#chars += chars;
    for (const [k, e] of this.#entries) {
      if (this.#chars <= this.maxChars && this.#entries.size <= this.maxFiles) break;
      if (k === key) continue;
      this.#entries.delete(k);
      this.#chars -= e.chars;
    }
  }

  clear(): void {
    this.#entries.clear();
    this.#chars = 0;
  }
}
