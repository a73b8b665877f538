/**
 * `agent-files graph FILE [--format mermaid|dot]`: a file's graph as text for READMEs: an Agent
 * World's workflow (world.json, or a folder with `.agent-world/`) or an agent.3md's skill
 * dependencies (its planes and `[[z=N]]` links). `world graph` prints the same for a world.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { agentGraphModel } from '../core/agent/graphModel';
import { renderGraph, type GraphFormat } from '../core/graph/render';
import type { GraphModel } from '../core/graph/types';
import { parseThreeMd } from '../core/threemd/parser';
import { worldGraphModel } from '../core/world/graphModel';
import { describeSyntaxError, parseWorld } from '../core/world/model';
import { readArgs, UsageError } from './args';
import { FatalError, readFileOrFail, type Io } from './io';
import { findWorld } from './findWorld';

export const GRAPH_HELP = `Usage: agent-files graph [--format mermaid|dot] FILE

Prints the graph of FILE as a Mermaid flowchart (the default; GitHub renders it in Markdown) or
Graphviz DOT (pipe it to \`dot -Tsvg\`):
  world.json, or a folder with .agent-world/world.json: the workflow, each node with its agent,
  the edges the router allows, the human entries, the requires joins (dashed), the entry
  (rounded; DOT: a double border) and the final nodes (a double-sided box; DOT: bold);
  a .3md file (agent.3md): each plane with its z and name, the identity or entry plane rounded,
  and one edge per [[z=N]] dependency; a link to a missing plane goes to a node marked so.

Exit codes: 0 printed, 2 bad usage, an unreadable file, or a world.json that is not JSON.`;

export function graphCommand(argv: string[], io: Io): number {
  const { positional, flags } = readArgs(argv, ['help'], ['format']);
  const format = (flags.get('format') as string | undefined) ?? 'mermaid';
  if (format !== 'mermaid' && format !== 'dot') throw new UsageError(`unknown format '${format}' (use mermaid or dot)`);
  if (positional.length !== 1) throw new UsageError('graph takes one file: a world.json (or its project folder) or an agent.3md');
  io.out(renderGraph(graphOf(path.resolve(io.cwd, positional[0]!), io.cwd), format as GraphFormat).trimEnd());
  return 0;
}

/** The graph of a .3md file, or of the world a path names. */
export function graphOf(p: string, cwd: string): GraphModel {
  if (/\.3md$/i.test(p)) return agentGraphModel(parseThreeMd(readFileOrFail(p)), URI.file(p).toString());
  if (path.basename(p) !== 'world.json' && fs.statSync(p, { throwIfNoEntry: false })?.isFile()) {
    throw new UsageError(`graph draws a world.json (or a folder with .agent-world/) or a .3md file, not ${path.basename(p)}`);
  }
  return worldGraphOf(p, cwd);
}

/** The workflow of the world a folder or world.json names; a world.json that is not JSON is fatal. */
export function worldGraphOf(p: string, cwd: string): GraphModel {
  const worldPath = findWorld(p);
  const world = parseWorld(readFileOrFail(worldPath), URI.file(worldPath).toString());
  if (world.syntaxErrors.length)
    throw new FatalError(`agent-files: ${path.relative(cwd, worldPath) || worldPath} is not valid JSON: ${describeSyntaxError(world.syntaxErrors[0]!)}`);
  return worldGraphModel(world);
}
