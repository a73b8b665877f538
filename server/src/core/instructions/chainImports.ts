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
import { utf8Length } from './utf8';

/** Most files one chain lists through imports (a guard far above real chains). */
const MAX_IMPORTED = 200;

/** `items` with the files each one imports inserted after it; `expands` tells which items the client reads imports in. */
export function withImports(items: readonly EffectItem[], host: IWorkspaceHost, maxDepth: number, expands: (uri: string) => boolean): EffectItem[] {
  const seen = new Set(items.map((i) => i.uri));
  const out: EffectItem[] = [];
  let added = 0;
  // Each imported file is read once: its size goes on its item, its text is scanned for its own imports.
  const expand = (uri: string, text: string, hop: number): void => {
    if (hop > maxDepth) return;
    for (const imp of importsOf(text, uri)) {
      if (!imp.uri || seen.has(imp.uri) || added >= MAX_IMPORTED || host.isDirectory(imp.uri)) continue;
      const imported = host.readText(imp.uri);
      if (imported === undefined) continue;
      seen.add(imp.uri);
      added++;
      out.push({ uri: imp.uri, why: `imported by ${basenameUri(uri)}${hop > 1 ? ` (${hop} hops from the chain)` : ''}`, bytes: utf8Length(imported) });
      expand(imp.uri, imported, hop + 1);
    }
  };
  for (const item of items) {
    out.push(item);
    const text = expands(item.uri) ? host.readText(item.uri) : undefined;
    if (text !== undefined) expand(item.uri, text, 1);
  }
  return out;
}
