/**
 * `agentFiles/skillsPrompt`: the reference `<available_skills>` XML for every SKILL.md of the
 * workspace index that the reference loader accepts (a non-empty name and description), with
 * each location as an absolute file-system path.
 */
import { URI } from 'vscode-uri';
import { skillsToPrompt } from '../core/skills';
import type { IndexedFile } from '../core/workspace/indexTypes';
import type { ServerContext } from './context';
import { SkillsPromptRequest, type SkillsPromptResult } from './protocol';

/** The XML for the valid skills among index entries (sorted by location, so the output is stable). */
export function skillsPromptOf(files: readonly IndexedFile[]): SkillsPromptResult {
  const skills = files
    .filter((f) => f.kind === 'skill' && f.nameRange && f.description)
    .map((f) => ({ name: f.name, description: f.description!, location: URI.parse(f.uri).fsPath }))
    .sort((a, b) => (a.location < b.location ? -1 : a.location > b.location ? 1 : 0));
  return { xml: skillsToPrompt(skills), count: skills.length };
}

export function registerSkillsPromptRequest(ctx: ServerContext): void {
  ctx.connection.onRequest(
    SkillsPromptRequest,
    ctx.runner.safe('skillsPrompt', (): SkillsPromptResult => skillsPromptOf(ctx.index.files())),
  );
}
