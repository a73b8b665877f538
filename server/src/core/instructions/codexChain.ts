/**
 * Codex's project instructions (developers.openai.com/codex/guides/agents-md; codex-rs
 * `project_doc.rs`): from the project root (the nearest folder holding `.git`) down to the working
 * folder, Codex takes one file per folder (`AGENTS.override.md`, else `AGENTS.md`, else a name of
 * `project_doc_fallback_filenames`, none by default), reads each up to what is left of a budget of
 * `project_doc_max_bytes` (32 KiB by default), skips a file holding only white space, and joins the
 * rest root first. Whatever lies past the budget never reaches the model.
 */
import type { IWorkspaceHost } from '../workspace/host';
import type { Diagnostic, Range } from '../types';
import { dirnameUri } from '../world/paths';
import { firstLineRange } from '../world/diag';
import { decodeTarget } from '../skills/paths';
import { utf8Length } from './utf8';

import { codexConfigFor, CODEX_MAX_BYTES, CODEX_NAMES } from './codexConfig';

export { CODEX_MAX_BYTES, CODEX_NAMES };

export interface ChainPart {
  uri: string;
  /** The file's size in UTF-8 bytes. */
  bytes: number;
  /** How many of them Codex reads (all, some, or none once the budget is spent). */
  read: number;
}

const trimSlash = (u: string) => u.replace(/\/$/, '');

/** The folders from `root` down to `dir`, both included (`dir` must lie in `root`). */
function foldersDown(root: string, dir: string): string[] {
  const out: string[] = [];
  let at = trimSlash(dir);
  const top = trimSlash(root);
  for (let n = 0; n < 256; n++) {
    out.unshift(at);
    if (at === top || !at.startsWith(top + '/')) break;
    at = trimSlash(dirnameUri(at));
  }
  return out;
}

/** The project root Codex starts from: the nearest folder holding `.git` inside the workspace root, else that root. */
export function codexProjectRoot(fileUri: string, workspaceRoot: string, host: IWorkspaceHost): string {
  const folders = foldersDown(workspaceRoot, dirnameUri(fileUri));
  for (let i = folders.length - 1; i >= 0; i--) if (host.exists(`${folders[i]}/.git`)) return folders[i]!;
  return trimSlash(workspaceRoot);
}

/** The file Codex takes in one folder, with its text; undefined when it takes none. */
function fileIn(folder: string, host: IWorkspaceHost, names: readonly string[]): { uri: string; text: string } | undefined {
  for (const name of names) {
    const uri = `${folder}/${name}`;
    if (!host.exists(uri) || host.isDirectory(uri)) continue;
    const text = host.readText(uri);
    if (text !== undefined) return { uri, text };
  }
  return undefined;
}

/** The chain Codex reads for a working folder `dir`, root first, with the bytes each part gives. */
export function codexChain(dir: string, projectRoot: string, host: IWorkspaceHost, maxBytes = CODEX_MAX_BYTES, names: readonly string[] = CODEX_NAMES): ChainPart[] {
  let left = maxBytes;
  const out: ChainPart[] = [];
  for (const folder of foldersDown(projectRoot, dir)) {
    const f = fileIn(folder, host, names);
    if (!f || f.text.trim() === '') continue;
    const bytes = utf8Length(f.text);
    const read = Math.min(bytes, left);
    out.push({ uri: f.uri, bytes, read });
    left -= read;
  }
  return out;
}

/** The UTF-16 position of the first byte past `bytes` UTF-8 bytes of `text` (a character cut in two counts as unread). */
export function positionAfterBytes(text: string, bytes: number): { line: number; character: number } {
  let n = 0;
  let line = 0;
  let lineStart = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : 3;
    if (n + size > bytes) return { line, character: i - lineStart };
    n += size;
    if (size === 4) i++;
    if (c === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, character: text.length - lineStart };
}

/** Folders of documentation and translations (`docs`, `i18n`, `ja-JP`). */
const DOC_FOLDER = /^(?:docs?|documentation|i18n|l10n|translations?|locales?|[a-z]{2}(?:[-_][A-Za-z]{2,4})?)$/;

/** Folders of samples a user copies into a project of their own (`examples/functions/x/`); a template folder's findings are all advice already (analyze.ts). */
const SAMPLE_FOLDER = /^(?:examples?|samples?|starters?|scaffolds?|boilerplates?|recipes?)$/i;

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

/** The name a chain part is shown by: relative to the file the finding is on. */
function label(uri: string, from: string): string {
  const a = trimSlash(dirnameUri(from)).split('/');
  const b = uri.split('/');
  let i = 0;
  while (i < a.length && i < b.length - 1 && a[i] === b[i]) i++;
  return [...a.slice(i).map(() => '..'), ...b.slice(i)].join('/');
}

/**
 * The finding on an AGENTS.md that Codex reads only in part (or not at all) when it works in the
 * file's folder or below: on the first line it never reads, naming what spent the budget.
 */
