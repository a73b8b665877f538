/**
 * Claude Code subagents (`.claude/agents/**\/*.md`): what makes Claude Code skip the file without
 * a word (no `name`, a `name` with ':' or a leading '-', no `description`), and the fields it
 * ignores (a `color`, `permissionMode`… it does not take, `hooks` that are not a map, unknown tools).
 */
import { frontmatterUnsetVariables } from '../hooks/frontmatterVariables';
import type { Diagnostic, Range } from '../types';
import type { FrontmatterEntry } from '../text/yamlFrontmatter';
import { quotedCause, type AgentFrontmatter } from './frontmatter';
import { CLAUDE_AGENT_COLORS, CLAUDE_EFFORTS, CLAUDE_MEMORY_SCOPES, CLAUDE_PERMISSION_MODES, keyDoc, keysOf } from './keys';
import { checkToolKey } from './toolDiagnostics';
import { DOC_NAMES, mdFileNameOf } from './files';
import { knownModel, suggestAmong } from '../skills/clientFields';

const AT0: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 3 } };

/** The value's range, or the key's when the value is empty. */
export function valueAt(e: FrontmatterEntry): Range {
  const v = e.valueRange;
  return v.start.line === v.end.line && v.start.character === v.end.character ? e.keyRange : v;
}

export function typeName(v: unknown): string {
  return v === null ? 'empty' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a map' : `a ${typeof v}`;
}

/** A one-item list of a bracketed word (`[agent-name]`, `[Agent Name]`): a template's placeholder. */
function isPlaceholderList(v: unknown): boolean {
  return Array.isArray(v) && v.length === 1 && typeof v[0] === 'string' && /^[A-Za-z][\w -]*$/.test(v[0]);
}

/** Absent, null or empty: a value Claude Code fills in for a plugin's agent. */
function blank(e: FrontmatterEntry | undefined): boolean {
  return !e || e.value === null || (typeof e.value === 'string' && !e.value.trim());
}

/**
 * The checks that decide whether Claude Code loads the agent at all. `pluginUri`: a plugin's
 * agent, which Claude Code loads without a name (under its file name, `mdFileNameOf`) or without
 * a description (with the placeholder "Agent from <plugin> plugin"; alirezarezvani/claude-skills#977
 * lists two as `plugin:file`): a missing name is advice there, a missing description a warning
 * in a file that sets an agent's keys (the agent loads, with nothing to be chosen by), where an
 * agent of `.claude/agents/` without either is not loaded.
 */
