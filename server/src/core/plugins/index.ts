/** Claude Code plugin manifests and marketplace files: their check and editor features. */
export { analyzePluginManifest, manifestRoleOf, vendoringMarketplace, type ManifestRole, type PluginManifestAnalysis, type SourceLink } from './analyze';
export { pluginManifestCompletion, pluginManifestDefinition, pluginManifestHover } from './features';
export { pluginManifestPathCompletion } from './pathCompletion';
