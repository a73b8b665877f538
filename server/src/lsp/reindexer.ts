/**
 * Re-indexing open documents, paced. An open document's index entry is made again from its
 * buffer after a pause in typing and then a pause in the client's requests, at least three times
 * as long as it took last time (the first time: as long as checking the document took). In a
 * 10,000-skill agent it takes a few hundred milliseconds, and run between two keystrokes it would
 * hold up the next keystroke's diagnostics (VS Code pulls them at once); in a 200,000-plane agent
 * it takes half a second, and run as soon as the document's diagnostics are out it would hold up
 * the code lenses, symbols and folding ranges the editor asks for next. A client that never pauses
 * gets the entry after four times the wait. Then the document takes its turn in a queue worked off
 * in slices between the client's messages (./pacedQueue.ts): 10,000 documents opened at once fall
 * due together, and their re-index in one go would hold the next request for a second or more.
 */
import type { IndexedFile } from '../core/workspace/indexTypes';
import type { DocumentStore, OpenDocument } from './documents';
import type { FormatContext, FormatProvider } from './formats/provider';
import type { LineModels } from './lineModel';
import type { Logger } from './runner';
import type { WorkspaceIndex } from './workspace';

export interface ReindexerDeps {
  documents: DocumentStore;
  providerOf(doc: OpenDocument): FormatProvider | undefined;
  contextFor(uri: string): FormatContext;
  lines: LineModels;
  index: WorkspaceIndex;
  log: Logger;
  /** How long (ms) the server has had nothing to do for the client. */
  idleFor(): number;
  /** Where a document whose wait is over waits for its turn (`reindex` is then called, in slices between the client's messages). */
  queue: { schedule(uri: string, delay: number): void; cancel(uri: string): void };
  /** The diagnostics delay setting (ms): the shortest wait. */
  delay(): number;
}

const errorText = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e));

export class Reindexer {
  readonly #timers = new Map<string, ReturnType<typeof setTimeout>>();
  /** What the last re-index of each open document cost (ms). */
  readonly #cost = new Map<string, number>();
  /** What the last check of each open document cost (ms): its first re-index expects to cost about as much. */
  readonly #checkCost = new Map<string, number>();

  constructor(private readonly deps: ReindexerDeps) {}

  /** A document's diagnostics were computed in `ms`. */
  checked(uri: string, ms: number): void {
    this.#checkCost.set(uri, ms);
  }

  /** Schedules the re-index of an open document (a later call for the same document replaces it). */
  soon(uri: string): void {
    const t = this.#timers.get(uri);
    if (t) clearTimeout(t);
    // Read at each attempt: the check of a document just opened runs (and its cost is known) after this is scheduled.
    const waitFor = () => Math.max(this.deps.delay(), 50, 3 * (this.#cost.get(uri) ?? this.#checkCost.get(uri) ?? 0));
    const scheduled = performance.now();
    const attempt = () => {
      const wait = waitFor();
      const idle = this.deps.idleFor();
      const left = scheduled + 4 * wait - performance.now();
      if (idle < wait && left > 0) {
        this.#timers.set(uri, setTimeout(attempt, Math.min(wait - idle, left)));
        return;
      }
      this.#timers.delete(uri);
      // 10,000 documents opened at once fall due together: their re-index is sliced between the client's messages.
      this.deps.queue.schedule(uri, 0);
    };
    this.#timers.set(uri, setTimeout(attempt, waitFor()));
  }

  /** A document was closed: nothing pending for it. */
  forget(uri: string): void {
    const t = this.#timers.get(uri);
    if (t) clearTimeout(t);
    this.#timers.delete(uri);
    this.deps.queue.cancel(uri);
    this.#cost.delete(uri);
    this.#checkCost.delete(uri);
  }

  /** Makes an open document's index entry again from its buffer (its turn in the queue came). */
  reindex(uri: string): void {
    const { documents, index } = this.deps;
    const entry = documents.get(uri);
    const provider = entry && this.deps.providerOf(entry);
    let file: IndexedFile | null | undefined;
    const started = performance.now();
    try {
      const ctx = this.deps.contextFor(uri);
      file = provider && this.deps.lines.outgoingEntry(entry!, provider.summarizeOpen ? provider.summarizeOpen(entry!, ctx) : provider.summarize?.(uri, entry!.doc.getText(), ctx));
    } catch (e) {
      this.deps.log.error(`indexing ${uri} failed, the file is left out of the index: ${errorText(e)}`);
    }
    if (documents.get(uri)) this.#cost.set(uri, performance.now() - started);
    if (file) index.setOpen(uri, file);
  }
}
