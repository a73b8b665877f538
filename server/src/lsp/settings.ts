/**
 * The server's settings: initialization options at start, then the client's `agentFiles`
 * configuration section (pulled, or pushed with didChangeConfiguration). Unknown or malformed
 * values keep what was there.
 */
import type { AgentDetection } from '../core/agent/detect';
import { parseTargets, type Target } from '../core/skills';
import { LISTING_CLIENTS, type ListingClient } from '../core/skills/listing';

/** Which files get diagnostics: every file of the workspace index, or only the open ones. */
export type DiagnosticsScope = 'workspace' | 'openFiles';

export interface ServerSettings {
  diagnosticDelay: number;
  agentDetection: AgentDetection;
  schemaDiagnostics: boolean;
  /** SKILL.md targets named by the user (`agentFiles.targets`); empty = from each file's folder. */
  targets: Target[];
  /** The editor validates prompt files itself (VS Code): leave out what it reports in the files it validates (initialization option). */
  editorValidatesPromptFiles: boolean;
  /** `agentFiles.diagnostics.scope`. */
  diagnosticsScope: DiagnosticsScope;
  /** `agentFiles.contextWindow`: the context window per client, in tokens (the skill listing budgets). */
  contextWindow: Partial<Record<ListingClient, number>>;
}

export const DEFAULT_SETTINGS: ServerSettings = {
  diagnosticDelay: 150,
  agentDetection: 'auto',
  schemaDiagnostics: true,
  targets: [],
  editorValidatesPromptFiles: false,
  diagnosticsScope: 'workspace',
  contextWindow: {},
};

/** The context windows of a setting value: the known client ids with a positive whole number of tokens; the rest is dropped. */
export function readContextWindow(raw: unknown): Partial<Record<ListingClient, number>> {
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Partial<Record<ListingClient, number>> = {};
  for (const c of LISTING_CLIENTS) {
    const v = (raw as Record<string, unknown>)[c];
    if (typeof v === 'number' && Number.isInteger(v) && v > 0) out[c] = v;
  }
  return out;
}

/** Settings from initialization options or the `agentFiles` section, over `base`. */
export function readSettings(raw: unknown, base: ServerSettings): ServerSettings {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const diag = (o['diagnostics'] && typeof o['diagnostics'] === 'object' ? o['diagnostics'] : {}) as Record<string, unknown>;
  const delay = o['diagnosticDelay'] ?? diag['delay'];
  const detection = o['agentDetection'];
  const scope = o['diagnosticsScope'] ?? diag['scope'];
  return {
    diagnosticDelay: typeof delay === 'number' && delay >= 0 && Number.isFinite(delay) ? delay : base.diagnosticDelay,
    agentDetection: detection === 'agent' || detection === '3md' || detection === 'auto' ? detection : base.agentDetection,
    schemaDiagnostics: typeof o['schemaDiagnostics'] === 'boolean' ? o['schemaDiagnostics'] : base.schemaDiagnostics,
    // Unknown names are dropped; a list of only unknown names falls back to inference.
    targets: 'targets' in o ? parseTargets(o['targets']).targets : base.targets,
    editorValidatesPromptFiles: typeof o['editorValidatesPromptFiles'] === 'boolean' ? o['editorValidatesPromptFiles'] : base.editorValidatesPromptFiles,
    diagnosticsScope: scope === 'workspace' || scope === 'openFiles' ? scope : base.diagnosticsScope,
    contextWindow: 'contextWindow' in o ? readContextWindow(o['contextWindow']) : base.contextWindow,
  };
}
