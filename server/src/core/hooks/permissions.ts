/**
 * The tool names of a settings file's `permissions` rules (`Bash(npm run test:*)`, `Read(./secrets/**)`):
 * each rule's name part checked against Claude Code's tool list (the subagents core keeps it), and
 * the shape of `permissions` and its lists.
 */
import type { Node } from 'jsonc-parser';
import type { Severity } from '../types';
import { CLAUDE_TOOL_ALIASES, CLAUDE_TOOLS, FORMER_CLAUDE_TOOLS } from '../subagents/tools';
import { suggestAmong } from '../skills/clientFields';
import { certainName } from './codeActions';
import picomatch from 'picomatch/posix';

export interface Finding {
  code: string;
  severity: Severity;
  message: string;
  node: { offset: number; length: number };
  data?: Record<string, unknown>;
}

const LISTS = ['allow', 'deny', 'ask'];
const KNOWN = new Set([...CLAUDE_TOOLS, ...Object.keys(CLAUDE_TOOL_ALIASES), ...FORMER_CLAUDE_TOOLS]);

/** The tool name of a rule (`Bash` of `Bash(git:*)`), or undefined for what is no plain rule. */
export function ruleTool(rule: string): string | undefined {
  return /^([A-Za-z][A-Za-z0-9_]*)(\(.*\))?$/s.exec(rule.trim())?.[1];
}

/**
 * Claude Code validates a settings file as a whole and skips a file that fails ("Files with errors
 * are skipped entirely, not just the invalid settings", 2.1): `permissions` must be an object and
 * its `allow`, `deny` and `ask` lists of strings.
 */
const SKIPPED = 'Claude Code rejects this value and skips the whole settings file';

/**
 * The findings of a settings file's `permissions`; `projectHas` tells whether the project (the
 * folder holding `.claude/`) has an entry of a name at its root (a `Read(/tmp/**)` in a project
 * with its own `tmp/` may mean that folder).
 */
export function permissionFindings(perms: Node, projectHas: (name: string) => boolean = () => false): Finding[] {
  if (perms.type !== 'object') {
    return [{ code: 'settings-shape', severity: 'error', message: `'permissions' must be an object {"allow": […], "deny": […], "ask": […]}; ${SKIPPED}`, node: perms }];
  }
  const out: Finding[] = [];
  for (const p of perms.children ?? []) {
    const [k, v] = p.children ?? [];
    if (!k || !v || !LISTS.includes(k.value as string)) continue;
    if (v.type !== 'array') {
      out.push({ code: 'settings-shape', severity: 'error', message: `'${k.value as string}' must be a list of rules (["Bash(npm test)", "Read"]); ${SKIPPED}`, node: v });
      continue;
    }
    const rules = new Set((v.children ?? []).filter((item) => item.type === 'string').map((item) => String(item.value).trim()));
    for (const item of v.children ?? []) {
      if (item.type !== 'string') continue;
      const finding = ruleFinding(String(item.value), k.value as string, item.offset + 1, item.length === String(item.value).length + 2, rules, projectHas);
      if (finding) out.push(finding);
    }
  }
  return out;
}

/**
 * What is wrong with one rule, if anything: a tool name Claude Code does not have, a name with a
 * space (a command written without `Bash(…)`), a rule Claude Code skips as malformed, or a path
 * rule it never matches. `at` is the offset of the string's first character; `raw` whether the
 * JSON string holds no escapes; `rules` the list's rules, trimmed.
 */
function ruleFinding(rule: string, list: string, at: number, raw: boolean, rules: ReadonlySet<string>, projectHas: (name: string) => boolean): Finding | undefined {
  const wildcard = list === 'allow' ? allowWildcardFinding(rule, at, raw) : undefined;
  if (wildcard) return wildcard;
  const tool = ruleTool(rule);
  if (tool === undefined) return shapeFinding(rule, list, at, raw);
  if (tool === 'Bash') return colonStarFinding(rule, list, at, raw) ?? wordColonFinding(rule, list, at, raw) ?? starThenColonStarFinding(rule, list, at, raw);
  if (tool === 'Write') return writePathFinding(rule, list, at, raw, rules);
  if (tool === 'Read' || tool === 'Edit') return anchorFinding(rule, tool, list, at, raw, projectHas);
  if (tool.startsWith('mcp__') || KNOWN.has(tool)) return undefined;
  // Only a name that differs by case is certain: a tool one letter off may be an MCP or a newer tool.
  const fix = certainName(tool, CLAUDE_TOOLS, false);
  const s = fix ?? suggestAmong(tool, CLAUDE_TOOLS);
  // Escapes or leading spaces in the JSON string would shift the name's offset: then no fix.
  const exact = raw && rule.startsWith(tool);
  return {
    code: 'settings-permission-tool-unknown',
    severity: 'warning',
    message: `'${tool}' is no Claude Code tool: this ${list} rule never applies${s ? `; did you mean '${s}'?` : ''}`,
    node: { offset: at, length: tool.length },
    ...(fix && exact ? { data: { name: fix, newText: fix } } : {}),
  };
}

