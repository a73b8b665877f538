export { analyzeSkillEvals, type EvalQuery, type SkillEvalAnalysis } from './analyze';
export { skillEvalVariantOf, type SkillEvalVariant } from './files';
export { queryMatchDiagnostics, skillOfEvalFile } from './queryMatch';
