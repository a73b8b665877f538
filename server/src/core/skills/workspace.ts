/** Workspace-level SKILL.md facts: duplicate names and the reference `<available_skills>` prompt. */
import type { Diagnostic, Range } from '../types';

export interface IndexedSkill {
  uri: string;
  name: string;
  nameRange: Range;
}

/**
 * Warns on every skill whose `name` another skill in the same workspace also uses: clients
 * keep only one of them. Names are compared after NFKC, as the reference compares them.
 */
/** The most other files a duplicate-name diagnostic names. */
const MAX_OTHERS = 20;

export function duplicateSkillNames(skills: IndexedSkill[]): Map<string, Diagnostic[]> {
  const groups = new Map<string, IndexedSkill[]>();
  for (const s of skills) {
    const key = s.name.trim().normalize('NFKC');
    if (!key) continue;
    const g = groups.get(key);
    if (g) g.push(s);
    else groups.set(key, [s]);
  }
  const out = new Map<string, Diagnostic[]>();
  for (const [name, g] of groups) {
    if (g.length < 2) continue;
    for (const s of g) {
      // At most 20 others by name (10,000 skills of one name would otherwise make 10,000 lists of 10,000).
      const others: string[] = [];
      for (const o of g) if (o !== s && others.length < MAX_OTHERS) others.push(o.uri);
      const more = g.length - 1 - others.length;
      const list = out.get(s.uri) ?? [];
      list.push({
        code: 'skill-duplicate-name',
        severity: 'warning',
        message: `Skill name '${name}' is also used by ${others.join(', ')}${more ? ` and ${more} more` : ''}; clients load only one of them`,
        range: s.nameRange,
        data: { others, ...(more ? { more } : {}) },
      });
      out.set(s.uri, list);
    }
  }
  return out;
}

/** Python's `html.escape`: `& < > " '`. */
export function htmlEscape(s: string): string {
  return s.replace(/[&<>"']/g, (c) => (c === '&' ? '&amp;' : c === '<' ? '&lt;' : c === '>' ? '&gt;' : c === '"' ? '&quot;' : '&#x27;'));
}

/**
 * The reference `skills-ref to-prompt` XML: every value on its own line, name and description
 * HTML-escaped, no trailing newline. `location` is the absolute path of each SKILL.md, as the
 * caller resolved it; the reference writes it as is (later forks escape it too: `escapeLocation`).
 */
export function skillsToPrompt(skills: { name: string; description: string; location: string }[], options: { escapeLocation?: boolean } = {}): string {
  const lines = ['<available_skills>'];
  for (const s of skills) {
    lines.push(
      '<skill>',
      '<name>',
      htmlEscape(s.name),
      '</name>',
      '<description>',
      htmlEscape(s.description),
      '</description>',
      '<location>',
      options.escapeLocation ? htmlEscape(s.location) : s.location,
      '</location>',
      '</skill>',
    );
  }
  lines.push('</available_skills>');
  return lines.join('\n');
}
