/**
 * The files a chain's `@path` imports bring into context, as the client inlines them: each import
 * right after the file that makes it, depth first in the order written, up to the client's hops
 * (Claude Code 4, Gemini CLI 5; docs/rules.md "Instruction files"), each file once. Only files
 * the host can read (inside the workspace) are listed; `~/` and absolute imports are not read.
 */
import type { IWorkspaceHost } from '../workspace/host';
import { basenameUri } from '../world/paths';
import type { EffectItem } from './effectTypes';
import { importsOf } from './imports';

/** Most files one chain lists through imports (a guard far above real chains). */
const MAX_IMPORTED = 200;

/** `items` with the files each one imports inserted after it; `expands` tells which items the client reads imports in. */
export function withImports(items: readonly EffectItem[], host: IWorkspaceHost, maxDepth: number, expands: (uri: string) => boolean): EffectItem[] {
  const seen = new Set(items.map((i) => i.uri));
  const out: EffectItem[] = [];
  let added = 0;
  const expand = (uri: string, hop: number): void => {
    const text = hop <= maxDepth ? host.readText(uri) : undefined;
    if (text === undefined) return;
    for (const imp of importsOf(text, uri)) {
      if (!imp.uri || seen.has(imp.uri) || added >= MAX_IMPORTED || host.isDirectory(imp.uri) || host.readText(imp.uri) === undefined) continue;
      seen.add(imp.uri);
      added++;
      out.push({ uri: imp.uri, why: `imported by ${basenameUri(uri)}${hop > 1 ? ` (${hop} hops from the chain)` : ''}` });
      expand(imp.uri, hop + 1);
    }
  };
  for (const item of items) {
    out.push(item);
    if (expands(item.uri)) expand(item.uri, 1);
  }
  return out;
}
