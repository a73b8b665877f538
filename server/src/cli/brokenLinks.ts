/**
 * Agent files the walk found committed as symbolic links that lead nowhere inside the folder
 * checked: each is reported as a file of its kind with one finding (core/workspace/brokenLinks.ts),
 * information when the target is a file `.gitignore` leaves out or lies in a git submodule.
 */
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { brokenLinkDiagnostic, type BrokenLinkTarget } from '../core/workspace/brokenLinks';
import { FILE_KIND_LABELS, fileKindOf, type FileKind } from '../core/workspace/fileKinds';
import { GitIgnored } from '../core/workspace/gitIgnored';
import { submoduleFolders } from '../core/workspace/gitSubmodules';
import { isInside } from '../core/world/paths';
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

/** An absolute target (a path on one machine: the walk's note speaks of it, not a finding). */
const ABSOLUTE = /^(?:\/|~|[A-Za-z]:[\\/]|\\\\)/;

/** The link at `link` (found walking `walked`) when it is an agent file whose relative target is missing inside the folder walked. */
export function brokenAgentLink(link: string, target: string, exists: boolean, walked: string): BrokenLink | undefined {
  const kind = fileKindOf(link);
  if (!kind || exists || !target || ABSOLUTE.test(target)) return undefined;
  const resolved = path.resolve(path.dirname(link), target);
  const root = path.resolve(walked);
  return resolved === root || resolved.startsWith(root + path.sep) ? { link, target, kind, walked } : undefined;
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
