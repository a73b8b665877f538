/**
 * Checks of the fields clients document, each read the way that client reads it: unknown and
 * misspelt keys, Claude Code's booleans, `context`, `model`, `effort`, `shell`, `paths`, `hooks`,
 * and tool lists, and the clients' own limits (the 1,536-character listing cut,
 * VS Code's name characters, the skill-creator validators' `<`/`>` ban). The allowed values
 * and their sources are in docs/clients-fields.md; severities per target in ./rules.ts.
 */
import { frontmatterUnsetVariables } from '../hooks/frontmatterVariables';
import { isScalar } from 'yaml';
import type { Range } from '../types';
import { distanceWithin } from '../text/editDistance';
import { entriesOf, type FrontmatterEntry, type YamlFrontmatter } from '../text/yamlFrontmatter';
import { fieldCell, readers, SKILL_FIELDS, type Finding } from './rules';
import { labelList, TARGETS, type Target } from './targets';
import type { KeyReader } from './keyReaders';

/** The clients (every target but the specification and its reference validator). */
const CLIENTS: readonly Target[] = TARGETS.filter((t) => t !== 'spec' && t !== 'skills-ref');

export const CLAUDE_BOOLEANS = ['true', 'false', 'yes', 'no', 'on', 'off', '1', '0'];
export const YAML_BOOLEANS = ['true', 'false', 'True', 'False', 'TRUE', 'FALSE'];
export const MODEL_ALIASES = ['inherit', 'default', 'best', 'fable', 'sonnet', 'opus', 'haiku', 'opusplan', 'sonnet[1m]', 'opus[1m]'];
export const EFFORT_LEVELS = ['low', 'medium', 'high', 'xhigh', 'max'];
export const SHELLS = ['bash', 'powershell'];
export const CONTEXT_VALUES = ['fork'];

const KNOWN_KEYS = SKILL_FIELDS.map((f) => f.key);

function f(code: string, message: string, range: Range, only?: readonly Target[], data?: Record<string, unknown>, clientMessage?: Finding['clientMessage']): Finding {
  const out: Finding = { code, severity: 'warning', message, range };
  if (only) out.only = only;
  if (data) out.data = data;
  if (clientMessage) out.clientMessage = clientMessage;
  return out;
}

/** The value a client takes when a key is absent (Claude Code, VS Code: docs/clients-fields.md). */
const KEY_DEFAULTS: ReadonlyMap<string, unknown> = new Map<string, unknown>([
  ['user-invocable', true],
  ['disable-model-invocation', false],
]);

const squash = (k: string) => k.toLowerCase().replace(/[\s_-]+/g, '');

/** The documented key `key` was probably meant to be (`user_invocable` → `user-invocable`). */
export function suggestKey(key: string): string | undefined {
  return suggestAmong(key, KNOWN_KEYS);
}

/**
 * The key of `known` that `key` was probably meant to be: the same letters in another case or
 * with other separators (`applyto`, `allowed tools`), or one or two letters off in a long key.
 */
export function suggestAmong(key: string, known: readonly string[]): string | undefined {
  if (known.includes(key)) return undefined;
  const k = squash(key);
  const same = known.find((c) => squash(c) === k);
  if (same) return same;
  if (k.length < 6) return undefined;
  const max = k.length >= 10 ? 2 : 1;
  return known.find((c) => distanceWithin(squash(c), k, max) <= max);
}

/** What the targets that reject a key do with it. */
function rejectedBy(key: string, who: readonly Target[]): string {
  const parts: string[] = [];
  if (who.includes('spec') || who.includes('skills-ref'))
    parts.push(`Field '${key}' is not in the specification: skills-ref and claude.ai uploads reject it, and clients ignore it`);
  if (who.includes('copilot')) parts.push(`VS Code reports field '${key}' as not supported and ignores it`);
  return parts.join('; ');
}

/**
 * Unknown, misspelt and ignored keys, per target. The advice never switches off a key another of
 * the file's targets reads: "move it under metadata:" only when none of them reads it.
 */
