/**
 * Go to definition and find references for an Agent World, from world.json, a prompt file
 * or world.eval.md. Pure: callers pass the texts of the world's other documents.
 */
import type { Location } from 'vscode-languageserver-types';
import type { Position } from '../types';
import type { WorldModel } from './model';
import {
  allOccurrences,
  evalOccurrences,
  mentionOccurrences,
  occurrenceAt,
  sameSymbol,
  worldJsonOccurrences,
  type Occurrence,
  type WorldDocuments,
  type WorldSymbol,
} from './symbols';

const ZERO = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** Which kind of world document a URI is, judged by its name and the world's prompt paths. */
export type WorldDocKind = 'world' | 'prompt' | 'eval' | 'layout' | 'other';

export function worldDocKind(world: WorldModel, uri: string): WorldDocKind {
  if (uri === world.uri) return 'world';
  if (uri.endsWith('/world.eval.md')) return 'eval';
  if (uri.endsWith('/world.layout.json')) return 'layout';
  for (const a of world.agents.values()) if (a.prompt?.kind === 'ok' && a.prompt.uri === uri) return 'prompt';
  return /\/prompts\/[^/]+\.md$/i.test(uri) ? 'prompt' : 'other';
}

/** The name under the cursor in any world document. */
export function symbolAt(world: WorldModel, uri: string, text: string, position: Position): Occurrence | undefined {
  const kind = worldDocKind(world, uri);
  const occ =
    kind === 'world' ? worldJsonOccurrences(world) : kind === 'eval' ? evalOccurrences({ uri, text }, world) : kind === 'prompt' ? mentionOccurrences({ uri, text }, world) : [];
  return occurrenceAt(occ, position);
}

/** Where a name is defined: the agents/nodes key, or the prompt file for promptPath. */
export function definitionOf(world: WorldModel, symbol: WorldSymbol): Location[] {
  if (symbol.kind === 'agent') {
    const a = world.agents.get(symbol.id);
    if (!a) return [];
    const out: Location[] = [{ uri: world.uri, range: a.keyRange }];
    return out;
  }
  if (symbol.kind === 'node') {
    const n = world.nodes.get(symbol.id);
    return n ? [{ uri: world.uri, range: n.keyRange }] : [];
  }
  if (symbol.kind === 'promptPath') {
    const p = world.agents.get(symbol.agentId)?.prompt;
    return p?.kind === 'ok' ? [{ uri: p.uri, range: ZERO }] : [];
  }
  return [];
}

/**
 * Go to definition from any world document. From a mention (prompt or eval) it gives the
 * agent in world.json first and that agent's prompt file second.
 */
export function worldDefinition(world: WorldModel, uri: string, text: string, position: Position): Location[] {
  const occ = symbolAt(world, uri, text, position);
  if (!occ || (occ.isDefinition && occ.symbol.kind !== 'agent')) return [];
  if (occ.isDefinition) return definitionOf(world, { kind: 'promptPath', agentId: (occ.symbol as { id: string }).id });
  const defs = definitionOf(world, occ.symbol);
  if (occ.symbol.kind === 'agent' && uri !== world.uri) for (const x of definitionOf(world, { kind: 'promptPath', agentId: occ.symbol.id })) defs.push(x);
  return defs;
}

/** Every use of the name under the cursor across world.json, prompts, eval and layout. */
export function worldReferences(world: WorldModel, uri: string, text: string, position: Position, docs: WorldDocuments, includeDeclaration = true): Location[] {
  const occ = symbolAt(world, uri, text, position);
  if (!occ || occ.symbol.kind === 'human') return [];
  const symbol: WorldSymbol = occ.symbol.kind === 'promptPath' ? { kind: 'agent', id: occ.symbol.agentId } : occ.symbol;
  return allOccurrences(world, docs)
    .filter((o) => sameSymbol(o.symbol, symbol) && (includeDeclaration || !o.isDefinition))
    .map((o) => ({ uri: o.uri, range: o.range }));
}
