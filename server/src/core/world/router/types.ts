/**
 * The Agent World router's data, as plain JSON values: the loaded world (`RouterConfig`), the
 * run state the router keeps between commands (`RouterState`), the commands and the results.
 * Field names and result shapes follow the upstream router (`agent-world-router.js`, spec
 * §3.8), so a result can be compared with one the real router wrote.
 */

/** An agent as the router loads it: defaults applied, its prompt file read. */
export interface RouterAgent {
  id: string;
  /** Display name (the id when absent); how results and instructions name the agent. */
  name: string;
  /** Passed through as the result's `role` (the id when absent). */
  role: unknown;
  contextScope: 'global' | 'agent';
  /** As written (a positive integer, or absent). */
  contextLimit?: number;
  model?: unknown;
  subagentType?: unknown;
  tools?: unknown[];
  systemPrompt: string;
}

export interface RouterNode {
  agent: string;
  instruction: string;
  /** Node ids this node waits for (the `requires` array; empty when it is not an array). */
  requires: string[];
}

export interface RouterConfig {
  /** The world.json path, as the router's `reset` result reports it. */
  configPath: string;
  world: {
    /** `world.name` (returned as `world` in every result). */
    name: unknown;
    /** The effective stop token: routing.stopToken, world.stopToken, then the default; '' disables it. */
    stopToken: string;
    /** `Number(world.turnLimit || 30)`; null when that is not a positive finite number (no limit). */
    turnLimit: number | null;
    /** `world.mainAgent` when set (resolved as a mention when used). */
    mainAgent?: string;
    entryAgent?: string;
  };
  workflow: {
    type: string | null;
    entry: string | null;
    entryAgent?: string;
    /** Derived from the type: every pattern but free-mention enforces its edges. */
    enforceEdges: boolean;
    parallelDispatch: boolean;
    nodes: Record<string, RouterNode>;
    /** Source node id (or `human`) → target node ids. */
    edges: Record<string, string[]>;
    /** True when `workflow.edges.human` is an array (human mentions may enter only there). */
    hasHumanEdges: boolean;
  };
  /** In the order the router enters them into its alias map. */
  agents: Record<string, RouterAgent>;
}

export interface MessageMetadata {
  runId?: string;
  turnId?: string;
  actionId?: string;
  sourceMessageId?: string;
  workflowNode?: string | null;
  replyTo?: string;
}

export interface Message {
  id: string;
  runId: string;
  /** `human`, `host` or an agent id. */
  sender: string;
  content: string;
  metadata: MessageMetadata;
  createdAt: string;
  processedForRouting: boolean;
}

export interface Turn {
  id: string;
  type: 'agent_turn';
  runId: string;
  agent: string;
  workflowNode: string | null;
  sourceMessageId: string;
  reason: string;
  status: 'pending' | 'completed' | 'blocked';
  dispatched: boolean;
  createdAt: string;
  ignoredMentions?: string[];
  completedAt?: string;
  blockedAt?: string;
}

export interface HostAction {
  /** The block's own `id`/`actionId` when it has one (any JSON value), else `action_0001`… */
  id: unknown;
  type: 'host_action';
  runId: string;
  requestedBy: string;
  kind: unknown;
  reason: unknown;
  approval: unknown;
  payload: unknown;
  raw: string;
  sourceSender: string;
  workflowNode: string | null;
  status: 'pending' | 'completed';
  createdAt: string;
  completedAt?: string;
}

export type BlockedCode = 'workflow_edge_blocked' | 'unknown_mention_target' | 'turn_limit_reached';

export interface RoutingError {
  id: string;
  type: 'blocked';
  runId: string;
  status: 'pending' | 'superseded';
  createdAt: string;
  supersededAt?: string;
  reason: string;
  code: BlockedCode;
  sourceMessageId: string;
  sourceAgent?: string;
  sourceNode?: string | null;
  mentions?: string[];
  unresolvedMentions?: string[];
  targetNodes?: { agent: string; nodes: string[] }[];
  allowedNext?: string[];
  limit?: number;
  completedTurns?: number;
}