export function checkKeys(entries: FrontmatterEntry[], targets: readonly Target[], out: Finding[], referenceMessage: (key: string) => string | undefined, tool?: KeyReader): void {
  const seen = new Set<string>();
  for (const e of entries) {
    const key = e.key;
    const near = suggestKey(key);
    // A plural key holding a list or a map (`agents: [a, b]`, `argument-hints: {path: …}`) is a collection of its own, not a misspelt singular.
    const collection = Array.isArray(e.value) || (e.value !== null && typeof e.value === 'object');
    const suggestion = near !== undefined && key === `${near}s` && collection ? undefined : near;
    const meant = suggestion ? readers(suggestion, targets) : [];
    if (suggestion && meant.length) {
      const typo = f('skill-field-typo', `Unknown field '${key}' is ignored: did you mean '${suggestion}'?`, e.keyRange, meant, { key, suggestion });
      // `user_invocable: true` is ignored, and `user-invocable` is true anyway: nothing changes until the value does.
      if (KEY_DEFAULTS.has(suggestion) && String(KEY_DEFAULTS.get(suggestion)) === String(e.value).trim()) {
        typo.atMost = 'information';
        typo.message += ` It holds the default of '${suggestion}' (${String(e.value)}), so nothing changes yet; it will when the value does.`;
      }
      // The repository's own tool reads the key as written (`allowedTools` in its loader): it is meant for that tool, which renaming would break (held-out round 55).
      if (tool?.reads(key) === true) {
        typo.atMost = 'information';
        const label = tool.labelOf?.(key) ?? tool.label;
        typo.message += ` ${label.charAt(0).toUpperCase()}${label.slice(1)} reads '${key}' as written, so it may be meant for it.`;
      }
      out.push(typo);
    }
    const typo = meant.length > 0;
    // A key the specification lacks but clients read (`argument-hint`, `model`…) is advice under
    // `spec`: "clients ignore it" would be false, and removing it would switch it off for them.
    // So is a key of a tool that installs the skill (TanStack Intent's `library`, `requires`…).
    const clientReaders = readers(key, CLIENTS);
    const toolReads = tool?.reads(key) === true;
    const portable = targets.includes('spec') && (clientReaders.length > 0 || toolReads) && fieldCell(key, 'spec').status === 'rejected';
    const rejecting = targets.filter((t) => fieldCell(key, t).status === 'rejected' && (!typo || t === 'skills-ref') && !(portable && t === 'spec'));
    const toolLabel = toolReads ? (tool!.labelOf?.(key) ?? tool!.label) : '';
    if (portable && !typo) {
      const names = [...(clientReaders.length ? [labelList(clientReaders)] : []), ...(toolReads ? [toolLabel] : [])];
      const verb = clientReaders.length + (toolReads ? 1 : 0) > 1 ? 'read' : 'reads';
      const message = `Field '${key}' is not in the Agent Skills specification (skills-ref and claude.ai uploads reject it); ${names.join(' and ')} ${verb} it`;
      out.push(f('skill-field-not-in-spec', message, e.keyRange, ['spec'], { key, readBy: clientReaders }));
    }
    const reading = readers(key, targets);
    // A client outside the file's targets may still load it (a link from .claude/skills/, an installer's copy): removing the key would switch it off there.
    const elsewhere = reading.length ? [] : clientReaders;
    // A tool that reads it (the repository's own, or a client loading a copy of this skill) is named before clients that may.
    const keep = reading.length
      ? `; ${labelList(reading)} ${reading.length > 1 ? 'read' : 'reads'} it, so keep it for ${reading.length > 1 ? 'them' : 'it'}`
      : toolReads
        ? `; ${toolLabel} reads it, so keep it for that`
        : elsewhere.length
          ? `; ${labelList(elsewhere)} ${elsewhere.length > 1 ? 'read' : 'reads'} it: keep it if ${elsewhere.length > 1 ? 'they load' : 'it loads'} this skill too (through a link or a copy)`
          : '';
    const ref = referenceMessage(key);
    if (rejecting.length) {
      // An empty key (`paths:` with nothing after it) holds nothing a client could miss; only a validator's verdict stands.
      const empty = isEmpty(e.value) && rejecting.every((t) => t !== 'skills-ref' && t !== 'spec');
      const client = (who: readonly Target[]) => `${rejectedBy(key, who)}${empty ? '; it is empty, so nothing is lost' : keep || "; remove it or move it under 'metadata:'"}`;
      const finding = f('skill-unexpected-field', ref ?? client(rejecting), e.keyRange, rejecting, reading.length ? { key, readBy: reading } : { key }, client);
      // VS Code alone ignores a key another client of the file, or a tool of the repository, acts on: nothing to change (keep it), and VS Code shows its own report: advice.
      if ((reading.length || toolReads) && rejecting.every((t) => t === 'copilot')) finding.atMost = 'information';
      if (empty) finding.atMost = 'information';
      out.push(finding);
    } else if (ref && targets.includes('skills-ref')) {
      out.push(f('skill-unexpected-field', ref, e.keyRange, ['skills-ref'], { key }));
    }
    const ignoring = typo ? [] : targets.filter((t) => fieldCell(key, t).status === 'ignored');
    if (ignoring.length && !seen.has(key)) {
      const message = `Field '${key}' is not read here and is ignored${keep || "; put your own properties under 'metadata:'"}`;
      out.push(f('skill-field-ignored', message, e.keyRange, ignoring, { key }));
    }
    seen.add(key);
  }
}

