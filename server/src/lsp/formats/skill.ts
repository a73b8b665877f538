/**
 * The SKILL.md provider: the Agent Skills core over open buffers, plus the one cross-file rule
 * (duplicate skill names), computed from the workspace index with open buffers ahead of it.
 */
import type { CodeAction } from 'vscode-languageserver';
import {
  analyzeSkill,
  duplicateSkillNames,
  skillCodeActions,
  skillCompletion,
  skillDefinition,
  skillDocumentLinks,
  skillDocumentSymbols,
  skillHover,
  skillNavigation,
  targetsSummary,
  type IndexedSkill as SkillName,
  type SkillAnalysis,
  type SkillAnalysisOptions,
  type Target,
} from '../../core/skills';
import type { IWorkspaceHost } from '../../core/host';
import { skillSource } from '../../core/skills/source';
import type { IndexedFile } from '../../core/indexTypes';
import { countSeverities, type Diagnostic, type Range } from '../../core/types';
import { fromLspDiagnostic, ownDiagnostics } from '../diagnostics';
import type { DocumentStore, OpenDocument } from '../documents';
import { identity } from '../documentCache';
import { editorValidates, type FormatContext, type FormatProvider } from './provider';

const ZERO: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/** The index entry of one SKILL.md (shared by the server and the CLI). */
export function summarizeSkill(uri: string, text: string, host: IWorkspaceHost, targets: readonly Target[] = [], source?: string): IndexedFile {
  return skillSummary(uri, analyzeSkill(text, uri, host, targetOptions(targets, source)), host);
}

const SETTING = 'the agentFiles.targets setting';
function targetOptions(targets: readonly Target[], source = SETTING): SkillAnalysisOptions {
  return targets.length ? { targets, targetsSource: source } : {};
}

function skillSummary(uri: string, a: SkillAnalysis, host: IWorkspaceHost): IndexedFile {
  const s = a.skill;
  const name = s.name ?? s.dirName;
  const c = countSeverities(a.diagnostics);
  const file: IndexedFile = {
    uri,
    kind: 'skill',
    name,
    isAgent: false,
    identity: null,
    skills: [{ name, z: 0, triggers: [], inputs: [], tool: null, range: s.nameRange ?? ZERO, deps: [], ...c, ...(s.description ? { description: s.description } : {}) }],
    ...c,
  };
  if (s.description) file.description = s.description;
  if (s.name && s.nameRange) file.nameRange = s.nameRange;
  file.targets = { names: s.targets.targets, summary: targetsSummary(s.targets) };
  file.source = skillSource(uri, host);
  return file;
}

const nfkc = (s: string) => s.trim().normalize('NFKC');

