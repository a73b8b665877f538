/**
 * Tools other than the skill clients that read keys of a SKILL.md's frontmatter, recognised by
 * the frontmatter itself:
 * - TanStack Intent: libraries ship skills in their packages' `skills/` folders for the Intent
 *   CLI, which installs them for an agent. Facts: TanStack/intent
 *   `packages/intent/src/commands/validate.ts` (`type`, `requires`: a `framework` skill must list
 *   what it requires), `core/types.ts` (`type`, `framework` in its skill list), and the staleness
 *   check (`library_version`, `sources`).
 * - OpenClaw (and its registry, ClawHub): a skill's runtime requirements sit in
 *   `metadata.openclaw` (older names `clawdbot`, `clawdis`), a map (docs.openclaw.ai
 *   clawhub/skill-format, whose basic frontmatter also has the `version` ClawHub publishes);
 *   its skills documentation adds top-level `homepage` and the
 *   `command-dispatch`, `command-tool`, `command-arg-mode` keys of a skill run as a command.
 * - Hermes Agent (NousResearch/hermes-agent): its skills, in `~/.hermes/skills/<category>/<name>/`
 *   (a repository's `.hermes/skills/`, or a copy of the home folder's in `hermes/skills/`), carry `version`, `author`, `platforms` and
 *   `prerequisites`, and a `metadata.hermes` map of its own (`tags`, `category`,
 *   `related_skills`): hermes-agent docs, "Creating Skills" and its hermes-agent-skill-authoring
 *   skill. It also reads a top-level `setup` (`setup.help`, `setup.collect_secrets`:
 *   tools/skills_tool_setup.py) and, where `metadata.hermes` has no `tags`, top-level `tags`
 *   (`skill_view`); held-out round 34.
 * - Squad (bradygaster/squad): its agents write the skills a team earns, with a `confidence`
 *   (`low`, `medium`, `high`) that only rises, the `source` the skill was learned from (`manual`,
 *   `observed`, `earned`), its `domain` and the MCP `tools` it needs (Squad's skill template,
 *   `.squad/templates/skill.md`; docs/features/skills.md). Its coordinator reads them to route work.
 * - A code generator that owns the file (Intent Architect): the skills it writes into an
 *   application carry the `template-id` of the template that wrote them (`Intent.…`) and a
 *   `contentHash` (an upper-case SHA-256) that tells it whether a person changed the file since;
 *   it reads both on its next run (the skills in IntentArchitect/Intent.Modules.NET's test
 *   applications and its modules' `resources/AgentSkills/`). Removing them makes the generator
 *   treat the file as changed by hand.
 * - Kimi Code CLI (Moonshot AI): it loads a project's skills from `.agents/skills/`, `.kimi/skills/`,
 *   `.claude/skills/` or `.codex/skills/`, and reads a `type` (`prompt`, the default, `inline`, or
 *   `flow`: a flowchart in the body run by `/flow:<name>`, never by the model), `whenToUse` (also
 *   `when-to-use`, `when_to_use`), `disableModelInvocation` (also `disable_model_invocation`) and
 *   `arguments` (moonshotai.github.io/kimi-code, Customization: Agent Skills). A skill in one of
 *   those folders is written for it when its `type` is one of the three, or it has a camel-case
 *   key only Kimi reads, or it sits in `.kimi/skills/` (held-out round 45: flow skills in
 *   `.agents/skills/`, whose `type` VS Code ignores).
 */
import type { FrontmatterEntry } from '../text/yamlFrontmatter';

/** The frontmatter keys Intent reads. */
const INTENT_KEYS: ReadonlySet<string> = new Set(['type', 'library', 'library_version', 'requires', 'sources', 'framework']);

/** Another tool that reads some keys of a SKILL.md the skill clients do not. */
export interface KeyReader {
  label: string;
  reads(key: string): boolean;
  /** Who reads this key, when that depends on the key (the repository's own tools, one file each). */
  labelOf?(key: string): string;
}