/** A key with no value: YAML null, an empty string, an empty list or map. */
function isEmpty(value: unknown): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

function scalarText(e: FrontmatterEntry): string | undefined {
  return typeof e.value === 'string' ? e.value : undefined;
}

function quoted(e: FrontmatterEntry): boolean {
  return isScalar(e.node) && (e.node.type === 'QUOTE_DOUBLE' || e.node.type === 'QUOTE_SINGLE');
}

function at(e: FrontmatterEntry): Range {
  const v = e.valueRange;
  return v.start.line === v.end.line && v.start.character === v.end.character ? e.keyRange : v;
}

/** Splits a tool list written as a string: spaces or commas, parentheses kept whole. */
export function splitTools(s: string): { tools: string[]; unbalanced: boolean } {
  const tools: string[] = [];
  let depth = 0;
  let cur = '';
  for (const c of s) {
    if (c === '(') depth++;
    if (c === ')') depth--;
    if (depth <= 0 && (c === ',' || /\s/.test(c))) {
      if (cur) tools.push(cur);
      cur = '';
      depth = Math.max(depth, 0);
      continue;
    }
    cur += c;
  }
  if (cur) tools.push(cur);
  return { tools, unbalanced: depth !== 0 };
}

const TOOL = /^(?:[A-Z][A-Za-z0-9]*(?:\(.*\))?|mcp__[\w.*-]+)$/s;

function checkTools(e: FrontmatterEntry, out: Finding[]): void {
  let tools: string[] = [];
  let unbalanced = false;
  if (typeof e.value === 'string') ({ tools, unbalanced } = splitTools(e.value));
  else if (Array.isArray(e.value)) tools = e.value.map((x) => (typeof x === 'string' ? x.trim() : JSON.stringify(x)));
  else {
    out.push(f('skill-tools-value', `'${e.key}' should be a space- or comma-separated string or a list of tool names`, at(e), ['claude-code']));
    return;
  }
  if (unbalanced) {
    out.push(f('skill-tools-value', `'${e.key}' has an unclosed '(': Claude Code cannot match the rule`, at(e), ['claude-code']));
    return;
  }
  const bad = tools.filter((t) => !TOOL.test(t));
  if (bad.length) {
    const hint = bad.map((b) => `'${b}'`).join(', ');
    out.push(
      f(
        'skill-tools-value',
        `Not a Claude Code tool rule: ${hint}. Tool names are case-sensitive (Read, Bash, Bash(git:*), mcp__server__tool); a rule that names no tool is ignored`,
        at(e),
        ['claude-code'],
      ),
    );
  }
}

function checkBoolean(e: FrontmatterEntry, out: Finding[]): void {
  const v = scalarText(e);
  const shown = v === undefined ? JSON.stringify(e.value) : `'${v}'`;
  if (v === undefined || !CLAUDE_BOOLEANS.includes(v.toLowerCase())) {
    out.push(f('skill-boolean-value', `'${e.key}' takes true or false (Claude Code also yes/no, on/off, 1/0); ${shown} is ignored`, at(e), ['claude-code', 'copilot', 'cursor']));
    return;
  }
  if (quoted(e) || !YAML_BOOLEANS.includes(v)) {
    out.push(
      f('skill-boolean-value', `'${e.key}' should be the YAML boolean true or false, not the string ${shown}: it is read as text, not as a switch`, at(e), ['copilot', 'cursor']),
    );
  }
}

/** Claude Code's `model`: an alias, a Claude model id, or a provider's id or ARN for one. */
export function knownModel(v: string): boolean {
  const s = v.trim();
  return MODEL_ALIASES.includes(s.toLowerCase()) || /claude/i.test(s) || /^arn:/.test(s);
}

