/**
 * The provider of a skill's eval files (evals/evals.json, trigger query sets): the skillEvals core
 * over open buffers, and for a query set the estimate of which listed skill each query matches
 * best, from the index's summaries of the skills.
 */
import { analyzeKind, diagnosticsOfKind } from '../../core/analysis/fileAnalyses';
import { queryMatchDiagnostics, skillOfEvalFile } from '../../core/skillEvals';
import { listedTogether, type ListedSkillSummary } from '../../core/skills/listingRule';
import type { DocumentStore, OpenDocument } from '../documents';
import type { FormatContext, FormatProvider } from './provider';
import { listedOfEntry } from './skill';

export function skillEvalsProvider(documents: DocumentStore): FormatProvider {
  const analysisOf = (doc: OpenDocument, ctx: FormatContext) =>
    documents.cached(doc, 'skill-evals', '', (host) => analyzeKind('skill-evals', doc.doc.getText(), doc.uri, host), ctx.host);
  const matches = (doc: OpenDocument, ctx: FormatContext) => {
    const a = analysisOf(doc, ctx);
    if (!a.queries.length) return [];
    const listed = ctx.files().flatMap((f) => listedOfEntry(f) ?? ([] as ListedSkillSummary[]));
    const byUri = new Map(listed.map((s) => [s.uri, s]));
    const skill = skillOfEvalFile(doc.uri, (u) => byUri.has(u));
    return skill ? queryMatchDiagnostics(a.queries, byUri.get(skill)!, listedTogether(listed, skill)) : [];
  };
  return {
    diagnostics: (doc, ctx) => [...diagnosticsOfKind('skill-evals', analysisOf(doc, ctx), ''), ...matches(doc, ctx)],
  };
}
