/**
 * The Agent Files language server: wires its parts (./serverParts.ts) and registers every
 * handler group. Each group is its own module: start and settings (./initialize.ts), document
 * sync (./documentSync.ts), diagnostics scheduling (./diagnosticsScheduling.ts), the workspace
 * index (./workspaceIndexing.ts) and the editor features and custom requests. Handlers stay
 * thin: find the document, delegate to the core.
 */
import type { Connection } from 'vscode-languageserver';
import { registerFeatures } from './features';
import { registerCustomRequests } from './customRequests';
import { registerSkillsPromptRequest } from './skillsPromptRequest';
import { registerCheckWorldRequest } from './checkWorldRequest';
import { registerEffectRequest, registerInstructionsRequest } from './instructionsRequest';
import { registerGraphRequest } from './graphRequest';
import type { ServerContext } from './context';
import type { ServerHost } from './host';
import { createServerParts } from './serverParts';
import { createDiagnosticsScheduling, registerDiagnosticRequests } from './diagnosticsScheduling';
import { registerFileWatching, setUpWorkspaceIndexing } from './workspaceIndexing';
import { registerLifecycle } from './initialize';
import { registerDocumentSync } from './documentSync';

/** Starts the server on a connection, reading the workspace through the host its entry point gives. */
export function startServer(connection: Connection, host: ServerHost): void {
  const s = createServerParts(connection, host);
  const diagnostics = createDiagnosticsScheduling(s);
  const indexing = setUpWorkspaceIndexing(s, diagnostics);
  registerFileWatching(s, diagnostics, indexing);
  registerLifecycle(s, diagnostics, indexing);
  registerDocumentSync(s, diagnostics);
  registerDiagnosticRequests(s, diagnostics);

  const { documents, index, runner, formatContext, contextFor, providerOf, lines, configs } = s;
  const ctx: ServerContext = { connection, documents, index, runner, formatContext, contextFor, providerOf, lines, configs, ...(host.heapUsed ? { heapUsed: host.heapUsed } : {}) };
  registerFeatures(ctx);
  registerCustomRequests(ctx);
  registerSkillsPromptRequest(ctx);
  registerCheckWorldRequest(ctx);
  registerInstructionsRequest(ctx);
  registerEffectRequest(ctx);
  registerGraphRequest(ctx);
  connection.onShutdown(() => {
    diagnostics.queue.dispose();
    diagnostics.workspace.dispose();
  });
  connection.listen();
}
