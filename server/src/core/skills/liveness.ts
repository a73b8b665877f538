/**
 * Which SKILL.md files are skills a client loads, and which are copies, samples or models of one
 * (a template, an archive, translated documentation, a sample inside another skill's assets):
 * findings on those are advice, and they clash with no skill by name. Path facts, and a few
 * lookups through the host (a Cursor plugin's manifest, a SKILL.md in a folder above).
 */
import type { IWorkspaceHost } from '../workspace/host';
import { labelList, type Target, type TargetSet } from './targets';
import { installOf, pluginsOf, type RepositoryFacts } from './plugins';
import { dirnameUri } from '../world/paths';
import { deepestRoot, foldersBelowRoot, foldersUpToRoot, inArchiveFolder, isCopiesFolderName } from './copies';
import { inSkillLocation } from './vscodeLocations';
import { decodeTarget } from './paths';
import { frontmatterBlock } from '../text/text';
import { readByPathOf } from './readByPath';
import { clientCopies } from './copyReader';
import { skillNamesFile } from './namesFile';

/**
 * Folders whose SKILL.md files are copies, samples or translations, besides the copies folders
 * (`isCopiesFolderName`): not skills loaded from here. `.rulesync` and `.ruler` hold the sources
 * rulesync and ruler generate each client's files from (their own keys, `targets`, included), and
 * `.context` dotcontext's store of its own copies (held-out round 43); `.apm` the sources of an
 * APM package (microsoft/apm), which `apm install` deploys into the clients' folders, and
 * `apm_modules` the packages it installed (held-out round 62). A
 * plugin's manifest folder (`.claude-plugin/skills/`) is no skills folder: a copy kept there is
 * loaded only where the manifest names it, and then it is a plugin's skill (held-out round 36).
 */
const NOT_LIVE_FOLDER = /^(?:assets|references|i18n|translations|locales|\.rulesync|\.ruler|\.context|\.apm|apm_modules|\.claude-plugin|\.codex-plugin|\.cursor-plugin)$/i;
/** A skills folder put aside by its name: `skills-legacy`, `old_skills`, `skills-archive`. */
const SKILLS_PUT_ASIDE = /^(?:skills?[-_](?:legacy|archived?|archives|backups?|old|deprecated)|(?:legacy|archived?|archives|backups?|old|deprecated)[-_]skills?)$/i;
/** A skills folder of translations beside the skills themselves (`skills-zh/`, `skills_ja/`): a language's copy an installer may pick. */
const TRANSLATED_SKILLS = /^skills?[-_.](?:zh|ja|ko|es|pt|de|fr|ru|vi|th|ar|he|hi|uk|pl|tr|nl|cs|sv|fa|cn|jp|kr|tw)(?:[-_][A-Za-z]{2,4})?$/i;
/** A scratch folder (`tmp/`, `temp/`). */
const SCRATCH = /^(?:tmp|temp)$/i;
/** A language folder of translated documentation (`docs/ja-JP`, `docs/zh-CN`, `docs/fr`). */
const LOCALE = /^[a-z]{2}(?:[-_][A-Za-z]{2,4})?$/;

/** Folders of a skill's own resources: a SKILL.md below one is a sample or a copy the skill carries. */
const RESOURCE_FOLDER = /^(?:assets|references|scripts)$/i;

/**
 * True for a SKILL.md inside another skill's assets, references or scripts (below a `skills`
 * folder): a sample or a copy the skill carries. `roots`: the folders the files are checked from
 * (only the folders below them count).
 */
export function isSkillResource(uri: string, roots?: readonly string[]): boolean {
  const above = foldersBelowRoot(uri, roots).slice(0, -1);
  const skillsAt = above.findIndex((f) => /^skills?$/i.test(f));
  return skillsAt >= 0 && above.slice(skillsAt + 2).some((f) => RESOURCE_FOLDER.test(f));
}

