/**
 * Agent World's fixed vocabularies: the workflow pattern ids (10 defaults + explicit-only
 * `custom-dag`), their context-scope defaults, router result types and blocked codes.
 */

export interface WorkflowPattern {
  id: string;
  label: string;
  description: string;
  /** False only for `custom-dag`, which init offers on explicit request only. */
  isDefault: boolean;
}

/** The 11 canonical ids in the order completion offers them (10 defaults, then custom-dag). */
export const WORKFLOW_PATTERNS: readonly WorkflowPattern[] = [
  { id: 'broadcast', label: 'Broadcast', isDefault: true, description: 'A human or world message with no paragraph-start mention can wake all eligible active agents.' },
  { id: 'direct-handoff', label: 'Direct handoff', isDefault: true, description: 'One agent or the human routes to one specific agent with a paragraph-start mention.' },
  { id: 'multi-agent-fan-out', label: 'Multi-agent fan-out', isDefault: true, description: 'One message wakes multiple lanes with multiple paragraph-start mentions.' },
  {
    id: 'fan-in-collector',
    label: 'Fan-in / collector',
    isDefault: true,
    description: 'Multiple agents report to a collector, which merges the results and returns to the human.',
  },
  { id: 'sequential-pipeline', label: 'Sequential pipeline', isDefault: true, description: 'Agents proceed in order, such as spec → build → test → review.' },
  { id: 'intent-router', label: 'Intent router', isDefault: true, description: 'One router classifies the request and mentions exactly one specialist.' },
  { id: 'fsm-state-token', label: 'FSM / state-token workflow', isDefault: true, description: 'Agents carry state tokens such as `[STATE=PLAN]` and route by state.' },
  { id: 'debate-ping-pong-loop', label: 'Debate / ping-pong loop', isDefault: true, description: 'Two agents alternate with explicit mentions until a stop condition.' },
  { id: 'orchestrator-worker', label: 'Orchestrator-worker', isDefault: true, description: 'A controller delegates to workers, then a synthesizer merges the results.' },
  {
    id: 'free-mention',
    label: 'Free mention',
    isDefault: true,
    description: 'No workflow graph at all: any agent may hand off to any peer with a paragraph-start mention, and `world.turnLimit` is the only structural stop.',
  },
  {
    id: 'custom-dag',
    label: 'Custom DAG (explicit custom only)',
    isDefault: false,
    description: 'A customized user-defined graph, valid only when the user explicitly asks for custom routing or workflow design or provides a custom graph.',
  },
];

export const WORKFLOW_TYPE_IDS: ReadonlySet<string> = new Set(WORKFLOW_PATTERNS.map((p) => p.id));

export function findPattern(id: string): WorkflowPattern | undefined {
  return WORKFLOW_PATTERNS.find((p) => p.id === id);
}

/** Patterns where init allows `workflow.parallelDispatch: true` (lane patterns). */
export const PARALLEL_DISPATCH_PATTERNS: ReadonlySet<string> = new Set(['multi-agent-fan-out', 'fan-in-collector', 'broadcast', 'orchestrator-worker']);

/** Patterns that can loop, where a conservative `world.turnLimit` matters. */
export const LOOP_PATTERNS: ReadonlySet<string> = new Set(['debate-ping-pong-loop', 'free-mention']);

/** Above this a loop pattern's turn limit is flagged as not conservative (init uses 8). */
export const CONSERVATIVE_TURN_LIMIT = 16;

type Scope = 'global' | 'agent';

/** Init's required contextScope for each pattern's sample agent ids. */
export const CONTEXT_SCOPE_DEFAULTS: Readonly<Record<string, Readonly<Record<string, Scope>>>> = {
  broadcast: { broadcaster: 'agent', researcher: 'agent', critic: 'agent', planner: 'agent', collector: 'global' },
  'direct-handoff': { sender: 'agent', receiver: 'agent' },
  'multi-agent-fan-out': { lead: 'agent', qa: 'agent', security: 'agent', collector: 'global' },
  'fan-in-collector': { researcher: 'agent', analyst: 'agent', collector: 'global' },
  'sequential-pipeline': { intake: 'agent', architect: 'agent', builder: 'agent', reviewer: 'agent', final: 'global' },
  'intent-router': { router: 'agent', docs: 'agent', code: 'agent', ops: 'agent' },
  'fsm-state-token': { state_router: 'global', planner: 'agent', executor: 'agent', reviewer: 'global' },
  'debate-ping-pong-loop': { pro: 'agent', con: 'agent', judge: 'global' },
  'orchestrator-worker': { orchestrator: 'global', worker_a: 'agent', worker_b: 'agent', synthesizer: 'global' },
  'free-mention': { coordinator: 'global', researcher: 'agent', critic: 'agent' },
};

export const CONTEXT_SCOPES: readonly string[] = ['global', 'agent'];
export const WORLD_MODES: readonly string[] = ['host_driven_router_only', 'host_delegated'];
export const DEFAULT_STOP_TOKEN = '<world>pass</world>';
export const DEFAULT_TURN_LIMIT = 30;
export const DEFAULT_CONTEXT_LIMIT = 18;

/** Router result `type`s that an eval case may expect. */
export const RESULT_TYPES: readonly string[] = ['agent_instruction', 'agent_instruction_batch', 'host_action', 'blocked', 'done', 'idle'];
/** Router `blocked.code`s. */
export const BLOCKED_CODES: readonly string[] = ['workflow_edge_blocked', 'unknown_mention_target', 'turn_limit_reached'];
/** Eval step commands. */
export const STEP_COMMANDS: readonly string[] = ['user', 'ingest', 'complete'];

/** Node fields init forbids (they carry semantics the router ignores). */
export const FORBIDDEN_NODE_FIELDS: ReadonlySet<string> = new Set(['type', 'kind', 'mode', 'join', 'state', 'role']);

/** The router's help appended to legacy-shape errors. */
export const LEGACY_EDGE_HELP =
  'Define workflow.nodes as an object keyed by node id and workflow.edges as an object mapping each source node id (or "human") to an array of target node ids. Express joins with a node-level "requires" array, not an edge-level "join" key.';
