/** `parse`, `links`, `route`, `resolve`, `command`, `export`: one .3md file in, JSON or a command line out. */
import { buildAgent } from '../core/agent/model';
import { documentIssues, parseThreeMd } from '../core/threemd/parser';
import { referenceLinks, strictResult } from '../core/threemd/reference';
import { AgentRuntime } from '../core/agent/runtime';
import { readArgs, UsageError } from './args';
import { readFileOrFail, type Io } from './io';
import { jsonPrintable } from './escape';

const json = (v: unknown) => jsonPrintable(JSON.stringify(v, null, 2));

/** `parse FILE`: the conformance document shape, or the first error (exit 1). */
export function parseCommand(argv: string[], io: Io): number {
  const { positional } = readArgs(argv, []);
  const file = single(positional, 'parse FILE');
  const r = strictResult(parseThreeMd(readFileOrFail(file)));
  if (r.ok) {
    io.out(json(r.document));
    return 0;
  }
  io.out(json({ error: r.error.code, message: r.error.message, range: r.error.range }));
  return 1;
}

/** `links FILE`. */
export function linksCommand(argv: string[], io: Io): number {
  const file = single(readArgs(argv, []).positional, 'links FILE');
  const doc = parseThreeMd(readFileOrFail(file));
  const r = strictResult(doc);
  if (!r.ok) return parseFailure(file, r.error, io);
  io.out(json(referenceLinks(doc)));
  return 0;
}

function single(positional: string[], usage: string): string {
  if (positional.length !== 1) throw new UsageError(`usage: agent-files ${usage}`);
  return positional[0]!;
}

function parseFailure(file: string, error: { message: string; range: { start: { line: number; character: number } } }, io: Io): number {
  const { line, character } = error.range.start;
  io.err(`agent-files: ${file}:${line + 1}:${character + 1}: ${error.message}`);
  return 1;
}

/** Loads an agent the way the reference runtime does: a 3md error stops it. */
function loadRuntime(file: string, io: Io): AgentRuntime | number {
  const doc = parseThreeMd(readFileOrFail(file));
  const first = documentIssues(doc)[0];
  if (first) return parseFailure(file, first, io);
  // The runtime of the agent as written: its diagnostics are `check`'s, not computed here.
  return new AgentRuntime(buildAgent(doc));
}

/** `route FILE TEXT`. */
export function routeCommand(argv: string[], io: Io): number {
  const { positional } = readArgs(argv, []);
  if (positional.length < 2) throw new UsageError('usage: agent-files route FILE TEXT');
  const rt = loadRuntime(positional[0]!, io);
  if (typeof rt === 'number') return rt;
  const text = positional.slice(1).join(' ');
  io.out(json(rt.route(text).map((r) => ({ name: r.skill.name, z: r.skill.z, score: r.score, hits: r.hits }))));
  return 0;
}

/** A skill argument: a number names a z when no skill has that name. */
function skillKey(rt: AgentRuntime, arg: string): string | number {
  if (rt.get(arg)) return arg;
  return /^-?\d+(\.\d+)?$/.test(arg) ? Number(arg) : arg;
}

/** `resolve FILE SKILL`. */
export function resolveCommand(argv: string[], io: Io): number {
  const { positional } = readArgs(argv, []);
  if (positional.length !== 2) throw new UsageError('usage: agent-files resolve FILE SKILL');
  const rt = loadRuntime(positional[0]!, io);
  if (typeof rt === 'number') return rt;
  const key = skillKey(rt, positional[1]!);
  if (!rt.get(key)) {
    io.err(`agent-files: ${positional[0]}: no skill named '${positional[1]}'`);
    return 1;
  }
  io.out(json(rt.resolve(key).map((s) => s.name)));
  return 0;
}

const ASSIGNMENT = /^([a-zA-Z_]\w*)=([\s\S]*)$/;

/** `command FILE SKILL name=value... [--allow-options] [--allow-missing]`. */
export function commandCommand(argv: string[], io: Io): number {
  const { positional, flags } = readArgs(argv, ['allow-options', 'allow-missing']);
  if (positional.length < 2) throw new UsageError('usage: agent-files command FILE SKILL [name=value...] [--allow-options] [--allow-missing]');
  const [file, skillArg, ...pairs] = positional as [string, string, ...string[]];
  const values: Record<string, string> = {};
  for (const p of pairs) {
    const m = ASSIGNMENT.exec(p);
    if (!m) throw new UsageError(`expected name=value, found '${p}'`);
    values[m[1]!] = m[2]!;
  }
  const rt = loadRuntime(file, io);
  if (typeof rt === 'number') return rt;
  const key = skillKey(rt, skillArg);
  const skill = rt.get(key);
  if (!skill) {
    io.err(`agent-files: ${file}: no skill named '${skillArg}'`);
    return 1;
  }
  if (!skill.tool) {
    io.err(`agent-files: ${file}: skill '${skill.name}' has no tool (it is guidance only)`);
    return 1;
  }
  const r = rt.fillChecked(key, values, { allowOptions: flags.has('allow-options'), allowMissing: flags.has('allow-missing') });
  if (r.command === null) {
    for (const p of r.problems) io.err(`agent-files: ${file}: skill '${skill.name}': ${p}`);
    return 1;
  }
  io.out(r.command);
  return 0;
}

/** `export FILE [--bodies]`. */
export function exportCommand(argv: string[], io: Io): number {
  const { positional, flags } = readArgs(argv, ['bodies']);
  const file = single(positional, 'export FILE [--bodies]');
  const rt = loadRuntime(file, io);
  if (typeof rt === 'number') return rt;
  io.out(json(rt.exportJson(flags.has('bodies'))));
  return 0;
}
