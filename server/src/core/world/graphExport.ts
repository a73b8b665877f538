/**
 * An Agent World as Mermaid or Graphviz DOT text: its workflow graph (`graphModel.ts`) rendered
 * by `core/graph/render.ts`.
 */
import { renderGraph, type GraphFormat } from '../graph/render';
import { worldGraphModel } from './graphModel';
import type { WorldModel } from './model';

export type { GraphFormat } from '../graph/render';

export function renderWorldGraph(world: WorldModel, format: GraphFormat): string {
  return renderGraph(worldGraphModel(world), format);
}
