/**
 * What the core may know about the world beyond one text: an injected, synchronous view of
 * the workspace. The language server implements it over open buffers and the file system
 * (bounded to the workspace folders), the CLI over the file system, tests in memory.
 */

export interface IWorkspaceHost {
  /** True when a file or folder exists at this URI. */
  exists(uri: string): boolean;
  /** True when a folder exists at this URI. */
  isDirectory(uri: string): boolean;
  /** Entry names of a folder (not paths); empty when it is not a readable folder. */
  readDirectory(uri: string): string[];
  /** The text of a file (an open buffer wins over disk), or undefined when unreadable. */
  readText(uri: string): string | undefined;
}

/** A host that knows nothing: every file is missing. Used when no workspace is available. */
export const emptyHost: IWorkspaceHost = {
  exists: () => false,
  isDirectory: () => false,
  readDirectory: () => [],
  readText: () => undefined,
};

/** A host over a map of URI → text, for tests and for single documents. */
export class InMemoryHost implements IWorkspaceHost {
  readonly files: Map<string, string>;

  constructor(files: Record<string, string> = {}) {
    this.files = new Map(Object.entries(files));
  }

  exists(uri: string): boolean {
    return this.files.has(uri) || this.isDirectory(uri);
  }

  isDirectory(uri: string): boolean {
    const prefix = uri.endsWith('/') ? uri : uri + '/';
    for (const k of this.files.keys()) if (k.startsWith(prefix)) return true;
    return false;
  }

  readDirectory(uri: string): string[] {
    const prefix = uri.endsWith('/') ? uri : uri + '/';
    const names = new Set<string>();
    for (const k of this.files.keys()) {
      if (k.startsWith(prefix)) names.add(k.slice(prefix.length).split('/')[0]!);
    }
    return [...names].sort();
  }

  readText(uri: string): string | undefined {
    return this.files.get(uri);
  }
}