export interface RouterState {
  version: 2;
  createdAt: string;
  updatedAt: string;
  counters: { message: number; turn: number; action: number; run: number; blocked: number };
  currentRunId: string | null;
  messages: Message[];
  pendingTurns: Turn[];
  pendingHostActions: HostAction[];
  pendingRoutingErrors: RoutingError[];
  completedTurns: Turn[];
  completedHostActions: HostAction[];
  done: boolean;
  final: string | null;
}

/** A router command: the file-mode request without its paths. `content` is the message (a non-string is sent as its JSON). */
export type RouterCommand =
  | { command: 'reset'; statePath?: string }
  | { command: 'user' | 'ingest'; content: unknown }
  | { command: 'next' }
  | { command: 'complete'; turnId?: unknown; actionId?: unknown; content: unknown }
  | { command: 'transcript' }
  | { command: string; [k: string]: unknown };

export interface ContextMessage {
  id: string;
  runId: string;
  sender: string;
  content: string;
  metadata: MessageMetadata;
}

export interface NextNode {
  node: string;
  agent: string;
  requires: string[];
}

export interface ResponsePaths {
  requestPath: string;
  resultPath: string;
  completeByRunning: string;
}

export interface AgentInstruction {
  type: 'agent_instruction';
  world: unknown;
  runId: string;
  turnId: string;
  agent: string;
  role: unknown;
  contextScope: 'global' | 'agent';
  contextLimit: number;
  dispatch: { model?: unknown; subagentType?: unknown; tools?: unknown[]; contextLimit?: number };
  reason: string;
  ignoredMentions: string[];
  workflow: { node: string | null; next: NextNode[]; instruction: string };
  routedFrom: { id: string; sender: string; content: string } | null;
  systemPrompt: string;
  context: ContextMessage[];
  hostInstruction: string;
  responseContract: ResponsePaths & {
    produce: string;
    doNot: string[];
    requestJson: { command: 'complete'; turnId: string; content: string };
  };
}

export interface AgentInstructionBatch {
  type: 'agent_instruction_batch';
  world: unknown;
  runId: string | null;
  turns: AgentInstruction[];
  hostInstruction: string;
}

export interface HostActionResult {
  type: 'host_action';
  world: unknown;
  runId: string;
  actionId: unknown;
  requestedBy: string;
  workflowNode: string | null;
  kind: unknown;
  reason: unknown;
  approval: unknown;
  payload: unknown;
  hostInstruction: string;
  responseContract: ResponsePaths & { produce: string; suggestedShape: Record<string, unknown>; requestJson: Record<string, unknown> };
}

export interface BlockedResult {
  type: 'blocked';
  world: unknown;
  runId: string;
  reason: string;
  code: BlockedCode | 'routing_blocked';
  sourceAgent: string | null;
  sourceNode: string | null;
  mentions: string[];
  unresolvedMentions: string[];
  targetNodes: { agent: string; nodes: string[] }[];
  allowedNext: string[];
  limit?: number;
  completedTurns?: number;
  hostInstruction: string;
}

export interface DoneResult {
  type: 'done';
  world: unknown;
  runId: string | null;
  final: string | null;
  hostInstruction: string;
}

export interface IdleResult {
  type: 'idle';
  world: unknown;
  runId: string | null;
  awaitingTurns?: string[];
  hostInstruction: string;
}

/** What the router returns for `user`, `next` and `complete`. */
export type Instruction = AgentInstruction | AgentInstructionBatch | HostActionResult | BlockedResult | DoneResult | IdleResult;

export interface ResetResult {
  type: 'reset';
  statePath?: string;
  configPath: string;
  next: Instruction;
}

export interface TranscriptResult {
  type: 'transcript';
  world: unknown;
  messages: ContextMessage[];
}

/** A command the router refuses (its stderr `{"type":"error","error":…}`); the state is unchanged. */
export interface RouterError {
  type: 'error';
  error: string;
}

export type RouterResult = Instruction | ResetResult | TranscriptResult | RouterError;

/** The result types an eval case may expect. */
export type ResultType = RouterResult['type'];
