/**
 * Open documents with incremental sync: each change goes through the core's incremental
 * re-parse. Every format's analyses are cached on the document (see documentCache.ts).
 */
import { TextDocument } from 'vscode-languageserver-textdocument';
import type { Position, TextDocumentContentChangeEvent } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import { fileKindOf, kindOf as repositoryKindOf, type FileKind } from '../core/workspace/fileKinds';
import { NO_REPOSITORY_FACTS, type RepositoryFacts } from '../core/skills';
import { parseThreeMd } from '../core/threemd/parser';
import { reparse } from '../core/threemd/incremental';
import { LineIndex } from '../core/text/text';
import { applyLspEdit } from '../core/text/lineMap';
import type { Range } from '../core/types';
import type { ThreeMdDocument } from '../core/threemd/document';
import type { ThreeMdAnalysis } from '../core/agent/threemdAnalysis';
import { analyzeKind } from '../core/analysis/fileAnalyses';
import type { AgentDetection } from '../core/agent/detect';
import { emptyHost, type IWorkspaceHost } from '../core/workspace/host';
import { freezeShallow, normalizeUri, recordingHost, touches, type CacheStats, type DocumentCache } from './documentCache';

/** What providers read of an open document. */
export interface DocumentText {
  readonly uri: string;
  readonly languageId: string;
  readonly version: number;
  /** The whole text, or the text of a range. */
  getText(range?: Range): string;
}

/**
 * A .3md document's text lives in its parse tree (as lines): an edit touches one line instead of
 * rebuilding the whole string, and the string is only made when someone asks for it.
 */
class TreeText implements DocumentText {
  constructor(
    readonly uri: string,
    readonly languageId: string,
    public version: number,
    private readonly entry: { tree: ThreeMdDocument | null },
  ) {}

  getText(range?: Range): string {
    const text = this.entry.tree?.getText() ?? '';
    if (!range) return text;
    const index = new LineIndex(text);
    return text.slice(index.offsetAt(range.start), index.offsetAt(range.end));
  }
}

export interface OpenDocument {
  uri: string;
  kind: FileKind | null;
  doc: DocumentText;
  /** The 3md parse, kept current by incremental re-parse (3md files only). */
  tree: ThreeMdDocument | null;
  /** The document's cached analyses (every format), null when none; see `DocumentStore.cached`. */
  cache: DocumentCache | null;
  /** For a .3md tree: whether any line holds `agent-files-` (kept per edit: only edited lines can gain one). */
  marked?: boolean;
}

/**
 * The text the configuration step reads for suppression comments (all of which hold
 * `agent-files-`). A .3md tree keeps its text as lines and joins them only when asked, so when no
 * line holds such a comment the empty string stands in for it (the same verdict) and a keystroke
 * in a large agent does not join megabytes of lines.
 */
export function suppressionText(entry: OpenDocument): string {
  if (entry.tree && entry.marked === false) return '';
  return entry.doc.getText();
}

/** What every suppression comment holds. */
const MARK = 'agent-files-';

/** Whether a tree's lines from `first` to `last` (clamped) hold a suppression mark. */
function marksIn(tree: ThreeMdDocument, first = 0, last = tree.lineCount - 1): boolean {
  const end = Math.min(last, tree.lineCount - 1);
  for (let i = Math.max(0, first); i <= end; i++) if (tree.line(i)!.includes(MARK)) return true;
  return false;
}

/** Which of our formats an open document is: by file name (and, for a plugin's components, the repository's manifests), else by language id. */
export function kindOf(uri: string, languageId: string, facts: RepositoryFacts = NO_REPOSITORY_FACTS): FileKind | null {
  let path = uri;
  try {
    path = URI.parse(uri).path;
  } catch {
    // keep the raw string
  }
  const byName = fileKindOf(path);
  // An AGENT.md may be a plugin's subagent: the manifests decide (`kindOf` of the core).
  if (byName && byName !== 'agent-md') return byName;
  return repositoryKindOf(uri, facts) ?? byName ?? (languageId === '3md' ? '3md' : null);
}

