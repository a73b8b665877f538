/**
 * Agent files the walk found committed as symbolic links that lead nowhere inside the folder
 * checked: each is reported as a file of its kind with one finding (core/workspace/brokenLinks.ts),
 * information when the target is a file `.gitignore` leaves out or lies in a git submodule.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { brokenLinkDiagnostic, type BrokenLinkTarget } from '../core/workspace/brokenLinks';
import { FILE_KIND_LABELS, fileKindOf, type FileKind } from '../core/workspace/fileKinds';
import { GitIgnored } from '../core/workspace/gitIgnored';
import { submoduleFolders, submodulePaths } from '../core/workspace/gitSubmodules';
import { isInside } from '../core/world/paths';
import { ABSOLUTE } from '../core/workspace/linkNotes';
import { applyConfigToFile, type AgentFilesConfig } from '../core/config';
import type { IWorkspaceHost } from '../core/workspace/host';
import type { FileResult } from './output';

/** A link the walk did not follow: its path, its target as written, the folder walked. */
export interface BrokenLink {
  link: string;
  target: string;
  kind: FileKind;
  walked: string;
}

/** The link at `link` (found walking `walked`) when it is an agent file whose relative target is missing inside the folder walked. */
export function brokenAgentLink(link: string, target: string, exists: boolean, walked: string): BrokenLink | undefined {
  const kind = fileKindOf(link);
  if (!kind || exists || !target || ABSOLUTE.test(target)) return undefined;
  return within(path.resolve(path.dirname(link), target), walked) ? { link, target, kind, walked } : undefined;
}

/** Whether the absolute path `p` is `folder` or below it. */
function within(p: string, folder: string): boolean {
  const root = path.resolve(folder);
  return p === root || p.startsWith(root + path.sep);
}

/** Where a broken link's target is: nowhere, a file `.gitignore` leaves out, or a submodule's folder. */
function whereTarget(b: BrokenLink, host: IWorkspaceHost): BrokenLinkTarget {
  const target = URI.file(path.resolve(path.dirname(b.link), b.target)).toString();
  const submodule = submoduleFolders(URI.file(path.resolve(path.dirname(b.link))).toString(), host).find((s) => isInside(s, target));
  if (submodule) return { submodule: path.relative(path.resolve(b.walked), URI.parse(submodule).fsPath) || '.' };
  if (new GitIgnored(host, URI.file(path.resolve(b.walked)).toString()).ignores(target)) return { ignored: true };
  // A target written from the repository's root (`src/AGENTS.md` in `src/CLAUDE.md`): the link to write instead.
  const fromRoot = path.resolve(b.walked, b.target);
  const instead = host.exists(URI.file(fromRoot).toString())
    ? path
        .relative(path.dirname(path.resolve(b.link)), fromRoot)
        .split(path.sep)
        .join('/')
    : undefined;
  return instead ? { missing: true, instead } : { missing: true };
}

/** The report of each broken link, as the files of the run are reported (its path from `cwd`, its kind's label, the configuration's severities). */
export function brokenLinkResults(links: readonly BrokenLink[], host: IWorkspaceHost, cwd: string, configFor: (uri: string) => AgentFilesConfig): FileResult[] {
  return links.map((b) => {
    const uri = URI.file(path.resolve(b.link)).toString();
    return {
      path: path.relative(cwd, path.resolve(b.link)) || b.link,
      kind: FILE_KIND_LABELS[b.kind],
      diagnostics: applyConfigToFile(b.kind, '', [brokenLinkDiagnostic(b.kind, b.target, whereTarget(b, host))], configFor(uri)),
    };
  });
}

/** The submodule (its path from the folder walked) a relative link's target lies in, by the folder's `.gitmodules`; undefined when none does. */
export function submoduleHolding(link: string, target: string, walked: string): string | undefined {
  if (path.isAbsolute(target)) return undefined;
  let text: string;
  try {
    text = fs.readFileSync(path.join(walked, '.gitmodules'), 'utf8');
  } catch {
    // No .gitmodules (the common case): no submodules.
    return undefined;
  }
  const resolved = path.resolve(path.dirname(link), target);
  return submodulePaths(text).find((s) => within(resolved, path.resolve(walked, s)));
}

/** Whether a path is a symbolic link (whose target, `statSync` found, is not there). */
export function danglingLink(p: string): boolean {
  try {
    return fs.lstatSync(p).isSymbolicLink();
  } catch {
    // Nothing at the path at all: no link either.
    return false;
  }
}
