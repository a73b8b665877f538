/** What "instructions in effect" is made of (effect.ts and the chains of the clients beside it share these). */
import type { CodexConfigError } from './codexConfig';
import type { InstructionVariant } from './files';

export interface InstructionEntry {
  uri: string;
  variant: InstructionVariant;
  /** `applyTo` patterns (Copilot) or `paths` (Claude Code rules); undefined when the key is absent. */
  globs?: string[];
  /** Copilot `excludeAgent` values. */
  excludeAgent?: string[];
}

export interface EffectItem {
  uri: string;
  /** Why it applies ("ancestor folder", "applyTo matches 'src/**'"). */
  why: string;
  /** Where a client reads a budgeted chain (Codex): the file's size and how much of it is read, in UTF-8 bytes. */
  bytes?: number;
  read?: number;
  /** Where the client stops reading the file (0-based), when it reads only a part of it. */
  cutAt?: { line: number; character: number };
  /** The row names where a setting is written (an `opencode.json` entry), not text the client loads. */
  setting?: boolean;
}

export interface ClientEffect {
  client: string;
  /** How the client orders what it loads. */
  order: string;
  items: EffectItem[];
  /** A client with a cap on its chain (Codex): what the chain spends of it. */
  budget?: { used: number; limit: number; unit: 'bytes' };
  /** Codex: the `.codex/config.toml` files whose values apply, and those it cannot read as TOML. */
  config?: { sources: string[]; errors: CodexConfigError[] };
}