function checkHooks(e: FrontmatterEntry, fm: YamlFrontmatter, out: Finding[]): void {
  for (const u of frontmatterUnsetVariables(fm, e)) out.push(f('skill-hooks-variable-unset', u.message, u.range, ['claude-code']));
  const v = e.value;
  const bad = (why: string, range: Range = at(e)): void =>
    void out.push(f('skill-hooks-value', `'hooks' ${why}; Claude Code does not register these hooks`, range, ['claude-code']));
  if (!v || typeof v !== 'object' || Array.isArray(v)) return bad('should map hook events (PreToolUse, Stop, …) to lists of matchers');
  for (const ev of entriesOf(fm, e.node)) {
    if (!/^[A-Z][A-Za-z]+$/.test(ev.key)) bad(`event '${ev.key}' is not a hook event name (PascalCase, e.g. PreToolUse)`, ev.keyRange);
    if (!Array.isArray(ev.value)) {
      bad(`event '${ev.key}' should hold a list of {matcher, hooks} entries`, at(ev));
      continue;
    }
    for (const m of ev.value as unknown[]) {
      const hooks = m && typeof m === 'object' ? (m as Record<string, unknown>)['hooks'] : undefined;
      const list = Array.isArray(hooks) ? hooks : m && typeof m === 'object' && 'type' in (m as object) ? [m] : undefined;
      if (!list) {
        bad(`event '${ev.key}' has an entry without a 'hooks' list`, at(ev));
        break;
      }
      if (list.some((h) => !h || typeof h !== 'object' || typeof (h as Record<string, unknown>)['type'] !== 'string')) {
        bad(`event '${ev.key}' has a hook without a 'type' (command, prompt, …)`, at(ev));
        break;
      }
    }
  }
}

/** Values of 'context' that ask for the inline run a skill gets without 'fork'. */
const INLINE_WORDS: ReadonlySet<string> = new Set(['inherit', 'inline', 'main', 'shared', 'default']);

/** What a value that is no text is, for a message: a list, a mapping, or nothing. */
function valueKind(value: unknown): string {
  if (Array.isArray(value)) return 'a list';
  return value !== null && typeof value === 'object' ? 'a mapping' : 'an empty value';
}

/** Value checks of the client fields. */
export function checkClientValues(fields: Map<string, FrontmatterEntry>, fm: YamlFrontmatter, out: Finding[]): void {
  for (const key of ['disable-model-invocation', 'user-invocable', 'background']) {
    const e = fields.get(key);
    if (e) checkBoolean(e, out);
  }
  const context = fields.get('context');
  if (context) {
    const v = scalarText(context);
    if (v === undefined || !CONTEXT_VALUES.includes(v.trim())) {
      const d = f('skill-context-value', `'context' takes only 'fork'; ${v ? `'${v}'` : valueKind(context.value)} is ignored and the skill runs inline`, at(context), [
        'claude-code',
        'copilot',
      ]);
      // `inherit` (or `inline`, `main`) asks for what happens anyway: the skill runs in the conversation.
      if (v !== undefined && INLINE_WORDS.has(v.trim().toLowerCase())) d.atMost = 'information';
      out.push(d);
    }
  }
  const forked = context && scalarText(context)?.trim() === 'fork';
  for (const key of ['agent', 'background']) {
    const e = fields.get(key);
    if (e && !forked) out.push(f('skill-agent-without-fork', `'${key}' applies only with 'context: fork'; without it, it is ignored`, e.keyRange, ['claude-code']));
  }
  const model = fields.get('model');
  if (model) {
    const v = scalarText(model);
    if (v === undefined || !knownModel(v)) {
      out.push(
        f(
          'skill-model-value',
          `${v ? `'${v}'` : 'An empty value'} is not a Claude Code model: use an alias (${MODEL_ALIASES.join(', ')}) or a Claude model id; otherwise the session model is kept`,
          at(model),
          ['claude-code'],
        ),
      );
    }
  }
  const effort = fields.get('effort');
  if (effort) {
    const v = scalarText(effort);
    if (v === undefined || !EFFORT_LEVELS.includes(v.trim())) {
      out.push(
        f('skill-effort-value', `'effort' takes ${EFFORT_LEVELS.join(', ')}; ${v ? `'${v}'` : 'an empty value'} is not an effort level, so the session's level stays`, at(effort), [
          'claude-code',
        ]),
      );
    }
  }
  const shell = fields.get('shell');
  if (shell) {
    const v = scalarText(shell);
    if (v === undefined || !SHELLS.includes(v.trim()))
      out.push(f('skill-shell-value', `'shell' takes bash or powershell; ${v ? `'${v}'` : 'an empty value'} is not one, so it is not used`, at(shell), ['claude-code']));
  }
  const paths = fields.get('paths');
  if (paths) {
    const v = paths.value;
    const list = typeof v === 'string' ? v.split(',').map((s) => s.trim()) : Array.isArray(v) ? v : undefined;
    if (!list || list.length === 0 || list.some((p) => typeof p !== 'string' || !p.trim())) {
      out.push(
        f('skill-paths-value', "'paths' should be a non-empty list of globs (or a comma-separated string); an empty or non-text pattern matches nothing", at(paths), [
          'claude-code',
        ]),
      );
    }
  }
  const hooks = fields.get('hooks');
  if (hooks) checkHooks(hooks, fm, out);
  for (const key of ['allowed-tools', 'disallowed-tools']) {
    const e = fields.get(key);
    if (e) checkTools(e, out);
  }
}
