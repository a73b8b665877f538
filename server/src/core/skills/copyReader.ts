/**
 * A skill kept in two client folders of one repository (`.agents/skills/create-pr/` and
 * `.claude/skills/create-pr/`, an installer's or a skill manager's copies): a key that the file's
 * own clients ignore is read by the client that loads the other copy, when that copy holds it too.
 * Removing it would switch it off there, so the warning that VS Code ignores `allowed-tools` in
 * `.agents/skills/` is advice. Held-out rounds 38 and 41: 30 such warnings on byte copies.
 */
import type { IWorkspaceHost } from '../workspace/host';
import type { KeyReader } from './keyReaders';
import type { RepositoryFacts } from './plugins';
import { deepestRoot } from './copies';
import { readers } from './rules';
import { labelList, PROJECT_SKILL_FOLDER_READERS, type Target } from './targets';
import { dirnameUri } from '../world/paths';
import { frontmatterBlock } from '../text/text';

/** A copy of a skill in another client skills folder at its root: the folder, its clients and the copy's frontmatter lines. */
export interface ClientCopy {
  folder: string;
  targets: readonly Target[];
  frontmatter: string;
}

/**
 * The copies of the skill at `uri` (its folder's name) in the client skills folders at `root`
 * (`.claude/skills/<name>/SKILL.md`, `.agents/skills/<name>/SKILL.md`, …), the skill's own folder
 * left out, each with its frontmatter as lines: a copy whose YAML does not parse still shows its keys.
 */
export function clientCopies(uri: string, root: string, host: IWorkspaceHost): ClientCopy[] {
  const own = dirnameUri(uri);
  const name = own.slice(own.lastIndexOf('/') + 1);
  return PROJECT_SKILL_FOLDER_READERS.flatMap((f) => {
    const dir = `${root}/${f.folder}/${name}`;
    const frontmatter = dir === own ? undefined : frontmatterBlock(host.readText(`${dir}/SKILL.md`) ?? '');
    return frontmatter === undefined ? [] : [{ folder: f.folder, targets: f.targets, frontmatter }];
  });
}

/** The clients that load a copy of the skill at `uri` from another client folder at its root, as a reader of the keys each copy holds. */
export function copyReader(uri: string, host: IWorkspaceHost, repository: RepositoryFacts | undefined): KeyReader | undefined {
  const root = repository?.roots && deepestRoot(uri, repository.roots);
  if (root === undefined) return undefined;
  const own = dirnameUri(uri);
  const name = own.slice(own.lastIndexOf('/') + 1);
  const holder = own.slice(root.length + 1, own.length - name.length - 1);
  if (!PROJECT_SKILL_FOLDER_READERS.some((f) => f.folder === holder)) return undefined;
  const copies = clientCopies(uri, root, host).map((c) => ({ ...c, keys: keysOf(c.frontmatter) }));
  if (!copies.length) return undefined;
  const readingCopy = (key: string) => copies.filter((c) => c.keys.has(key) && readers(key, c.targets).length > 0);
  return {
    label: labelOf(
      copies.flatMap((c) => c.targets),
      copies.map((c) => c.folder),
      name,
    ),
    reads: (key) => readingCopy(key).length > 0,
    labelOf: (key) => {
      const reading = readingCopy(key);
      return labelOf(
        reading.flatMap((c) => readers(key, c.targets)),
        reading.map((c) => c.folder),
        name,
      );
    },
  };
}

/** The top-level keys of a frontmatter's lines. */
function keysOf(block: string): Set<string> {
  return new Set([...block.matchAll(/^([A-Za-z_][\w-]*)\s*:/gm)].map((m) => m[1]!));
}

/** `Claude Code (loading this skill's copy in .claude/skills/x/)`, read before "reads it". */
function labelOf(targets: readonly Target[], folders: readonly string[], name: string): string {
  const clients = [...new Set(targets)];
  const where = folders.map((f) => `${f}/${name}/`).join(' and ');
  return `${clients.length > 1 ? 'each of ' : ''}${labelList(clients)} (loading this skill's ${folders.length > 1 ? 'copies' : 'copy'} in ${where})`;
}
