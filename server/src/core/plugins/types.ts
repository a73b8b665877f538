/** What the check of a plugin manifest or marketplace file returns, for Claude Code and Codex alike. */
import type { Node } from 'jsonc-parser';
import type { Diagnostic, Range } from '../types';

export type ManifestRole = 'plugin' | 'marketplace';

/** A marketplace entry's relative `source` and the folder it names. */
export interface SourceLink {
  range: Range;
  folder: string;
}

export interface PluginManifestAnalysis {
  role: ManifestRole;
  /** The client whose manifest it is: Claude Code (`.claude-plugin/`) or Codex (`.codex-plugin/`, `.agents/plugins/`). */
  client: 'claude' | 'codex';
  /** The parsed JSON (undefined when it does not parse). */
  root: Node | undefined;
  diagnostics: Diagnostic[];
  /** Marketplace entries whose `source` names an existing folder. */
  sources: SourceLink[];
}