/**
 * An allow rule whose tool name holds a wildcard anywhere but after a literal `mcp__<server>__`
 * (`*`, `mcp__*`, `mcp__plugin_claude-mem_*`): since Claude Code 2.1.166 an allow rule takes a
 * tool-name glob only there, and skips any other ("Wildcard tool name … is not supported in allow
 * rules", anthropics/claude-code#65797; the permissions docs: "Allow rules accept tool-name globs
 * only after a literal `mcp__<server>__` prefix"). Held-out round 74. In `deny` and `ask` such a
 * name is a pattern over tool names, and is left alone.
 */
function allowWildcardFinding(rule: string, at: number, raw: boolean): Finding | undefined {
  const text = rule.trim();
  const name = text.includes('(') ? text.slice(0, text.indexOf('(')) : text;
  // Only a name made of a name's characters: a colon form (`Edit:*`) or a command (`git push *`) is another finding's.
  if (!name.includes('*') || !/^[A-Za-z0-9_*-]+$/.test(name) || /^mcp__[^*]+?__/.test(name)) return undefined;
  const advice = name.startsWith('mcp__')
    ? "a server's tools are written 'mcp__<server>__*' with the server's whole name (a plugin's server: 'mcp__plugin_<plugin>_<server>__*')"
    : 'name the tools it may use (Bash, Read, mcp__<server>__*), or set "defaultMode" to choose how Claude Code asks';
  return {
    code: 'settings-permission-rule-malformed',
    severity: 'warning',
    message: `Claude Code skips this allow rule ("Wildcard tool name … is not supported in allow rules", since 2.1.166): a tool's name takes a wildcard only after a literal 'mcp__<server>__'; ${advice}`,
    node: raw && text === rule ? { offset: at, length: rule.length } : { offset: at, length: 0 },
  };
}

/**
 * A rule that is no `Tool` or `Tool(content)`. Claude Code skips a rule with text after its
 * closing parenthesis ("Malformed Tool(content) rule", 2.1.267) and the old `Tool:pattern` form in
 * `allow` ("Wildcard tool name … is not supported in allow rules"); in `deny` and `ask` such a
 * name is a pattern over tool names, and no tool's name holds a colon or a space, so a command
 * written as a rule (`npm install`, `git push *`) applies to nothing either way. Names of MCP
 * tools (`mcp__…`) and a lone `*` are not judged here.
 */
function shapeFinding(rule: string, list: string, at: number, raw: boolean): Finding | undefined {
  const text = rule.trim();
  if (text === '' || text === '*' || text.startsWith('mcp__') || !raw || text !== rule) return undefined;
  const node = { offset: at, length: rule.length };
  const trailing = /^([A-Za-z][A-Za-z0-9_]*)\((.*)\)([^)]+)$/s.exec(text);
  if (trailing && KNOWN.has(trailing[1]!)) {
    return {
      code: 'settings-permission-rule-malformed',
      severity: 'warning',
      message: `Claude Code skips this ${list} rule: a rule is Tool or Tool(content) and ends at its closing ')'; '${trailing[3]}' follows it`,
      node,
    };
  }
  const colon = /^([A-Za-z][A-Za-z0-9_]*):(.*)$/s.exec(text);
  if (colon && KNOWN.has(colon[1]!)) {
    return {
      code: 'settings-permission-rule-malformed',
      severity: 'warning',
      message: `'${text}' is no rule Claude Code reads: this ${list} rule never applies (rules are Tool or Tool(content)); write '${colon[1]}(${colon[2]})'`,
      node,
    };
  }
  // A path or glob written as the rule (`.env`, `**/*.key`, `secrets/**`): no tool's name holds a dot or a slash.
  if (!/\s/.test(text) && !text.includes('(') && /[./]/.test(text) && !/^[A-Za-z][A-Za-z0-9_]*$/.test(text)) {
    return {
      code: 'settings-permission-tool-unknown',
      severity: 'warning',
      message: `'${text}' is no Claude Code tool: this ${list} rule never applies; a file is written 'Read(${text})' (and 'Edit(${text})' for its changes)`,
      node,
    };
  }
  if (!/\s/.test(text) || text.includes('(')) return undefined;
  const first = /^([A-Za-z][A-Za-z0-9_]*)\s+(.+)$/s.exec(text);
  // A tool's name written with spaces (`Web Fetch`).
  const meant = CLAUDE_TOOLS.find((t) => t.toLowerCase() === text.replace(/\s+/g, '').toLowerCase());
  const advice = meant ? `did you mean '${meant}'?` : first && KNOWN.has(first[1]!) ? `write '${first[1]}(${first[2]})'` : `a command is written 'Bash(${text})'`;
  return {
    code: 'settings-permission-tool-unknown',
    severity: 'warning',
    message: `'${text}' is no Claude Code tool: this ${list} rule never applies; ${advice}`,
    node,
  };
}