/** The folders where coding agents keep their own files: a client loads skills there only from its `skills/`. */
const CLIENT_CONFIG_FOLDER = /^\.(?:agents?|claude|github|gemini|cursor|codex|opencode|windsurf|copilot)$/;
/** What a client loads skills from in its own folder: `skills/`, and a Gemini CLI extension's (`.gemini/extensions/<name>/skills/`). */
const SKILLS_OR_EXTENSIONS = /^(?:skills?|extensions)$/;
/** A folder named as a skill's template: `skill-template`, `skill_templates`, `template-skill`. */
const SKILL_TEMPLATE = /^(?:skills?[-_]?templates?|templates?[-_]?skills?)$/i;

/**
 * True when no client is known to load this file as a skill, so nothing it holds can stop one:
 * a file not named exactly SKILL.md (clients look for that name); a SKILL.md inside another
 * skill's assets, references or scripts (a sample or a copy it carries, in any folder); or a
 * SKILL.md in no client folder and no plugin that sits in a template, scaffold, archive, a
 * skills folder put aside (`skills-legacy/`) or translated (`skills-zh/`), a project's scratch folder (`tmp/`, below the roots only), a Maven or Gradle test's inputs
 * (`src/test/resources/`) or application's resources (`src/main/resources/`, which its own runtime
 * loads), translated documentation (`docs/ja-JP/…`), or a client's own folder outside its skills
 * folder (`.agent/workflows/x/`). Its findings are
 * advice (information) for every target. The file's own folder counts only when it cannot be a
 * skill's name (`.templates`), or when it is `template` and the skill declares another name
 * (`template/SKILL.md` with `name: template-skill`, as in anthropics/skills: the model a
 * collection copies), or it is named as a skill's template (`skill-template/`). A real skill may sit in `templates/` (`name: railway-templates`): that
 * folder name alone says nothing. Only folders below the deepest of `roots` (the folders the
 * files are checked from) count: a checkout kept in `~/archive/` holds live skills.
 */
export function notLoaded(uri: string, fileName: string, targets: TargetSet, declaredName?: string, roots?: readonly string[]): boolean {
  if (fileName !== 'SKILL.md') return true;
  if (isSkillResource(uri, roots)) return true;
  // A client's folder kept in a backup or an archive (`.autoharness/backup/.github/skills/x/`): files kept, not loaded (held-out round 73).
  if (!targets.fallback) return inArchiveFolder(dirnameUri(uri), roots);
  const folders = foldersBelowRoot(uri, roots);
  const above = folders.slice(0, -1);
  const own = folders[folders.length - 1] ?? '';
  // A folder named as a skill's template (`skill-template/`, `template-skill/`) in no client folder: the model a collection copies (held-out round 32).
  if (SKILL_TEMPLATE.test(own)) return true;
  const modelFolder = /^template$/i.test(own) && declaredName !== undefined && declaredName.toLowerCase() !== own.toLowerCase();
  const considered = /^[._]/.test(own) || modelFolder ? folders : above;
  return considered.some(
    (f, i) =>
      isCopiesFolderName(f) ||
      NOT_LIVE_FOLDER.test(f) ||
      SKILLS_PUT_ASIDE.test(f) ||
      TRANSLATED_SKILLS.test(f) ||
      // A scratch folder of the project (`tmp/skills/…`: drafts); only below a known root, where it cannot be the system's /tmp.
      (roots !== undefined && roots.length > 0 && SCRATCH.test(f)) ||
      (i > 0 && considered[i - 1]!.toLowerCase() === 'docs' && LOCALE.test(f)) ||
      // A client's own folder outside its skills folder (`.agent/workflows/x/`, `.claude/commands/x/`): the client reads other files there, and skills only from `skills/` (held-out round 56).
      (i > 0 && CLIENT_CONFIG_FOLDER.test(considered[i - 1]!) && !SKILLS_OR_EXTENSIONS.test(f)) ||
      // Maven's and Gradle's test inputs (`src/test/resources/…`): fixtures of the project's own tests.
      (i > 0 && f === 'resources' && considered[i - 1] === 'test') ||
      // Their main resources (`src/main/resources/skills/…`): packaged into the application, whose own runtime loads them.
      (i > 1 && f === 'resources' && considered[i - 1] === 'main' && considered[i - 2] === 'src'),
  );
}

