/**
 * Gemini CLI subagents (`.gemini/agents/*.md`): Gemini CLI validates the frontmatter with a strict
 * schema (a local agent, or `kind: remote` for an A2A agent), and any failure (no frontmatter,
 * YAML it cannot parse, a missing or malformed field, a key it does not know) makes it skip the
 * file with a load error. Facts and sources: docs/subagents.md#gemini-cli-subagents.
 */
import { isSeq } from 'yaml';
import type { Diagnostic, Range } from '../types';
import type { FrontmatterEntry } from '../text/yamlFrontmatter';
import type { AgentFrontmatter } from './frontmatter';
import { keysOf } from './keys';
import { typeName, valueAt } from './claudeAgent';
import { suggestAmong } from '../skills/clientFields';
import { DOC_NAMES } from './files';

const AT0: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
const NAME = /^[a-z0-9-_]+$/;
const LOCAL_ONLY = ['description', 'tools', 'model', 'temperature', 'max_turns', 'timeout_mins', 'policy', 'mcp_servers'];
const REMOTE_ONLY = ['agent_card_url', 'auth'];

const isPositiveInt = (v: unknown) => typeof v === 'number' && Number.isInteger(v) && v > 0;
const isMap = (v: unknown) => v !== null && typeof v === 'object' && !Array.isArray(v);

function shown(v: unknown): string {
  return typeof v === 'string' ? `'${v}'` : typeof v === 'number' || typeof v === 'boolean' ? String(v) : typeName(v);
}

function skipped(code: string, why: string, range: Range, data?: Diagnostic['data']): Diagnostic {
  return { code, severity: 'error', message: `Gemini CLI will not load this subagent: ${why}`, range, ...(data ? { data } : {}) };
}

/** What each typed field takes, for the message. */
const TAKES: Record<string, [(v: unknown) => boolean, string]> = {
  display_name: [(v) => typeof v === 'string', 'text'],
  model: [(v) => typeof v === 'string', 'text'],
  temperature: [(v) => typeof v === 'number', 'a number'],
  max_turns: [isPositiveInt, 'a positive whole number'],
  timeout_mins: [isPositiveInt, 'a positive whole number'],
  policy: [isMap, 'a map'],
  mcp_servers: [isMap, 'a map of server names to configurations'],
  auth: [isMap, 'a map (type: apiKey or http)'],
  agent_card_url: [(v) => typeof v === 'string' && /^[a-z][\w+.-]*:\/\/\S+$/i.test(v), 'a URL'],
};

function checkName(f: AgentFrontmatter, out: Diagnostic[]): void {
  const name = f.byKey.get('name');
  if (!name || name.value === null || name.value === '') {
    out.push(skipped('subagent-name-missing', 'it has no name (Gemini CLI calls a subagent by its name)', name ? valueAt(name) : f.fm.openRange));
  } else if (typeof name.value !== 'string' || !NAME.test(name.value)) {
    out.push(skipped('subagent-name-invalid', `its name ${shown(name.value)} is not a slug of lowercase letters, digits, '-' and '_'`, valueAt(name)));
  }
}

function checkTools(e: FrontmatterEntry, out: Diagnostic[]): void {
  if (Array.isArray(e.value) && e.value.every((t) => typeof t === 'string')) return;
  const hint = typeof e.value === 'string' ? ' (write a YAML list: tools: [read_file, grep_search])' : '';
  out.push(skipped('subagent-tools-shape', `tools must be a list of tool names, not ${typeName(e.value)}${hint}`, valueAt(e)));
}

