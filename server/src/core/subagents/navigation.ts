/**
 * Definition from a subagent's `skills:` entry to the skill it preloads: the `SKILL.md` of that
 * name in the project's `.claude/skills/` (the folder holding `.claude/agents/`), when it exists.
 */
import type { Location } from 'vscode-languageserver-types';
import type { IWorkspaceHost } from '../workspace/host';
import type { Position } from '../types';
import { rangeContains } from '../types';
import { readAgentFrontmatter } from './frontmatter';
import { toolEntries } from './tools';

export function agentFileDefinition(text: string, uri: string, pos: Position, host: IWorkspaceHost): Location | null {
  const project = /^(.*)\/\.claude\/agents\//.exec(uri)?.[1];
  if (!project) return null;
  const f = readAgentFrontmatter(text);
  const skills = f.byKey.get('skills');
  if (!skills || !rangeContains(skills.valueRange, pos)) return null;
  // A skills list splits like a tool list: commas and spaces, or one name per item.
  const entry = (toolEntries(skills, f.fm) ?? []).find((e) => rangeContains(e.range, pos));
  if (!entry || !/^[\w.-]+$/.test(entry.text)) return null;
  const target = `${project}/.claude/skills/${encodeURIComponent(entry.text)}/SKILL.md`;
  if (!host.exists(target)) return null;
  return { uri: target, range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } } };
}