/**
 * A Bash rule with the legacy `:*` (any arguments) before the end of its content: Claude Code
 * reads `:*` as a wildcard only at the end (`Bash(npm run:*)`); elsewhere the colon is literal,
 * so `Bash(curl:* | sh)` asks for a command starting `curl:` and no `curl … | sh` matches it
 * (held-out round 46: a deny list that blocks no real pipe).
 */
function colonStarFinding(rule: string, list: string, at: number, raw: boolean): Finding | undefined {
  const content = /^Bash\((.*)\)$/s.exec(rule.trim())?.[1];
  if (content === undefined || !raw) return undefined;
  const i = content.indexOf(':*');
  if (i < 0 || i === content.length - 2) return undefined;
  const meant = `${content.slice(0, i)} *${content.slice(i + 2)}`;
  return {
    code: 'settings-permission-rule-malformed',
    severity: 'warning',
    message: `':*' means any arguments only at the end of a rule: here Claude Code reads the colon as written, so this ${list} rule matches only commands starting '${content.slice(0, i)}:'; write 'Bash(${meant})'`,
    node: { offset: at + rule.indexOf(rule.trim()) + 5 + i, length: 2 },
  };
}

/**
 * A Bash rule whose final `:*` follows another `*` (`Bash(git -C * show:*)`, `Bash(rm -rf /*:*)`):
 * Claude Code's docs make `:*` the same as a trailing ` *`, but such a rule matches no command,
 * where `Bash(git -C * show *)` matches (anthropics/claude-code#56871, reproduced on 2.1.132): an
 * allow rule that still asks, a deny rule that blocks nothing (held-out round 72: 6 in one project).
 */
function starThenColonStarFinding(rule: string, list: string, at: number, raw: boolean): Finding | undefined {
  const content = /^Bash\((.*)\)$/s.exec(rule.trim())?.[1];
  if (content === undefined || !raw || !content.endsWith(':*')) return undefined;
  const head = content.slice(0, -2);
  if (!head.includes('*')) return undefined;
  return {
    code: 'settings-permission-rule-malformed',
    severity: 'warning',
    message: `Claude Code matches no command with a rule whose final ':*' follows another '*' (anthropics/claude-code#56871), so this ${list} rule applies to nothing; write 'Bash(${head} *)'`,
    node: { offset: at + rule.indexOf(rule.trim()) + 5 + head.length, length: 2 },
  };
}

/**
 * A Bash rule whose command words are joined by colons (`Bash(git:log:*)`, `Bash(npm:list)`): Claude
 * Code matches the rule's text (before a final `:*`) as the start of the command, so `git:log`
 * never starts one, `git log` does, and the rule applies to nothing (held-out round 67: 62 such
 * rules in one project's settings). Only a first word of two letters or more followed by a colon
 * and a word: `Bash(git:*)` and `Bash(npm run test:unit)` are left alone.
 */
function wordColonFinding(rule: string, list: string, at: number, raw: boolean): Finding | undefined {
  const content = /^Bash\((.*)\)$/s.exec(rule.trim())?.[1];
  if (content === undefined || !raw) return undefined;
  const prefix = content.endsWith(':*') ? content.slice(0, -2) : content;
  const words = prefix.split(':');
  if (words.length < 2 || !/^[a-z][\w.-]+$/.test(words[0]!) || !words.every((w) => /^[\w.-]+$/.test(w))) return undefined;
  const meant = `${words.join(' ')}${content.endsWith(':*') ? ':*' : ''}`;
  return {
    code: 'settings-permission-rule-malformed',
    severity: 'warning',
    message: `Claude Code matches a Bash rule's text as the start of the command: '${prefix}' starts no command ('${words.join(' ')}' does), so this ${list} rule applies to nothing; write 'Bash(${meant})'`,
    node: { offset: at + rule.indexOf(rule.trim()) + 5, length: prefix.length },
  };
}

/**
 * Folders at the root of a file system that a project does not hold at its own root: a path rule
 * naming one after a single `/` was written as an absolute path.
 */
const SYSTEM_ROOTS = new Set(['tmp', 'private', 'var', 'etc', 'usr', 'opt', 'Users', 'home', 'Volumes', 'mnt', 'root', 'Library', 'System', 'Applications', 'nix', 'srv']);

