/**
 * The OS Protocol vocabulary an AGENT.md refers to (historical `@osprotocol/schema` 0.1.x):
 * frontmatter keys, workflow patterns and a tool-name catalogue derived from the schema.
 */

export interface AgentKeyDoc {
  key: string;
  required: boolean;
  type: string;
  summary: string;
  snippet: string;
}

export const AGENT_KEYS: AgentKeyDoc[] = [
  { key: 'name', required: true, type: 'string', summary: 'Unique identifier for the agent.', snippet: 'name: ${1:my-agent}' },
  { key: 'description', required: true, type: 'string', summary: 'Human-readable description.', snippet: 'description: ${1:A helpful assistant agent}' },
  {
    key: 'version',
    required: false,
    type: 'string',
    summary: 'Semantic version (optional), e.g. `1.0.0`. Quote it if YAML would read it as a number (`"1.0"`).',
    snippet: 'version: ${1:1.0.0}',
  },
  {
    key: 'extends',
    required: false,
    type: 'string',
    summary: 'Parent agent to extend from (optional): the `name` of another agent. Merge rules are not specified.',
    snippet: 'extends: ${1:base-agent}',
  },
  {
    key: 'tools',
    required: false,
    type: 'string[]',
    summary: "Tools this agent has access to (e.g. 'fs.read', 'checks.rules'): a YAML list of dotted names.",
    snippet: 'tools:\n  - ${1:fs.read}',
  },
  {
    key: 'workflows',
    required: false,
    type: 'string[]',
    summary: 'Workflow patterns this agent can use: `routing`, `orchestrator-workers`, `parallelization`, `evaluator-optimizer`.',
    snippet: 'workflows:\n  - ${1|routing,orchestrator-workers,parallelization,evaluator-optimizer|}',
  },
  {
    key: 'annotations',
    required: false,
    type: 'object',
    summary:
      'Discovery annotations used by routing workflows to pick the agent for a task: `whenToUse` (required list of conditions) and `examples` (optional list of example tasks).',
    snippet: 'annotations:\n  whenToUse:\n    - "${1:When the user needs …}"\n  examples:\n    - "${2:Example task}"',
  },
];

export const ANNOTATION_KEYS: AgentKeyDoc[] = [
  { key: 'whenToUse', required: true, type: 'string[]', summary: 'Conditions under which this agent should be used.', snippet: 'whenToUse:\n  - "${1:When …}"' },
  { key: 'examples', required: false, type: 'string[]', summary: 'Example inputs/tasks this agent handles well.', snippet: 'examples:\n  - "${1:Example task}"' },
];

export const WORKFLOWS: Record<string, string> = {
  routing: 'Input → Classify → Delegate to a single workflow → Output',
  'orchestrator-workers': 'An orchestrator breaks the task down and delegates the parts to workers',
  parallelization: 'Split → Parallel → Merge (failure strategy fail-fast or collect-all)',
  'evaluator-optimizer': 'Generate → Evaluate → Optimize loop',
};

/** Domain → interfaces, from the schema's per-domain files. */
export const DOMAINS: Record<string, string[]> = {
  system: ['env', 'fs', 'sandbox', 'settings', 'preferences', 'registry', 'mcp-client', 'installer'],
  context: ['system', 'embeddings', 'kv'],
  actions: ['system', 'tools', 'mcp-servers'],
  checks: ['rules', 'judge', 'audit', 'screenshot'],
  workflows: ['routing', 'orchestrator-workers', 'parallelization', 'evaluator-optimizer'],
  runs: ['run', 'approval', 'retry', 'timeout', 'cancel'],
};

/** Interface → methods, for `<interface>.<method>` names. */
export const METHODS: Record<string, string[]> = {
  env: ['get', 'list', 'set', 'remove'],
  fs: ['read', 'list', 'exists', 'write', 'remove'],
  sandbox: ['create', 'get', 'list', 'stop', 'exec', 'readFile', 'writeFiles', 'getUrl', 'extendTimeout'],
  settings: ['get', 'list', 'set', 'remove'],
  preferences: ['get', 'list', 'set', 'remove'],
  registry: ['get', 'list', 'register', 'unregister', 'find'],
  mcp: ['get', 'list', 'connect', 'disconnect'],
  installer: ['get', 'list', 'install', 'uninstall', 'update'],
  embeddings: ['search', 'get', 'upsert', 'remove'],
  kv: ['get', 'list', 'set', 'remove'],
  tools: ['get', 'list', 'execute'],
  'mcp-servers': ['listResources', 'readResource', 'listPrompts', 'getPrompt'],
  rules: ['get', 'list', 'evaluate'],
  judge: ['evaluate'],
  audit: ['log', 'get', 'list'],
  screenshot: ['capture', 'compare'],
  run: ['start', 'pause', 'resume', 'cancel', 'waitForApproval', 'waitForInput'],
};

/** Every catalogued tool name with a one-line description. */
export const KNOWN_TOOLS: Map<string, string> = (() => {
  const m = new Map<string, string>();
  for (const [domain, ifaces] of Object.entries(DOMAINS)) for (const i of ifaces) m.set(`${domain}.${i}`, `The \`${i}\` interface of the \`${domain}\` domain`);
  for (const [iface, methods] of Object.entries(METHODS)) for (const x of methods) m.set(`${iface}.${x}`, `The \`${x}\` method of the \`${iface}\` interface`);
  return m;
})();

/** The suggested shape of a tool name: lowercase dotted identifiers. */
export const TOOL_NAME = /^[a-z][a-z0-9-]*(\.[a-z][a-zA-Z0-9-]*)+$/;

/** Semantic version 2.0.0. */
export const SEMVER = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?(?:\+[0-9A-Za-z-]+(?:\.[0-9A-Za-z-]+)*)?$/;
