/**
 * OpenCode agents (`.opencode/agent/**\/*.md`, `.opencode/agents/**\/*.md`): OpenCode decodes the
 * frontmatter with its agent schema, and a value of the wrong type makes the configuration invalid,
 * so the agent is not loaded. Unknown keys load: OpenCode passes them to the model provider as options.
 * A `prompt` key is replaced by the body. Facts and sources: docs/subagents.md#opencode-agents.
 */
import { parseDocument } from 'yaml';
import type { Diagnostic } from '../types';
import type { FrontmatterEntry } from '../text/yamlFrontmatter';
import type { AgentFrontmatter } from './frontmatter';
import { keysOf, OPENCODE_MODES, OPENCODE_THEME_COLORS } from './keys';
import { typeName, valueAt } from './claudeAgent';
import { suggestAmong } from '../skills/clientFields';

const KEY_LINE = /^([a-zA-Z_][a-zA-Z0-9_]*)\s*:\s*(.*)$/;

/**
 * OpenCode's second try when the YAML does not parse: a top-level value holding ':' that is not
 * quoted or a block becomes a block scalar. True when the text parses after that.
 */
export function parsesAfterOpenCodeRetry(yamlText: string): boolean {
  const out: string[] = [];
  for (const line of yamlText.replace(/\r\n/g, '\n').split('\n')) {
    const m = KEY_LINE.exec(line);
    const value = m?.[2]?.trim() ?? '';
    if (!m || /^\s/.test(line) || value === '' || value === '|' || value === '>' || /^["']/.test(value) || !value.includes(':')) out.push(line);
    else out.push(`${m[1]}: |-`, `  ${value}`);
  }
  return parseDocument(out.join('\n'), { schema: 'core', uniqueKeys: false }).errors.length === 0;
}

type Check = (v: unknown) => boolean;

const isString: Check = (v) => typeof v === 'string';
const isFinite: Check = (v) => typeof v === 'number' && Number.isFinite(v);
const isBoolean: Check = (v) => typeof v === 'boolean';
const isPositiveInt: Check = (v) => typeof v === 'number' && Number.isInteger(v) && v > 0;
const isMap: Check = (v) => v !== null && typeof v === 'object' && !Array.isArray(v);

/** What OpenCode's agent schema takes for each key it types, and how to say it. */
const TYPES: Record<string, [Check, string]> = {
  model: [isString, 'text (provider/model-id)'],
  variant: [isString, 'text'],
  description: [isString, 'text'],
  temperature: [isFinite, 'a number'],
  top_p: [isFinite, 'a number'],
  disable: [isBoolean, 'true or false'],
  hidden: [isBoolean, 'true or false'],
  hidden_from_cycle: [isBoolean, 'true or false'],
  steps: [isPositiveInt, 'a positive whole number'],
  maxSteps: [isPositiveInt, 'a positive whole number'],
  options: [isMap, 'a map'],
  mode: [(v) => typeof v === 'string' && OPENCODE_MODES.includes(v), OPENCODE_MODES.join(', ')],
  color: [(v) => typeof v === 'string' && (/^#[0-9a-fA-F]{6}$/.test(v) || OPENCODE_THEME_COLORS.includes(v)), `#RRGGBB or ${OPENCODE_THEME_COLORS.join(', ')}`],
};

function shown(v: unknown): string {
  return typeof v === 'string' ? `'${v}'` : typeof v === 'number' || typeof v === 'boolean' ? String(v) : typeName(v);
}

function rejected(e: FrontmatterEntry, takes: string): Diagnostic {
  return {
    code: 'subagent-value-invalid',
    severity: 'error',
    message: `OpenCode will not load this agent: ${e.key} ${shown(e.value)} is not valid (it takes ${takes}), so the agent's configuration is rejected`,
    range: valueAt(e),
  };
}

function checkTools(e: FrontmatterEntry, out: Diagnostic[]): void {
  if (e.value === null || (isMap(e.value) && Object.values(e.value as object).every((x) => typeof x === 'boolean'))) return;
  out.push({
    code: 'subagent-tools-shape',
    severity: 'error',
    message: `OpenCode will not load this agent: tools must map tool names to true or false (write: false), not be ${isMap(e.value) ? 'a map with other values' : typeName(e.value)}`,
    range: valueAt(e),
  });
}

/** Every finding about an OpenCode agent's frontmatter. */
export function checkOpenCodeAgent(f: AgentFrontmatter, text: string, out: Diagnostic[]): void {
  // No frontmatter: OpenCode loads the file with its defaults (mode all, the body as prompt).
  if (!f.fm.present || !f.fm.closed) return;
  if (f.outcome.kind !== 'parsed') {
    const yamlText = text.slice(f.fm.yamlStart, f.fm.yamlEnd);
    if (f.outcome.kind === 'failed' || !parsesAfterOpenCodeRetry(yamlText)) {
      const line = f.outcome.line + f.firstLine;
      out.push({
        code: 'subagent-yaml-invalid',
        severity: 'error',
        message: `OpenCode will not load this agent: its frontmatter is not valid YAML, even after OpenCode's own rewriting of values that hold ':' (line ${line + 1}: ${f.outcome.message})`,
        range: { start: { line, character: 0 }, end: { line, character: (text.split('\n')[line] ?? '').trimEnd().length } },
      });
      return;
    }
  }
  const known = keysOf('opencode-agent').map((k) => k.key);
  for (const e of f.entries) {
    if (e.key === 'tools') checkTools(e, out);
    else if (e.key === 'prompt')
      out.push({
        code: 'subagent-key-ignored',
        severity: 'warning',
        message: 'OpenCode ignores prompt in a Markdown agent: the body of the file replaces it (move the prompt into the body)',
        range: e.keyRange,
      });
    const type = TYPES[e.key];
    if (type && e.value !== null && !type[0](e.value)) out.push(rejected(e, type[1]));
    if (known.includes(e.key)) continue;
    const s = suggestAmong(e.key, known);
    out.push({
      code: 'subagent-key-unknown',
      severity: 'information',
      message: s
        ? `OpenCode has no agent field '${e.key}': did you mean '${s}'? (it passes unknown keys to the model provider as options)`
        : `OpenCode has no agent field '${e.key}': it passes it to the model provider as an option`,
      range: e.keyRange,
      data: s ? { key: e.key, suggestion: s } : { key: e.key },
    });
  }
}