/** What a store is made with: where it reports an unexpected failure, and the incremental re-parse it uses (tests inject a failing one). */
export interface DocumentStoreOptions {
  log?: (message: string) => void;
  reparse?: typeof reparse;
}

export class DocumentStore {
  readonly #docs = new Map<string, OpenDocument>();
  readonly #log: (message: string) => void;
  readonly #reparse: typeof reparse;

  constructor(options: DocumentStoreOptions = {}) {
    // Without a logger (tests, tools) a failure still leaves a line on stderr.
    this.#log = options.log ?? ((m) => console.error(m));
    this.#reparse = options.reparse ?? reparse;
  }
  detection: AgentDetection = 'auto';
  /** What the workspace's manifests say (set by the server): a plugin's agents, commands and hooks are ours. */
  repository: () => RepositoryFacts = () => NO_REPOSITORY_FACTS;
  /** Bumped when settings change, so cached analyses are recomputed. */
  #generation = 0;

  get(uri: string): OpenDocument | undefined {
    return this.#docs.get(uri);
  }

  readonly #touched: ((uri: string) => void)[] = [];

  /** Calls `listener` with the URI of each document opened, changed or closed (for indexes kept over the open documents). */
  onTouched(listener: (uri: string) => void): void {
    this.#touched.push(listener);
  }

  #touch(uri: string): void {
    for (const l of this.#touched) l(uri);
  }

  all(): OpenDocument[] {
    return [...this.#docs.values()];
  }

  open(uri: string, languageId: string, version: number, text: string): OpenDocument {
    const entry = makeEntry(uri, languageId, version, text, this.repository());
    this.#docs.set(uri, entry);
    this.#touch(uri);
    return entry;
  }

  /**
   * An entry for the text of a file that is not open (the workspace diagnostics check files on
   * disk with the same providers): never stored, so no handler finds it, and its cache lives as
   * long as the caller keeps it.
   */
  detached(uri: string, text: string): OpenDocument {
    return makeEntry(uri, '', 0, text, this.repository());
  }

  /**
   * Applies changes in order; returns undefined for a document that was never opened.
   * Malformed changes (see `wellFormed`) are normalised or skipped, and the tree always
   * follows the text: a failed incremental re-parse falls back to a full parse, so no edit is
   * ever half-applied.
   */
  change(uri: string, version: number, changes: TextDocumentContentChangeEvent[]): OpenDocument | undefined {
    const entry = this.#docs.get(uri);
    if (!entry) return undefined;
    this.#unread(entry);
    entry.cache = null;
    this.#touch(uri);
    for (const raw of Array.isArray(changes) ? changes : []) {
      const change = wellFormed(raw);
      if (!change) continue;
      const nextVersion = typeof version === 'number' ? version : entry.doc.version;
      if (entry.doc instanceof TreeText) {
        const before = entry.tree!.getText;
        let edited: { first: number; last: number } | null = null;
        try {
          // With a lone CR the client's line numbers (LSP's model) are not the tree's: apply the edit to the text.
          if (!('range' in change)) entry.tree = parseThreeMd(change.text);
          else if (entry.tree!.loneCr) entry.tree = parseThreeMd(applyLspEdit(before(), change.range, change.text));
          else {
            // Lines are the tree's here (no lone CR): a new mark can only be on the edited lines.
            const first = Math.min(change.range.start.line, entry.tree!.lineCount - 1);
            entry.tree = this.#reparse(entry.tree!, { range: change.range, text: change.text });
            edited = { first, last: first + change.text.split('\n').length - 1 };
          }
        } catch (e) {
          // Never half-apply an edit: redo it from scratch on the previous tree's text (a re-parse never changes the tree it starts from).
          this.#log(`internal error: incremental re-parse of ${uri} failed, parsed again in full: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`);
          entry.tree = parseThreeMd('range' in change ? applyLspEdit(before(), change.range, change.text) : change.text);
          edited = null;
        }
        entry.marked = entry.marked === false && edited ? marksIn(entry.tree!, edited.first, edited.last) : marksIn(entry.tree!);
        entry.doc.version = nextVersion;
        continue;
      }
      entry.doc = TextDocument.update(entry.doc as TextDocument, [inside(entry.doc as TextDocument, change)], nextVersion);
    }
    return entry;
  }

  close(uri: string): void {
    const entry = this.#docs.get(uri);
    if (entry) this.#unread(entry);
    this.#docs.delete(uri);
    this.#touch(uri);
  }

  /** Takes a document out of the readers of what its cached analyses read (before they are dropped). */
  #unread(entry: OpenDocument): void {
    for (const slot of entry.cache?.values() ?? []) for (const r of slot.reads) this.#readers.get(r)?.delete(entry);
  }

