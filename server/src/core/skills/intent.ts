/**
 * TanStack Intent: libraries ship skills in their packages' `skills/` folders for the Intent CLI,
 * which installs them for an agent and reads keys of its own from their frontmatter. Facts:
 * TanStack/intent `packages/intent/src/commands/validate.ts` (`type`, `requires`: a `framework`
 * skill must list what it requires), `core/types.ts` (`type`, `framework` in its skill list), and
 * the staleness check (`library_version`, `sources`).
 */
import type { FrontmatterEntry } from '../text/yamlFrontmatter';

/** The frontmatter keys Intent reads. */
const INTENT_KEYS: ReadonlySet<string> = new Set(['type', 'library', 'library_version', 'requires', 'sources', 'framework']);

/** Another tool that reads some keys of a SKILL.md the skill clients do not. */
export interface KeyReader {
  label: string;
  reads(key: string): boolean;
}

/** Intent as a reader of keys, when the frontmatter is Intent's: it names the `library` the skill documents and the skill's `type`. */
export function intentReader(entries: readonly FrontmatterEntry[]): KeyReader | undefined {
  const text = (key: string) => entries.some((e) => e.key === key && typeof e.value === 'string' && e.value.trim() !== '');
  return text('library') && text('type') ? { label: 'TanStack Intent', reads: (key) => INTENT_KEYS.has(key) } : undefined;
}
