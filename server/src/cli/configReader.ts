/** Which .agent-files.json applies to each file `check` reads (see the class below). */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { CONFIG_FILE_NAME, DEFAULT_CONFIG, isIgnored, isIncluded, nearestConfig, parseConfig, type ConfigBound, type FoundConfig, type ParsedConfig } from '../core/config';
import { FatalError, fileTooLarge, readFileBounded, tooLargeText, type Io } from './io';
import type { CliWorkspace } from './workspace';

/**
 * The configuration of each checked file: the nearest .agent-files.json (read once per folder),
 * the one --config names, or none with --no-config. A named file that cannot be read is exit 2.
 * The nearest is looked for as the editor looks for it: within the workspace (workspace.ts), and
 * no higher than the repository root.
 */
export class ConfigReader {
  readonly #byUri = new Map<string, { path: string; parsed: ParsedConfig } | null>();
  readonly #fixed: FoundConfig | null | undefined;
  readonly #used = new Set<string>();
  /** The answer for each folder: every file of a folder has the same candidates (10,000 skills ask of a few folders above them). */
  readonly #byFolder = new Map<string, FoundConfig>();
  readonly #bound: ConfigBound;
  constructor(
    private readonly io: Io,
    /** null: no configuration; a path: that file for everything; undefined: the nearest. */
    fixed: string | null | undefined,
    private readonly workspace: CliWorkspace,
  ) {
    this.#bound = { inside: (folder) => workspace.insideUri(folder), isRepoRoot: (folder) => workspace.isRepoRoot(URI.parse(folder).fsPath) };
    if (fixed === null) this.#fixed = null;
    else if (fixed !== undefined) {
      const uri = URI.file(path.resolve(io.cwd, fixed)).toString();
      const r = readFileBounded(fixed);
      if (!('text' in r)) throw new FatalError(`agent-files: cannot read ${fixed}: ${tooLargeText(r.tooLarge)}`);
      this.#byUri.set(uri, { path: path.resolve(io.cwd, fixed), parsed: parseConfig(r.text) });
      this.#fixed = { uri, config: this.#byUri.get(uri)!.parsed.config };
    }
  }

  forFile(fileUri: string): FoundConfig {
    if (this.#fixed === null) return { config: DEFAULT_CONFIG };
    const found = this.#find(fileUri);
    if (found.uri) this.#used.add(found.uri);
    return found;
  }

  /** True when the `include` globs of the configuration above a path bring it back (a file, or a folder with something named inside). */
  includes(file: string, isDir: boolean): boolean {
    if (this.#fixed === null) return false;
    const uri = URI.file(path.resolve(this.io.cwd, file)).toString();
    return isIncluded(this.#find(uri), uri, isDir);
  }

  /** True when a file matches the `ignore` globs of its configuration (relative to the config file's folder). */
  ignores(file: string): boolean {
    if (this.#fixed === null) return false;
    const uri = URI.file(path.resolve(this.io.cwd, file)).toString();
    return isIgnored(this.#find(uri), uri);
  }

  configFileOf(file: string): string | undefined {
    if (this.#fixed === null) return undefined;
    const found = this.#find(URI.file(path.resolve(this.io.cwd, file)).toString());
    return found.uri ? this.label(found) : undefined;
  }

  #find(fileUri: string): FoundConfig {
    if (this.#fixed) return this.#fixed;
    const folder = fileUri.slice(0, fileUri.lastIndexOf('/'));
    let found = this.#byFolder.get(folder);
    if (found === undefined) {
      found = nearestConfig(
        fileUri,
        (uri) => this.#read(uri),
        (uri) => this.#byUri.get(uri)!.parsed.config,
        this.#bound,
      );
      this.#byFolder.set(folder, found);
    }
    return found;
  }

  label(found: FoundConfig): string {
    const c = found.uri ? this.#byUri.get(found.uri) : undefined;
    return c ? path.relative(this.io.cwd, c.path) || c.path : CONFIG_FILE_NAME;
  }

  used(): { path: string; parsed: ParsedConfig }[] {
    return [...this.#used].map((u) => this.#byUri.get(u)!).filter((c) => !!c);
  }

  #read(uri: string): string | undefined {
    if (!this.#byUri.has(uri)) {
      const file = URI.parse(uri).fsPath;
      let entry: { path: string; parsed: ParsedConfig } | null = null;
      // A folder the walk listed without the file holds none: no lookup.
      if (this.workspace.listed(path.dirname(file), path.basename(file)) !== false && fs.existsSync(file) && fs.statSync(file).isFile()) {
        const r = readFileBounded(file);
        entry = { path: file, parsed: 'text' in r ? parseConfig(r.text) : { config: parseConfig('{}').config, diagnostics: [fileTooLarge(r.tooLarge)] } };
      }
      this.#byUri.set(uri, entry);
    }
    return this.#byUri.get(uri) ? '' : undefined;
  }
}
