/**
 * `agentFiles/checkWorld`: the Agent World eval (its checks and the routing cases, run on the core router) for each world of the
 * workspace, plus the diagnostics of every world file (world.json, its prompts, world.eval.md)
 * whether or not it is open, so the client can show the files nobody opened.
 */
import type { IWorkspaceHost } from '../core/workspace/host';
import { analyzeEval, analyzePrompt, analyzeWorld } from '../core/world';
import { runWorldEval } from '../core/world/router/evalReport';
import { resolveRelative } from '../core/world/paths';
import { toLspDiagnostic } from './diagnostics';
import { capDiagnostics } from '../core/analysis/diagnosticCap';
import type { ServerContext } from './context';
import { registerWorldStepRequest } from './worldStepRequest';
import { CheckWorldRequest, type CheckWorldEntry, type CheckWorldFile, type CheckWorldParams, type CheckWorldResult } from './protocol';

/** Checks one world.json (null when it cannot be read). Never throws on file contents. */
export function checkWorld(worldUri: string, name: string, host: IWorkspaceHost): CheckWorldEntry | null {
  const read = (uri: string): string | undefined => {
    try {
      return host.isDirectory(uri) ? undefined : host.readText(uri);
    } catch {
      return undefined;
    }
  };
  const text = read(worldUri);
  if (text === undefined) return null;
  const report = runWorldEval(text, worldUri, host, new Date().toISOString());
  const analysis = analyzeWorld(text, worldUri, host);
  const world = analysis.world;
  const files: CheckWorldFile[] = [{ uri: worldUri, diagnostics: capDiagnostics(analysis.diagnostics).map((d) => toLspDiagnostic(d, worldUri)) }];
  const prompts = new Set<string>();
  for (const a of world.agents.values()) if (a.prompt?.kind === 'ok') prompts.add(a.prompt.uri);
  const promptsDir = resolveRelative(world.dirUri, 'prompts');
  let names: string[] = [];
  try {
    names = host.readDirectory(promptsDir);
  } catch {
    names = [];
  }
  for (const n of names) if (/\.md$/i.test(n)) prompts.add(resolveRelative(promptsDir, n));
  for (const uri of [...prompts].sort()) {
    const t = read(uri);
    if (t !== undefined) files.push({ uri, diagnostics: capDiagnostics(analyzePrompt(t, uri, world)).map((d) => toLspDiagnostic(d, uri)) });
  }
  const evalUri = resolveRelative(world.dirUri, 'world.eval.md');
  const evalText = read(evalUri);
  if (evalText !== undefined) files.push({ uri: evalUri, diagnostics: capDiagnostics(analyzeEval(evalText, world)).map((d) => toLspDiagnostic(d, evalUri)) });
  const cases = report.cases.map((c) => ({
    name: c.name,
    status: c.status,
    ...(c.reason !== undefined ? { reason: c.reason } : {}),
    ...(c.actual !== undefined ? { actual: c.actual } : {}),
  }));
  return { uri: worldUri, name, passed: report.result === 'PASS', checks: report.checks, cases, files };
}

export function registerCheckWorldRequest(ctx: ServerContext): void {
  // The router's step request belongs with the world's eval (registered here to keep server.ts as it is).
  registerWorldStepRequest(ctx);
  ctx.connection.onRequest(
    CheckWorldRequest,
    ctx.runner.safe('checkWorld', (p: CheckWorldParams | null): CheckWorldResult => {
      const indexed = ctx.index.files().filter((f) => f.kind === 'world');
      const targets =
        typeof p?.uri === 'string' ? [{ uri: p.uri, name: indexed.find((f) => f.uri === p.uri)?.name ?? 'world.json' }] : indexed.map((f) => ({ uri: f.uri, name: f.name }));
      const worlds: CheckWorldEntry[] = [];
      for (const t of targets) {
        const entry = checkWorld(t.uri, t.name, ctx.index.host);
        if (entry) worlds.push(entry);
      }
      return { worlds };
    }),
  );
}