  /**
   * The manifests changed: a document may have become a plugin's agent, command or hooks file, or
   * stopped being one (a .3md keeps its tree; its kind never comes from the manifests).
   */
  reclassify(): void {
    const facts = this.repository();
    for (const e of this.#docs.values()) if (e.kind !== '3md') e.kind = kindOf(e.uri, e.doc.languageId, facts);
  }

  /** Settings or workspace folders changed: every cached analysis is recomputed when next asked for. */
  settingsChanged(): void {
    this.#generation++;
    for (const e of this.#docs.values()) {
      this.#unread(e);
      e.cache = null;
    }
  }

  /**
   * The open documents whose cached analyses read each URI (normalised), so a changed file finds
   * them without walking every open document (10,000 open files each reading a few made every
   * open cost 10,000 steps). An entry may outlive the analysis that made it; it is checked when used.
   */
  readonly #readers = new Map<string, Set<OpenDocument>>();
  /** The folders some cached analysis read a URI below. */
  readonly #above = new Set<string>();

  /** How many times each slot was computed, since the server started. */
  readonly stats: CacheStats = new Map();

  /**
   * The value of `slot` for a document at its current version, computed by `compute` only when
   * it is not cached for these `inputs` (everything besides the text it depends on, as a
   * string). `compute` gets `host` recording what it reads, so a change to one of those files
   * (see `filesChanged`) drops the value.
   */
  cached<T>(entry: OpenDocument, slot: string, inputs: string, compute: (host: IWorkspaceHost) => T, host: IWorkspaceHost = emptyHost): T {
    const key = `${entry.doc.version}:${this.#generation}`;
    const id = `${slot}\0${inputs}`;
    const hit = entry.cache?.get(id);
    if (hit?.key === key) return hit.value as T;
    const reads = new Set<string>();
    const shallow = new Map<string, ReadonlySet<string> | null>();
    const value = compute(recordingHost(host, reads, shallow));
    // The .3md analysis is the engine's own value; the others are frozen one level down.
    (entry.cache ??= new Map()).set(id, { key, value: slot === '3md' ? value : freezeShallow(value), reads, shallow });
    for (const r of reads) {
      (this.#readers.get(r) ?? this.#readers.set(r, new Set()).get(r)!).add(entry);
      for (const a of ancestors(r)) this.#above.add(a);
    }
    this.stats.set(slot, (this.stats.get(slot) ?? 0) + 1);
    return value;
  }

  /**
   * Files changed (open buffers edited, files created, changed or deleted on disk): drops the
   * analyses that read them. `deletion` when some of the changes may be deletions. True when an
   * open document's analysis was dropped.
   */
  filesChanged(uris: readonly string[], deletion = true): boolean {
    let dropped = false;
    for (const c of uris.map(normalizeUri)) {
      // A read at the URI or at a folder above it is found by name; a read below it (a changed folder), only by walking every document.
      const docs = this.#above.has(c) ? this.#docs.values() : [c, ...ancestors(c)].flatMap((u) => [...(this.#readers.get(u) ?? [])]);
      for (const e of docs) {
        if (this.#docs.get(e.uri) !== e) continue;
        for (const [id, slot] of e.cache ?? []) {
          if (!slot.reads.size || ![...slot.reads].some((r) => touches(r, c, slot.shallow.get(r), deletion))) continue;
          e.cache!.delete(id);
          dropped = true;
        }
      }
      this.#readers.delete(c);
    }
    return dropped;
  }

  /** The analysis of an open 3md document at its current version. */
  analysis(entry: OpenDocument): ThreeMdAnalysis | null {
    if (entry.kind !== '3md' || !entry.tree) return null;
    const tree = entry.tree;
    // The analysis reads the tree, which holds the text as lines: the text is not joined for it.
    return this.cached(entry, '3md', this.detection, (host) => analyzeKind('3md', '', uri2name(entry.uri), host, { detection: this.detection, threeMd: tree }));
  }
}

function makeEntry(uri: string, languageId: string, version: number, text: string, facts: RepositoryFacts): OpenDocument {
  const kind = kindOf(uri, languageId, facts);
  const entry: OpenDocument = {
    uri,
    kind,
    doc: TextDocument.create(uri, languageId, version, text),
    tree: kind === '3md' ? parseThreeMd(text) : null,
    cache: null,
  };
  if (kind === '3md') {
    entry.doc = new TreeText(uri, languageId, version, entry);
    entry.marked = text.includes(MARK);
  }
  return entry;
}

/** The folders above a normalised URI, nearest first (`file:///a/b/c` → `file:///a/b`, `file:///a`). */
function ancestors(uri: string): string[] {
  const out: string[] = [];
  const start = uri.indexOf('://') + 3;
  for (let at = uri.lastIndexOf('/'); at > start; at = uri.lastIndexOf('/', at - 1)) out.push(uri.slice(0, at));
  return out;
}

/** A position component as LSP defines it (a non-negative integer): numbers are floored and clamped, anything else is rejected. */
function uinteger(n: unknown): number | null {
  return typeof n === 'number' && Number.isFinite(n) ? Math.max(0, Math.floor(n)) : null;
}

/**
 * A change event the text document can apply exactly: the text is a string and a range, when
 * present, has numeric positions. Fractional or negative positions would make the text
 * library splice at NaN offsets (duplicating the document), so they are normalised first.
 */
export function wellFormed(change: unknown): TextDocumentContentChangeEvent | null {
  if (!change || typeof change !== 'object') return null;
  const c = change as { range?: unknown; text?: unknown };
  if (typeof c.text !== 'string') return null;
  if (!('range' in c) || c.range === undefined) return { text: c.text };
  const r = c.range as { start?: { line?: unknown; character?: unknown }; end?: { line?: unknown; character?: unknown } } | null;
  const nums = [r?.start?.line, r?.start?.character, r?.end?.line, r?.end?.character].map(uinteger);
  if (nums.some((n) => n === null)) return null;
  const [sl, sc, el, ec] = nums as number[];
  return { range: { start: { line: sl!, character: sc! }, end: { line: el!, character: ec! } }, text: c.text };
}

/**
 * The change with its range clamped into the document, as the text library clamps it. The
 * library applies a range that starts past the last line correctly but then keeps stale line
 * offsets, so every later position in that document would be wrong.
 */
function inside(doc: TextDocument, change: TextDocumentContentChangeEvent): TextDocumentContentChangeEvent {
  if (!('range' in change)) return change;
  const clamp = (p: Position) => doc.positionAt(doc.offsetAt(p));
  return { range: { start: clamp(change.range.start), end: clamp(change.range.end) }, text: change.text };
}

function uri2name(uri: string): string {
  try {
    return URI.parse(uri).path;
  } catch {
    return uri;
  }
}
