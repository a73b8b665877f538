/**
 * The ```json fences of world.eval.md as the eval harness reads them (spec §3.9): numbered from 1
 * in order, empty ones skipped, each with its trimmed content and where that starts in the text.
 * Apart from cases.ts so that a reader of case names (the run simulator) needs no JSON parse tree.
 */
import { isJsonSyntaxError, unlessExpected } from '../../analysis/expectedErrors';

export interface JsonFence {
  /** 1-based, as `json block {n}`. */
  block: number;
  /** The fence's content, trimmed. */
  raw: string;
  /** Where `raw` starts in the markdown. */
  offset: number;
}

export function jsonFences(markdown: string): JsonFence[] {
  const out: JsonFence[] = [];
  const re = /```json\s*([\s\S]*?)```/g;
  let block = 0;
  for (let m = re.exec(markdown); m; m = re.exec(markdown)) {
    block++;
    const inner = m[1]!;
    const raw = inner.trim();
    if (!raw) continue;
    out.push({ block, raw, offset: m.index + m[0].length - 3 - inner.length + (inner.length - inner.trimStart().length) });
  }
  return out;
}

/** The `name` of every object in the fences that parse (what a new case must not repeat). JSON.parse does not recurse, so no depth bound is needed to read the top level. */
export function routingCaseNames(markdown: string): string[] {
  const names: string[] = [];
  for (const f of jsonFences(markdown)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(f.raw);
    } catch (e) {
      unlessExpected(e, isJsonSyntaxError);
      continue;
    }
    for (const item of Array.isArray(parsed) ? parsed : [parsed]) {
      if (item && typeof item === 'object' && 'name' in item && item.name) names.push(String(item.name));
    }
  }
  return names;
}
