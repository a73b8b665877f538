/**
 * Hook commands that read the event from shell variables Claude Code never sets
 * (`$CLAUDE_TOOL_INPUT`, `$TOOL_INPUT`, `$CLAUDE_FILE_PATHS`, `$FILE_PATH`, `$USER_PROMPT`, `$PROMPT`…). A command hook gets
 * its event as JSON on stdin (code.claude.com/docs/en/hooks, "Hook input and output"); those
 * variables expand to nothing (anthropics/claude-code#9567 and #5489; projects' own fixes such as
 * ruvnet/ruflo#1061). The variables Claude Code does set for hooks are `CLAUDE_PROJECT_DIR`,
 * `CLAUDE_PLUGIN_ROOT`, `CLAUDE_PLUGIN_DATA`, `CLAUDE_ENV_FILE` and `CLAUDE_CODE_REMOTE`, none of
 * them matched here. Facts: docs/hooks.md#hook-input.
 */

/** `$NAME` or `${NAME}`: names of the event's parts as other tools or older guides wrote them. */
const EVENT_VARIABLE =
  /\$(\{?)((?:CLAUDE_(?:TOOL_[A-Z0-9_]*|FILE_PATHS?|FILE|CHANGED_FILES?|EVENT_TYPE|HOOK_EVENT(?:_NAME)?|USER_PROMPT)|TOOL_(?:INPUT|NAME|OUTPUT|RESULT|RESPONSE|SUCCESS|PARAMS)(?:_[A-Za-z0-9_]*)?|USER_PROMPT|PROMPT|FILE_PATHS?))(?![A-Za-z0-9_])/g;

/** Where the event's JSON holds what the variable's name asks for, as a `jq` filter. */
function stdinField(name: string): string {
  const n = name.toUpperCase();
  if (/PROMPT/.test(n)) return "the prompt: jq -r '.prompt'";
  if (/FILE|PATH/.test(n)) return "the file of an edit: jq -r '.tool_input.file_path'";
  if (/NAME$/.test(n)) return "the tool: jq -r '.tool_name'";
  if (/OUTPUT|RESULT|RESPONSE|SUCCESS/.test(n)) return "the tool's result: jq '.tool_response'";
  if (/EVENT/.test(n)) return "the event: jq -r '.hook_event_name'";
  return "the tool's input: jq '.tool_input'";
}

/** The command gives the variable a value itself: `NAME=…`, `export NAME=…`, `read NAME`, `for NAME in`. */
export function assignedIn(command: string, name: string): boolean {
  return new RegExp(`(?:^|[\\s;&|(])(?:(?:export|local|declare|readonly)\\s+)?${name}=|\\bread\\b[^;&|\\n]*\\s${name}\\b|\\bfor\\s+${name}\\s+in\\b`).test(command);
}

/** The names something outside the command sets: a set, or a lookup that reads what it needs on first use. */
export type DefinedNames = Pick<ReadonlySet<string>, 'has'>;

/** An event variable a command reads: its name, where `$NAME` or `${NAME}` starts in the command and how long it is there, and the message. */
export interface UnsetVariable {
  name: string;
  at: number;
  length: number;
  message: string;
}

/** The event variables one hook command reads that nothing sets. `defined`: names the settings' `env` sets (Claude Code passes those on to hooks), asked only of names a command reads. */
export function unsetVariablesIn(command: string, defined: DefinedNames = new Set()): UnsetVariable[] {
  const out: UnsetVariable[] = [];
  for (const m of command.matchAll(EVENT_VARIABLE)) {
    const name = m[2]!;
    const braced = m[1] === '{';
    // `${TOOL_INPUT:-$(cat)}`: the command has its own way when the variable is empty.
    if (braced && /^[:\-=+?]/.test(command.slice(m.index + m[0].length))) continue;
    if (defined.has(name) || assignedIn(command, name)) continue;
    out.push({
      name,
      at: m.index,
      length: m[0].length + (braced && command[m.index + m[0].length] === '}' ? 1 : 0),
      message: `Claude Code sets no '${name}' for a hook, so '$${name}' is empty here: a command hook gets the event as JSON on stdin (${stdinField(name)})`,
    });
  }
  return out;
}
