/**
 * `agentFiles/worldStep`: one command of an Agent World's router, for a run simulator in any
 * editor. The world is read as the editor sees it (open buffers first); the state travels with
 * the client, so the server holds no runs. Values from the client are checked before the router
 * reads them (shape, nesting), and a world the router would refuse is answered as its error.
 */
import { ErrorCodes, ResponseError } from 'vscode-languageserver';
import { MAX_DOCUMENT_DEPTH, tooDeep, tooDeepMessage } from '../core/text/jsonDepth';
import { loadRouterConfig } from '../core/world/router/config';
import { initialState, routerStep } from '../core/world/router/router';
import { routerStateProblem } from '../core/world/router/stateShape';
import type { RouterCommand, RouterState } from '../core/world/router/types';
import { basenameUri, dirnameUri, resolveRelative } from '../core/world/paths';
import type { ServerContext } from './context';
import { WorldStepRequest, type WorldStepParams, type WorldStepResult } from './protocol';

/** The world.json of a world document: itself, the one beside world.eval.md, the one above prompts/. */
export function worldJsonOf(uri: string): string {
  const name = basenameUri(uri);
  if (name === 'world.json') return uri;
  const dir = dirnameUri(uri);
  return resolveRelative(basenameUri(dir) === 'prompts' ? dirnameUri(dir) : dir, 'world.json');
}

const STATE_DEPTH = MAX_DOCUMENT_DEPTH + 8;

export function registerWorldStepRequest(ctx: ServerContext): void {
  ctx.connection.onRequest(
    WorldStepRequest,
    ctx.runner.safe('worldStep', (p: WorldStepParams): WorldStepResult => {
      if (typeof p?.uri !== 'string') throw new ResponseError(ErrorCodes.InvalidParams, 'worldStep: uri must be a string');
      const command = p.command;
      if (typeof command !== 'object' || command === null || Array.isArray(command) || typeof (command as { command?: unknown }).command !== 'string') {
        throw new ResponseError(ErrorCodes.InvalidParams, 'worldStep: command must be an object with a string "command"');
      }
      // A state holds host-action payloads the router parsed (up to its document bound) a few levels down.
      if (tooDeep(command)) throw new ResponseError(ErrorCodes.InvalidParams, tooDeepMessage('worldStep: the command'));
      if (tooDeep(p.state, STATE_DEPTH)) throw new ResponseError(ErrorCodes.InvalidParams, tooDeepMessage('worldStep: the state', STATE_DEPTH));
      const problem = p.state === undefined || p.state === null ? undefined : routerStateProblem(p.state);
      if (problem) throw new ResponseError(ErrorCodes.InvalidParams, `worldStep: ${problem}`);
      const worldUri = worldJsonOf(p.uri);
      const host = ctx.index.host;
      const text = host.exists(worldUri) && !host.isDirectory(worldUri) ? host.readText(worldUri) : undefined;
      if (text === undefined) return { state: null, result: { type: 'error', error: `Missing Agent World config: ${worldUri}` } };
      const loaded = loadRouterConfig(text, worldUri, host);
      if (!loaded.config) return { state: null, result: { type: 'error', error: loaded.error } };
      const now = new Date().toISOString();
      const state = (p.state as RouterState | null | undefined) ?? initialState(now);
      return { ...routerStep(loaded.config, state, command as RouterCommand, now), stopToken: loaded.config.world.stopToken };
    }),
  );
}