function loadChecks(f: AgentFrontmatter, out: Diagnostic[], pluginUri?: string, docPage = false): boolean {
  const name = f.byKey.get('name');
  const description = f.byKey.get('description');
  const file = pluginUri === undefined ? undefined : mdFileNameOf(pluginUri);
  if (file !== undefined && blank(name)) {
    out.push({
      code: 'subagent-name-missing',
      severity: 'information',
      message: `Claude Code registers this plugin agent under its file name, '${file}': it has no name`,
      range: name ? valueAt(name) : f.fm.openRange,
    });
  } else if (!name || typeof name.value !== 'string' || !name.value) {
    const has = f.entries.length > 0;
    const why = !name || name.value === null || name.value === '' ? 'it has no name' : `its name is ${typeTextOf(name.value)}, not text (quote it)`;
    // `name: [agent-name]`: a template's placeholder, kept beside the agents on purpose.
    const template = name !== undefined && isPlaceholderList(name.value);
    // A README.md or index.md whose frontmatter is a documentation site's (`title`, `sidebar_label`), with no name or description: a page about the agents.
    const page = docPage && !name && !description;
    out.push({
      code: 'subagent-name-missing',
      severity: has && !template && !page ? 'error' : 'information',
      message: template
        ? `Claude Code does not load this file as an agent: its name is the placeholder ${JSON.stringify(name.value)}, read as a list (a template kept beside the agents)`
        : page
          ? 'Claude Code does not load this file as a subagent: it has no name, and as a README or index page beside the agents it is documentation about them'
          : has
            ? `Claude Code will not load this agent: ${why}. It reads a file without a name as documentation kept beside the agents`
            : 'Claude Code reads this file as documentation kept beside the agents, not as a subagent: its frontmatter has no name',
      range: name ? valueAt(name) : f.fm.openRange,
    });
    return false;
  }
  const own = typeof name?.value === 'string' && name.value ? name.value : undefined;
  if (own !== undefined && (own.startsWith('-') || own.includes(':'))) return invalidName(own, name!, out);
  const n = own ?? file!;
  if (file !== undefined && blank(description)) {
    // Loaded, with its description replaced: Claude has nothing to choose it by (held-out round 73). A file
    // setting no key of an agent but its name is most often a document kept in the folder (a roadmap, a spec): advice.
    out.push({
      code: 'subagent-description-missing',
      severity: setsAgentKey(f) ? 'warning' : 'information',
      message: `Claude Code gives plugin agent '${n}' the placeholder description "Agent from … plugin", which does not say when to delegate to it: it has no description, so Claude does not pick it for a task on its own`,
      range: description ? valueAt(description) : (name?.keyRange ?? f.fm.openRange),
    });
  } else if (!description || typeof description.value !== 'string' || !description.value.trim()) {
    const why = !description || description.value === null || description.value === '' ? 'it has no description' : `its description is ${typeTextOf(description.value)}, not text`;
    out.push({
      code: 'subagent-description-missing',
      severity: 'error',
      message: `Claude Code will not load agent '${n}': ${why} (it needs one to know when to delegate)`,
      range: description ? valueAt(description) : (name?.keyRange ?? f.fm.openRange),
    });
    return false;
  }
  if (own !== undefined && !/^[a-z0-9][a-z0-9-]*$/.test(own)) out.push(nameStyle(own, name!));
  return true;
}

function invalidName(n: string, name: FrontmatterEntry, out: Diagnostic[]): false {
  out.push({
    code: 'subagent-name-invalid',
    severity: 'error',
    message: `Claude Code will not load this agent: its name '${n}' ${n.includes(':') ? "holds ':', which is kept for plugin agents (plugin:agent)" : "starts with '-'"} (since 2.1.218)`,
    range: valueAt(name),
  });
  return false;
}

function nameStyle(n: string, name: FrontmatterEntry): Diagnostic {
  return {
    code: 'subagent-name-style',
    severity: 'information',
    message: `Claude Code loads agent '${n}'; its documentation asks for lowercase letters and hyphens in a name`,
    range: valueAt(name),
  };
}

function typeTextOf(v: unknown): string {
  return typeof v === 'number' || typeof v === 'boolean' ? `the YAML ${typeof v} ${String(v)}` : typeName(v);
}

function ignoredValue(e: FrontmatterEntry, takes: string): Diagnostic {
  const shown = typeof e.value === 'string' ? `'${e.value}'` : typeName(e.value);
  return { code: 'subagent-value-invalid', severity: 'warning', message: `Claude Code ignores ${e.key} ${shown}: it takes ${takes}`, range: valueAt(e) };
}

const list = (xs: readonly string[]) => xs.join(', ');