/**
 * The skills folders of clients Agent Files does not model, by the folder that holds them:
 * Google Antigravity reads a workspace's `.agent/skills/` (its sibling Gemini CLI reads `name`
 * and `description` with a line parser when the YAML fails, clients.md; what Antigravity's own
 * loader does with YAML, keys and names is not documented), and Windsurf its `.windsurf/skills/`.
 */
const UNMODELLED: readonly { folder: RegExp; client: string; where: string }[] = [
  // A skill in a category folder (`.agent/skills/frontend/react/`) too: whether Antigravity looks that deep is not documented either.
  { folder: /(?:^|\/)\.agent\/skills\/(?:[^/]+\/)+SKILL\.md$/, client: 'Antigravity', where: '.agent/skills/' },
  // Windsurf reads a workspace's `.windsurf/skills/`; how its loader reads keys and names is not documented either (held-out round 64: 16 keys of one skill's sub-files).
  { folder: /(?:^|\/)\.windsurf\/skills\/(?:[^/]+\/)+SKILL\.md$/, client: 'Windsurf', where: '.windsurf/skills/' },
];

/** Findings that depend on how a client's loader reads the frontmatter (YAML, keys, names, lengths), not on the files a skill names. */
const LOADER_CODE = /^skill-(?:yaml|frontmatter|name|description|field|unexpected|metadata|compatibility|allowed-tools|license)/;

/** A skill of a plugin folder: `<plugin>/skills/<name>/SKILL.md`. */
const PLUGIN_SKILL = /^(.*)\/skills\/[^/]+\/SKILL\.md$/;

/**
 * The client Agent Files does not model whose skills folder holds `uri`, with a note for the
 * findings its loader decides. With a host, a skill of a Cursor plugin (`<plugin>/skills/<name>/`
 * beside `<plugin>/.cursor-plugin/plugin.json`) is Cursor's: Cursor loads it, and how Cursor reads
 * a skill's frontmatter is not documented (clients.md §1, Cursor: *unverified*).
 */
export function unmodelledClient(uri: string, host?: IWorkspaceHost): { client: string; note: string } | undefined {
  const hit = UNMODELLED.find((u) => u.folder.test(uri));
  if (hit) return { client: hit.client, note: ` (${hit.client} reads ${hit.where}; what its loader does with this is not documented, so it is advice)` };
  const plugin = host && PLUGIN_SKILL.exec(uri)?.[1];
  if (plugin && host.exists(`${plugin}/.cursor-plugin/plugin.json`))
    return {
      client: 'Cursor',
      note: ' (Cursor loads the skills of this Cursor plugin, .cursor-plugin/plugin.json; what its loader does with this is not documented, so it is advice)',
    };
  return undefined;
}

/**
 * Clients that load only `<skills folder>/<name>/SKILL.md`, one level down (clients.md §1: Claude
 * Code's `.claude/skills/<n>/`, Gemini CLI's SKILL.md directly under a root or one folder down, VS Code's scan);
 * Codex looks six levels deep and OpenCode everywhere below.
 */
const ONE_LEVEL: ReadonlySet<string> = new Set(['claude-code', 'copilot', 'gemini-cli']);
/** The folders whose `skills/` is a one-level client's own: `.claude/skills/`, `.github/skills/`, `.gemini/skills/`, `.copilot/skills/`. */
const CLIENT_SKILLS_PARENT = /^\.(?:claude|github|gemini|copilot)$/;
/** The same, or `.agents/skills/`, which Codex and OpenCode read deeper and VS Code and Gemini CLI one folder down. */
const clientOrAgentsSkillsParent = (name: string): boolean => CLIENT_SKILLS_PARENT.test(name) || name === '.agents';

/** The index in `parts` (a URI split at '/') of the nearest `skills` (or `skill`) folder above a SKILL.md's own folder; -1 when there is none. */
function skillsFolderIndex(parts: readonly string[]): number {
  let at = parts.length - 3;
  while (at >= 0 && !/^skills?$/i.test(parts[at]!)) at--;
  return at;
}

/** The index in `parts` of the innermost one-level client's skills folder above a SKILL.md's own folder (`.claude/skills`, `.github/skills`…), if any. */
function clientSkillsFolderIndex(parts: readonly string[]): number | undefined {
  for (let at = parts.length - 3; at > 0; at--) if (parts[at] === 'skills' && CLIENT_SKILLS_PARENT.test(parts[at - 1]!)) return at;
  return undefined;
}

