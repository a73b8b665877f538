/** A reference a SKILL.md makes to a file or heading (its own module: references.ts and licenseFile.ts both read it). */
import type { MdReference } from './markdown';

export interface SkillReference extends MdReference {
  /** Where the reference was written. */
  source: 'body' | 'license';
  /**
   * The target, when it resolves without the host: a relative path from the file's folder, a
   * `${CLAUDE_SKILL_DIR}` path from the skill folder. Undefined for a path that climbs out of
   * the folder, and for `/`-rooted and `${CLAUDE_PLUGIN_ROOT}` paths (resolved by the check).
   */
  uri?: string;
  escapes: boolean;
  /** True for a path on one machine (`file:` URI, `C:\…`, a user's home folder): never resolved. */
  absolute?: boolean;
}