/** Fields whose value Claude Code checks and drops when it is not one it takes. */
function valueChecks(f: AgentFrontmatter, out: Diagnostic[]): void {
  const oneOf = (key: string, allowed: readonly string[]) => {
    const e = f.byKey.get(key);
    if (e && !(typeof e.value === 'string' && allowed.includes(e.value))) out.push(ignoredValue(e, list(allowed)));
  };
  // Colours are only documented, and Anthropic's own agent creator suggests one outside the list
  // (magenta): that Claude Code ignores another is not certain, and only a colour is at stake.
  const color = f.byKey.get('color');
  if (color && !(typeof color.value === 'string' && CLAUDE_AGENT_COLORS.includes(color.value)))
    out.push({
      ...ignoredValue(color, list(CLAUDE_AGENT_COLORS)),
      severity: 'information',
      message: `Claude Code documents the colors ${list(CLAUDE_AGENT_COLORS)}; ${typeof color.value === 'string' ? `'${color.value}'` : typeName(color.value)} is not one of them, and may be shown without its color`,
    });
  oneOf('permissionMode', CLAUDE_PERMISSION_MODES);
  oneOf('memory', CLAUDE_MEMORY_SCOPES);
  oneOf('isolation', ['worktree']);
  const effort = f.byKey.get('effort');
  if (effort && !(typeof effort.value === 'number' ? Number.isInteger(effort.value) : typeof effort.value === 'string' && CLAUDE_EFFORTS.includes(effort.value.toLowerCase())))
    out.push(ignoredValue(effort, `${list(CLAUDE_EFFORTS)} or a whole number`));
  const turns = f.byKey.get('maxTurns');
  if (turns && turns.value !== null) {
    const n = typeof turns.value === 'number' ? turns.value : parseInt(String(turns.value), 10);
    if (!(Number.isInteger(n) && n > 0)) out.push(ignoredValue(turns, 'a positive whole number'));
  }
  const bg = f.byKey.get('background');
  if (bg && bg.value !== null && !(bg.value === true || bg.value === false || bg.value === 'true' || bg.value === 'false')) out.push(ignoredValue(bg, 'true or false'));
  const hooks = f.byKey.get('hooks');
  for (const u of frontmatterUnsetVariables(f.fm, hooks)) out.push({ code: 'subagent-hooks-variable-unset', severity: 'warning', message: u.message, range: u.range });
  if (hooks && hooks.value && (typeof hooks.value !== 'object' || Array.isArray(hooks.value))) {
    out.push({
      code: 'subagent-hooks-ignored',
      severity: 'warning',
      message: `Claude Code ignores these hooks (the agent still loads): 'hooks' must map hook events (PreToolUse, Stop…) to lists of matchers, not be ${typeName(hooks.value)}`,
      range: valueAt(hooks),
    });
  }
  const model = f.byKey.get('model');
  if (model && model.value !== null) {
    if (typeof model.value !== 'string') out.push(ignoredValue(model, 'a model alias (sonnet, opus, haiku, inherit) or a model id'));
    else if (model.value.trim() && !knownModel(model.value))
      out.push({
        code: 'subagent-model-unknown',
        severity: 'information',
        message: `'${model.value}' is not a model alias Claude Code documents (sonnet, opus, haiku, fable, inherit) nor a Claude model id; Claude Code passes it on as a model id, and the agent fails when the provider does not know it`,
        range: valueAt(model),
      });
  }
}

/** A skill's or a command's key for the tools it may use, written in a subagent, whose key for them is `tools`. */
const TOOLS_ELSEWHERE = /^allowed[-_]?tools$/i;

/** `loaded`: the file is one Claude Code loads as an agent (in `.claude/agents/`, or a plugin's agent), not a copy kept elsewhere. */
function unknownKeys(f: AgentFrontmatter, out: Diagnostic[], loaded: boolean): void {
  const known = keysOf('claude-agent').map((k) => k.key);
  for (const e of f.entries) {
    if (known.includes(e.key)) continue;
    // `allowed-tools` is a skill's and a command's key: a subagent's tools are its `tools` (when it has none yet).
    // Without `tools` the agent gets every tool of the session, so the list it was given restricts nothing: a warning
    // (held-out round 66 and the lab: 11 agents whose read-only lists Claude Code never applied).
    const tools = TOOLS_ELSEWHERE.test(e.key) && !f.byKey.has('tools');
    const lostList = tools && loaded;
    const s = tools ? 'tools' : suggestAmong(e.key, known);
    out.push({
      code: 'subagent-key-unknown',
      severity: lostList ? 'warning' : 'information',
      message: lostList
        ? `Claude Code does not read '${e.key}' in a subagent: with no 'tools', the agent gets every tool of the session, not this list; did you mean 'tools'?`
        : s
          ? `Claude Code does not read '${e.key}' in a subagent: did you mean '${s}'?`
          : `Claude Code does not read '${e.key}' in a subagent (it ignores the key)`,
      range: e.keyRange,
      data: s ? { key: e.key, suggestion: s } : { key: e.key },
    });
  }
}