/**
 * Where a SKILL.md sits below the nearest `skills` folder above it, for clients that load skills
 * one level down only (every target in ONE_LEVEL): `inside-skill` inside another skill's folder
 * (`daisyui/colors/SKILL.md` below `daisyui/SKILL.md`: one of that skill's files, which the skill
 * may point to), `category` in a folder that groups skills (`debugging/root-cause-tracing/SKILL.md`
 * with no SKILL.md in `debugging/`: these clients never look there), `put-aside` in such a folder
 * kept out of use by its name (`archive/`, `_drafts/`); undefined one level down, or when a
 * target looks deeper (Codex six levels, OpenCode everywhere).
 */
export function placeBelowSkills(
  uri: string,
  host: IWorkspaceHost,
  targets: TargetSet,
  skillLocations?: readonly string[],
): { kind: 'inside-skill' | 'category' | 'put-aside'; folder: string } | undefined {
  if (targets.fallback || !targets.targets.every((t) => ONE_LEVEL.has(t))) return undefined;
  // A folder the workspace's settings make a VS Code skills folder holds its skills one level down.
  if (targets.targets.every((t) => t === 'copilot') && inSkillLocation(uri, skillLocations)) return undefined;
  const parts = uri.split('/');
  // A client's own skills folder wins over a `skills` folder inside it (`.github/skills/skills/graphify/`; held-out round 54).
  const skills = clientSkillsFolderIndex(parts) ?? skillsFolderIndex(parts);
  if (skills < 0) return undefined;
  // The folders between the skills folder and this skill's own folder.
  for (let end = parts.length - 2; end > skills + 1; end--) {
    if (host.exists(`${parts.slice(0, end).join('/')}/SKILL.md`)) return { kind: 'inside-skill', folder: decodedPath(parts.slice(skills + 1, end)) };
  }
  const between = parts.slice(skills + 1, parts.length - 2);
  // Only a client's own skills folder: a collection's `skills/<group>/<skill>/` is its source, which
  // installers (`npx skills add`) copy one folder down, and a plugin's manifest may name such paths.
  if (!between.length || !CLIENT_SKILLS_PARENT.test(parts[skills - 1] ?? '')) return undefined;
  const folder = decodedPath(between);
  return between.some((f) => /^[._]/.test(f) || isCopiesFolderName(decodeTarget(f))) ? { kind: 'put-aside', folder } : { kind: 'category', folder };
}

/**
 * The targets that load a SKILL.md two or more folders below a client's skills folder
 * (`.agents/skills/eds/figma-map/SKILL.md`): when the file's targets mix clients that look one
 * folder down (VS Code, Gemini CLI, Claude Code) with ones that look deeper (Codex, OpenCode), only
 * the latter; otherwise the targets as they are (`placeBelowSkills` speaks when all look one folder down).
 */
export function loadersAtDepth(uri: string, targets: TargetSet, skillLocations?: readonly string[]): TargetSet {
  if (targets.fallback) return targets;
  const configured = inSkillLocation(uri, skillLocations);
  const shallow = targets.targets.filter((t) => ONE_LEVEL.has(t) && !(configured && t === 'copilot'));
  const deep = targets.targets.filter((t) => !shallow.includes(t));
  if (!shallow.length || !deep.length) return targets;
  const parts = uri.split('/');
  const skills = skillsFolderIndex(parts);
  if (skills < 0 || parts.length - 2 - (skills + 1) < 1 || !clientOrAgentsSkillsParent(parts[skills - 1] ?? '')) return targets;
  return { ...targets, targets: deep, reason: `${targets.reason}; ${labelList(shallow)} look only one folder below the skills folder, not at this depth` };
}

function decodedPath(folders: readonly string[]): string {
  return folders.map(decodeTarget).join('/');
}

/** Whether a finding's code is one a client's loader decides (see `unmodelledClient`). */
export function loaderDecides(code: string): boolean {
  return LOADER_CODE.test(code);
}

