/** The custom requests behind the Skills tree and "Route request…". */
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import { tooDeep, tooDeepMessage } from '../core/jsonDepth';
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
import { analyzeThreeMd, type ThreeMdAnalysis } from '../core/threemdAnalysis';
import { routeCandidates } from '../core/agent/features/summary';

export function registerCustomRequests(ctx: ServerContext): void {
  const { connection, documents, index, runner } = ctx;
  /** Analyses of agent files read from disk for routing, dropped when the index changes. */
  const diskCache = new Map<string, ThreeMdAnalysis>();
  index.onDidChange(() => diskCache.clear());

  const analysisFor = (uri: string): ThreeMdAnalysis | null => {
    const entry = documents.get(uri);
    if (entry) return documents.analysis(entry);
    const cached = diskCache.get(uri);
    if (cached) return cached;
    const text = index.host.readText(uri);
    if (text === undefined) return null;
    const a = analyzeThreeMd(parseThreeMd(text), { fileName: URI.parse(uri).path, detection: documents.detection });
    diskCache.set(uri, a);
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
