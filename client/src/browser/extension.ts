/**
 * VS Code in the browser (vscode.dev, github.dev): the language server runs in a Web Worker
 * (dist/web/server.js) and reads the workspace through this client (./fsRequests.ts). Everything
 * works as on the desktop except running a skill's command, which needs a terminal: Route request…
 * copies it.
 */
import * as vscode from 'vscode';
import { LanguageClient } from 'vscode-languageclient/browser';
import { activateAgentFiles, deactivateAgentFiles, documentSelector, type AgentFilesApi } from '../activate';
import { answerFsRequests } from './fsRequests';

/** The worker constructor of the extension host (its type is the DOM library's, left out of this build). */
declare const Worker: new (url: string, options?: { name?: string }) => { terminate(): void };

export async function activate(context: vscode.ExtensionContext): Promise<AgentFilesApi> {
  const serverUrl = vscode.Uri.joinPath(context.extensionUri, 'dist/web/server.js').toString(true);
  let worker: { terminate(): void } | undefined;
  // The documents of the workspace's own schemes (vscode-vfs, vscode-remote…), not those of diff views or other providers.
  const schemes = [...new Set((vscode.workspace.workspaceFolders ?? []).map((f) => f.uri.scheme))];
  const api = await activateAgentFiles(context, {
    selector: documentSelector(schemes.length ? schemes : ['file', 'vscode-vfs', 'vscode-remote', 'vscode-test-web']),
    terminals: false,
    createClient: (options) => {
      // A fresh worker at each start (a restart stops the old server and ends its worker).
      const client = new LanguageClient(
        'agentFiles',
        'Agent Files',
        async () => {
          worker?.terminate();
          worker = new Worker(serverUrl, { name: 'Agent Files language server' });
          return worker as never;
        },
        options,
      );
      context.subscriptions.push(...answerFsRequests(client), { dispose: () => worker?.terminate() });
      return client;
    },
  });
  return api;
}

export const deactivate = deactivateAgentFiles;
