/**
 * The workspace host of the server in a Web Worker: the client lists, stats and reads files for
 * it (`agentFiles/fs/*` requests, answered with `vscode.workspace.fs` and `findFiles`), and this
 * host keeps what it learnt so the core's synchronous reads answer from memory:
 *
 * - the file list of each workspace folder, fetched when the folder is scanned, kept current
 *   from watched-file events; `exists`, `isDirectory` and `readDirectory` answer from it;
 * - the texts of the files the scan indexes (prefetched in batches) and of every file read since;
 *   a read of a listed file whose text is not held yet answers "unreadable" at once, fetches the
 *   text in the background and reports it through `onDidLoad` (the server then checks the open
 *   documents again), so nothing ever waits on the client.
 *
 * Only listed files (inside a workspace folder) are ever asked for. There are no symbolic links
 * in the workspaces the browser reaches, so `linkOutside` is left out.
 */
import { URI } from 'vscode-uri';
import type { FoundFile, WorkspaceFs } from '../lsp/host';
import type { WalkFilter } from '../core/workspace/liveFiles';
import { relativePath } from '../core/world/paths';
import {
  FsFindFilesRequest,
  FsReadFileRequest,
  FsStatRequest,
  type FsFindFilesParams,
  type FsFindFilesResult,
  type FsReadFileParams,
  type FsReadFileResult,
  type FsStatResult,
  type FsUriParams,
} from '../lsp/protocol';

/** How the host reaches the client: the connection's `sendRequest`. */
export interface ClientChannel {
  request(method: typeof FsFindFilesRequest, params: FsFindFilesParams): Promise<FsFindFilesResult>;
  request(method: typeof FsStatRequest, params: FsUriParams): Promise<FsStatResult>;
  request(method: typeof FsReadFileRequest, params: FsReadFileParams): Promise<FsReadFileResult>;
}

/** Most files listed per workspace folder. */
export const LIST_LIMIT = 100_000;
/** Largest file read (as on Node: bigger ones are unreadable). */
export const MAX_READ_BYTES = 50 * 1024 * 1024;
/** Requests in flight at once while stating the files a scan found. */
const STAT_PARALLEL = 32;

/** A URI in one spelling (vscode-uri's), so the client's and the core's URIs meet; null when it is none. */
function norm(uri: string): string | null {
  try {
    return URI.parse(uri).toString();
  } catch {
    return null; // not a URI: nothing the host holds
  }
}

const parentOf = (uri: string): string => uri.slice(0, uri.lastIndexOf('/'));

export class ClientWorkspaceFs implements WorkspaceFs {
  overlay: (uri: string) => string | undefined = () => undefined;
  readonly #roots: string[] = [];
  /** Files of each folder, by normalised URI. */
  readonly #files = new Map<string, Set<string>>();
  /** Folder URI → names of its entries (derived from the file lists). */
  #dirs: Map<string, Set<string>> | undefined;
  /** Texts held: a string, or null for a file the client could not read. */
  readonly #texts = new Map<string, string | null>();
  readonly #pending = new Map<string, Promise<void>>();
  readonly #listeners: ((uri: string) => void)[] = [];

  constructor(
    private readonly client: ClientChannel,
    private readonly log: (line: string) => void,
  ) {}

  servesFolder(folderUri: string): boolean {
    return norm(folderUri) !== null;
  }

  addRoot(folderUri: string): void {
    const r = norm(folderUri)?.replace(/\/$/, '');
    if (r && !this.#roots.includes(r)) this.#roots.push(r);
  }

  removeRoot(folderUri: string): void {
    const r = norm(folderUri)?.replace(/\/$/, '');
    const i = r ? this.#roots.indexOf(r) : -1;
    if (i < 0) return;
    this.#roots.splice(i, 1);
    this.#files.delete(r!);
    this.#dirs = undefined;
  }

  #rootOf(uri: string): string | undefined {
    return this.#roots.filter((r) => uri.startsWith(`${r}/`)).sort((a, b) => b.length - a.length)[0];
  }

  mayWrite(uri: string): boolean {
    const u = norm(uri);
    if (!u || !this.#rootOf(u)) return false;
    // `..` is not resolved in a URI's path: one that climbs could leave the folder.
    return !URI.parse(u)
      .path.split('/')
      .some((p) => p === '..' || p === '.');
  }

  #isFile(uri: string): boolean {
    const r = this.#rootOf(uri);
    return r !== undefined && !!this.#files.get(r)?.has(uri);
  }

  #directories(): Map<string, Set<string>> {
    if (this.#dirs) return this.#dirs;
    const dirs = new Map<string, Set<string>>();
    for (const [root, files] of this.#files) {
      dirs.set(root, dirs.get(root) ?? new Set());
      for (const f of files) {
        let child = f;
        while (child.length > root.length) {
          const dir = parentOf(child);
          const names = dirs.get(dir);
          const name = child.slice(dir.length + 1);
          if (names) {
            const known = names.has(name);
            names.add(name);
            if (known) break; // the folders above are in already
          } else dirs.set(dir, new Set([name]));
          child = dir;
        }
      }
    }
    this.#dirs = dirs;
    return dirs;
  }

