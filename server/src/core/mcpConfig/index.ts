export * from './files';
export { analyzeMcpConfig, type McpConfigAnalysis } from './analyze';
export { mcpConfigHover } from './hover';
export { mcpConfigCompletion } from './completion';
