/** The Agent World router (pure): load a world for it, step it, evaluate routing cases on it. */
export { loadRouterConfig, routerConfigOf, type LoadedRouterConfig } from './config';
export { initialState, requestContent, routerStep, type RouterStep } from './router';
export type * from './types';
export { describeResult, parseRoutingCases, runRoutingCase, type CaseFailureAt, type CaseResult, type ParsedCases } from './cases';
export { caseLine, evaluateCases, renderEvalReport, runWorldEval, type EvalCaseEntry, type WorldEvalReport } from './evalReport';
export { routingCaseFindings, type CaseFindings, type CaseLens } from './caseFindings';
export { isRouterState, routerStateProblem } from './stateShape';
export { routingCaseHover } from './caseHover';
