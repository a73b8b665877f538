/** A reference a SKILL.md makes to a file or heading (its own module: references.ts and licenseFile.ts both read it). */
import type { MdReference } from './markdown';

export interface SkillReference extends MdReference {
  /** Where the reference was written. */
  source: 'body' | 'license';
  /** The resolved target; undefined when the path climbs out of the skill folder. */
  uri?: string;
  escapes: boolean;
  /** True for a link written as an absolute path or a `file:` URI (never resolved). */
  absolute?: boolean;
}
