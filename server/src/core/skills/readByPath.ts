/**
 * Skills folders a repository's own instructions tell agents to open by path. A project may keep
 * a library of pattern documents shaped as skills (`docs/skills/wolverine-sagas/SKILL.md`, or a
 * template's `skills/api-design/SKILL.md`) that its CLAUDE.md or AGENTS.md lists file by file for
 * the agent to read when a task needs one. No client loads that folder as skills: the agent reads
 * each file as a document, frontmatter and all. Held-out rounds 39 and 40: 103 warnings on keys
 * of such libraries, in two repositories whose CLAUDE.md named the files in tables of "read this
 * before that task".
 *
 * Only a folder the instructions name two or more existing skills of, by their relative paths, is
 * read so: a skill collection's CLAUDE.md that names one skill as the model of the others still
 * has its skills checked as the specification's. A hidden folder no client reads (`.ai/skills/`)
 * counts when it is named at all: only the agents told to open it read it (held-out round 43).
 */
import type { IWorkspaceHost } from '../workspace/host';

/** The instruction files at a repository's root that its agents read first. */
export const ROOT_INSTRUCTION_FILES = ['CLAUDE.md', 'AGENTS.md', 'GEMINI.md', '.github/copilot-instructions.md'];

/** A skills folder the root's instructions point into, and the file that does. */
export interface ReadByPathFact {
  /** The folder holding the skills' folders, from the root (`docs/skills`). */
  readonly folder: string;
  /** The instruction file, from the root (`CLAUDE.md`). */
  readonly source: string;
}

/** Fewest existing skills of one folder an instruction file must name. */
const MIN_NAMED = 2;
/** Characters of an instruction file read. */
const MAX_CHARS = 200_000;
/** A relative path to a SKILL.md: `docs/skills/x/SKILL.md`, `./skills/x/SKILL.md`; not after `~/`, `/` or a word. */
const SKILL_PATH = /(?<![\w~/.-])(?:\.\/)?((?:[\w-][\w.-]*\/)*?[\w-][\w.-]*)\/([\w-][\w.-]*)\/SKILL\.md\b/g;

/** By root (a URI without a trailing slash), the folders its instruction files tell agents to open skills from by path. */
export function readSkillsReadByPath(roots: readonly string[], host: IWorkspaceHost): ReadonlyMap<string, readonly ReadByPathFact[]> {
  const out = new Map<string, ReadByPathFact[]>();
  for (const r of roots) {
    const root = r.replace(/\/+$/, '');
    const facts = ROOT_INSTRUCTION_FILES.flatMap((source) => {
      const text = host.readText(`${root}/${source}`);
      return text === undefined ? [] : foldersNamedIn(text.slice(0, MAX_CHARS), root, host).map((folder) => ({ folder, source }));
    });
    const unique = facts.filter((f, i) => facts.findIndex((g) => g.folder === f.folder) === i);
    if (unique.length) out.set(root, unique);
  }
  return out;
}

/**
 * The folders of which `text` names at least `MIN_NAMED` skills that exist below `root`, and the
 * skills folders of a hidden folder no client reads that it names (`.ai/skills/`: a tool's or the
 * project's own, which only the agents told to open it read).
 */
function foldersNamedIn(text: string, root: string, host: IWorkspaceHost): string[] {
  const named = new Map<string, Set<string>>();
  for (const m of text.matchAll(SKILL_PATH)) {
    const [, folder, skill] = m;
    // A client's own skills folder (`.claude/skills/x/SKILL.md`) is loaded by its client whatever the instructions say.
    if (inClientFolder(folder!)) continue;
    const skills = named.get(folder!) ?? new Set<string>();
    skills.add(skill!);
    named.set(folder!, skills);
  }
  const listed = [...named].filter(([folder, skills]) => [...skills].filter((s) => host.exists(`${root}/${folder}/${s}/SKILL.md`)).length >= MIN_NAMED).map(([folder]) => folder);
  const hidden = [...text.matchAll(HIDDEN_SKILLS_FOLDER)].map((m) => m[1]!).filter((f) => !inClientFolder(f) && host.isDirectory(`${root}/${f}`));
  return [...new Set([...listed, ...hidden])];
}

/** A hidden folder's skills folder named as a path (`.ai/skills/`, `` `.ai/skills` ``). */
const HIDDEN_SKILLS_FOLDER = /(?<![\w~/.-])(?:\.\/)?(\.[\w-][\w.-]*(?:\/[\w-][\w.-]*)*?\/skills)(?=\/|`|\s|$)/gm;
/** The hidden folders whose skills folder a client reads (targets.ts), and Antigravity's and Copilot's. */
const CLIENT_FOLDERS: ReadonlySet<string> = new Set(['.claude', '.agents', '.codex', '.github', '.gemini', '.opencode', '.cursor', '.agent', '.copilot']);
const inClientFolder = (folder: string) => folder.split('/').some((f) => CLIENT_FOLDERS.has(f));

/** Whether a URI is one of the instruction files `readSkillsReadByPath` reads for one of `roots`. */
export function isRootInstructionFile(uri: string, roots: readonly string[]): boolean {
  return roots.some((r) => ROOT_INSTRUCTION_FILES.some((f) => uri === `${r.replace(/\/+$/, '')}/${f}`));
}

/**
 * The fact that makes the SKILL.md at `uri` a document the instructions open by path: it sits one
 * folder below a folder they name (`<root>/<folder>/<name>/SKILL.md`).
 */
export function readByPathOf(uri: string, facts: ReadonlyMap<string, readonly ReadByPathFact[]> | undefined, root: string | undefined): ReadByPathFact | undefined {
  if (!facts?.size || root === undefined || !uri.startsWith(`${root}/`)) return undefined;
  // The folders the pattern names hold only ASCII letters, digits, `_`, `.` and `-`: the same in a URI.
  const folder = uri
    .slice(root.length + 1)
    .split('/')
    .slice(0, -2)
    .join('/');
  return folder ? facts.get(root)?.find((f) => f.folder === folder) : undefined;
}
