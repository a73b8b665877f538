/**
 * Top-level Codex settings written below a table header of `.codex/config.toml`. TOML puts every
 * key after `[mcp_servers.notion]` into that table, so `model_reasoning_effort = "high"` written
 * there is a key of the server (which Codex does not read) and not the setting. Only the tables
 * whose fields are known exactly are judged, and only keys that are Codex's top-level settings
 * and no field of that table (from `codex-rs/core/config.schema.json`, ConfigToml and the table
 * types it names): a key the table takes, or one neither takes, is left alone.
 */
import type { Diagnostic } from '../types';

/** ConfigToml's properties: the settings Codex reads at the top of config.toml. */
const TOP_LEVEL: ReadonlySet<string> = new Set([
  'agents',
  'allow_login_shell',
  'analytics',
  'approval_policy',
  'approvals_reviewer',
  'apps',
  'background_terminal_max_timeout',
  'chatgpt_base_url',
  'check_for_update_on_startup',
  'cli_auth_credentials_store',
  'compact_prompt',
  'default_permissions',
  'developer_instructions',
  'disable_paste_burst',
  'features',
  'file_opener',
  'forced_chatgpt_workspace_id',
  'forced_login_method',
  'hide_agent_reasoning',
  'history',
  'hooks',
  'instructions',
  'log_dir',
  'mcp_oauth_callback_port',
  'mcp_oauth_callback_url',
  'mcp_oauth_credentials_store',
  'mcp_servers',
  'memories',
  'model',
  'model_auto_compact_token_limit',
  'model_catalog_json',
  'model_context_window',
  'model_instructions_file',
  'model_provider',
  'model_providers',
  'model_reasoning_effort',
  'model_reasoning_summary',
  'model_supports_reasoning_summaries',
  'model_verbosity',
  'notify',
  'openai_base_url',
  'oss_provider',
  'otel',
  'permissions',
  'personality',
  'plan_mode_reasoning_effort',
  'plugins',
  'profile',
  'profiles',
  'project_doc_fallback_filenames',
  'project_doc_max_bytes',
  'project_root_markers',
  'projects',
  'review_model',
  'sandbox_mode',
  'sandbox_workspace_write',
  'service_tier',
  'shell_environment_policy',
  'show_raw_agent_reasoning',
  'skills',
  'sqlite_home',
  'tool_output_token_limit',
  'tools',
  'tui',
  'web_search',
]);

/** RawMcpServerConfig's fields: what an `[mcp_servers.<name>]` table takes. */
const SERVER_FIELDS = [
  'args',
  'bearer_token',
  'bearer_token_env_var',
  'command',
  'cwd',
  'default_tools_approval_mode',
  'disabled_tools',
  'enabled',
  'enabled_tools',
  'env',
  'env_http_headers',
  'env_vars',
  'environment_id',
  'experimental_environment',
  'http_headers',
  'name',
  'oauth',
  'oauth_resource',
  'required',
  'scopes',
  'startup_timeout_ms',
  'startup_timeout_sec',
  'supports_parallel_tool_calls',
  'tool_timeout_sec',
  'tools',
  'url',
];

/** The tables judged: a header's path, and the fields its table takes. */
const TABLES: readonly { matches: (path: readonly string[]) => boolean; fields: ReadonlySet<string> }[] = [
  { matches: (p) => p.length === 2 && p[0] === 'mcp_servers', fields: new Set(SERVER_FIELDS) },
  {
    matches: (p) => p.length === 1 && p[0] === 'shell_environment_policy',
    fields: new Set(['exclude', 'experimental_use_profile', 'ignore_default_excludes', 'include_only', 'inherit', 'set']),
  },
  {
    matches: (p) => p.length === 1 && p[0] === 'sandbox_workspace_write',
    fields: new Set(['exclude_slash_tmp', 'exclude_tmpdir_env_var', 'network_access', 'writable_roots']),
  },
  { matches: (p) => p.length === 2 && p[0] === 'projects', fields: new Set(['trust_level']) },
  { matches: (p) => p.length === 1 && p[0] === 'tools', fields: new Set(['experimental_request_user_input', 'web_search']) },
];

/** One key of a dotted path, bare or quoted (`mcp_servers."my server"`). */
const PART = /\s*(?:([A-Za-z0-9_-]+)|"((?:[^"\\]|\\.)*)"|'([^']*)')\s*/y;

/** The parts of a dotted key (`a."b c".d`), or undefined when it is not one. */
function keyPath(text: string): string[] | undefined {
  const out: string[] = [];
  PART.lastIndex = 0;
  for (;;) {
    const m = PART.exec(text);
    if (!m) return undefined;
    out.push(m[1] ?? m[2] ?? m[3]!);
    if (PART.lastIndex === text.length) return out;
    if (text[PART.lastIndex] !== '.') return undefined;
    PART.lastIndex++;
  }
}

/**
 * Net `[`/`{` a piece of a line opens (a value spread over lines: an array, an inline table),
 * outside its strings and its comment; one pass over the characters.
 */
function opened(line: string): number {
  let n = 0;
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = undefined;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') break;
    else if (c === '[' || c === '{') n++;
    else if (c === ']' || c === '}') n--;
  }
  return n;
}

/** Whether a line opens or closes a multi-line string (an odd number of `"""` or `'''` on it). */
const togglesString = (line: string, quote: string) => line.split(quote).length % 2 === 0;

/** A table header's path (`[mcp_servers.notion]`, `[[array]]`), or undefined for a line that is none. */
function headerPath(line: string): string[] | undefined {
  const t = line.trim();
  if (!t.startsWith('[')) return undefined;
  const inner = t.startsWith('[[') ? t.slice(2) : t.slice(1);
  const close = inner.indexOf(']');
  return close < 0 ? undefined : (keyPath(inner.slice(0, close).trim()) ?? []);
}

/**
 * The top-level settings written under a judged table, for a file that parses as TOML (its
 * lines are read as such: headers, `key = value`, values spread over lines, multi-line strings).
 */
export function misplacedCodexKeys(text: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  let table: string[] = [];
  let depth = 0;
  let inString: string | undefined;
  const lines = text.split('\n');
  lines.forEach((raw, line) => {
    const l = raw.replace(/\r$/, '');
    if (inString) {
      if (togglesString(l, inString)) inString = undefined;
      return;
    }
    if (depth > 0) {
      depth = Math.max(0, depth + opened(l));
      return;
    }
    const header = headerPath(l);
    if (header) {
      table = header;
      return;
    }
    // `key = value`: the key is what stands before the first `=` (a quoted key holding one is left alone).
    const eq = l.indexOf('=');
    const written = eq < 0 ? '' : l.slice(0, eq).trim();
    if (written === '' || written.startsWith('#')) return;
    const value = l.slice(eq + 1);
    inString = ['"""', "'''"].find((q) => togglesString(value, q));
    if (!inString) depth = Math.max(0, opened(value));
    const key = keyPath(written);
    const judged = TABLES.find((t) => t.matches(table));
    if (!key || key.length !== 1 || !judged || judged.fields.has(key[0]!) || !TOP_LEVEL.has(key[0]!)) return;
    const start = l.indexOf(written);
    const where = `[${table.join('.')}]`;
    out.push({
      code: 'instructions-codex-config-misplaced',
      severity: 'warning',
      message: `\`${key[0]}\` is written under \`${where}\`, so TOML makes it a key of that table, which Codex does not read there: the top-level setting is not set. Move it above the first [table] header of the file`,
      range: { start: { line, character: start }, end: { line, character: start + written.length } },
    });
  });
  return out;
}
