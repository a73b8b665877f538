/** Rule ids of the agent3md/1 reference validator, plus this project's own checks. */

/** The reference validator's rule ids, used verbatim as diagnostic codes. */
export const AgentRule = {
  parse: 'parse',
  frontmatter: 'frontmatter',
  identity: 'identity',
  missingLabel: 'missing-label',
  uniqueSkill: 'unique-skill',
  deadLink: 'dead-link',
  entry: 'entry',
  cycle: 'cycle',
  triggers: 'triggers',
  dupInput: 'dup-input',
  inputType: 'input-type',
  tool: 'tool',
  toolInput: 'tool-input',
  unusedInput: 'unused-input',
  undeclaredTool: 'undeclared-tool',
  // Our own, for gaps between the spec and the reference (docs/rules.md says why).
  linkNotDependency: 'link-not-dependency',
  agentVersion: 'agent-version',
  unknownKind: 'unknown-kind',
  labelWhitespace: 'label-whitespace',
  routeAssertion: 'route-assertion',
  toolUnsafePlaceholder: 'tool-unsafe-placeholder',
  toolQuotedPlaceholder: 'tool-quoted-placeholder',
  toolControlCharacter: 'tool-control-character',
} as const;

/** Plain-3md check: a link to a plane that does not exist (a warning outside agents). */
export const DANGLING_LINK = 'dangling-link';
