/** Claude Code settings files: hooks and permissions. */
export { analyzeClaudeSettings, type SettingsAnalysis } from './analyze';
export { settingsHover, settingsCompletion } from './features';
export { HOOK_EVENTS, HANDLER_TYPES } from './events';
export { analyzeHooksFile, analyzeUnreadHooksFile } from './hooksFile';
export { analyzeGithubHooks } from './githubHooks';
export { settingsCodeActions, SETTINGS_FIXED_CODES } from './codeActions';
export { githubHooksHover, githubHooksCompletion } from './githubFeatures';
export { hookScriptDefinition } from './scripts';