/**
 * The targets of a skill that read its folder but that nothing in the repository sets up: Gemini
 * CLI and OpenCode reading a shared folder (`.agents/skills/`) in a repository with no `.gemini/`,
 * `GEMINI.md`, `.opencode/` or `opencode.json` at its root and no installer that copies the
 * skills into their folders; VS Code reading `.agents/skills/` in one with no `.vscode/`, no
 * Copilot files in `.github/` and no `.code-workspace` file. Held-out round 30: a missing `name` was an error for Gemini CLI and
 * OpenCode in a repository set up for Claude Code, Codex and VS Code alone, whose loaders take
 * the folder's name. A folder only they read is theirs, and set up by being there.
 */
export function clientsNotSetUp(uri: string, targets: readonly Target[], repository: RepositoryFacts | undefined): ReadonlySet<Target> {
  if (!repository) return NO_TARGETS;
  const install = installOf(uri, repository)?.target;
  const unused = targets.filter(
    (t) =>
      install !== t &&
      install !== 'every' &&
      ((t === 'gemini-cli' && repository.gemini === false) ||
        (t === 'opencode' && repository.openCode === false) ||
        (t === 'copilot' && repository.vscode === false && SHARED_FOLDER.test(uri))),
  );
  // A folder of their own (`.config/opencode/skills/` in dotfiles) is set up by being there.
  const clients = targets.filter((t) => t !== 'spec' && t !== 'skills-ref');
  return unused.length && unused.length < clients.length ? new Set(unused) : NO_TARGETS;
}
const NO_TARGETS: ReadonlySet<Target> = new Set();
/**
 * The folder every client shares, where VS Code is one reader among many: with nothing in the
 * repository for VS Code or Copilot, its findings there are advice (held-out round 60 and the
 * lab: name and key warnings for VS Code on skills a repository keeps for Codex and Gemini CLI).
 * VS Code's own folders (`.github/skills/`, those `chat.agentSkillsLocations` names) set it up.
 */
const SHARED_FOLDER = /\/\.agents\/skills\//;

/**
 * Whether a SKILL.md in no client folder is a sub-document or a stale copy inside the folder of
 * another skill, never loaded as a skill of its own:
 * - inside a plugin's skill (`<plugin>/skills/flexlayout-react/state-machine/SKILL.md` below
 *   `flexlayout-react/SKILL.md`): a document that skill routes to, which its client (it loads a
 *   plugin's skills one folder below `skills/`) never loads. Held-out round 32: 74 keys flagged.
 * - in a folder named as the skill that holds it (`env-manager/env-manager/SKILL.md`): an older
 *   copy left inside the skill, which the loaders and installers that take a skill's folder whole
 *   carry as one of its files (OpenClaw stops at a folder's first SKILL.md). Held-out round 34: 18
 *   keys flagged on nine such copies.
 * - in a folder whose name can be no skill's (`7.4/`, `v13.x/`: the specification's names are
 *   lower-case letters, digits and single hyphens) that the SKILL.md holding it names by its path
 *   from there (`redis/SKILL.md`: "Load `7.4/SKILL.md` or `7.6/SKILL.md`"): a version document
 *   that skill sends the agent to. Held-out round 50: 42 name warnings on such documents. Sub-skills
 *   in folders named as skills (`ai-core/client-persistence/`) are skills to Codex and OpenCode,
 *   which look deeper, and are checked (the lab: 34 true warnings on them).
 */
export function insideAnotherSkill(uri: string, host: IWorkspaceHost, targets: TargetSet, repository: RepositoryFacts | undefined): boolean {
  if (!targets.fallback || !repository) return false;
  const own = dirnameUri(uri);
  const holding = foldersUpToRoot(own, repository.roots).find((dir) => host.exists(`${dir}/SKILL.md`));
  if (holding === undefined) return false;
  return (
    own.slice(own.lastIndexOf('/')) === holding.slice(holding.lastIndexOf('/')) ||
    (repository.plugins.length > 0 && pluginsOf(`${holding}/SKILL.md`, repository).length > 0) ||
    (!SKILL_NAME.test(decodeTarget(own.slice(own.lastIndexOf('/') + 1))) && skillNamesFile(`${holding}/SKILL.md`, uri, host))
  );
}