  exists(uri: string): boolean {
    if (this.overlay(uri) !== undefined) return true;
    const u = norm(uri);
    return u !== null && (this.#isFile(u) || this.isDirectory(u));
  }

  isDirectory(uri: string): boolean {
    const u = norm(uri)?.replace(/\/$/, '');
    return !!u && this.#directories().has(u);
  }

  readDirectory(uri: string): string[] {
    const u = norm(uri)?.replace(/\/$/, '');
    return u ? [...(this.#directories().get(u) ?? [])].sort() : [];
  }

  readText(uri: string): string | undefined {
    const open = this.overlay(uri);
    if (open !== undefined) return open;
    const u = norm(uri);
    if (!u || !this.#isFile(u)) return undefined;
    const held = this.#texts.get(u);
    if (held !== undefined) return held ?? undefined;
    // Not fetched yet: answer without it now, and say when it has arrived.
    void this.#fetch(u).then(() => {
      if (this.#texts.get(u) !== null) this.#loaded(u);
    });
    return undefined;
  }

  #fetch(uri: string): Promise<void> {
    const pending = this.#pending.get(uri);
    if (pending) return pending;
    const p = this.client
      .request(FsReadFileRequest, { uri, maxBytes: MAX_READ_BYTES })
      .then(
        (r) => {
          this.#texts.set(uri, r && 'text' in r && typeof r.text === 'string' ? r.text : null);
        },
        (e: unknown) => {
          this.log(`reading ${uri} through the client failed: ${e instanceof Error ? e.message : String(e)}`);
          this.#texts.set(uri, null);
        },
      )
      .finally(() => this.#pending.delete(uri));
    this.#pending.set(uri, p);
    return p;
  }

  #loaded(uri: string): void {
    for (const l of this.#listeners) l(uri);
  }

  onDidLoad(listener: (uri: string) => void): void {
    this.#listeners.push(listener);
  }

  /** Lists a folder through the client (and keeps the list); says so when it arrives, as reads before it found nothing. */
  async #list(root: string): Promise<Set<string>> {
    let uris: string[] = [];
    try {
      const r = await this.client.request(FsFindFilesRequest, { folder: root, limit: LIST_LIMIT });
      uris = Array.isArray(r?.uris) ? r.uris : [];
    } catch (e) {
      this.log(`listing ${root} through the client failed: ${e instanceof Error ? e.message : String(e)}`);
    }
    const files = new Set<string>();
    for (const x of uris) {
      const u = typeof x === 'string' ? norm(x) : null;
      if (u && u.startsWith(`${root}/`)) files.add(u);
    }
    if (this.#roots.includes(root)) {
      this.#files.set(root, files);
      this.#dirs = undefined;
      this.#loaded(root);
    }
    return files;
  }

  async findFiles(folderUri: string, accept: (path: string) => boolean, limit: number, filter?: WalkFilter): Promise<FoundFile[]> {
    const root = norm(folderUri)?.replace(/\/$/, '');
    if (!root) return [];
    this.addRoot(root);
    const listed = [...(await this.#list(root))];
    // The filter reads the folder's .gitignore files: they are fetched first.
    if (filter) await this.prefetch(listed.filter((u) => u.endsWith('/.gitignore')));
    const keeps = (u: string) => {
      const rel = relativePath(root, u);
      return !filter || rel === undefined || filter.keeps(rel);
    };
    const ours = listed.filter((u) => accept(URI.parse(u).path) && keeps(u)).slice(0, limit);
    const out: FoundFile[] = [];
    for (let i = 0; i < ours.length; i += STAT_PARALLEL) {
      const batch = ours.slice(i, i + STAT_PARALLEL);
      const stats = await Promise.all(batch.map((uri) => this.client.request(FsStatRequest, { uri }).catch(() => null)));
      batch.forEach((uri, k) => {
        const st = stats[k];
        if (st?.type === 'file') out.push({ uri, size: st.size });
      });
    }
    return out.sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0));
  }

  listFiles(folderUris: string[], limit: number): string[] {
    const out: string[] = [];
    for (const f of folderUris) {
      const root = norm(f)?.replace(/\/$/, '');
      for (const u of (root && this.#files.get(root)) || []) {
        if (out.length >= limit) return out;
        out.push(u);
      }
    }
    return out;
  }

  async prefetch(uris: string[]): Promise<void> {
    await Promise.all(
      uris.map((uri) => {
        const u = norm(uri);
        return u && this.#isFile(u) && !this.#texts.has(u) ? this.#fetch(u) : undefined;
      }),
    );
  }

  async refresh(uri: string, deleted: boolean): Promise<void> {
    const u = norm(uri);
    const root = u ? this.#rootOf(u) : undefined;
    if (!u || !root) return;
    // A read already on its way may bring the old text: let it land, then forget it.
    await this.#pending.get(u);
    const held = this.#texts.delete(u);
    const files = this.#files.get(root) ?? new Set<string>();
    this.#files.set(root, files);
    if (deleted) {
      // A deleted folder takes its files with it.
      for (const f of [...files]) {
        if (f !== u && !f.startsWith(`${u}/`)) continue;
        files.delete(f);
        this.#texts.delete(f);
      }
      this.#dirs = undefined;
      return;
    }
    const isNew = !files.has(u);
    if (isNew) {
      files.add(u);
      this.#dirs = undefined;
    }
    // A text nobody read yet is fetched when it is first read; a held or new one at once (the index re-reads it next).
    if (held || isNew) await this.#fetch(u);
  }
}