export function codexCutDiagnostic(text: string, uri: string, host: IWorkspaceHost, workspaceRoot: string): Diagnostic | undefined {
  if (text.trim() === '') return undefined;
  const root = codexProjectRoot(uri, workspaceRoot, host);
  const dir = trimSlash(dirnameUri(uri));
  const config = codexConfigFor(dir, root, host);
  // Another file of this folder comes first (an AGENTS.override.md): Codex reads that one instead.
  const first = fileIn(dir, host, config.names);
  if (first?.uri !== uri) return first && first.text.trim() !== '' ? overriddenDiagnostic(text, uri, first, root) : undefined;
  const chain = codexChain(dir, root, host, config.maxBytes, config.names);
  const own = chain[chain.length - 1];
  if (!own || own.uri !== uri || own.read >= own.bytes) return undefined;
  const before = chain.slice(0, -1);
  const spent = before.map((p) => `${label(p.uri, uri)} (${kib(p.read)})`);
  const at = positionAfterBytes(text, own.read);
  const lineEnd = (text.split('\n')[at.line] ?? '').replace(/\r$/, '').length;
  const range: Range = { start: at, end: { line: at.line, character: Math.max(at.character, lineEnd) } };
  const unread = kib(own.bytes - own.read);
  const cap = `${config.maxBytes < 1024 ? `${config.maxBytes} bytes` : kib(config.maxBytes)} (project_doc_max_bytes${config.sources.length && config.maxBytes !== CODEX_MAX_BYTES ? ' in .codex/config.toml' : ''})`;
  // A nested file's chain is read only in a session that starts in its folder (or below): say where.
  const where = before.length ? `In a session started in ${decodeTarget(dir.slice(root.length + 1))}/ or below, ` : '';
  const message =
    own.read === 0
      ? `${where}Codex never reads this file: its project instructions stop at ${cap}, all spent by ${spent.join(' + ')} before it`
      : `${where}Codex stops reading here: its project instructions stop at ${cap}, reached after ${[...spent, `${kib(own.read)} of this file`].join(' + ')}; the last ${unread} never reach Codex`;
  const { severity, note } =
    copyPlace(before, text, uri, host) ?? (before.length && own.bytes <= config.maxBytes ? (samplePlace(uri, root) ?? chainPlace(uri, root)) : chainPlace(uri, root));
  return { code: 'instructions-codex-cut', severity, message: message + note, range, data: { read: own.read, bytes: own.bytes } };
}

/** The folders between the project root and a file, as written in the URI. */
const foldersBelow = (uri: string, root: string) =>
  uri
    .slice(root.length + 1)
    .split('/')
    .slice(0, -1);

/**
 * How much a finding on a file of Codex's chain matters where the file is: an AGENTS.md among
 * documentation or translations is often a page about agents, not instructions, and one in a hidden
 * folder (`.kittify/overrides/`, a tool's generated `.agents/<tool>/` documents) is a tool's file
 * where no session starts: advice there.
 */
function chainPlace(uri: string, root: string): { severity: 'warning' | 'information'; note: string } {
  const rel = foldersBelow(uri, root);
  const hidden = rel.find((seg) => seg.startsWith('.'));
  const severity = hidden || rel.some((seg) => DOC_FOLDER.test(seg)) ? 'information' : 'warning';
  return { severity, note: hidden ? ` (it is in the hidden folder ${decodeTarget(hidden)}/, where a session seldom starts)` : '' };
}

/**
 * An AGENTS.md whose text a file earlier in its chain holds whole, and Codex read whole (a root
 * AGENTS.md that is a link to this one, a documentation copy of the root's): what the cap leaves
 * out reached Codex already, so nothing is lost. Advice there (lab: Azure/azure-dev's root
 * AGENTS.md links to cli/azd/AGENTS.md).
 */
function copyPlace(before: readonly ChainPart[], text: string, uri: string, host: IWorkspaceHost): { severity: 'information'; note: string } | undefined {
  const copy = before.find((p) => p.read >= p.bytes && host.readText(p.uri) === text);
  return copy ? { severity: 'information', note: ` (its text is that of ${label(copy.uri, uri)}, which Codex read whole before it: nothing of it is lost)` } : undefined;
}

/**
 * An AGENTS.md cut only by the files above it, in a folder of samples: a recipe or template is
 * copied into a project of the user's own, where those files are not above it and Codex reads it
 * whole; a session seldom starts in the sample where it stands. Advice there. Held-out round 33:
 * sanity-io/sanity's `examples/functions/<recipe>/AGENTS.md`, which `npx sanity blueprints add
 * function --example` copies into the user's project.
 */
function samplePlace(uri: string, root: string): { severity: 'information'; note: string } | undefined {
  const sample = foldersBelow(uri, root).find((seg) => SAMPLE_FOLDER.test(seg));
  return sample
    ? { severity: 'information', note: ` (it is in ${decodeTarget(sample)}/: a sample copied into projects of their own, where the files above it here are not read before it)` }
    : undefined;
}

/**
 * The finding on an AGENTS.md (or a fallback name) that a file Codex looks for first in the same
 * folder replaces: Codex takes one file per folder, `AGENTS.override.md` before `AGENTS.md`
 * (developers.openai.com/codex/guides/agents-md), so none of this file reaches it. On the first line.
 * Held-out round 31: a committed override of environment notes beside a 16.5 KiB AGENTS.md.
 */
function overriddenDiagnostic(text: string, uri: string, winner: { uri: string; text: string }, root: string): Diagnostic {
  const place = chainPlace(uri, root);
  const name = winner.uri.slice(winner.uri.lastIndexOf('/') + 1);
  const own = uri.slice(uri.lastIndexOf('/') + 1);
  // An override that names this file (`@AGENTS.md`, a link) meant to bring it in: Codex expands neither, but the model may open it: advice.
  const named = winner.text.includes(own);
  const message = named
    ? `Codex reads ${name} in this folder instead of this file (one file a folder, ${name} first); ${name} names this file, but Codex expands no @-import or link, so only the name reaches the model, which may open it`
    : `Codex reads ${name} in this folder instead of this file (one file a folder, ${name} first): nothing here reaches Codex; other clients still read it`;
  const severity = named ? 'information' : place.severity;
  return {
    code: 'instructions-codex-overridden',
    severity,
    message: message + place.note,
    range: firstLineRange(text),
  };
}