/** A name the specification allows for a skill (and so for its folder). */
const SKILL_NAME = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * A skill in no client folder, without a `description`, whose folder name a client skills folder
 * at its repository's root holds too, there with a `description` (`skills/aoa-adr-write/`, in the
 * repository's own format with `summary`, beside the `.agents/skills/aoa-adr-write/` its build
 * script writes): the source of the copy clients read, which is checked on its own. Held-out
 * round 37: 45 errors on such sources. A copy that has a `description` may be what an installer
 * takes from the repository (`npx skills add`), and is checked as before (the lab: 113 true
 * findings on such copies).
 */
export function sourceOfClientCopy(uri: string, text: string, host: IWorkspaceHost, targets: TargetSet, repository: RepositoryFacts | undefined): boolean {
  // Read from the lines, as the copy is: a frontmatter YAML cannot parse still says whether it has one.
  if (!targets.fallback || !repository || describes(frontmatterBlock(text))) return false;
  const root = deepestRoot(uri, repository.roots ?? []);
  return root !== undefined && clientCopies(uri, root, host).some((c) => describes(c.frontmatter));
}

/** The manifests that make a folder a plugin or an extension whose `skills/` its users install. */
const PACKAGE_MANIFESTS = ['plugin.json', '.claude-plugin/plugin.json', '.codex-plugin/plugin.json', '.cursor-plugin/plugin.json', 'gemini-extension.json'];

/**
 * A skill in no client folder, that nothing installs, with the frontmatter of its namesake in a
 * client skills folder at the repository's root (`docs/claude/skills/pdf/` or a bundle's
 * `skills/pdf/` beside `.claude/skills/pdf/`): a mirror of the skill the client loads, which is
 * checked for that client. `whole` when the whole text is the same. Held-out round 73: 328
 * warnings on the documentation mirror and the Amplifier bundle of one repository's skills.
 */
export function mirrorOfClientSkill(
  uri: string,
  text: string,
  host: IWorkspaceHost,
  targets: TargetSet,
  repository: RepositoryFacts | undefined,
): { folder: string; whole: boolean } | undefined {
  if (!targets.fallback || targets.elsewhere || !repository || installOf(uri, repository)) return undefined;
  const root = deepestRoot(uri, repository.roots ?? []);
  const own = frontmatterBlock(text);
  if (root === undefined || own === undefined) return undefined;
  const name = dirnameUri(uri).slice(dirnameUri(uri).lastIndexOf('/') + 1);
  // A plugin's or an extension's copy is the one its users install (`plugins/x/plugin.json`, Copilot CLI's manifest).
  const packageRoot = dirnameUri(dirnameUri(dirnameUri(uri)));
  if (PACKAGE_MANIFESTS.some((m) => host.exists(`${packageRoot}/${m}`))) return undefined;
  const copy = clientCopies(uri, root, host).find((c) => c.frontmatter === own);
  if (!copy) return undefined;
  const folder = `${copy.folder}/${name}`;
  return { folder, whole: host.readText(`${root}/${folder}/SKILL.md`) === text };
}

/** Whether a SKILL.md's frontmatter lines have a `description` line. */
function describes(frontmatter: string | undefined): boolean {
  return frontmatter !== undefined && /^description\s*:/m.test(frontmatter);
}

/**
 * A skill in no client folder that the repository's root instructions list by path for agents to
 * open as a document (`docs/skills/<name>/SKILL.md` in CLAUDE.md's "read this before that task"),
 * when nothing installs the repository's skills (readByPath.ts): the note for the findings its
 * loader would decide. What the file says (its links, paths and fences) the agent still reads.
 * Held-out rounds 39 and 40.
 */
export function openedByPath(uri: string, targets: TargetSet, repository: RepositoryFacts | undefined): { note: string } | undefined {
  if (!targets.fallback || !repository?.readByPath || installOf(uri, repository)) return undefined;
  const fact = readByPathOf(uri, repository.readByPath, deepestRoot(uri, repository.roots ?? []));
  return fact && { note: ` (${fact.source} lists this file for agents to open by path, and no client loads ${fact.folder}/ as skills, so it is advice)` };
}