/** A `Read(path)` or `Edit(path)` rule's path. */
const PATH_RULE = /^(?:Read|Edit)\((.+)\)$/s;

/**
 * A `Read(path)` or `Edit(path)` rule whose path starts with one `/` and a folder of the file
 * system's root (`Read(/tmp/**)`). Claude Code reads such a path from the project's root (of the
 * settings file's project), and an absolute path needs `//` (its permissions documentation: "`/path`
 * … relative to project root", "`//path` absolute path from filesystem root"), so the rule names
 * `<project>/tmp/**` and never the folder meant (held-out round 58). Not when the project has
 * an entry of that name at its root: the rule may mean it.
 */
function anchorFinding(rule: string, tool: string, list: string, at: number, raw: boolean, projectHas: (name: string) => boolean): Finding | undefined {
  const path = PATH_RULE.exec(rule.trim())?.[1];
  const first = path !== undefined && /^\/([^/]+)/.exec(path)?.[1];
  // A project with a folder of that name at its root (Rails' and Symfony's `tmp/` and `var/`, Unity's `Library/`) may mean its own.
  if (!path || !first || !SYSTEM_ROOTS.has(first) || projectHas(first)) return undefined;
  const meant = `/${path}`;
  const exact = raw && rule.startsWith(`${tool}(`);
  return {
    code: 'settings-permission-path-anchor',
    severity: 'warning',
    message: `Claude Code reads a path that starts with one '/' from the project's root: this ${list} rule names <project>${path}, not the system's ${path}; an absolute path starts with '//': write '${tool}(${meant})'`,
    node: exact ? { offset: at + tool.length + 1, length: path.length } : { offset: at, length: rule.length },
    ...(exact ? { data: { name: meant, newText: meant } } : {}),
  };
}

/**
 * An `Edit(glob)` rule of the list whose glob matches the Write rule's path read as a path (its `*`
 * as characters): every file the Write rule names is one the Edit rule names too.
 */
function editCovering(path: string, rules: ReadonlySet<string>): string | undefined {
  const plain = (p: string) => p.trim().replace(/^\.\//, '');
  for (const r of rules) {
    const glob = /^Edit\((.+)\)$/s.exec(r.trim())?.[1];
    if (glob === undefined || !glob.trim()) continue;
    try {
      if (picomatch(plain(glob), { dot: true })(plain(path))) return r;
    } catch {
      // A glob picomatch cannot compile covers nothing here; the rule's own checks speak of it.
      continue;
    }
  }
  return undefined;
}

/**
 * A `Write(path)` rule: Claude Code checks a file's changes against `Edit(path)` rules only (they
 * cover Write, Edit and NotebookEdit), so the rule never applies, and since 2.1.210 Claude Code
 * says so at every start ("Write(…) is not matched by file permission checks — only Edit(path)
 * rules are"; reproduced by its team in anthropics/claude-code#75315). A bare `Write` (the whole
 * tool) is a rule it matches. Where the list holds `Edit(path)` for the same path, an `Edit(glob)`
 * that takes in the whole path (`Edit(src/**)` beside a Write rule for the tests under `src/`; held-out round
 * 58), or the whole `Edit` or `Write` tool, nothing is lost: advice.
 */
function writePathFinding(rule: string, list: string, at: number, raw: boolean, rules: ReadonlySet<string>): Finding | undefined {
  const path = /^Write\((.+)\)$/s.exec(rule.trim())?.[1];
  if (path === undefined || !path.trim()) return undefined;
  const edit = `Edit(${path})`;
  const covered = [edit, 'Edit', 'Write'].find((r) => rules.has(r)) ?? editCovering(path, rules);
  const never = list === 'deny' ? 'it protects nothing' : list === 'allow' ? 'it lets no write through' : 'it asks about no write';
  const message = covered
    ? `Claude Code matches file changes against Edit(path) rules only: '${covered}' in this list already covers them, so this ${list} rule only draws Claude Code's warning at every start`
    : `Claude Code matches file changes against Edit(path) rules only (they cover Write, Edit and NotebookEdit): this ${list} rule never applies, so ${never}; write '${edit}'`;
  // Escapes or leading spaces in the JSON string would shift the name's offset: then the whole rule, and no fix.
  const exact = raw && rule.startsWith('Write(');
  return {
    code: 'settings-permission-write-path',
    severity: covered ? 'information' : 'warning',
    message,
    node: exact ? { offset: at, length: 'Write'.length } : { offset: at, length: rule.length },
    ...(exact && !covered ? { data: { name: 'Edit', newText: 'Edit' } } : {}),
  };
}
