/** Agent Skills (SKILL.md) language support: pure functions over text and an injected host. */
export { analyzeSkill, ALLOWED_FIELDS, cpLength, type SkillAnalysis, type SkillAnalysisOptions, type SkillInfo } from './analyze';
export { relinkAction, skillCodeActions, toLspDiagnostic } from './codeActions';
export { skillCompletion } from './completion';
export { skillDefinition, skillDocumentLinks, skillDocumentSymbols, skillNavigation, type SkillNavigation } from './navigation';
export { fieldTable, skillHover, targetsSummary } from './hover';
export { inferTargets, parseTargets, resolveTargets, TARGETS, TARGET_LABELS, type Target, type TargetSet } from './targets';
export { SKILL_FIELDS, SKILL_RULES, type Level } from './rules';
export { githubSlug } from './markdown';
export type { SkillReference } from './references';
export { duplicateSkillNames, htmlEscape, skillsToPrompt, type IndexedSkill } from './workspace';
export {
  isPluginManifest,
  manifestKindOf,
  NO_REPOSITORY_FACTS,
  pluginsOf,
  readRepositoryFacts,
  repositoryFacts,
  withAliases,
  type PluginRoot,
  type RepositoryFacts,
} from './plugins';
