/**
 * The write bound: every WorkspaceEdit the server offers (quick fixes, rename) creates, changes,
 * renames or deletes only files the workspace host may write, that is inside the workspace
 * folders in real location too. The one exception is a text edit of the document the request
 * was about, which the user has open. The check looks at the edit itself, never at the data a
 * client sent back with a diagnostic, so a forged diagnostic cannot aim a fix elsewhere.
 */
import type { CodeAction, Command, WorkspaceEdit } from 'vscode-languageserver';

/** A target of an edit: its URI, and whether it only changes text (as opposed to creating, renaming or deleting a file). */
export interface EditTarget {
  uri: string;
  textOnly: boolean;
}

/** Every file an edit touches. Malformed entries are returned as an unusable target, so they are refused. */
export function editTargets(edit: WorkspaceEdit): EditTarget[] {
  const out: EditTarget[] = [];
  for (const uri of Object.keys(edit.changes ?? {})) out.push({ uri, textOnly: true });
  for (const c of edit.documentChanges ?? []) {
    const o = c as unknown as Record<string, unknown>;
    if (o['kind'] === 'create' || o['kind'] === 'delete') out.push({ uri: String(o['uri']), textOnly: false });
    else if (o['kind'] === 'rename') out.push({ uri: String(o['oldUri']), textOnly: false }, { uri: String(o['newUri']), textOnly: false });
    else out.push({ uri: String((o['textDocument'] as { uri?: unknown } | undefined)?.uri), textOnly: true });
  }
  return out;
}

/** The targets of `edit` that break the bound (empty when the edit may be offered). */
export function targetsOutside(edit: WorkspaceEdit, selfUri: string, mayWrite: (uri: string) => boolean): string[] {
  return editTargets(edit)
    .filter((t) => !(t.textOnly && t.uri === selfUri) && !mayWrite(t.uri))
    .map((t) => t.uri);
}

/** The actions that keep the bound, and the titles of those dropped with the files they would have touched. */
export function boundActions(actions: (CodeAction | Command)[], selfUri: string, mayWrite: (uri: string) => boolean): { kept: (CodeAction | Command)[]; dropped: string[] } {
  const kept: (CodeAction | Command)[] = [];
  const dropped: string[] = [];
  for (const a of actions) {
    const edit = 'edit' in a ? a.edit : undefined;
    const outside = edit ? targetsOutside(edit, selfUri, mayWrite) : [];
    if (outside.length === 0) kept.push(a);
    else dropped.push(`'${a.title}' (${outside.slice(0, 3).join(', ')}${outside.length > 3 ? ', …' : ''})`);
  }
  return { kept, dropped };
}
