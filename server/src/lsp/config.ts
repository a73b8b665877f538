/**
 * `.agent-files.json` in the language server: the nearest config of each document (read through
 * the workspace host, so open buffers win and nothing outside the folders is read; looked for
 * no higher than the workspace folder or the repository root, as the CLI looks), the config
 * file's own diagnostics, and the two quick fixes "suppress on this line" and "turn off in
 * .agent-files.json".
 */
import type { CodeAction, Diagnostic as LspDiagnostic, TextEdit, WorkspaceEdit } from 'vscode-languageserver';
import { applyEdits, modify } from 'jsonc-parser';
import {
  applyConfigToFile,
  configCandidates,
  CONFIG_FILE_NAME,
  DEFAULT_CONFIG,
  isConfigFile,
  isIgnored,
  nearestConfig,
  parseConfig,
  type ConfigBound,
  type FoundConfig,
  type ParsedConfig,
} from '../core/config';
import type { Diagnostic } from '../core/types';

export class ConfigStore {
  readonly #parsed = new Map<string, { text: string; parsed: ParsedConfig }>();

  /** While a pass over many files runs (`whileIndexing`): what each config candidate read gave, so each folder's lookup is made once. */
  #reads: Map<string, string | undefined> | undefined;
  /** The same for "does this folder hold `.git`". */
  #repoRoots: Map<string, boolean> | undefined;
  /** The same for each folder's search: the candidates it looks at, nearest first (`#chainOf`). */
  #chains: Map<string, ConfigChain> | undefined;
  #passes = 0;
  readonly #bound: ConfigBound | undefined;

  constructor(
    readonly read: (uri: string) => string | undefined,
    /** The text of an open buffer, which is never held (it changes with each edit). */
    private readonly openText: (uri: string) => string | undefined = () => undefined,
    /** The workspace folders and repository roots the search stays within (none: unbounded, for tests). */
    bound?: ConfigBound,
  ) {
    this.#bound = bound && {
      inside: (f) => bound.inside(f),
      isRepoRoot: (f) => {
        if (!this.#repoRoots) return bound.isRepoRoot(f);
        if (!this.#repoRoots.has(f)) this.#repoRoots.set(f, bound.isRepoRoot(f));
        return this.#repoRoots.get(f)!;
      },
    };
  }

  /**
   * Runs a pass over many files (the workspace scan, a re-index) with the candidates' reads held:
   * 2,500 files in a few folders ask for the same few config paths thousands of times, each a
   * stat and a real-path lookup. Outside a pass every lookup reads again.
   */
  async whileIndexing<T>(pass: () => T | Promise<T>): Promise<T> {
    this.#hold();
    try {
      return await pass();
    } finally {
      this.#release();
    }
  }

  /** The same for a synchronous pass (a slice of the diagnostics queue). */
  holding<T>(pass: () => T): T {
    this.#hold();
    try {
      return pass();
    } finally {
      this.#release();
    }
  }

  #hold(): void {
    if (this.#passes++ === 0) {
      this.#reads = new Map();
      this.#repoRoots = new Map();
      this.#chains = new Map();
    }
  }

