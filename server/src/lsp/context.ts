/**
 * What the server hands every group of handlers: its own module, so the handler modules and
 * server.ts (which registers them) do not import each other.
 */
import type { Connection } from 'vscode-languageserver';
import type { DocumentStore, OpenDocument } from './documents';
import type { WorkspaceIndex } from './workspace';
import type { createRunner } from './runner';
import type { FormatContext, FormatProvider } from './formats/provider';
import type { LineModels } from './lineModel';
import type { ConfigStore } from './config';

export interface ServerContext {
  connection: Connection;
  documents: DocumentStore;
  index: WorkspaceIndex;
  runner: ReturnType<typeof createRunner>;
  formatContext: FormatContext;
  /** The format context of one file: the `targets` of its .agent-files.json win over the setting. */
  contextFor(uri: string): FormatContext;
  lines: LineModels;
  providerOf(doc: OpenDocument): FormatProvider | undefined;
  configs: ConfigStore;
  /** The heap in use, where the platform can tell (ServerHost.heapUsed). */
  heapUsed?: () => number;
}