export function skillProvider(documents: DocumentStore): FormatProvider {
  /** The declared name of each open SKILL.md at the version last seen, so `dependents` knows the name before an edit. */
  const live = new Map<string, { version: number; name?: SkillName }>();

  /**
   * The analysis of an open SKILL.md, from the document cache. The index entry is made without
   * the editor's own validation (`forEditor` false), as for a file on disk.
   */
  const analysisOf = (doc: OpenDocument, ctx: FormatContext, forEditor = editorValidates(doc, ctx)): SkillAnalysis => {
    const a = documents.cached(
      doc,
      'skill',
      `${ctx.skillTargets.join(',')}|${ctx.skillTargetsSource ?? ''}|${forEditor}`,
      (host) => analyzeSkill(doc.doc.getText(), doc.uri, host, { ...targetOptions(ctx.skillTargets, ctx.skillTargetsSource), ...(forEditor ? { editorValidates: true } : {}) }),
      ctx.host,
    );
    const s = a.skill;
    // Only open documents stand for themselves among the index's names (a file checked from disk has its index entry).
    if (documents.get(doc.uri) === doc)
      live.set(doc.uri, { version: doc.doc.version, ...(s.name && s.nameRange ? { name: { uri: doc.uri, name: s.name, nameRange: s.nameRange } } : {}) });
    return a;
  };
  /** What go to definition, document links and the outline read, parsed once per version (it reads no file). */
  const navigationOf = (doc: OpenDocument) => documents.cached(doc, 'skill-navigation', '', () => skillNavigation(doc.doc.getText(), doc.uri));
  const liveName = (doc: OpenDocument, ctx: FormatContext): SkillName | undefined => {
    const hit = live.get(doc.uri);
    if (hit?.version === doc.doc.version) return hit.name;
    analysisOf(doc, ctx);
    return live.get(doc.uri)?.name;
  };

  /** Every declared skill name in the workspace: the index, with open buffers replacing their entries. */
  const allNames = (ctx: FormatContext): SkillName[] => {
    const byUri = new Map<string, SkillName>();
    for (const f of ctx.files()) if (f.kind === 'skill' && f.nameRange) byUri.set(f.uri, { uri: f.uri, name: f.name, nameRange: f.nameRange });
    for (const d of documents.all()) {
      if (d.kind !== 'skill') continue;
      const n = liveName(d, ctx);
      if (n) byUri.set(d.uri, n);
      else byUri.delete(d.uri);
    }
    for (const uri of live.keys()) if (!documents.get(uri)) live.delete(uri);
    return [...byUri.values()];
  };

  /** The duplicate-name findings of every skill, made once per state of the index and of the open skills. */
  let duplicatesMemo: { key: string; byUri: Map<string, Diagnostic[]>; keys: Map<string, string> } | undefined;
  const duplicates = (ctx: FormatContext) => {
    const open = documents
      .all()
      .filter((d) => d.kind === 'skill')
      .map((d) => `${d.uri}@${d.doc.version}`)
      .join('\n');
    const key = `${identity(ctx.files())}\n${open}`;
    if (duplicatesMemo?.key !== key) duplicatesMemo = { key, byUri: duplicateSkillNames(allNames(ctx)), keys: new Map() };
    return duplicatesMemo;
  };

  return {
    diagnostics(doc, ctx) {
      const a = analysisOf(doc, ctx);
      const dup = a.skill.name ? (duplicates(ctx).byUri.get(doc.uri) ?? []) : [];
      return [...a.diagnostics, ...dup];
    },
    dependencyKey(uri, ctx) {
      const d = duplicates(ctx);
      let k = d.keys.get(uri);
      if (k === undefined) d.keys.set(uri, (k = JSON.stringify(d.byUri.get(uri) ?? [])));
      return k;
    },
    completion: (doc, pos, ctx) => skillCompletion(doc.doc.getText(), doc.uri, pos, ctx.host, analysisOf(doc, ctx).skill.targets.targets),
    hover(doc, pos, ctx) {
      const a = analysisOf(doc, ctx);
      return skillHover(doc.doc.getText(), pos, doc.uri, a.skill.targets, a.frontmatter);
    },
    definition(doc, pos, ctx) {
      const loc = skillDefinition(navigationOf(doc), pos, ctx.host);
      return loc ? [loc] : [];
    },
    documentSymbols: (doc) => skillDocumentSymbols(navigationOf(doc)),
    documentLinks: (doc, ctx) => skillDocumentLinks(navigationOf(doc), ctx.host),
    codeActions(doc, _range, diagnostics) {
      const text = doc.doc.getText();
      const out: CodeAction[] = [];
      // One diagnostic at a time, so each action carries the client's own diagnostic back.
      for (const d of ownDiagnostics(diagnostics, 'skill-')) {
        for (const action of skillCodeActions(text, doc.uri, [fromLspDiagnostic(d)])) out.push({ ...action, diagnostics: [d] });
      }
      return out;
    },
    summarize: (uri, text, ctx) => summarizeSkill(uri, text, ctx.host, ctx.skillTargets, ctx.skillTargetsSource),
    summarizeOpen: (doc, ctx) => skillSummary(doc.uri, analysisOf(doc, ctx, false), ctx.host),
    dependents(doc, ctx) {
      const before = live.get(doc.uri)?.name?.name;
      const now = liveName(doc, ctx)?.name;
      const names = new Set([before, now].filter((n): n is string => !!n).map(nfkc));
      if (names.size === 0) return [];
      return documents
        .all()
        .filter((d) => d.kind === 'skill' && d.uri !== doc.uri)
        .filter((d) => {
          const n = liveName(d, ctx)?.name;
          return n !== undefined && names.has(nfkc(n));
        })
        .map((d) => d.uri);
    },
  };
}
