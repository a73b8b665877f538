/** Desktop VS Code: the language server runs as a Node process (dist/server.js) over IPC. */
import type * as vscode from 'vscode';
import { LanguageClient, TransportKind, type ServerOptions } from 'vscode-languageclient/node';
import { activateAgentFiles, deactivateAgentFiles, DOCUMENT_SELECTOR, type AgentFilesApi } from '../activate';

export function activate(context: vscode.ExtensionContext): Promise<AgentFilesApi> {
  const serverModule = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module: serverModule, transport: TransportKind.ipc },
    debug: { module: serverModule, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  return activateAgentFiles(context, {
    selector: DOCUMENT_SELECTOR,
    terminals: true,
    createClient: (options) => new LanguageClient('agentFiles', 'Agent Files', serverOptions, options),
  });
}

export const deactivate = deactivateAgentFiles;
