/**
 * The workspace index: every live supported file under the workspace folders (what the
 * folders' .gitignore files, the default list and .agent-files.json leave out is not indexed,
 * as in the CLI's walk), read in the background with progress, kept current from watched-file
 * events, with open buffers ahead of disk. Files over the size limit are indexed lazily (when
 * opened), with a message.
 */
import { URI } from 'vscode-uri';
import { fileKindOf, kindOf, mayBePluginComponent, type FileKind } from '../core/workspace/fileKinds';
import { isConfigFile } from '../core/config';
import type { IndexedFile } from '../core/workspace/indexTypes';
import { duringCheck } from '../core/workspace/host';
import { ownStrings } from '../core/text/ownStrings';
import { isPluginManifest, readRepositoryFacts, withAliases, type RepositoryFacts } from '../core/skills';
import { isClientMarker, usesVsCode, usesGemini, usesOpenCode } from '../core/skills/plugins';
import { isInstallSource, readInstallFacts } from '../core/skills/installs';
import { isOwnToolFile, readOwnKeyReaders } from '../core/skills/ownKeyReaders';
import { isRootInstructionFile, readSkillsReadByPath } from '../core/skills/readByPath';
import { isSkillLocationsFile, readSkillLocations } from '../core/skills/vscodeLocations';
import type { WalkFilter } from '../core/workspace/liveFiles';
import type { FoundFile, WorkspaceFs } from './host';

/** The files the index keeps track of: every file of ours by name, and `.agent-files.json`. */
export function isTracked(path: string): boolean {
  return fileKindOf(path) !== null || isConfigFile(path);
}

/** How duplicate skill names are compared: trimmed, NFKC-normalised. */
export const skillNameKey = (name: string): string => name.trim().normalize('NFKC');

/** Files larger than this are skipped by the background scan (they are indexed once opened). */
export const LAZY_INDEX_BYTES = 5 * 1024 * 1024;
/** Most files of ours one scan indexes. */
const SCAN_LIMIT = 100_000;
/** Files whose texts are prefetched together (one round of requests on a host that reads asynchronously). */
const PREFETCH_BATCH = 64;

export interface ScanReport {
  files: number;
  skipped: string[];
}

export class WorkspaceIndex {
  constructor(readonly host: WorkspaceFs) {}
  readonly #disk = new Map<string, IndexedFile>();
  readonly #open = new Map<string, IndexedFile>();
  /** Every tracked file found on disk (indexed or not: prompts, world.eval.md and config files have no entry). */
  readonly #known = new Set<string>();
  #knownSorted: readonly string[] | undefined;
  /** True while a scan runs. */
  #scanning = 0;
  /** For each running scan, the files a watcher reported while it walked (not to be dropped as unseen). */
  readonly #changedDuringScans = new Set<Set<string>>();
  /** The URIs of the SKILL.md entries (open winning over disk) that declare a name, by `skillNameKey` of the name. */
  readonly #skillNames = new Map<string, Set<string>>();
  readonly #listeners: (() => void)[] = [];
  /** Bumped on every change to the index; `files()` is rebuilt only when it moved. */
  #generation = 0;
  #files: { generation: number; files: readonly IndexedFile[] } | undefined;
  /** Builds the index entry of a file's text (set by the server from the format providers). */
  summarize: (uri: string, text: string) => IndexedFile | null = () => null;
  /** The plugin and marketplace manifests of the workspace (their URIs), and what they say, read when first asked. */
  readonly #manifests = new Set<string>();
  #facts: { roots: string; facts: RepositoryFacts } | undefined;
  /** The other URIs of each SKILL.md whose folder symbolic links show in several places, as the last scan of each folder found them (one entry per path). */
  readonly #aliases = new Map<string, readonly string[]>();
  /** The other way round: for each of those other URIs, the one the index keeps. */
  readonly #keptFor = new Map<string, string>();
  readonly #factListeners: (() => void)[] = [];
  /** The workspace folders as URIs (set by the server): folders above them make no file a copy. */
  roots: () => readonly string[] = () => [];

  /** What the workspace's plugin and marketplace manifests say (who loads a plugin's skills), for the current workspace folders. */
  repository(): RepositoryFacts {
    const roots = this.roots();
    const key = roots.join('\n');
    if (this.#facts?.roots !== key) this.#facts = { roots: key, facts: withAliases(readRepositoryFacts([...this.#manifests].sort(), this.host, roots), this.#aliases) };
    return this.#facts.facts;
  }

  /** The kind of a file of the workspace: by its name, or as a component of a plugin the manifests describe. */
  kindOf(uri: string): FileKind | null {
    return kindOf(uri, this.repository());
  }

  /** Whether the index keeps track of a file: one of ours by name or as a plugin's component, or `.agent-files.json`. */
  #tracks(uri: string): boolean {
    return this.kindOf(uri) !== null || isConfigFile(URI.parse(uri).path);
  }

