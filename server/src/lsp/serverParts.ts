/**
 * The parts of a running server that its handler groups share (./server.ts wires them): what
 * the client said at initialize and since (`ServerState`), the documents, the workspace index,
 * the configuration files, and the format context each file is checked in.
 */
import type { Connection } from 'vscode-languageserver';
import { URI } from 'vscode-uri';
import { DocumentStore, type OpenDocument } from './documents';
import { createRunner } from './runner';
import { WorkspaceIndex } from './workspace';
import { WorkspaceFiles } from './workspaceFiles';
import { createProviders } from './formats/registry';
import type { FormatContext, FormatProvider } from './formats/provider';
import { LineModels } from './lineModel';
import { ConfigStore } from './config';
import { LiveFolders } from './liveFolders';
import { relativeLabel } from '../core/workspace/host';
import type { FileKind } from '../core/workspace/fileKinds';
import { dirnameUri } from '../core/world/paths';
import type { ServerHost } from './host';
import { DEFAULT_SETTINGS, type ServerSettings } from './settings';

/** What the client can do, from its capabilities and initialization options at initialize. */
export interface ClientAbilities {
  pullDiagnostics: boolean;
  /** It can be asked to pull the open documents' diagnostics again (`workspace/diagnostic/refresh`). */
  refreshSupport: boolean;
  configurationPull: boolean;
  watchRegistration: boolean;
  progressSupport: boolean;
  folderEvents: boolean;
  /** It shows indexing itself (VS Code's status bar item, initialization option `indexStatus`): it gets our notifications, not a progress. */
  statusNotifications: boolean;
}

/** What the server knows of its client and workspace, as its messages tell it. */
export interface ServerState {
  settings: ServerSettings;
  client: ClientAbilities;
  /** The workspace folders the host serves, as URIs. */
  folders: string[];
  /** The documents the client's editors show, when it says (agentFiles/visibleEditors); every open one otherwise. */
  shown: Set<string> | undefined;
  /** The client sent `initialized`. */
  initialized: boolean;
}

export interface ServerParts {
  connection: Connection;
  host: ServerHost;
  runner: ReturnType<typeof createRunner>;
  state: ServerState;
  documents: DocumentStore;
  index: WorkspaceIndex;
  providers: Record<FileKind, FormatProvider>;
  providerOf(doc: OpenDocument): FormatProvider | undefined;
  workspaceFiles: WorkspaceFiles;
  formatContext: FormatContext;
  /** The format context of one file: the `targets` of its .agent-files.json win over the setting (diagnostics, features and its index entry alike). */
  contextFor(uri: string): FormatContext;
  configs: ConfigStore;
  live: LiveFolders;
  lines: LineModels;
}

/** A folder URI as the server keeps it: normalised, without a trailing slash. */
export const folderUri = (uri: string): string => {
  try {
    return URI.parse(uri).toString().replace(/\/$/, '');
  } catch {
    return uri; // not a URI: no host serves it
  }
};

export const errorText = (e: unknown) => (e instanceof Error ? (e.stack ?? e.message) : String(e));

function initialState(): ServerState {
  return {
    settings: DEFAULT_SETTINGS,
    client: {
      pullDiagnostics: false,
      refreshSupport: false,
      configurationPull: false,
      watchRegistration: false,
      progressSupport: false,
      folderEvents: false,
      statusNotifications: false,
    },
    folders: [],
    shown: undefined,
    initialized: false,
  };
}

function formatContextOf(state: ServerState, index: WorkspaceIndex, workspaceFiles: WorkspaceFiles): FormatContext {
  return {
    host: index.host,
    files: () => index.files(),
    skillsNamed: (key) => index.skillsNamed(key),
    textOf: (uri) => index.host.readText(uri),
    roots: () => state.folders,
    get schemaDiagnostics() {
      return state.settings.schemaDiagnostics;
    },
    get skillTargets() {
      return state.settings.targets;
    },
    get detection() {
      return state.settings.agentDetection;
    },
    workspaceFiles: () => workspaceFiles.list(),
    get editorValidatesPromptFiles() {
      return state.settings.editorValidatesPromptFiles;
    },
    editorShows: (uri) => !state.shown || state.shown.has(uri),
    repository: () => index.repository(),
    get listing() {
      return { contextTokens: state.settings.contextWindow };
    },
  };
}

/** The parts of a server on `connection`, reading the workspace through `host`. */
export function createServerParts(connection: Connection, host: ServerHost): ServerParts {
  const runner = createRunner(connection);
  const state = initialState();
  const documents = new DocumentStore({ log: (m) => connection.console.error(m) });
  const index = new WorkspaceIndex(host.fs);
  const providers = createProviders(documents);
  const providerOf = (doc: OpenDocument) => (doc.kind ? providers[doc.kind] : undefined);
  index.host.overlay = (uri) => documents.get(uri)?.doc.getText();
  documents.repository = () => index.repository();
  index.roots = () => state.folders;
  const workspaceFiles = new WorkspaceFiles(
    host.fs,
    () => state.folders,
    () => index.scanning,
  );
  const formatContext = formatContextOf(state, index, workspaceFiles);
  const configs = new ConfigStore(
    (uri) => index.host.readText(uri),
    (uri) => documents.get(uri)?.doc.getText(),
    // A config above the workspace folder, or above the repository the file is in, never applies (as in the CLI).
    { inside: (folder) => state.folders.some((f) => folder === f || folder.startsWith(f + '/')), isRepoRoot: (folder) => index.host.exists(`${folder}/.git`) },
  );
  // The index holds the live files only, as the CLI's walk finds them.
  const live = new LiveFolders(
    (uri) => index.host.readText(uri),
    configs,
    () => state.folders,
    (folder) => index.host.trackedFiles?.(folder),
  );
  index.liveFilter = (folder) => live.filter(folder);
  index.isLive = (uri) => live.isLive(uri);
  const contextFor = (uri: string): FormatContext => {
    const found = configs.forFile(uri);
    const targets = found.config.targets;
    if (!targets?.length || !found.uri) return formatContext;
    const source = `'targets' in ${relativeLabel(dirnameUri(uri), found.uri)}`;
    return Object.create(formatContext, { skillTargets: { value: targets }, skillTargetsSource: { value: source } }) as FormatContext;
  };
  const lines = new LineModels(documents, (uri) => index.host.readText(uri));
  return { connection, host, runner, state, documents, index, providers, providerOf, workspaceFiles, formatContext, contextFor, configs, live, lines };
}
