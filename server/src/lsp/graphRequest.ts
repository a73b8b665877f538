/**
 * `agentFiles/graph`: the graph of a file to draw, as the editor sees it (the workspace host reads
 * open buffers first): the workflow of an Agent World (asked for world.json, world.eval.md or a
 * prompt of the world) or the skill dependencies of a .3md file. null for any other file.
 */
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import { agentGraphModel } from '../core/agent/graphModel';
import { parseThreeMd } from '../core/threemd/parser';
import { fileKindOf } from '../core/workspace/fileKinds';
import { worldGraphModel } from '../core/world/graphModel';
import { parseWorld } from '../core/world/model';
import type { ServerContext } from './context';
import { GraphRequest, type GraphParams, type GraphResult } from './protocol';
import { worldJsonOf } from './worldStepRequest';

const WORLD_KINDS = new Set(['world', 'world-eval', 'world-prompt']);

export function registerGraphRequest(ctx: ServerContext): void {
  ctx.connection.onRequest(
    GraphRequest,
    ctx.runner.safe('graph', (p: GraphParams): GraphResult => {
      if (typeof p?.uri !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'graph: uri must be a string');
      const kind = fileKindOf(URI.parse(p.uri).path);
      const host = ctx.index.host;
      const read = (uri: string) => (host.exists(uri) && !host.isDirectory(uri) ? host.readText(uri) : undefined);
      if (kind === '3md') {
        const text = read(p.uri);
        return text === undefined ? null : agentGraphModel(parseThreeMd(text), p.uri);
      }
      if (kind === null || !WORLD_KINDS.has(kind)) return null;
      const worldUri = worldJsonOf(p.uri);
      const text = read(worldUri);
      return text === undefined ? null : worldGraphModel(parseWorld(text, worldUri));
    }),
  );
}
