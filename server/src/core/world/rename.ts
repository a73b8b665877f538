/**
 * Rename an agent id or node id across world.json, prompt mentions, world.eval.md and
 * world.layout.json. Display-name mentions (`@Software Architect`) are left alone: they
 * still resolve after an id rename.
 */
import type { TextEdit, WorkspaceEdit } from 'vscode-languageserver-types';
import type { Position, Range } from '../types';
import type { WorldModel } from './model';
import { symbolAt } from './navigation';
import { allOccurrences, sameSymbol, type WorldDocuments, type WorldSymbol } from './symbols';

export type RenameResult = { edit: WorkspaceEdit } | { error: string };

/** What prepareRename reports: the range to select and the current name, or undefined. */
export function worldPrepareRename(world: WorldModel, uri: string, text: string, position: Position): { range: Range; placeholder: string } | undefined {
  const occ = symbolAt(world, uri, text, position);
  if (!occ || !occ.editRange || (occ.symbol.kind !== 'agent' && occ.symbol.kind !== 'node')) return undefined;
  return { range: occ.editRange, placeholder: occ.symbol.id };
}

/**
 * Renames the agent or node under the cursor (in world.json, a prompt or world.eval.md).
 * Undefined when there is nothing renameable there; an error when the new name is invalid
 * or already taken.
 */
export function worldRename(world: WorldModel, uri: string, text: string, position: Position, newName: string, docs: WorldDocuments): RenameResult | undefined {
  const occ = symbolAt(world, uri, text, position);
  if (!occ || (occ.symbol.kind !== 'agent' && occ.symbol.kind !== 'node')) return undefined;
  return renameSymbol(world, occ.symbol, newName, docs);
}

/** Renames a known symbol (for callers that found it another way, e.g. a tree view). */
export function renameSymbol(world: WorldModel, symbol: WorldSymbol, newName: string, docs: WorldDocuments): RenameResult {
  if (symbol.kind !== 'agent' && symbol.kind !== 'node') return { error: 'Only agent ids and node ids can be renamed.' };
  if (!/^[A-Za-z0-9_-]+$/.test(newName)) return { error: 'Only letters, digits, "_", and "-" are allowed.' };
  const taken = symbol.kind === 'agent' ? world.agents.has(newName) : world.nodes.has(newName);
  if (newName !== symbol.id && taken) return { error: `${symbol.kind === 'agent' ? 'agents' : 'workflow.nodes'}.${newName} already exists.` };
  const changes: Record<string, TextEdit[]> = {};
  const seen = new Set<string>();
  for (const o of allOccurrences(world, docs)) {
    if (!o.editRange || !sameSymbol(o.symbol, symbol)) continue;
    const key = `${o.uri}#${o.editRange.start.line}:${o.editRange.start.character}`;
    if (seen.has(key)) continue;
    seen.add(key);
    (changes[o.uri] ??= []).push({ range: o.editRange, newText: newName });
  }
  return { edit: { changes } };
}