/**
 * The readers as one: a key is read when any of them reads it, and the first that does names
 * itself. A reader that reads none of a file's keys (the repository's tools, reading other keys)
 * never hides the next (a copy of the skill a client loads).
 */
export function eitherReader(...readers: readonly (KeyReader | undefined)[]): KeyReader | undefined {
  const all = readers.filter((r): r is KeyReader => r !== undefined);
  if (all.length <= 1) return all[0];
  const readerOf = (key: string) => all.find((r) => r.reads(key));
  return {
    label: all[0]!.label,
    reads: (key) => readerOf(key) !== undefined,
    labelOf: (key) => {
      const r = readerOf(key) ?? all[0]!;
      return r.labelOf?.(key) ?? r.label;
    },
  };
}

/** The tool that reads this frontmatter's own keys, if it is written for one (`uri`: the SKILL.md's, for a tool's own folder). */
export function keyReaderOf(entries: readonly FrontmatterEntry[], metadata: readonly FrontmatterEntry[], uri = ''): KeyReader | undefined {
  return (
    intentReader(entries) ??
    generatorReader(entries) ??
    metadataReader(metadata) ??
    (HERMES_FOLDER.test(uri) ? hermes(true) : undefined) ??
    (isSquadSkill(entries) ? SQUAD : undefined) ??
    (isKimiSkill(entries, uri) ? KIMI : undefined)
  );
}

const KIMI_KEYS: ReadonlySet<string> = new Set(['type', 'whenToUse', 'when-to-use', 'when_to_use', 'disableModelInvocation', 'disable_model_invocation', 'arguments']);
const KIMI: KeyReader = { label: 'Kimi Code CLI', reads: (key) => KIMI_KEYS.has(key) };
const KIMI_TYPES: ReadonlySet<string> = new Set(['prompt', 'inline', 'flow']);

/** A skill in a folder Kimi Code CLI loads, written for it: a `type` Kimi knows, a key only Kimi reads, or Kimi's own folder. */
function isKimiSkill(entries: readonly FrontmatterEntry[], uri: string): boolean {
  const folder = /\/\.(agents|kimi|claude|codex)\/skills\//.exec(uri)?.[1];
  if (folder === undefined) return false;
  if (folder === 'kimi') return true;
  const type = entries.find((e) => e.key === 'type')?.value;
  return (typeof type === 'string' && KIMI_TYPES.has(type.trim())) || entries.some((e) => e.key === 'whenToUse' || e.key === 'disableModelInvocation');
}

/**
 * The tools whose maps `metadata` holds, as one reader: a skill written for OpenClaw and Hermes
 * Agent at once (`metadata.openclaw` and `metadata.hermes`) has the keys of both read.
 */
function metadataReader(metadata: readonly FrontmatterEntry[]): KeyReader | undefined {
  const maps = metadata.flatMap((e) => {
    const tool = metadataToolOf(e);
    return tool ? [{ tool, value: e.value }] : [];
  });
  const readers = TOOL_METADATA.filter((t) => maps.some((m) => m.tool === t)).map((t) =>
    t.reader === HERMES ? hermes(!maps.some((m) => m.tool === t && entriesHave(m.value, 'tags'))) : t.reader,
  );
  if (readers.length <= 1) return readers[0];
  return {
    label: readers.map((r) => r.label).join(' and '),
    reads: (key) => readers.some((r) => r.reads(key)),
    labelOf: (key) => readers.find((r) => r.reads(key))?.label ?? readers[0]!.label,
  };
}

const entriesHave = (map: unknown, key: string) => map !== null && typeof map === 'object' && Object.prototype.hasOwnProperty.call(map, key);

/** Hermes Agent's folder (`.hermes/`), or a dotfiles repository's copy of its skills (`hermes/skills/`, `dot_hermes/skills/`, `dot-hermes/skills/`: held-out round 46). */
const HERMES_FOLDER = /\/(?:\.hermes\/|(?:dot[-_]|_)?hermes\/skills\/)/;

