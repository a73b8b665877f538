/**
 * Custom requests and notifications between the Agent Files client and server, declared once.
 * Plain data only: the client imports this file too.
 */
import type { Diagnostic as LspDiagnostic } from 'vscode-languageserver-protocol';
import type { WorldCheck } from '../core/world/checks';
import type { RouterResult, RouterState } from '../core/world/router/types';
import type { GraphModel } from '../core/graph/types';
export type * from '../core/workspace/indexTypes';
export type { WorldCheck, WorldCheckCategory } from '../core/world/checks';
export type { GraphEdge, GraphEdgeKind, GraphModel, GraphNode, GraphNodeKind } from '../core/graph/types';

/** Request: the workspace index of agents and skills (for the Skills tree). */
export const WorkspaceIndexRequest = 'agentFiles/workspaceIndex';
/** Notification from the server: the index changed; the client asks again. */
export const WorkspaceIndexChangedNotification = 'agentFiles/workspaceIndexChanged';
/**
 * Notification from the server: how far indexing is (sent as a scan goes, and when the index
 * changes). The client's status bar shows it, with the problems it counts itself.
 */
export const IndexStatusNotification = 'agentFiles/indexStatus';
export interface IndexStatus {
  /** True while the workspace folders are being scanned. */
  indexing: boolean;
  /** While indexing: files indexed so far, of `total`. */
  done?: number;
  total?: number;
  /** The agent files of the workspace the server checks (as `agent-files check` counts them: configuration files aside). */
  files: number;
}
/**
 * Notification from the client: the documents its editors show (VS Code validates its prompt
 * files only while an editor shows them, and keeps a document's own diagnostics only then).
 */
export const VisibleEditorsNotification = 'agentFiles/visibleEditors';
export interface VisibleEditorsParams {
  uris: string[];
}
/** Request: rank skills for a request text, in one agent file or in every agent of the workspace. */
export const RouteRequest = 'agentFiles/route';
/** Request (diagnostics for benchmarks): the server's heap in bytes, after a collection when available. */
export const HeapRequest = 'agentFiles/heap';
/** Request: a skill's command with values filled and shell-quoted. */
export const FillCommandRequest = 'agentFiles/fillCommand';
/** Request: the `<available_skills>` XML of every valid skill in the workspace (for "Copy <available_skills> prompt"). */
export const SkillsPromptRequest = 'agentFiles/skillsPrompt';
export interface SkillsPromptResult {
  xml: string;
  count: number;
}

/** Request: run the Agent World eval (checks and routing cases) on every world (or one) and return each world file's diagnostics. */
export const CheckWorldRequest = 'agentFiles/checkWorld';
export interface CheckWorldParams {
  /** One world.json; every world of the workspace index when absent. */
  uri?: string;
}
export interface CheckWorldFile {
  uri: string;
  /** The file's diagnostics as the editor shows them (empty when clean). */
  diagnostics: LspDiagnostic[];
}
export interface CheckWorldEntry {
  /** The world.json. */
  uri: string;
  name: string;
  /** True when the eval passes: every check and every routing case, and at least one case. */
  passed: boolean;
  /** The eval harness's config, prompt and eval checks, in its order. */
  checks: WorldCheck[];
  /** The routing cases of world.eval.md run on the router, in their order (none when the router does not load world.json). */
  cases: WorldCaseResult[];
  /** world.json, every prompt file and world.eval.md (when it exists), each with its diagnostics. */
  files: CheckWorldFile[];
}
/** One routing case, as the eval's report line says it (`- PASS {name}` / `- FAIL {name}: {reason}`). */
export interface WorldCaseResult {
  name: string;
  status: 'PASS' | 'FAIL';
  reason?: string;
  /** `type=…, agent=…, workflowNode=…, code=…` of the case's last router result. */
  actual?: string;
}
export interface CheckWorldResult {
  worlds: CheckWorldEntry[];
}

/**
 * Request: one step of an Agent World's router (the engine of a run simulator). The server keeps
 * nothing: the client sends the state the last step returned (none, or null, for a fresh run)
 * and a router command (`{command: "user", content}`, `{command: "complete", turnId|actionId,
 * content}`, `{command: "next"}`, `{command: "reset"}`, `{command: "transcript"}`). The answer is
 * the router's result (`agent_instruction`, `blocked`, `done`…, or `{type: "error", error}` for a
 * command it refuses or a world it cannot load) and the state to send with the next step.
 */
export const WorldStepRequest = 'agentFiles/worldStep';
export interface WorldStepParams {
  /** The world.json (or world.eval.md, or a prompt of the world). */
  uri: string;
  state?: unknown;
  command: unknown;
}
export interface WorldStepResult {
  /** null when the world does not load. */
  state: RouterState | null;
  result: RouterResult;
  /** The world's effective stop token (what a completion ends the run with; '' when disabled), when the world loads. */
  stopToken?: string;
}

/**
 * Request: the graph of a file as the editor sees it (open buffers first), to draw: an Agent
 * World's workflow (for world.json, world.eval.md or a prompt of the world) or an agent.3md's
 * skill dependencies. null for any other file, or a world.json that cannot be read.
 */
export const GraphRequest = 'agentFiles/graph';
export interface GraphParams {
  uri: string;
}
export type GraphResult = GraphModel | null;

/** Request: what each client loads for one file ("Instructions in effect"). */
export const InstructionsInEffectRequest = 'agentFiles/instructionsInEffect';

/** Request: "What the agent sees" for one file: per client the instruction chain and the skill listing (null outside the workspace folders); the same data as `agent-files effect --format json`, with URIs. */
export const EffectRequest = 'agentFiles/effect';
export interface EffectParams {
  uri: string;
}
export type { EffectReport as EffectResult } from '../core/effect/report';

/**
 * Requests from the server to the client, on platforms where the server cannot read the
 * workspace itself (VS Code in the browser: the client answers with `vscode.workspace.fs` and
 * `vscode.workspace.findFiles`). URIs as the client writes them (`Uri.toString()`).
 */
export const FsFindFilesRequest = 'agentFiles/fs/findFiles';
export interface FsFindFilesParams {
  /** A workspace folder. */
  folder: string;
  /** Most files listed. */
  limit: number;
}
/** Every file under the folder (node_modules and .git left out), at most `limit`. */
export interface FsFindFilesResult {
  uris: string[];
}
export const FsStatRequest = 'agentFiles/fs/stat';
export interface FsUriParams {
  uri: string;
}
/** null when nothing is there (or it cannot be read). */
export type FsStatResult = { type: 'file' | 'directory' | 'other'; size: number } | null;
export const FsReadFileRequest = 'agentFiles/fs/readFile';
export interface FsReadFileParams extends FsUriParams {
  /** Larger files are not read (`tooLarge`). */
  maxBytes: number;
}
/** The text decoded as UTF-8 (malformed bytes become U+FFFD); null when it is not a readable file. */
export type FsReadFileResult = { text: string } | { tooLarge: true; size: number } | null;