  /** Called after a manifest was added, changed or removed (targets of plugin skills may have changed). */
  onDidChangeRepository(listener: () => void): void {
    this.#factListeners.push(listener);
  }

  /** True when the URI is a plugin or marketplace manifest (tracked for `repository()`, and indexed as a file of its own). */
  isManifest(uri: string): boolean {
    return isPluginManifest(URI.parse(uri).path);
  }

  /**
   * For a file changed on disk: a README or install script at a workspace folder's root may change
   * where the repository's skills are installed (core/skills/installs.ts), and with it their targets;
   * a `.opencode/`, `opencode.json`, `.gemini/` or `GEMINI.md` made or removed there, whether the
   * repository is set up for OpenCode or Gemini CLI; its `.vscode/settings.json`, the folders VS Code
   * loads skills from (core/skills/vscodeLocations.ts); a script in its tool folders, which keys its
   * own tools read (core/skills/ownKeyReaders.ts); its CLAUDE.md, AGENTS.md, GEMINI.md or Copilot
   * instructions, which skills folders agents open by path (core/skills/readByPath.ts). Returns whether it did (the facts are then made
   * again, as after a manifest's change).
   */
  installSourceChanged(uri: string): boolean {
    const roots = this.roots();
    const facts = this.#facts?.facts;
    const sameJson = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
    const changed =
      facts !== undefined &&
      ((isClientMarker(uri, roots) &&
        (facts.openCode !== usesOpenCode(roots, this.host) || facts.gemini !== usesGemini(roots, this.host) || facts.vscode !== usesVsCode(roots, this.host))) ||
        (isSkillLocationsFile(uri, roots) && !sameJson(facts.skillLocations ?? [], readSkillLocations(roots, this.host))) ||
        (isOwnToolFile(uri, roots) && !sameJson([...(facts.ownKeyReaders ?? [])], [...readOwnKeyReaders(roots, this.host)])) ||
        (isRootInstructionFile(uri, roots) && !sameJson([...(facts.readByPath ?? [])], [...readSkillsReadByPath(roots, this.host)])));
    if (changed) {
      this.#manifestsChanged();
      return true;
    }
    if (!isInstallSource(uri, roots)) return false;
    const before = this.#facts?.facts.installs;
    const after = readInstallFacts(roots, this.host);
    const same = (before?.size ?? 0) === after.size && [...after].every(([root, f]) => JSON.stringify(before?.get(root)) === JSON.stringify(f));
    if (same) return false;
    this.#manifestsChanged();
    return true;
  }

  #manifestsChanged(): void {
    this.#facts = undefined;
    for (const l of this.#factListeners) l();
  }

  /** Which files of a workspace folder are live (set by the server; none: every file). */
  liveFilter: (folderUri: string) => WalkFilter | undefined = () => undefined;
  /** True when a file on disk is live (set by the server with `liveFilter`). */
  isLive: (uri: string) => boolean = () => true;

  onDidChange(listener: () => void): void {
    this.#listeners.push(listener);
  }

  #changed(): void {
    this.#generation++;
    for (const l of this.#listeners) l();
  }

  /** Which state of the index `files()` shows: bumped on every change. */
  get generation(): number {
    return this.#generation;
  }

