/**
 * The SKILL.md provider: the Agent Skills core over open buffers, plus the one cross-file rule
 * (duplicate skill names), computed from the workspace index with open buffers ahead of it.
 */
import { MarkupContent, type CodeAction } from 'vscode-languageserver';
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
  type RepositoryFacts,
  type Target,
} from '../../core/skills';
import type { IWorkspaceHost } from '../../core/workspace/host';
import { analyzeKind, diagnosticsOfKind, skillOptions, type AnalyzeOptions } from '../../core/analysis/fileAnalyses';
import { skillSource } from '../../core/skills/source';
import { frontmatterHookEvents } from '../../core/hooks/frontmatterHooks';
import { skillUsers } from '../../core/subagents/references';
import type { IndexedFile } from '../../core/workspace/indexTypes';
import { countSeverities, rangeContains, type Range } from '../../core/types';
import { fromLspDiagnostic, ownDiagnostics } from '../diagnostics';
import type { DocumentStore, OpenDocument } from '../documents';
import { editorValidates, type FormatContext, type FormatProvider } from './provider';
import { skillNameKey } from '../workspace';
import { ancestorsOf, listedPath, listedSkillOfAnalysis, listingScope, listingsLeaving, listingDiagnostics, type ListedSkillSummary } from '../../core/skills/listingRule';
import type { Diagnostic } from '../../core/types';
import { neighboursHover } from '../../core/skills/similarHover';

/** `when_to_use` as written, when it is text. */
function whenToUseOf(a: SkillAnalysis): string | undefined {
  const v = a.frontmatter?.entries.find((e) => e.key === 'when_to_use')?.value;
  return typeof v === 'string' ? v : undefined;
}

function disableModelInvocationOf(a: SkillAnalysis): unknown {
  return a.frontmatter?.entries.find((e) => e.key === 'disable-model-invocation')?.value;
}

/** What a client's skill listing reads of an index entry (a SKILL.md with a name or a description to point at). */
export function listedOfEntry(f: IndexedFile): ListedSkillSummary | undefined {
  if (f.kind !== 'skill') return undefined;
  const range = f.descriptionRange ?? f.nameRange;
  if (!range) return undefined;
  return {
    uri: f.uri,
    path: listedPath(f.uri),
    name: f.name,
    description: f.description ?? '',
    ...(f.whenToUse ? { whenToUse: f.whenToUse } : {}),
    ...(f.notListedBy?.length ? { notListedBy: f.notListedBy } : {}),
    targets: (f.targets?.names ?? []) as Target[],
    range,
  };
}

const ZERO: Range = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };

/**
 * The index entry of one SKILL.md, from what the skill says of itself and none of the checks
 * (what the view, the duplicate-name rule and the listings read is in the frontmatter and the
 * path; the checks, file references included, are made when the file's diagnostics are asked for,
 * so the index neither looks the references up nor checks a skill twice).
 */
export function summarizeSkill(
  uri: string,
  text: string,
  host: IWorkspaceHost,
  targets: readonly Target[] = [],
  source?: string,
  repository?: RepositoryFacts,
  roots: readonly string[] = [],
): IndexedFile {
  const options: AnalyzeOptions = {
    ...(targets.length ? { skillTargets: targets, skillTargetsSource: source ?? SETTING } : {}),
    ...(roots.length ? { workspaceRoots: [...roots] } : {}),
    ...(repository ? { repository } : {}),
  };
  return skillSummary(uri, analyzeSkill(text, uri, host, { ...skillOptions(options), factsOnly: true }), host);
}

const SETTING = 'the agentFiles.targets setting';

/** The analysis options of an open SKILL.md in this context. */
function skillAnalyzeOptions(ctx: FormatContext, repository: RepositoryFacts, editorValidates: boolean): AnalyzeOptions {
  const roots = ctx.roots();
  return {
    ...(ctx.skillTargets.length ? { skillTargets: ctx.skillTargets, skillTargetsSource: ctx.skillTargetsSource ?? SETTING } : {}),
    ...(roots.length ? { workspaceRoots: roots } : {}),
    repository,
    ...(editorValidates ? { editorValidates: true } : {}),
  };
}

