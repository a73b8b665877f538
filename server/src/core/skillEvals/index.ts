export { analyzeSkillEvals, type SkillEvalAnalysis } from './analyze';
export { skillEvalVariantOf, type SkillEvalVariant } from './files';
