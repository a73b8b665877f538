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

/**
 * Classifies an AGENT.md from its parsed frontmatter. A block that YAML cannot read (or that
 * is never closed) is judged by its top-level `key:` lines, so a broken OS Protocol agent
 * still gets its YAML error; in an unclosed block only the lines up to the first blank one
 * count, as a Markdown file that merely opens with a `---` rule has prose after it.
 */
export function classifyAgentMd(fm: YamlFrontmatter): AgentMdClassification {
  if (!fm.present) return { kind: 'instructions', osKeys: [], otherKeys: [], hasFrontmatter: false };
  const keys = fm.closed && fm.syntaxErrors.length === 0 ? (fm.map ? fm.entries.map((e) => e.key) : []) : scanKeys(fm);
  const osKeys: string[] = [];
  const otherKeys: string[] = [];
  for (const k of new Set(keys)) (KEY_SET.has(k) ? osKeys : otherKeys).push(k);
  return { kind: osKeys.length ? 'os-protocol' : 'instructions', osKeys, otherKeys, hasFrontmatter: true };
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
    : c.otherKeys.length
      ? `Its frontmatter holds only ${c.otherKeys.map((k) => `\`${k}\``).join(', ')}, none of them an OS Protocol key`
      : 'Its frontmatter holds no OS Protocol key';
  return `**AGENT.md: instruction file** (Markdown for coding agents, the Amp / agents.md convention). ${why}, so OS Protocol rules do not apply. To make it an OS Protocol agent, open it with frontmatter holding \`name\` and \`description\`.`;
}