/** A number per repository-facts value, for the analysis cache key (a new value is a new key). */
const factsIds = new WeakMap<RepositoryFacts, number>();
let nextFactsId = 0;
function factsId(facts: RepositoryFacts): number {
  let id = factsIds.get(facts);
  if (id === undefined) factsIds.set(facts, (id = nextFactsId++));
  return id;
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
  if (s.descriptionRange) file.descriptionRange = s.descriptionRange;
  const when = whenToUseOf(a);
  if (when) file.whenToUse = when;
  const hidden = listingsLeaving(s, disableModelInvocationOf(a));
  if (hidden.length) file.notListedBy = hidden;
  if (s.name && s.nameRange) file.nameRange = s.nameRange;
  file.targets = { names: s.targets.targets, summary: targetsSummary(s.targets) };
  file.source = skillSource(uri, host);
  file.fingerprint = s.fingerprint;
  // Claude Code registers a skill's frontmatter hooks while it runs: the view lists them under it.
  const hooks = frontmatterHookEvents(
    a.frontmatter,
    a.frontmatter?.entries.find((e) => e.key === 'hooks'),
  );
  if (hooks.length) file.hooks = hooks;
  return file;
}

export function skillProvider(documents: DocumentStore): FormatProvider {
  /** The declared name of each open SKILL.md at the version last seen, so `dependents` knows the name before an edit. */
  const live = new Map<string, { version: number; name?: SkillName }>();
  /**
   * The open SKILL.md files by the key of the name they declared at that version: a document
   * finds the others sharing its name here, instead of walking every open document (10,000 open
   * skills made that 10,000 × 10,000 steps).
   */
  const openNamed = new Map<string, Set<string>>();
  const record = (uri: string, version: number, name?: SkillName) => {
    const before = live.get(uri)?.name;
    if (before) openNamed.get(skillNameKey(before.name))?.delete(uri);
    live.set(uri, { version, ...(name ? { name } : {}) });
    if (name) {
      const key = skillNameKey(name.name);
      (openNamed.get(key) ?? openNamed.set(key, new Set()).get(key)!).add(uri);
    }
  };
  const forget = (uri: string) => {
    const before = live.get(uri)?.name;
    if (before) openNamed.get(skillNameKey(before.name))?.delete(uri);
    live.delete(uri);
    announced.delete(uri);
  };
  /**
   * The name each open SKILL.md had when its dependents were last looked for: the skills that
   * shared that name are re-checked after a rename, even when the new version was analysed in
   * between (dependents are looked for once the client pauses, see ../pacedQueue.ts).
   */
  const announced = new Map<string, string | undefined>();
  /** Documents opened, changed or closed since the names were last brought up to date. */
  const touched = new Set<string>();
  documents.onTouched((uri) => void touched.add(uri));

  /**
   * The analysis of an open SKILL.md, from the document cache. The index entry (`forIndex`) is
   * made without the editor's own validation, as for a file on disk.
   */
  const analysisOf = (doc: OpenDocument, ctx: FormatContext, forIndex = false): SkillAnalysis => {
    const repository = ctx.repository();
    // VS Code leaves out what its validator reports only where it runs.
    const forEditor = !forIndex && editorValidates(doc, ctx);
    const a = documents.cached(
      doc,
      'skill',
      `${ctx.skillTargets.join(',')}|${ctx.skillTargetsSource ?? ''}|${forEditor}|${factsId(repository)}|${ctx.roots().join('\n')}`,
      (host) => analyzeKind('skill', doc.doc.getText(), doc.uri, host, skillAnalyzeOptions(ctx, repository, forEditor)),
      ctx.host,
    );
    const s = a.skill;
    const name: SkillName | undefined =
      s.name && s.nameRange ? { uri: doc.uri, name: s.name, nameRange: s.nameRange, targets: s.targets.targets, fingerprint: s.fingerprint } : undefined;
    // Only open documents stand for themselves among the index's names (a file checked from disk has its index entry).
    if (documents.get(doc.uri) === doc) record(doc.uri, doc.doc.version, name);
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

  /**
   * The open SKILL.md files that declare a name with this key now (the documents touched since the
   * last call are read first). `dependents` skips that step (`known`): it would analyse every
   * document of a burst of 10,000 opens at once, and a document not analysed yet has its own
   * dependents looked for in its turn, which finds this one.
   */
  const openWith = (key: string, ctx: FormatContext, known = false): SkillName[] => {
    if (!known) {
      for (const uri of touched) {
        const d = documents.get(uri);
        if (d?.kind === 'skill') liveName(d, ctx);
        else forget(uri);
      }
      touched.clear();
    }
    const out: SkillName[] = [];
    for (const uri of [...(openNamed.get(key) ?? [])]) {
      const d = documents.get(uri);
      if (d?.kind !== 'skill') {
        forget(uri);
        continue;
      }
      const n = liveName(d, ctx);
      if (n && skillNameKey(n.name) === key) out.push(n);
    }
    return out;
  };

  /** Every skill declaring a name with this key: the index's, with open buffers replacing their entries. */
  const namedAs = (key: string, ctx: FormatContext): SkillName[] => {
    const indexed = ctx.skillsNamed ? ctx.skillsNamed(key) : ctx.files().filter((f) => f.kind === 'skill' && f.nameRange && skillNameKey(f.name) === key);
    const out = openWith(key, ctx);
    for (const f of indexed) {
      if (!f.nameRange || documents.get(f.uri)?.kind === 'skill') continue;
      out.push({ uri: f.uri, name: f.name, nameRange: f.nameRange, targets: (f.targets?.names ?? []) as Target[], ...(f.fingerprint ? { fingerprint: f.fingerprint } : {}) });
    }
    return out;
  };

  /** The index entries by URI, made once per state of the index. */
  let entries: { files: readonly IndexedFile[]; byUri: Map<string, IndexedFile> } | undefined;
  const entryOf = (uri: string, ctx: FormatContext): IndexedFile | undefined => {
    const files = ctx.files();
    if (entries?.files !== files) entries = { files, byUri: new Map(files.map((f) => [f.uri, f])) };
    return entries.byUri.get(uri);
  };

  // Each index entry's listed value, its key and its listing scope, made once per entry.
  const listed = new WeakMap<IndexedFile, { skill: ListedSkillSummary | undefined; key: string; scope: string; nested: boolean }>();
  const listedOf = (f: IndexedFile) => {
    let l = listed.get(f);
    if (!l) {
      const skill = listedOfEntry(f);
      const scope = listingScope(f.uri);
      listed.set(f, (l = { skill, key: skill ? JSON.stringify(skill) : '', scope: scope.key, nested: scope.nested }));
    }
    return l;
  };
  // The findings of each listing scope, kept while its skills' listed values stay the same.
  const LIVE_LISTING_LIMIT = 400;
  const scopes = new Map<string, { key: string; found: Map<string, Diagnostic[]> }>();
  // The index's SKILL.md entries by listing scope, with their place in the index (made once per index state).
  let byScope: { files: readonly IndexedFile[]; scopes: Map<string, { f: IndexedFile; at: number }[]> } | undefined;
  const scopeEntries = (ctx: FormatContext) => {
    const files = ctx.files();
    if (byScope?.files !== files) {
      const scopes = new Map<string, { f: IndexedFile; at: number }[]>();
      files.forEach((f, at) => {
        if (f.kind !== 'skill') return;
        const key = listedOf(f).scope;
        (scopes.get(key) ?? scopes.set(key, []).get(key)!).push({ f, at });
      });
      byScope = { files, scopes };
    }
    return byScope.scopes;
  };
  /** The skills listed with `uri` (its own entry as `own`), in index order, with the key of each. */
  const listedWith = (uri: string, own: ListedSkillSummary, ctx: FormatContext) => {
    const scope = listingScope(uri);
    const index = scopeEntries(ctx);
    const entries = [scope.key, ...(scope.nested ? ancestorsOf(scope.key) : [])].flatMap((k) => index.get(k) ?? []).sort((a, b) => a.at - b.at);
    const ownKey = JSON.stringify(own);
    const skills: ListedSkillSummary[] = [];
    const keys: string[] = [];
    let seen = false;
    for (const { f } of entries) {
      const l = listedOf(f);
      if (l.scope !== scope.key && !l.nested) continue;
      // The file itself as its buffer says now; the others as indexed.
      if (f.uri === uri) seen = true;
      const [skill, key] = f.uri === uri ? [own, ownKey] : [l.skill, l.key];
      if (!skill) continue;
      skills.push(skill);
      keys.push(key);
    }
    if (!seen) {
      skills.push(own);
      keys.push(ownKey);
    }
    return { scope, skills, keys };
  };
  /**
   * The listing findings of `uri` with `own` as its listed value (its buffer, or its index entry):
   * only the skills of its scope (and, for a client folder, of the client folders above) are read,
   * so opening or typing in one scope leaves the others' listings as they were. A scope of more
   * than LIVE_LISTING_LIMIT skills is left to `agent-files check` (see docs/rules.md#skill-listing-cut).
   */
  const listingFindingsOf = (uri: string, own: ListedSkillSummary | undefined, ctx: FormatContext): Diagnostic[] => {
    if (!own) return [];
    const { scope, skills, keys } = listedWith(uri, own, ctx);
    if (skills.length > LIVE_LISTING_LIMIT) return [];
    // Shared by the skills of a scope while none of them differs from the index.
    const key = `${JSON.stringify(ctx.listing)}\n${keys.join('\n')}`;
    const cached = scopes.get(scope.key);
    if (cached?.key !== key) scopes.set(scope.key, { key, found: listingDiagnostics(skills, ctx.listing) });
    return scopes.get(scope.key)!.found.get(uri) ?? [];
  };
  /** An open SKILL.md's listing findings: the index's skills, with its own entry as its buffer says now. */
  const listingFindings = (doc: OpenDocument, a: SkillAnalysis, ctx: FormatContext): Diagnostic[] => listingFindingsOf(doc.uri, listedSkillOfAnalysis(doc.uri, a), ctx);

  return {
    diagnostics(doc, ctx) {
      const a = analysisOf(doc, ctx);
      // What the other skills decide (their names, the listing budgets) comes from the index, on each pass.
      const dup = a.skill.name ? (duplicateSkillNames(namedAs(skillNameKey(a.skill.name), ctx), { roots: ctx.roots(), repository: ctx.repository() }).get(doc.uri) ?? []) : [];
      return [...diagnosticsOfKind('skill', a, ''), ...dup, ...listingFindings(doc, a, ctx)];
    },
    dependencyKey(uri, ctx) {
      // What a closed SKILL.md takes from the index: the other skills of its name, and the listings it is in.
      const f = entryOf(uri, ctx);
      if (f?.kind !== 'skill') return '';
      const dup = f.nameRange ? (duplicateSkillNames(namedAs(skillNameKey(f.name), ctx), { roots: ctx.roots(), repository: ctx.repository() }).get(uri) ?? []) : [];
      const cut = listingFindingsOf(uri, listedOfEntry(f), ctx);
      return dup.length || cut.length ? JSON.stringify([dup, cut]) : '';
    },
    completion: (doc, pos, ctx) => skillCompletion(doc.doc.getText(), doc.uri, pos, ctx.host, analysisOf(doc, ctx).skill.targets.targets),
    hover(doc, pos, ctx) {
      const a = analysisOf(doc, ctx);
      const h = skillHover(doc.doc.getText(), pos, doc.uri, a.skill.targets, a.frontmatter, ctx.listing);
      const onDescription = a.frontmatter?.entries.find((e) => rangeContains(e.keyRange, pos))?.key === 'description';
      const own = onDescription ? listedSkillOfAnalysis(doc.uri, a) : undefined;
      if (!h || !own || !MarkupContent.is(h.contents)) return h;
      const skills = listedWith(doc.uri, own, ctx).skills;
      const at = skills.findIndex((s) => s.uri === doc.uri);
      if (skills.length > LIVE_LISTING_LIMIT || at < 0) return h;
      return { ...h, contents: { ...h.contents, value: h.contents.value + neighboursHover(skills, at) } };
    },
    definition(doc, pos, ctx) {
      const loc = skillDefinition(navigationOf(doc), pos, ctx.host);
      return loc ? [loc] : [];
    },
    // From the `name` entry to the project's subagents that preload the skill (`skills:`).
    references(doc, pos, _includeDeclaration, ctx) {
      const name = navigationOf(doc).frontmatter.entries.find((e) => e.key === 'name');
      return name && rangeContains(name.pairRange, pos) ? skillUsers(doc.uri, ctx.files()) : [];
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
    summarize: (uri, text, ctx) => summarizeSkill(uri, text, ctx.host, ctx.skillTargets, ctx.skillTargetsSource, ctx.repository(), ctx.roots()),
    summarizeOpen: (doc, ctx) => skillSummary(doc.uri, analysisOf(doc, ctx, true), ctx.host),
    dependents(doc, ctx) {
      const before = announced.has(doc.uri) ? announced.get(doc.uri) : live.get(doc.uri)?.name?.name;
      const now = liveName(doc, ctx)?.name;
      announced.set(doc.uri, now);
      const keys = new Set([before, now].filter((n): n is string => !!n).map(skillNameKey));
      return [...keys].flatMap((key) => openWith(key, ctx, true).map((n) => n.uri)).filter((uri) => uri !== doc.uri);
    },
  };
}