  /**
   * Every indexed file sorted by URI, open buffers winning over their disk copy: one frozen
   * array per state of the index, so callers may keep it (and key caches by its identity).
   */
  files(): readonly IndexedFile[] {
    if (this.#files?.generation === this.#generation) return this.#files.files;
    const out = new Map(this.#disk);
    for (const [uri, f] of this.#open) out.set(uri, f);
    const files = Object.freeze([...out.values()].sort((a, b) => (a.uri < b.uri ? -1 : a.uri > b.uri ? 1 : 0)));
    this.#files = { generation: this.#generation, files };
    return files;
  }

  /** Every tracked file found on disk under the workspace folders (files over the size limit left out), sorted. */
  known(): readonly string[] {
    return (this.#knownSorted ??= Object.freeze([...this.#known].sort()));
  }

  /** Whether a file is one `known()` lists. */
  isKnown(uri: string): boolean {
    return this.#known.has(uri);
  }

  /** True while a scan of the workspace folders runs. */
  get scanning(): boolean {
    return this.#scanning > 0;
  }

  /** Who waits for the scans to end (`scanned`). */
  #waiting: (() => void)[] = [];

  /** Resolves once no scan runs (at once when none does): requests that need the whole workspace wait on it. */
  scanned(): Promise<void> {
    return this.#scanning === 0 ? Promise.resolve() : new Promise((resolve) => this.#waiting.push(resolve));
  }

  #noteKnown(uri: string, present: boolean): void {
    if (present === this.#known.has(uri)) return;
    if (present) this.#known.add(uri);
    else this.#known.delete(uri);
    this.#knownSorted = undefined;
  }

  get(uri: string): IndexedFile | undefined {
    return this.#open.get(uri) ?? this.#disk.get(uri);
  }

  /** The SKILL.md entries that declare a name with this key (see `skillNameKey`), without walking the index. */
  skillsNamed(key: string): IndexedFile[] {
    return [...(this.#skillNames.get(key) ?? [])].map((uri) => this.get(uri)!);
  }

  /** Replaces one entry (open or disk), keeping the name index in step. */
  #set(map: Map<string, IndexedFile>, uri: string, file: IndexedFile | null): void {
    this.#name(uri, false);
    if (file) map.set(uri, file);
    else map.delete(uri);
    this.#name(uri, true);
  }

  #name(uri: string, add: boolean): void {
    const f = this.get(uri);
    if (f?.kind !== 'skill' || !f.nameRange) return;
    const key = skillNameKey(f.name);
    const uris = this.#skillNames.get(key);
    if (add) (uris ?? this.#skillNames.set(key, new Set()).get(key)!).add(uri);
    else if (uris) {
      uris.delete(uri);
      if (!uris.size) this.#skillNames.delete(key);
    }
  }

  setOpen(uri: string, file: IndexedFile | null): void {
    this.#set(this.#open, uri, file);
    // A manifest open in the editor counts, whether or not the scan or a watcher has reported it yet:
    // it says which files are its plugin's agents, commands and hooks.
    if (file && this.isManifest(uri) && !this.#manifests.has(uri)) {
      this.#manifests.add(uri);
      this.#manifestsChanged();
    }
    this.#changed();
  }

  /**
   * Reads and indexes one file from disk (null when it is not one of ours, not live, or
   * unreadable). The entry is kept for the session and the text is not: its strings are copied
   * out of the text (`ownStrings`), or a description would keep the whole file in memory.
   */
  indexFromDisk(uri: string): IndexedFile | null {
    if (!this.kindOf(uri) || !this.isLive(uri)) return null;
    const text = this.host.readText(uri);
    return text === undefined ? null : ownStrings(this.summarize(uri, text));
  }

  /** Re-reads every indexed disk file (after a setting that changes summaries). */
  reindexAll(): void {
    for (const uri of [...this.#disk.keys()]) this.#set(this.#disk, uri, this.indexFromDisk(uri));
    this.#changed();
  }

  /** A watched file was created, changed or deleted (once the host has re-read it). */
  fileChanged(reported: string, deleted: boolean): void {
    const uri = this.#kept(reported);
    if (uri !== reported && deleted) {
      // One path of a skill gone (its link removed): the skill stays where the index keeps it, for the clients of its other paths.
      const others = this.#aliases.get(uri)!.filter((o) => o !== reported);
      if (others.length) this.#aliases.set(uri, others);
      else this.#aliases.delete(uri);
      this.#keptFor.delete(reported);
      this.#manifestsChanged();
      return;
    }
    for (const changed of this.#changedDuringScans) changed.add(uri);
    if (this.isManifest(uri)) {
      if (deleted) this.#manifests.delete(uri);
      else this.#manifests.add(uri);
      this.#manifestsChanged();
    }
    this.#noteKnown(uri, !deleted && this.#tracks(uri));
    this.#set(this.#disk, uri, deleted ? null : this.indexFromDisk(uri));
    this.#changed();
  }

  /**
   * Scans folders in slices, yielding to the event loop between files so requests stay
   * responsive; `progress` receives how many of how many files are indexed.
   */
  async scan(folders: string[], progress: (done: number, total: number) => void, isCancelled: () => boolean = () => false): Promise<ScanReport> {
    const done = this.willScan();
    const changed = new Set<string>();
    this.#changedDuringScans.add(changed);
    try {
      const pass = () => this.#scan(folders, progress, isCancelled, changed);
      return await (this.host.whileScanning ? this.host.whileScanning(pass) : pass());
    } finally {
      this.#changedDuringScans.delete(changed);
      done();
    }
  }

  /** Counts a scan as running until the returned function is called (once): the server's start, before its first scan begins. */
  willScan(): () => void {
    this.#scanning++;
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      this.#scanning--;
      this.#changed();
      if (this.#scanning === 0) for (const resolve of this.#waiting.splice(0)) resolve();
    };
  }

  async #scan(folders: string[], progress: (done: number, total: number) => void, isCancelled: () => boolean, changed: ReadonlySet<string>): Promise<ScanReport> {
    for (const f of folders) this.host.addRoot(f);
    const found: FoundFile[] = [];
    for (const f of folders) found.push(...(await this.host.findFiles(f, (p) => isTracked(p) || isPluginManifest(p) || mayBePluginComponent(p), SCAN_LIMIT, this.liveFilter(f))));
    // A scan again (a .gitignore or an `include` changed) drops what it no longer finds, but not a file
    // a watcher reported while the walk ran: created after the walk passed its folder, it is not in `found`.
    const seen = new Set([...found.map((f) => f.uri), ...changed]);
    const under = (uri: string) => folders.some((f) => uri.startsWith(f.endsWith('/') ? f : `${f}/`));
    this.#noteAliases(found, under);
    for (const uri of [...this.#disk.keys()]) if (!seen.has(uri) && under(uri)) this.#disk.delete(uri);
    for (const uri of [...this.#known]) if (!seen.has(uri) && under(uri)) this.#noteKnown(uri, false);
    const skipped: string[] = [];
    const uris: string[] = [];
    // A manifest is both: read for who loads the plugin's skills, and checked as a file of its own.
    const manifests = found.filter((f) => isPluginManifest(URI.parse(f.uri).path)).map((f) => f.uri);
    // The manifests first: the skills indexed next are checked for the clients they name, and they say which files are a plugin's agents, commands and hooks.
    const newManifests = manifests.filter((m) => !this.#manifests.has(m));
    if (newManifests.length) {
      await this.host.prefetch(newManifests);
      for (const m of newManifests) this.#manifests.add(m);
      this.#manifestsChanged();
    }
    for (const f of found) {
      const kind = this.kindOf(f.uri);
      // A `.md` or `.json` file no plugin claims is not ours.
      if (kind === null) {
        if (isTracked(URI.parse(f.uri).path)) this.#noteKnown(f.uri, true);
      } else if (f.size !== undefined && f.size > LAZY_INDEX_BYTES) skipped.push(URI.parse(f.uri).fsPath);
      else uris.push(f.uri);
    }
    progress(0, uris.length);
    for (let start = 0; start < uris.length && !isCancelled(); start += PREFETCH_BATCH) {
      const batch = uris.slice(start, start + PREFETCH_BATCH);
      await this.host.prefetch(batch);
      for (let i = 0; i < batch.length && !isCancelled();) {
        // One slice of about 50 ms as one check: the host holds what it looked up (folders, links) for it.
        i = duringCheck(this.host, () => this.#indexSlice(batch, i, isCancelled));
        progress(start + i, uris.length);
        await (this.host.yieldToEvents ? this.host.yieldToEvents() : new Promise((r) => setTimeout(r, 0)));
      }
    }
    return { files: uris.length, skipped };
  }

  /** The skills a scan found through several paths: their targets join (`withAliases`), and a path that is not the one kept is no file of the index. */
  #noteAliases(found: readonly FoundFile[], under: (uri: string) => boolean): void {
    const these = () => JSON.stringify([...this.#aliases].filter(([uri]) => under(uri)).sort());
    const before = these();
    for (const [uri, others] of [...this.#aliases]) {
      if (!under(uri)) continue;
      this.#aliases.delete(uri);
      for (const o of others) this.#keptFor.delete(o);
    }
    for (const f of found) {
      if (!f.aliases?.length) continue;
      this.#aliases.set(f.uri, f.aliases);
      for (const o of f.aliases) this.#keptFor.set(o, f.uri);
    }
    if (these() !== before) this.#manifestsChanged();
  }

  /** The path the index keeps a skill under, for another path of it (a watcher may report either); else the URI itself. */
  #kept(uri: string): string {
    return this.#keptFor.get(uri) ?? uri;
  }

  /** Indexes `batch` from `from` on for about 50 ms; returns where it stopped. */
  #indexSlice(batch: readonly string[], from: number, isCancelled: () => boolean): number {
    const began = Date.now();
    let i = from;
    while (i < batch.length && !isCancelled() && Date.now() - began <= 50) {
      const uri = batch[i++]!;
      this.#noteKnown(uri, true);
      const f = this.indexFromDisk(uri);
      if (f) {
        this.#set(this.#disk, uri, f);
        // Requests between two slices see the files indexed so far (listeners hear of it once, at the end).
        this.#generation++;
      }
    }
    return i;
  }
}
