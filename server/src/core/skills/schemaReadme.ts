/**
 * Another tool's store of skills in a hidden folder of its own (`.mercury/skills/`), whose README
 * documents the frontmatter as that tool's schema: a fenced block listing `name:`,
 * `description:` and the keys the tool adds (`category:`, `roles:`, `origin:`). No client loads
 * skills from such a folder; the tool does, and needs those keys at the top level (held-out round
 * 77: 125 warnings on the orchestrator's skill store of one repository, whose README calls them
 * required). The keys the README's schema lists are read by that tool: advice, naming the README.
 * Only a folder starting with a dot that is no client's (`.claude/`, `.agents/`, `.github/`…)
 * counts: a visible `skills/` collection's README speaks for skills people install.
 */
import type { IWorkspaceHost } from '../workspace/host';
import { dirnameUri } from '../world/paths';
import type { KeyReader } from './keyReaders';
import { foldersBelowRoot } from './copies';

/** The folders coding agents keep their own files in (a client's skills are read from there). */
const CLIENT_FOLDER =
  /^\.(?:agents?|claude|github|gemini|cursor|codex|opencode|windsurf|copilot|kiro|roo|codebuddy|hermes|pi|qwen|trae|factory|goose|kilocode|augment|continue|cline|amp|junie|zed)$/;

/** The top-level keys of the fenced blocks of a Markdown text that list both `name:` and `description:`. */
export function schemaKeys(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const m of markdown.matchAll(/^(`{3,}|~{3,})[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm)) {
    const keys = [...m[2]!.matchAll(/^([A-Za-z_][\w-]*)[ \t]*:/gm)].map((k) => k[1]!);
    if (keys.includes('name') && keys.includes('description')) for (const k of keys) out.add(k);
  }
  return out;
}

/** The reader of a skill in another tool's hidden store whose README documents the schema; undefined for any other skill. */
export function schemaReadmeReader(uri: string, host: IWorkspaceHost, roots?: readonly string[]): KeyReader | undefined {
  // The store's folders from the root (the skill's own folder left out).
  const folders = foldersBelowRoot(uri, roots).slice(0, -1);
  const hidden = folders.find((f) => f.startsWith('.') && f.length > 1);
  if (!hidden || folders.some((f) => CLIENT_FOLDER.test(f))) return undefined;
  const store = dirnameUri(dirnameUri(uri));
  const text = host.readText(`${store}/README.md`);
  const keys = text === undefined ? undefined : schemaKeys(text);
  if (!keys?.size) return undefined;
  const label = `${hidden}'s own skill store (${folders.join('/')}/README.md lists the key in its frontmatter schema; no client loads skills from there)`;
  return { label, reads: (key) => keys.has(key) };
}