/** Every finding about a Gemini CLI subagent's frontmatter. */
export function checkGeminiAgent(f: AgentFrontmatter, text: string, out: Diagnostic[], uri = ''): void {
  if (!f.fm.present) {
    const file = uri.slice(uri.lastIndexOf('/') + 1);
    // A README kept beside the agents is no agent: Gemini CLI still tries it, and lists a load error.
    if (DOC_NAMES.has(file.toLowerCase()))
      out.push({
        code: 'subagent-name-missing',
        severity: 'warning',
        message: `Gemini CLI tries every .md file of .gemini/agents/ as a subagent and reports a load error for this one, which has no frontmatter: name it _${file} and Gemini CLI skips it`,
        range: AT0,
      });
    else
      out.push(
        skipped(
          'subagent-name-missing',
          "it has no YAML frontmatter (the file must start with '---', then name and description); a file that is not a subagent is skipped when its name starts with '_'",
          AT0,
        ),
      );
    return;
  }
  if (!f.found) {
    out.push(skipped('subagent-frontmatter-unclosed', "its frontmatter has no closing '---'", f.fm.openRange));
    return;
  }
  if (f.outcome.kind !== 'parsed') {
    // Gemini CLI parses the YAML as written: it does not quote values the way Claude Code does.
    const line = f.outcome.line + f.firstLine;
    const end = (text.split('\n')[line] ?? '').trimEnd().length;
    out.push(
      skipped('subagent-yaml-invalid', `its frontmatter is not valid YAML (line ${line + 1}: ${f.outcome.message}); quote values that hold ': '`, {
        start: { line, character: 0 },
        end: { line, character: end },
      }),
    );
    return;
  }
  // A frontmatter that is a list declares remote agents: not checked here.
  if (isSeq(f.fm.doc?.contents)) return;
  const kindEntry = f.byKey.get('kind');
  const kind = kindEntry ? kindEntry.value : f.byKey.has('agent_card_url') ? 'remote' : 'local';
  if (kind !== 'local' && kind !== 'remote') {
    out.push({
      code: 'subagent-value-invalid',
      severity: 'error',
      message: `Gemini CLI will not load this subagent: kind ${shown(kind)} is neither local nor remote`,
      range: kindEntry ? valueAt(kindEntry) : AT0,
    });
    return;
  }
  checkName(f, out);
  const description = f.byKey.get('description');
  if (kind === 'local' && (!description || typeof description.value !== 'string' || description.value === '')) {
    const why = !description || description.value === null || description.value === '' ? 'it has no description' : `its description is ${typeName(description.value)}, not text`;
    out.push(
      skipped(
        'subagent-description-missing',
        `${why} (a local subagent needs one; the main agent reads it to decide when to delegate)`,
        description ? valueAt(description) : (f.byKey.get('name')?.keyRange ?? f.fm.openRange),
      ),
    );
  }
  const known = keysOf('gemini-agent').map((k) => k.key);
  const foreign = kind === 'local' ? REMOTE_ONLY : LOCAL_ONLY.filter((k) => k !== 'description');
  for (const e of f.entries) {
    if (e.key === 'tools' && kind === 'local') checkTools(e, out);
    const takes = TAKES[e.key];
    if (takes && !foreign.includes(e.key) && !takes[0](e.value))
      out.push({
        code: 'subagent-value-invalid',
        severity: 'error',
        message: `Gemini CLI will not load this subagent: ${e.key} ${shown(e.value)} is not ${takes[1]}`,
        range: valueAt(e),
      });
    if (known.includes(e.key) && !foreign.includes(e.key)) continue;
    const s = foreign.includes(e.key) ? undefined : suggestAmong(e.key, known);
    const why = foreign.includes(e.key)
      ? `'${e.key}' is not a field of a ${kind} subagent`
      : s
        ? `it does not know the field '${e.key}' (did you mean '${s}'?)`
        : `it does not know the field '${e.key}'`;
    out.push(skipped('subagent-key-unknown', `${why}, and it rejects unknown fields`, e.keyRange, s ? { key: e.key, suggestion: s } : { key: e.key }));
  }
  // Said of a subagent Gemini CLI loads: one it skips gets its load errors first.
  const model = f.byKey.get('model');
  if (model && kind === 'local' && !out.some((d) => d.severity === 'error')) foreignModel(model, out);
}

/** Another vendor's model names: Claude Code's aliases, and ids that name Claude or GPT. */
const FOREIGN_MODEL = /^(?:sonnet|opus|haiku|fable)$|claude|^gpt-/i;

/**
 * A Claude (or OpenAI) model named in a Gemini CLI subagent (`model: opus`, a file copied from
 * `.claude/agents/`): Gemini CLI takes any text there and sends it to the Gemini API, which answers
 * "models/opus is not found" when the subagent is called (google-gemini/gemini-cli#14917).
 */
function foreignModel(e: FrontmatterEntry, out: Diagnostic[]): void {
  if (typeof e.value !== 'string' || !FOREIGN_MODEL.test(e.value.trim())) return;
  out.push({
    code: 'subagent-model-unknown',
    severity: 'warning',
    message: `'${e.value}' is no Gemini model (it names a Claude or OpenAI model): Gemini CLI loads the subagent and sends the name to the Gemini API, which does not know it, so every call of the subagent fails. Use a Gemini model (gemini-2.5-pro, gemini-2.5-flash) or inherit`,
    range: valueAt(e),
  });
}
