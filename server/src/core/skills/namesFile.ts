/** Whether a SKILL.md sends the agent to a file of its folder by path (instructions/analyze.ts, skills/liveness.ts). */
import type { IWorkspaceHost } from '../workspace/host';
import { dirnameUri } from '../world/paths';
import { decodeTarget } from './paths';

/** Whether a SKILL.md's text names a file below its folder by its path from there (`AGENTS.md`, `references/docs/CLAUDE.md`, `7.4/SKILL.md`). */
export function skillNamesFile(skillMd: string, fileUri: string, host: IWorkspaceHost): boolean {
  const rel = fileUri.slice(dirnameUri(skillMd).length + 1);
  const text = host.readText(skillMd);
  return text !== undefined && (text.includes(rel) || text.includes(decodeTarget(rel)));
}
