/** Agent World language support (pure core): world.json, prompt files, world.eval.md. */
export { analyzeWorld, type WorldAnalysis } from './analyzeWorld';
export { analyzePrompt, agentsOfPrompt } from './prompt';
export { analyzeEval, evalReferences, parseEvalBlocks } from './evalContract';
export { parseWorld, type WorldModel, type WorldAgent, type WorldNode, type WorldEdge, type StrRef } from './model';
export { buildAliasMap, findParagraphMentions, normalizeMentionLabel, resolveAlias, resolveMentions, type ResolvedMention } from './mentions';
export { worldDefinition, worldReferences, worldDocKind, symbolAt, definitionOf, type WorldDocKind } from './navigation';
export { worldRename, worldPrepareRename, renameSymbol, type RenameResult } from './rename';
export { worldCompletion, promptCompletion, evalCompletion } from './completion';
export { worldHover, agentSummary } from './hover';
export { worldCodeActions, promptCodeActions, promptTemplate, migrateLegacyEdit } from './codeActions';
export { allOccurrences, type WorldDocuments, type WorldDocument, type WorldSymbol, type Occurrence } from './symbols';
export { projectUriOf, resolvePromptPath } from './paths';
export { WORKFLOW_PATTERNS } from './patterns';