const HERMES_KEYS: ReadonlySet<string> = new Set(['version', 'author', 'platforms', 'prerequisites', 'setup']);
const HERMES: KeyReader = { label: 'Hermes Agent', reads: (key) => HERMES_KEYS.has(key) };
/** Hermes Agent as a reader: with top-level `tags` when its own map names none (`topTags`). */
function hermes(topTags: boolean): KeyReader {
  return topTags ? { label: HERMES.label, reads: (key) => key === 'tags' || HERMES_KEYS.has(key) } : HERMES;
}

const SQUAD_KEYS: ReadonlySet<string> = new Set(['domain', 'confidence', 'source', 'tools']);
const SQUAD: KeyReader = { label: 'Squad', reads: (key) => SQUAD_KEYS.has(key) };

/** A skill Squad's agents wrote: a `confidence` of low, medium or high, and the `source` it was learned from. */
function isSquadSkill(entries: readonly FrontmatterEntry[]): boolean {
  const value = (key: string) => {
    const e = entries.find((x) => x.key === key);
    return typeof e?.value === 'string' ? e.value.trim().toLowerCase() : undefined;
  };
  return ['low', 'medium', 'high'].includes(value('confidence') ?? '') && (value('source') ?? '') !== '';
}

const GENERATOR_KEYS: ReadonlySet<string> = new Set(['template-id', 'contentHash']);

/** The generator that wrote the file as a reader of keys: a `template-id` of Intent Architect's, or a SHA-256 `contentHash`. */
function generatorReader(entries: readonly FrontmatterEntry[]): KeyReader | undefined {
  const value = (key: string) => {
    const e = entries.find((x) => x.key === key);
    return typeof e?.value === 'string' ? e.value.trim() : '';
  };
  if (/^Intent\.[\w.]+$/.test(value('template-id'))) return { label: 'Intent Architect, which wrote this file,', reads: (key) => GENERATOR_KEYS.has(key) };
  if (/^[0-9A-F]{64}$/.test(value('contentHash'))) return { label: 'the generator that wrote this file', reads: (key) => GENERATOR_KEYS.has(key) };
  return undefined;
}

/** Intent as a reader of keys, when the frontmatter is Intent's: it names the `library` the skill documents and the skill's `type`. */
function intentReader(entries: readonly FrontmatterEntry[]): KeyReader | undefined {
  const text = (key: string) => entries.some((e) => e.key === key && typeof e.value === 'string' && e.value.trim() !== '');
  return text('library') && text('type') ? { label: 'TanStack Intent', reads: (key) => INTENT_KEYS.has(key) } : undefined;
}

const OPENCLAW_KEYS: ReadonlySet<string> = new Set(['version', 'homepage', 'command-dispatch', 'command-tool', 'command-arg-mode']);
const OPENCLAW: KeyReader = { label: 'OpenClaw', reads: (key) => OPENCLAW_KEYS.has(key) };

/** A tool that keeps a map of its own under `metadata` (its documented skill format), and what it reads there. */
export interface MetadataTool {
  keys: ReadonlySet<string>;
  reader: KeyReader;
  what: string;
}

/** In the order they are looked for: `metadata.openclaw` (and its older names), `metadata.hermes`. */
const TOOL_METADATA: readonly MetadataTool[] = [
  { keys: new Set(['openclaw', 'clawdbot', 'clawdis']), reader: OPENCLAW, what: 'its runtime requirements' },
  { keys: new Set(['hermes']), reader: HERMES, what: 'its own tags, category and related skills' },
];

/** The tool whose map a `metadata` entry is (a map under one of its keys), if any. */
export function metadataToolOf(e: FrontmatterEntry): MetadataTool | undefined {
  if (!e.value || typeof e.value !== 'object' || Array.isArray(e.value)) return undefined;
  return TOOL_METADATA.find((t) => t.keys.has(e.key));
}
