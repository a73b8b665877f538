/**
 * Which of two conventions an AGENT.md follows. An OS Protocol agent opens with YAML
 * frontmatter that holds at least one OS Protocol key; anything else (plain Markdown, or
 * frontmatter with other metadata) is an instruction file for coding agents (Amp's AGENT.md,
 * the agents.md convention) and gets no OS Protocol diagnostics.
 */
import { splitLines } from '../text/text';
import type { YamlFrontmatter } from '../text/yamlFrontmatter';

/** The keys that make a frontmatter an OS Protocol agent's (`version` alone does not). */
export const OS_PROTOCOL_KEYS = ['name', 'description', 'extends', 'tools', 'workflows', 'annotations'] as const;

const KEY_SET: ReadonlySet<string> = new Set(OS_PROTOCOL_KEYS);
const TOP_KEY = /^([A-Za-z_][\w-]*)[ \t]*:(?:[ \t]|$)/;

export type AgentMdKind = 'os-protocol' | 'instructions';

export interface AgentMdClassification {
  kind: AgentMdKind;
  /** The OS Protocol keys found, in file order (empty for an instruction file). */
  osKeys: string[];
  /** The frontmatter's other top-level keys, in file order. */
  otherKeys: string[];
  /** True when the file opens with a `---` line. */
  hasFrontmatter: boolean;
}

/** Every key of the OS Protocol draft's `AgentMetadata`. */
const DEFINED: ReadonlySet<string> = new Set([...OS_PROTOCOL_KEYS, 'version']);
/** Keys only an OS Protocol agent has: a file that uses one is written for OS Protocol, whatever else it holds. */
const OS_PROTOCOL_ONLY: ReadonlySet<string> = new Set(['extends', 'workflows', 'annotations']);

/**
 * Classifies an AGENT.md from its parsed frontmatter. It is an OS Protocol agent when its
 * frontmatter parses to a mapping with a string `name` and `description` and holds no key the
 * OS Protocol draft does not define (clients.md §2), or when it uses a key only OS Protocol has
 * (`extends`, `workflows`, `annotations`). Frontmatter with other keys (`model`, `role`,
 * `expertise`, `priority`) is another tool's agent definition: the OS Protocol draft was
 * withdrawn in February 2026 and no runtime loads it, while real repositories hold thousands of
 * such files (a process library's agents, subagents in the shape of Claude Code's). A block that
 * YAML cannot read (or that is never closed) is judged by its top-level `key:` lines; in an
 * unclosed block only the lines up to the first blank one count, as a Markdown file that merely
 * opens with a `---` rule has prose after it, and one OS Protocol key there makes the file an
 * OS Protocol agent, so that its YAML error shows.
 */
export function classifyAgentMd(fm: YamlFrontmatter): AgentMdClassification {
  if (!fm.present) return { kind: 'instructions', osKeys: [], otherKeys: [], hasFrontmatter: false };
  const readable = fm.closed && fm.syntaxErrors.length === 0;
  const keys = readable ? (fm.map ? fm.entries.map((e) => e.key) : []) : scanKeys(fm);
  const osKeys: string[] = [];
  const otherKeys: string[] = [];
  for (const k of new Set(keys)) (KEY_SET.has(k) ? osKeys : otherKeys).push(k);
  const text = (key: string) => typeof fm.entries.find((e) => e.key === key)?.value === 'string';
  const named = readable && !!fm.map && text('name') && text('description');
  // A block YAML cannot read shows its keys only: one OS Protocol key keeps its YAML error in sight.
  const foreign = otherKeys.some((k) => !DEFINED.has(k));
  const osp = readable ? osKeys.some((k) => OS_PROTOCOL_ONLY.has(k)) || (named && !foreign) : osKeys.length > 0;
  return { kind: osp ? 'os-protocol' : 'instructions', osKeys, otherKeys, hasFrontmatter: true };
}

function scanKeys(fm: YamlFrontmatter): string[] {
  const lines = splitLines(fm.text.slice(fm.yamlStart, fm.yamlEnd));
  const out: string[] = [];
  for (const line of lines) {
    if (!fm.closed && line.trim() === '') break;
    const m = TOP_KEY.exec(line);
    if (m) out.push(m[1]!);
  }
  return out;
}

/** One line for hovers and tooltips: what the file is and why. */
export function describeAgentMdKind(c: AgentMdClassification): string {
  if (c.kind === 'os-protocol') {
    return `**AGENT.md: OS Protocol agent.** Its frontmatter holds the OS Protocol key${c.osKeys.length === 1 ? '' : 's'} ${c.osKeys.map((k) => `\`${k}\``).join(', ')}, so the OS Protocol rules apply.`;
  }
  const why = !c.hasFrontmatter
    ? 'It has no frontmatter'
    : c.otherKeys.length && c.osKeys.length
      ? `Its frontmatter holds ${c.otherKeys.map((k) => `\`${k}\``).join(', ')}, which OS Protocol does not define: it is another tool's file`
      : c.otherKeys.length
        ? `Its frontmatter holds only ${c.otherKeys.map((k) => `\`${k}\``).join(', ')}, none of them an OS Protocol key`
        : c.osKeys.length
          ? 'Its frontmatter has no text `name` and `description`, which OS Protocol requires'
          : 'Its frontmatter holds no OS Protocol key';
  return `**AGENT.md: instruction file** (Markdown for coding agents, the Amp / agents.md convention). ${why}, so OS Protocol rules do not apply. To make it an OS Protocol agent, open it with frontmatter holding \`name\` and \`description\`.`;
}