  #release(): void {
    if (--this.#passes === 0) {
      this.#reads = undefined;
      this.#repoRoots = undefined;
      this.#chains = undefined;
    }
  }

  #readCandidate(uri: string): string | undefined {
    const open = this.openText(uri);
    if (open !== undefined || !this.#reads) return open ?? this.read(uri);
    if (!this.#reads.has(uri)) this.#reads.set(uri, this.read(uri));
    return this.#reads.get(uri);
  }

  parse(uri: string, text: string): ParsedConfig {
    const hit = this.#parsed.get(uri);
    if (hit?.text === text) return hit.parsed;
    const parsed = parseConfig(text);
    this.#parsed.set(uri, { text, parsed });
    return parsed;
  }

  forFile(uri: string): FoundConfig {
    if (this.#chains) {
      // The files of one folder share its chain, found without making the candidates again.
      const slash = uri.lastIndexOf('/');
      const chain = (slash > 0 && this.#chains.get(`${uri.slice(0, slash + 1)}${CONFIG_FILE_NAME}`)) || this.#chainOf(configCandidates(uri), 0);
      // An open buffer wins over the disk wherever it stands in the chain, as in `nearestConfig`.
      for (const candidate of chain.candidates) {
        const open = this.openText(candidate);
        if (open !== undefined) return { uri: candidate, config: this.parse(candidate, open).config };
      }
      return chain.found ? { uri: chain.found.uri, config: this.parse(chain.found.uri, chain.found.text).config } : { config: DEFAULT_CONFIG };
    }
    return nearestConfig(
      uri,
      (u) => this.#readCandidate(u),
      (u, t) => this.parse(u, t).config,
      this.#bound,
    );
  }

  /**
   * What `nearestConfig` looks at on disk from `candidates[at]` up, during a pass: the candidates
   * inside the workspace, nearest first, up to the first that exists or the repository root.
   * Each folder's part is made once and shared by the folders below it (2,000 skills, each in its
   * own folder, share the folders above them); the open buffers, which change with each edit,
   * are looked at on every call.
   */
  #chainOf(candidates: readonly string[], at: number): ConfigChain {
    const uri = candidates[at];
    if (uri === undefined) return NO_CHAIN;
    const had = this.#chains!.get(uri);
    if (had) return had;
    const folder = uri.slice(0, uri.length - CONFIG_FILE_NAME.length - 1);
    let chain: ConfigChain = NO_CHAIN;
    if (!this.#bound || this.#bound.inside(folder)) {
      const text = this.#readDisk(uri);
      if (text !== undefined) chain = { candidates: [uri], found: { uri, text } };
      else if (this.#bound?.isRepoRoot(folder)) chain = { candidates: [uri] };
      else {
        const above = this.#chainOf(candidates, at + 1);
        chain = { candidates: [uri, ...above.candidates], ...(above.found ? { found: above.found } : {}) };
      }
    }
    this.#chains!.set(uri, chain);
    return chain;
  }

  /** A candidate's text on disk, held for the pass; unreadable (permissions, a folder of that name) is absent, as in `nearestConfig`. */
  #readDisk(uri: string): string | undefined {
    if (this.#reads!.has(uri)) return this.#reads!.get(uri);
    let text: string | undefined;
    try {
      text = this.read(uri);
    } catch {
      text = undefined;
    }
    this.#reads!.set(uri, text);
    return text;
  }

  /** A document's diagnostics after its configuration: none when it is ignored. */
  apply(uri: string, kind: string, text: string, diagnostics: Diagnostic[]): Diagnostic[] {
    const found = this.forFile(uri);
    if (isIgnored(found, uri)) return [];
    return applyConfigToFile(kind, text, diagnostics, found.config);
  }

  /** Forgets parsed files (a config file changed on disk). */
  changed(): void {
    this.#parsed.clear();
    this.#reads?.clear();
    this.#repoRoots?.clear();
    this.#chains?.clear();
  }
}

export { isConfigFile };

/** One folder's configuration search on disk during a pass. */
interface ConfigChain {
  candidates: readonly string[];
  found?: { uri: string; text: string };
}

const NO_CHAIN: ConfigChain = { candidates: [] };

/**
 * Quick fixes for one of our diagnostics: a suppression comment above its line (Markdown body)
 * or at its end (YAML frontmatter), and `"CODE": "off"` in the nearest config file (created in
 * the workspace folder holding the document when there is none).
 */
export function suppressionActions(uri: string, text: string, d: LspDiagnostic, configs: ConfigStore, roots: string[]): CodeAction[] {
  const code = typeof d.code === 'string' ? d.code : undefined;
  if (!code || d.source !== 'agent-files' || code === 'internal-error' || isConfigFile(uri) || /\.json$/i.test(uri)) return [];
  const out: CodeAction[] = [];
  const lines = text.split(/\r\n|\r|\n/);
  const eol = /\r\n/.test(text) ? '\r\n' : '\n';
  const line = d.range.start.line;
  let fmEnd = -1;
  if (lines[0]?.trimEnd() === '---')
    for (let i = 1; i < lines.length; i++)
      if (/^(---|\.\.\.)\s*$/.test(lines[i]!)) {
        fmEnd = i;
        break;
      }
  const lineText = lines[line] ?? '';
  if (line > 0 && line < fmEnd) {
    // Only a plain `key: value` line can take a trailing YAML comment without changing its value.
    if (/^\s*[\w.-]+:\s*(("[^"]*"|'[^']*'|[^|>#"'\s][^#]*?)\s*)?$/.test(lineText) && !lineText.includes(' #')) {
      const at = { line, character: lineText.length };
      out.push(action(`Suppress '${code}' on this line`, { changes: { [uri]: [{ range: { start: at, end: at }, newText: ` # agent-files-disable-line ${code}` }] } }, d));
    }
  } else if (line > fmEnd && line < lines.length) {
    const indent = /^\s*/.exec(lineText)![0];
    const at = { line, character: 0 };
    out.push(
      action(
        `Suppress '${code}' on this line`,
        { changes: { [uri]: [{ range: { start: at, end: at }, newText: `${indent}<!-- agent-files-disable-next-line ${code} -->${eol}` }] } },
        d,
      ),
    );
  }
  const found = configs.forFile(uri);
  const fmt = { formattingOptions: { insertSpaces: true, tabSize: 2, eol: '\n' } };
  if (found.uri) {
    const current = configs.read(found.uri);
    if (current !== undefined) {
      let edits: ReturnType<typeof modify> = [];
      try {
        edits = modify(current, ['rules', code], 'off', fmt);
      } catch {
        edits = [];
      }
      if (edits.length) {
        const next = applyEdits(current, edits);
        out.push(action(`Turn off '${code}' in ${CONFIG_FILE_NAME}`, { changes: { [found.uri]: [wholeText(current, next)] } }, d));
      }
    }
  } else {
    const root = roots.find((r) => uri.startsWith(r.endsWith('/') ? r : r + '/'));
    const target = root ? configCandidates(uri).find((c) => c === `${root.replace(/\/$/, '')}/${CONFIG_FILE_NAME}`) : undefined;
    if (target) {
      const body = `{\n  "rules": {\n    ${JSON.stringify(code)}: "off"\n  }\n}\n`;
      const edit: WorkspaceEdit = {
        documentChanges: [
          { kind: 'create', uri: target, options: { ignoreIfExists: true } },
          { textDocument: { uri: target, version: null }, edits: [{ range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } }, newText: body }] },
        ],
      };
      out.push(action(`Turn off '${code}' in a new ${CONFIG_FILE_NAME}`, edit, d));
    }
  }
  return out;
}

function action(title: string, edit: WorkspaceEdit, d: LspDiagnostic): CodeAction {
  return { title, kind: 'quickfix', diagnostics: [d], edit };
}

/** One edit replacing the whole of `before` with `after`. */
function wholeText(before: string, after: string): TextEdit {
  const lines = before.split(/\r\n|\r|\n/);
  return { range: { start: { line: 0, character: 0 }, end: { line: lines.length - 1, character: lines[lines.length - 1]!.length } }, newText: after };
}