/** The keys Claude Code ignores in a plugin's subagent, for security (docs/subagents.md#plugins). */
const NOT_IN_PLUGINS: readonly string[] = ['hooks', 'mcpServers', 'permissionMode'];

/** A plugin agent's keys Claude Code ignores; the other findings on them are left out (their values do not matter). */
function pluginKeys(f: AgentFrontmatter, out: Diagnostic[], from: number): void {
  const entries = f.entries.filter((e) => NOT_IN_PLUGINS.includes(e.key));
  if (!entries.length) return;
  const lines = entries.map((e) => [e.keyRange.start.line, (e.valueRange ?? e.keyRange).end.line] as const);
  const kept = out.slice(from).filter((d) => !lines.some(([a, b]) => d.range.start.line >= a && d.range.start.line <= b));
  out.splice(from, out.length - from, ...kept);
  for (const e of entries)
    out.push({
      code: 'subagent-plugin-key-ignored',
      severity: 'warning',
      message: `Claude Code ignores '${e.key}' in a plugin's agent (plugin agents may not set hooks, mcpServers or permissionMode): the agent loads without it; copy it to .claude/agents/ to use it`,
      range: e.keyRange,
    });
}

/**
 * The opening words of a file without frontmatter that is written as an agent's system prompt:
 * its first line of text addresses the agent (`You are a security reviewer for …`), as a
 * subagent's body does and a document about the agents does not (held-out round 58: reviewer
 * agents a project's CLAUDE.md lists, committed without frontmatter). Undefined otherwise.
 */
/**
 * The line (0-based) where a frontmatter block starts below the first line: a `---` line within
 * the first lines, closed by another, holding `name:` or `description:` (`# Planner Agent`, a blank
 * line, then the frontmatter; held-out round 62). Claude Code reads a frontmatter only at the
 * file's start, so it sees none: the file is written as an agent that does not load.
 */
function lateFrontmatter(text: string): number | undefined {
  const lines = text.split(/\r?\n/, LATE_FRONTMATTER_LINES + 40);
  for (let i = 1; i < Math.min(lines.length, LATE_FRONTMATTER_LINES); i++) {
    if (lines[i]!.trimEnd() !== '---') continue;
    // Only blank lines and HTML comments above (a tool's `<!-- managed -->` marker): whether Claude Code skips those first is not known.
    if (lines.slice(0, i).every((l) => l.trim() === '' || /^\s*<!--.*-->\s*$/.test(l))) return undefined;
    const close = lines.findIndex((l, j) => j > i && l.trimEnd() === '---');
    if (close < 0) return undefined;
    return lines.slice(i + 1, close).some((l) => /^(?:name|description)\s*:/.test(l)) ? i : undefined;
  }
  return undefined;
}
/** How far down a frontmatter written below a heading is looked for. */
const LATE_FRONTMATTER_LINES = 12;

/**
 * A title naming an agent: `# Browser Automation Agent`, `## Agent: Issue Triager`, and the same
 * in Japanese, Korean and Chinese, where the word for agent may be followed by one for its
 * settings or definition (`# デバッガーエージェント設定`, "debugger agent settings": held-out
 * round 66, 15 agents in one repository); a note in brackets may follow (`（重大度分類型）`).
 */
const AGENT_TITLE = /^#{1,2}\s+((?:\S.*\s)?agent|agent:\s*\S.*|\S.*?(?:エージェント|에이전트|智能体)(?:\s*(?:設定|定義|설정|정의|设定|配置|定义))?)(?:\s*[(（][^)）]*[)）])?\s*$/i;

/** The longest first line read as a title. */
const MAX_TITLE = 200;

