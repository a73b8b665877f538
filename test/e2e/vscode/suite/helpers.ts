// Shared helpers for the extension-host tests: fixture access and waiting on editor state with a
// deadline (never a fixed sleep).
import * as assert from 'assert';
import * as vscode from 'vscode';

export const EXTENSION_ID = 'agent-files.agent-files';

/** The fixture workspace (test/fixtures/e2e-workspace, copied to a temp folder by runTest). */
export function workspaceUri(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the tests need the fixture workspace open');
  return folder.uri;
}

export function fixture(rel: string): vscode.Uri {
  return vscode.Uri.joinPath(workspaceUri(), ...rel.split('/'));
}

export async function activate(): Promise<vscode.Extension<unknown>> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is not installed in the extension host`);
  await ext.activate();
  return ext;
}

export async function open(rel: string): Promise<vscode.TextEditor> {
  const doc = await vscode.workspace.openTextDocument(fixture(rel));
  return vscode.window.showTextDocument(doc, { preview: false });
}

/** The position of the `nth` occurrence of `needle` in `doc`, plus `delta` characters. */
export function positionOf(doc: vscode.TextDocument, needle: string, delta = 0, nth = 0): vscode.Position {
  let at = -1;
  for (let i = 0; i <= nth; i++) {
    at = doc.getText().indexOf(needle, at + 1);
    assert.ok(at >= 0, `"${needle}" (#${i}) not found in ${doc.uri.path}`);
  }
  return doc.positionAt(at + delta);
}

export function rangeOf(doc: vscode.TextDocument, needle: string, nth = 0): vscode.Range {
  const start = positionOf(doc, needle, 0, nth);
  return new vscode.Range(start, start.translate(0, needle.length));
}

export function codeOf(d: vscode.Diagnostic): string {
  const c = d.code;
  if (c === undefined) return '';
  return typeof c === 'object' ? String(c.value) : String(c);
}

export function listDiagnostics(diags: readonly vscode.Diagnostic[]): string {
  if (diags.length === 0) return '(no diagnostics)';
  return diags.map((d) => `${codeOf(d) || '-'} ${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.message}`).join('\n  ');
}

const DEFAULT_DEADLINE_MS = Number(process.env.AGENT_FILES_E2E_DEADLINE_MS || 20_000);

/**
 * Resolves with the diagnostics of `uri` as soon as `accept` returns true for them, re-checking
 * on every diagnostics change; fails with what was there at the deadline.
 */
export function waitForDiagnostics(
  uri: vscode.Uri,
  accept: (diags: readonly vscode.Diagnostic[]) => boolean,
  what: string,
  deadlineMs = DEFAULT_DEADLINE_MS,
): Promise<readonly vscode.Diagnostic[]> {
  return new Promise((resolve, reject) => {
    const check = (): boolean => {
      const diags = vscode.languages.getDiagnostics(uri);
      if (!accept(diags)) return false;
      cleanup();
      resolve(diags);
      return true;
    };
    const sub = vscode.languages.onDidChangeDiagnostics((e) => {
      if (e.uris.some((u) => u.toString() === uri.toString())) check();
    });
    const timer = setTimeout(() => {
      cleanup();
      const lang = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString())?.languageId ?? 'not open';
      reject(
        new Error(
          `timed out after ${deadlineMs} ms waiting for ${what} on ${uri.path} (language ${lang}); diagnostics:\n  ${listDiagnostics(vscode.languages.getDiagnostics(uri))}`,
        ),
      );
    }, deadlineMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      sub.dispose();
    };
    check();
  });
}

/**
 * Calls `probe` until `accept` holds or the deadline passes. Providers answer empty while the
 * server is still starting, so a first empty answer is not a failure; retries are triggered by
 * diagnostics changes (the server finished a pass) and by a short poll.
 */
export async function eventually<T>(probe: () => Thenable<T>, accept: (v: T) => boolean, what: string, deadlineMs = DEFAULT_DEADLINE_MS): Promise<T> {
  const deadline = Date.now() + deadlineMs;
  let last: T | undefined;
  for (;;) {
    last = await probe();
    if (accept(last)) return last;
    if (Date.now() > deadline) {
      throw new Error(`timed out after ${deadlineMs} ms waiting for ${what}; last answer: ${JSON.stringify(last)?.slice(0, 800)}`);
    }
    await new Promise<void>((r) => {
      const sub = vscode.languages.onDidChangeDiagnostics(() => done());
      const t = setTimeout(() => done(), 250);
      function done(): void {
        sub.dispose();
        clearTimeout(t);
        r();
      }
    });
  }
}

/** The text of a hover's contents, whatever form they come in. */
export function hoverText(h: vscode.Hover): string {
  return h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : '')).join('\n');
}

/** The Skills tree provider the extension exposes to its tests. */
export type SkillsTreeProvider = vscode.TreeDataProvider<unknown>;

/** One row of the Skills tree: its node, its tree item, label and description. */
export interface TreeRow {
  node: unknown;
  item: vscode.TreeItem;
  label: string;
  description: string;
}

/** The Skills tree of the activated extension. */
export async function skillsTree(): Promise<SkillsTreeProvider> {
  const ext = await activate();
  const tree = (ext.exports as { tree?: SkillsTreeProvider } | undefined)?.tree;
  assert.ok(tree, 'the extension API does not expose the Skills tree');
  return tree;
}

/** The rows under `parent` (the roots without one). */
export async function treeRows(tree: SkillsTreeProvider, parent?: unknown): Promise<TreeRow[]> {
  const kids = (await tree.getChildren(parent)) ?? [];
  return Promise.all(
    kids.map(async (node) => {
      const item = await tree.getTreeItem(node);
      const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
      return { node, item, label, description: String(item.description ?? '') };
    }),
  );
}

/** Runs a tree row's command and returns the editor it made active. */
export async function runTreeCommand(item: vscode.TreeItem): Promise<vscode.TextEditor> {
  assert.ok(item.command, `"${String(item.label)}" has no command`);
  await vscode.commands.executeCommand(item.command.command, ...(item.command.arguments ?? []));
  const editor = vscode.window.activeTextEditor;
  assert.ok(editor, 'no active editor after the command');
  return editor;
}
