/**
 * VS Code in the browser (vscode.dev, github.dev): the language server runs in a Web Worker
 * (dist/web/server.js) and reads the workspace through this client (./fsRequests.ts). Everything
 * works as on the desktop except running a skill's command, which needs a terminal: Route request…
 * copies it.
 */
import * as vscode from 'vscode';
import { BrowserMessageReader, BrowserMessageWriter, LanguageClient } from 'vscode-languageclient/browser';
import { activateAgentFiles, deactivateAgentFiles, documentSelector, type AgentFilesApi } from '../activate';
import { answerFsRequests } from './fsRequests';

/** The worker constructor of the extension host (its type is the DOM library's, left out of this build). */
declare const Worker: new (url: string, options?: { name?: string }) => { terminate(): void };

/**
 * Starts the server script in a Web Worker. The web extension host refuses workers from an
 * extension installed on a remote (`vscode-remote:`, as in code-server or a codespace in the
 * browser), but maps such URLs for `fetch`: the script is fetched and started from a blob then.
 */
async function startWorker(script: vscode.Uri): Promise<{ terminate(): void }> {
  const name = 'Agent Files language server';
  if (script.scheme !== 'vscode-remote') return new Worker(script.toString(true), { name });
  const response = await fetch(script.toString(true));
  if (!response.ok) throw new Error(`cannot load the language server (${script.toString(true)}): HTTP ${response.status}`);
  const blob = new Blob([await response.text()], { type: 'application/javascript' });
  return new Worker(URL.createObjectURL(blob), { name });
}

export async function activate(context: vscode.ExtensionContext): Promise<AgentFilesApi> {
  const serverScript = vscode.Uri.joinPath(context.extensionUri, 'dist/web/server.js');
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
          worker = await startWorker(serverScript);
          // The transports, not the worker: the host's Worker is a wrapper, so the client's `instanceof Worker` would miss it.
          return { reader: new BrowserMessageReader(worker as never), writer: new BrowserMessageWriter(worker as never) };
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
