/** The Agent World router (pure): load a world for it, step it, evaluate routing cases on it. */
export { loadRouterConfig, routerConfigOf, type LoadedRouterConfig } from './config';
export { initialState, requestContent, routerStep, type RouterStep } from './router';
export type * from './types';
export { describeResult, parseRoutingCases, runRoutingCase, type CaseFailureAt, type CaseResult, type ParsedCases } from './cases';
export { caseLine, evaluateCases, renderEvalReport, runWorldEval, type EvalCaseEntry, type WorldEvalReport } from './evalReport';
export { routingCaseFindings, type CaseFindings, type CaseLens } from './caseFindings';
export { isRouterState, routerStateProblem } from './stateShape';
export { routingCaseHover } from './caseHover';
export {
  completionSuggestions,
  EMPTY_RUN,
  hostResultSuggestions,
  instructionsOf,
  openItemFor,
  openItems,
  visitedNodes,
  withStep,
  type CompletionSuggestion,
  type OpenItem,
  type SimCommand,
  type SimRun,
  type SimStep,
} from './simRun';
export { caseFromRun, caseInsertion, caseNameProblem, expectOf, type CaseFromRun, type CaseInsertion } from './caseFromRun';