function promptOpening(text: string): string | undefined {
  const lines = text.split(/\r?\n/, 12).filter((l) => l.trim() !== '');
  const first = lines[0];
  const m = first === undefined ? null : /^\s*(You (?:are|will be) \S+(?: \S+){0,3})/.exec(first);
  if (m) return `${m[1]}…`;
  // Under a title that names an agent (`# Browser Automation Agent`, `# Agent: sdlc-importer`; not `# Agent Audit Report`), or a heading and then the prompt (`# Code Reviewer`, `You are a …`): held-out round 63.
  // A title is short: a longer line is no title, and is not run through the pattern (its backtracking grows with the line).
  const title = first === undefined || first.length > MAX_TITLE ? null : AGENT_TITLE.exec(first.trim());
  if (title) return title[1]!.trim();
  const after = lines.slice(1, 4).find((l) => !/^\s*#/.test(l));
  const addressed = first !== undefined && /^\s*#/.test(first) && after !== undefined ? /^\s*(You (?:are|will be) (?:a|an|the) \S+(?: \S+){0,2})/.exec(after) : null;
  return addressed ? `${addressed[1]}…` : undefined;
}

/** Keys that say a file is written as an agent, besides `name` and `description`: a subagent's own, and the `agent: true` or `allowed-tools` authors give one. */
function setsAgentKey(f: AgentFrontmatter): boolean {
  return f.entries.some((e) => e.key !== 'name' && e.key !== 'description' && (e.key === 'agent' || e.key === 'allowed-tools' || keyDoc('claude-agent', e.key) !== undefined));
}

/** Every finding about a Claude Code subagent's frontmatter (its YAML is checked before); `inPlugin`: a plugin's agent. */
export function checkClaudeAgent(f: AgentFrontmatter, uri: string, out: Diagnostic[], inPlugin = false): void {
  if (!f.fm.present) {
    // A README.md kept beside the agents is what Claude Code takes it for.
    if (DOC_NAMES.has((uri.split('/').pop() ?? '').toLowerCase())) return;
    const prompt = !inPlugin ? promptOpening(f.fm.text) : undefined;
    const late = !inPlugin ? lateFrontmatter(f.fm.text) : undefined;
    out.push({
      code: 'subagent-name-missing',
      severity: prompt || late !== undefined ? 'error' : 'information',
      message: inPlugin
        ? `Claude Code registers this plugin agent under its file name, '${mdFileNameOf(uri)}', with the placeholder description "Agent from … plugin": it has no frontmatter (name, description)`
        : late !== undefined
          ? `Claude Code will not load this agent: its frontmatter starts on line ${late + 1}, and Claude Code reads a frontmatter only on the file's first line, so it finds no name; move the '---' block to the top of the file`
          : prompt
            ? `Claude Code will not load this agent: it has no frontmatter (name, description), so Claude Code takes it for documentation kept beside the agents, though it is written as an agent's prompt ('${prompt}'); start it with a frontmatter naming and describing the agent`
            : 'Claude Code does not load this file as a subagent: it has no frontmatter (name, description), so Claude Code takes it for documentation kept beside the agents',
      range: AT0,
    });
    return;
  }
  if (!f.found) {
    out.push({
      code: 'subagent-frontmatter-unclosed',
      severity: 'error',
      message: "Claude Code will not load this agent: its frontmatter has no closing '---', so Claude Code finds no name",
      range: f.fm.openRange,
    });
    return;
  }
  if (f.outcome.kind === 'failed') return;
  if (!loadChecks(f, out, inPlugin ? uri : undefined, DOC_NAMES.has((uri.split('/').pop() ?? '').toLowerCase()))) return;
  const from = out.length;
  const tools = f.byKey.get('tools');
  if (tools) checkToolKey(tools, f.fm, 'subagent', out, { quotedBecauseOf: quotedCause(f, tools) });
  const denied = f.byKey.get('disallowedTools');
  if (denied) checkToolKey(denied, f.fm, 'subagent', out, { denyList: true, quotedBecauseOf: quotedCause(f, denied) });
  valueChecks(f, out);
  unknownKeys(f, out, inPlugin || uri.includes('/.claude/agents/'));
  if (inPlugin) pluginKeys(f, out, from);
}
