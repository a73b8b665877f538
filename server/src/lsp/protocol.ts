/**
 * Custom requests and notifications between the Agent Files client and server, declared once.
 * Plain data only: the client imports this file too.
 */
export type * from '../core/indexTypes';

/** Request: the workspace index of agents and skills (for the Skills tree). */
export const WorkspaceIndexRequest = 'agentFiles/workspaceIndex';
/** Notification from the server: the index changed; the client asks again. */
export const WorkspaceIndexChangedNotification = 'agentFiles/workspaceIndexChanged';
/** Request: rank skills for a request text, in one agent file or in every agent of the workspace. */
export const RouteRequest = 'agentFiles/route';
/** Request: a skill's command with values filled and shell-quoted. */
export const FillCommandRequest = 'agentFiles/fillCommand';
/** Request: the `<available_skills>` XML of every valid skill in the workspace (for "Copy <available_skills> prompt"). */
export const SkillsPromptRequest = 'agentFiles/skillsPrompt';
export interface SkillsPromptResult {
  xml: string;
  count: number;
}
