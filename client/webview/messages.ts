/**
 * The messages between the graph panel (client/src/graphView.ts) and its webview script
 * (./graph.ts). Plain data only: both sides import this file.
 */
import type { GraphModel } from '../../server/src/core/graph/types';

/** The extension to the webview: the graph to draw (null: the file has none), a run's path, each node's worst problem. */
export interface ShowGraphMessage {
  type: 'graph';
  graph: GraphModel | null;
  /** Workflow node ids a simulated run visited, in order. */
  path: string[];
  problems: Record<string, 'error' | 'warning'>;
}

/** The webview to the extension. */
export type GraphViewMessage =
  /** The script is loaded: send the graph. */
  | { type: 'ready' }
  /** A node (by id) or an edge (by index) was clicked: reveal it in its file. */
  | { type: 'reveal'; node?: string; edge?: number }
  /** What was drawn: the node ids, the edge count and the highlighted path (for tests). */
  | { type: 'rendered'; uri: string | null; nodes: string[]; edges: number; path: string[]; tooLarge: boolean };

/** Graphs with more nodes are not laid out in the panel (the CLI prints them). */
export const MAX_DRAWN_NODES = 500;
