export * from './files';
export * from './analyze';
export * from './duplicates';
export * from './keys';
export * from './tools';
export { readAgentFrontmatter, type AgentFrontmatter } from './frontmatter';
export { quoteLikeClaude, quoteValue, claudeYamlOutcome } from './claudeYaml';
