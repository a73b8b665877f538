/** What the Agent Skills specification says about each frontmatter key (hover and completion text). */

export interface SkillKeyDoc {
  key: string;
  required: boolean;
  summary: string;
  /** Snippet inserted by completion; `${dir}` is replaced with the skill folder name. */
  snippet: string;
}

export const SKILL_KEYS: SkillKeyDoc[] = [
  {
    key: 'name',
    required: true,
    summary:
      'Required. 1-64 characters: lowercase letters, digits and hyphens; must not start or end with `-` or contain `--`; must equal the name of the folder that holds SKILL.md. (The reference validator accepts any Unicode lowercase letter or digit after NFKC normalization.)',
    snippet: 'name: ${1:${dir}}',
  },
  {
    key: 'description',
    required: true,
    summary:
      'Required. 1-1024 characters. Say what the skill does **and** when to use it, with keywords that help an agent pick it; write in the third person. A folded block (`>-`) avoids the unquoted `: ` pitfall.',
    snippet: 'description: >-\n  ${1:What the skill does. Use when …}',
  },
  {
    key: 'license',
    required: false,
    summary: 'Optional. Keep it short: a license name (an SPDX id such as `Apache-2.0`) or the name of a bundled license file (`Proprietary. LICENSE.txt has complete terms`).',
    snippet: 'license: ${1:Apache-2.0}',
  },
  {
    key: 'compatibility',
    required: false,
    summary:
      'Optional. 1-500 characters if present. Only for specific environment needs: the intended product, required system packages, network access (e.g. `Requires git, docker, jq, and access to the internet`). Most skills do not need it.',
    snippet: 'compatibility: ${1:Requires …}',
  },
  {
    key: 'metadata',
    required: false,
    summary:
      'Optional. A map from string keys to string values for properties the spec does not define; quote values that look like numbers (`version: "1.0"`) and pick reasonably unique key names.',
    snippet: 'metadata:\n  author: ${1:example-org}\n  version: "${2:1.0}"',
  },
  {
    key: 'allowed-tools',
    required: false,
    summary:
      'Optional, experimental. A space-separated string of tools that are pre-approved to run, e.g. `Bash(git:*) Bash(jq:*) Read`. Support varies between agent implementations.',
    snippet: 'allowed-tools: ${1:Bash(git:*) Read}',
  },
];

export const SKILL_KEY_DOCS = new Map(SKILL_KEYS.map((k) => [k.key, k]));

/** Common SPDX license ids, plus `Proprietary`, which the spec's own example uses. */
export const SPDX_IDS = [
  'Apache-2.0',
  'MIT',
  'BSD-2-Clause',
  'BSD-3-Clause',
  'ISC',
  'MPL-2.0',
  'GPL-2.0-only',
  'GPL-3.0-only',
  'GPL-3.0-or-later',
  'LGPL-2.1-only',
  'LGPL-3.0-only',
  'AGPL-3.0-only',
  'EPL-2.0',
  'BSL-1.0',
  'Unlicense',
  'CC0-1.0',
  'CC-BY-4.0',
  '0BSD',
  'Proprietary',
];

export const COMPATIBILITY_EXAMPLES = ['Designed for Claude Code (or similar products)', 'Requires git, docker, jq, and access to the internet', 'Requires Python 3.14+ and uv'];

export const TOOL_EXAMPLES = ['Read', 'Grep', 'Glob', 'WebFetch', 'WebSearch', 'Bash(git:*)', 'Bash(jq:*)'];
