/** Agent Skills (SKILL.md) language support: pure functions over text and an injected host. */
export { analyzeSkill, ALLOWED_FIELDS, cpLength, type SkillAnalysis, type SkillAnalysisOptions, type SkillInfo } from './analyze';
export { skillCodeActions, toLspDiagnostic } from './codeActions';
export { skillCompletion } from './completion';
export { skillDefinition, skillDocumentLinks, skillDocumentSymbols, skillHover } from './navigation';
export { githubSlug } from './markdown';
export type { SkillReference } from './references';
export { duplicateSkillNames, htmlEscape, skillsToPrompt, type IndexedSkill } from './workspace';
