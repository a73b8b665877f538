/**
 * The client's answers to the server's `agentFiles/fs/*` requests in the browser, where the server
 * (a Web Worker) cannot read the workspace: `vscode.workspace.findFiles` lists a folder (a walk
 * with `vscode.workspace.fs.readDirectory` when the workspace has no file search),
 * `vscode.workspace.fs` stats and reads. Only URIs inside a workspace folder are answered.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient } from 'vscode-languageclient';
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
} from '../../../server/src/lsp/protocol';

const SKIPPED = new Set(['node_modules', '.git']);

/** The URI when it lies in a workspace folder (the server asks for nothing else; anything else is refused). */
function inWorkspace(raw: unknown): vscode.Uri | undefined {
  if (typeof raw !== 'string') return undefined;
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(raw, true);
  } catch {
    return undefined; // not a URI
  }
  return vscode.workspace.getWorkspaceFolder(uri) && !uri.path.split('/').includes('..') ? uri : undefined;
}

async function walk(folder: vscode.Uri, limit: number): Promise<string[]> {
  const out: string[] = [];
  const todo = [folder];
  while (todo.length && out.length < limit) {
    const dir = todo.pop()!;
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(dir);
    } catch {
      continue; // unreadable or gone: skipped, as on Node
    }
    for (const [name, type] of entries) {
      const child = vscode.Uri.joinPath(dir, name);
      if (type & vscode.FileType.SymbolicLink) continue; // not followed, as on Node
      if (type === vscode.FileType.Directory) {
        if (!SKIPPED.has(name)) todo.push(child);
      } else if (type === vscode.FileType.File && out.length < limit) out.push(child.toString());
    }
  }
  return out;
}

async function findFiles(p: FsFindFilesParams): Promise<FsFindFilesResult> {
  const folder = inWorkspace(p?.folder);
  const limit = typeof p?.limit === 'number' && p.limit > 0 ? p.limit : 0;
  if (!folder || !limit) return { uris: [] };
  try {
    const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), '**/{node_modules,.git}/**', limit);
    if (found.length) return { uris: found.map((u) => u.toString()) };
  } catch {
    // No file search for this workspace (some virtual file systems): walk it instead.
  }
  return { uris: await walk(folder, limit) };
}

async function stat(p: FsUriParams): Promise<FsStatResult> {
  const uri = inWorkspace(p?.uri);
  if (!uri) return null;
  try {
    const st = await vscode.workspace.fs.stat(uri);
    const type = st.type & vscode.FileType.Directory ? 'directory' : st.type & vscode.FileType.File ? 'file' : 'other';
    return { type, size: st.size };
  } catch {
    return null; // missing or unreadable
  }
}

const decoder = new TextDecoder('utf-8');

async function readFile(p: FsReadFileParams): Promise<FsReadFileResult> {
  const uri = inWorkspace(p?.uri);
  if (!uri) return null;
  try {
    const st = await vscode.workspace.fs.stat(uri);
    if (!(st.type & vscode.FileType.File)) return null;
    if (typeof p.maxBytes === 'number' && st.size > p.maxBytes) return { tooLarge: true, size: st.size };
    return { text: decoder.decode(await vscode.workspace.fs.readFile(uri)) };
  } catch {
    return null; // missing or unreadable
  }
}

export function answerFsRequests(client: BaseLanguageClient): vscode.Disposable[] {
  return [client.onRequest(FsFindFilesRequest, findFiles), client.onRequest(FsStatRequest, stat), client.onRequest(FsReadFileRequest, readFile)];
}
