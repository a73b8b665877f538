/** Short reference texts shown in completion and hover, from the 3md and agent3md/1 specs. */

export const FRONTMATTER_KEYS: Record<string, string> = {
  '3md': 'The 3md format version (required). agent3md/1 agents are written in `3md: 1.0`.',
  title: "The agent's display name. An agent needs `title:` or `agent:`.",
  agent: "The agent's short id. An agent needs `title:` or `agent:` (the key is case-sensitive).",
  model: 'A hint for which model runs this agent (optional).',
  axis: 'What the planes are stacked along. Agents SHOULD use `axis: skill`.',
  tools: "Comma-separated binaries the skills may run. When present, each skill's `tool` binary should be listed.",
  persona: "A short persona line for the agent's manifest (optional).",
  version: "The agent's own version (optional; not the 3md version).",
  entry: 'The z of the plane an agent starts from (optional; an integer that names a real plane).',
};

export const ATTRIBUTES: Record<string, string> = {
  z: "The plane's position (required): a finite decimal number, unique in the document. Links use it: `[[z=N]]`.",
  label: "The plane's name. For a skill it is the skill name the router returns (required, unique).",
  kind: '`identity` marks the one identity plane (the system prompt); every other plane is a skill (`kind=skill` is conventional).',
  triggers: 'Comma-separated phrases. A phrase matches a request when all its words appear in it; skills are ranked by matching phrases.',
  inputs: 'Comma-separated inputs: `name`, `name:type` or `name:type?` (optional). Types: string, number, boolean, object, array.',
  tool: 'A command template; `{name}` placeholders are filled with shell-quoted input values. The first word is the binary.',
  cost: 'A free-form cost tag (for example `net` or `slow`).',
  x: 'Horizontal coordinate (a finite decimal number), for viewers.',
  y: 'Vertical coordinate (a finite decimal number), for viewers.',
};

export const KINDS: Record<string, string> = {
  identity: 'The identity plane: its body is the system prompt. Exactly one per agent.',
  skill: 'A skill: label, triggers, inputs, tool, and instructions in the body.',
};

export const INPUT_TYPE_DOCS: Record<string, string> = {
  string: 'Text (the default when no type is written).',
  number: 'A number; filled into the command as written (for example 5 or 2.5).',
  boolean: 'true or false.',
  object: 'A JSON object; filled into the command as JSON.',
  array: 'A JSON array; filled into the command as JSON.',
};
