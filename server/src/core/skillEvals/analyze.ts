/**
 * The checks of a skill's eval files (see files.ts for the shapes and their sources): what the
 * eval workflow cannot read, reads wrongly or counts once. Never throws: an unexpected failure
 * becomes `internal-error`.
 */
import { printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';
import type { Diagnostic, Range, Severity } from '../types';
import { frontmatterBlock, LineIndex } from '../text/text';
import { boundedParseTree, MAX_DOCUMENT_DEPTH, tooDeepMessage } from '../text/jsonDepth';
import type { IWorkspaceHost } from '../workspace/host';
import { dirnameUri, isAbsolutePath, resolveRelative } from '../world/paths';
import { skillEvalVariantOf, type SkillEvalVariant } from './files';
import { asAdvice } from '../analysis/advice';

export interface EvalQuery {
  text: string;
  shouldTrigger: boolean;
  range: Range;
}

export interface SkillEvalAnalysis {
  variant: SkillEvalVariant;
  diagnostics: Diagnostic[];
  /** A query set's well-formed queries (for the estimate of which skill each one matches best). */
  queries: EvalQuery[];
}

type Report = (code: string, severity: Severity, message: string, node: { offset: number; length: number }) => void;

const prop = (obj: Node, key: string): Node | undefined => obj.children?.find((p) => p.children?.[0]?.value === key)?.children?.[1];
const isStringList = (n: Node) => n.type === 'array' && (n.children ?? []).every((c) => c.type === 'string');

/** The `name` of the SKILL.md in `skillDir`, if it has one a line of frontmatter states plainly. */
function skillNameIn(skillDir: string, host: IWorkspaceHost): string | undefined {
  const text = host.readText(resolveRelative(skillDir, 'SKILL.md'));
  const fm = text === undefined ? undefined : frontmatterBlock(text);
  const m = fm === undefined ? null : /^name:\s*["']?([^"'\r\n#]+?)["']?\s*$/m.exec(fm);
  return m ? m[1] : undefined;
}

const WORKFLOW = "the skill eval workflow (skill-creator's evals/evals.json)";

/**
 * The findings of a file none of whose evals has a `prompt`: what the eval workflow would miss is
 * advice, since the file's own runner reads another format (a repository's documented
 * `scenario`/`expected` schema, its scaffold writing it; held-out round 36).
 */
function asOwnFormat(report: Report): Report {
  return (code, severity, message, node) => {
    const missed = code === 'evals-shape' && severity === 'warning';
    report(
      code,
      missed ? 'information' : severity,
      missed ? `${message} (No eval of this file has a \`prompt\`: it is written for another runner, whose format may differ.)` : message,
      node,
    );
  };
}

function checkEvalCase(e: Node, skillDir: string, host: IWorkspaceHost, ids: Map<number, Node>, report: Report): void {
  if (e.type !== 'object') {
    report('evals-shape', 'warning', `An eval is an object with \`id\`, \`prompt\` and \`expected_output\`: ${WORKFLOW} cannot run this one.`, e);
    return;
  }
  const prompt = prop(e, 'prompt');
  const trigger = prop(e, 'should_trigger');
  if (!prompt && trigger?.type === 'boolean')
    // A trigger query under another name (`input`): the format of a runner of the project's own, not of the eval workflow.
    report(
      'evals-shape',
      'information',
      `This eval is a trigger query (\`should_trigger\`) with no \`prompt\`: ${WORKFLOW} has nothing to send to the agent (if another runner reads it, its format may differ).`,
      e,
    );
  else if (!prompt || prompt.type !== 'string' || !String(prompt.value).trim())
    report('evals-shape', 'warning', `This eval has no \`prompt\` text: ${WORKFLOW} has nothing to send to the agent.`, prompt ?? e);
  const id = prop(e, 'id');
  if (id && !(id.type === 'number' && Number.isInteger(id.value)))
    report('evals-shape', 'information', 'An eval `id` is a whole number (`"id": 1`): the workflow names each run folder after it.', id);
  else if (id) {
    const first = ids.get(id.value as number);
    if (first)
      report('evals-duplicate-id', 'warning', `Eval id ${id.value} is used twice: the runs of both evals go to the same eval-${id.value} folder and their results mix.`, id);
    else ids.set(id.value as number, id);
  }
  for (const key of ['assertions', 'expectations']) {
    const list = prop(e, key);
    if (!list || isStringList(list)) continue;
    // Objects ({id, text}) are common and an agent grading them may cope: advice, not a warning.
    if (list.type === 'array')
      report(
        'evals-shape',
        'information',
        `\`${key}\` in the documented shape are statements to grade (strings); the grader of the eval workflow may not read other values as statements.`,
        list,
      );
    else report('evals-shape', 'warning', `\`${key}\` is a list of statements to grade (strings): the grader cannot read this value.`, list);
  }
  const files = prop(e, 'files');
  if (!files) return;
  if (!isStringList(files)) {
    report('evals-shape', 'warning', '`files` is a list of paths relative to the skill folder: the workflow cannot read this value.', files);
    return;
  }
  for (const f of files.children ?? []) {
    const path = String(f.value);
    if (!path.trim() || isAbsolutePath(path) || /^[a-z][\w+.-]*:\/\//i.test(path) || /[*?{$]/.test(path)) continue;
    if (host.exists(resolveRelative(skillDir, path))) continue;
    const inEvals = host.exists(resolveRelative(resolveRelative(skillDir, 'evals'), path));
    // A path into folders, not a bare name that a root may hold by chance (`CONTRIBUTING.md`, the repository's own).
    const above = inEvals || !path.replace(/^\.\//, '').includes('/') ? undefined : folderAboveHolding(skillDir, path, host);
    report(
      'evals-file-missing',
      inEvals || above ? 'information' : 'warning',
      inEvals
        ? `\`${path}\` is found under evals/, but eval files are paths relative to the skill folder: write \`evals/${path}\`.`
        : above
          ? `\`${path}\` is not in the skill folder but in ${above}: an agent that runs the eval from there reads it, though the eval workflow takes paths relative to the skill folder.`
          : `\`${path}\` is not in the skill folder: the eval runs without this input file.`,
      f,
    );
  }
}

/**
 * The folder above the skill's (its repository's root, most often) that holds `path`, named from
 * the skill folder (`../../..`): an agent running the eval in the repository reads the file by
 * that path (held-out round 73: an eval's plan documents written from the repository's root).
 */
function folderAboveHolding(skillDir: string, path: string, host: IWorkspaceHost): string | undefined {
  let dir = skillDir;
  for (let up = 1; up <= 8; up++) {
    const parent = dirnameUri(dir);
    if (parent === dir) return undefined;
    dir = parent;
    if (host.exists(resolveRelative(dir, path))) return `'${Array.from({ length: up }, () => '..').join('/')}' (${dir.slice(dir.lastIndexOf('/') + 1) || dir})`;
  }
  return undefined;
}

function checkEvals(root: Node, uri: string, host: IWorkspaceHost, report: Report): void {
  const skillDir = dirnameUri(dirnameUri(uri));
  if (root.type === 'array') {
    const queries = (root.children ?? []).some((c) => c.type === 'object' && prop(c, 'query'));
    report(
      'evals-shape',
      'information',
      queries
        ? 'This holds trigger queries (the shape of eval_queries.json). The eval workflow reads evals/evals.json as `{"skill_name", "evals": [...]}`; a query set goes in its own file, passed to run_eval.py with --eval-set.'
        : `evals/evals.json is one object, \`{"skill_name", "evals": [...]}\`: ${WORKFLOW} finds no evals in a list.`,
      { offset: root.offset, length: 1 },
    );
    return;
  }
  if (root.type !== 'object') {
    report('evals-shape', 'warning', `evals/evals.json is one object, \`{"skill_name", "evals": [...]}\`: ${WORKFLOW} finds no evals here.`, root);
    return;
  }
  const evals = prop(root, 'evals');
  if (!evals) {
    // No `evals` at all: likely another runner's format (deer-flow's `schema_version` and `cases`), which skill-creator's workflow does not read.
    report('evals-shape', 'information', `\`evals\` is a list of test cases: ${WORKFLOW} finds no evals in this file (if another runner reads it, its format may differ).`, {
      offset: root.offset,
      length: 1,
    });
  } else if (evals.type !== 'array') {
    report('evals-shape', 'warning', `\`evals\` is a list of test cases: ${WORKFLOW} finds no evals in this value.`, evals);
  } else {
    const ids = new Map<number, Node>();
    const cases = evals.children ?? [];
    // No eval of the file has a `prompt`: the whole file is in another runner's format (`scenario` and `expected`), not a slip in some cases.
    const ownFormat = cases.length > 0 && cases.every((e) => e.type === 'object' && !prop(e, 'prompt'));
    const caseReport = ownFormat ? asOwnFormat(report) : report;
    for (const e of cases) checkEvalCase(e, skillDir, host, ids, caseReport);
  }
  const name = prop(root, 'skill_name');
  const declared = skillNameIn(skillDir, host);
  if (name?.type === 'string' && declared && name.value !== declared)
    report(
      'evals-skill-name',
      'information',
      `\`skill_name\` is '${name.value}' but the skill beside it is named '${declared}': the eval runs name the skill by its frontmatter.`,
      name,
    );
  else if (name && name.type !== 'string') report('evals-shape', 'information', "`skill_name` is the skill's `name`, a string.", name);
}

const RUN_EVAL = 'run_eval.py (skill-creator)';

function checkQueries(root: Node, report: Report, found: (q: Node, shouldTrigger: boolean) => void): void {
  if (root.type !== 'array') {
    const wrapped = root.type === 'object' ? prop(root, 'queries') : undefined;
    // `{"skill_name": …, "queries": [ well-formed queries ]}` is a format of its own (a project's runner reads it), not a slip.
    if (wrapped?.type === 'array' && (wrapped.children ?? []).every(isQuery)) {
      report(
        'evals-queries-shape',
        'information',
        `${RUN_EVAL} reads a bare list of queries; this file wraps them in an object under \`queries\`, the format of another runner (pass ${RUN_EVAL} the list itself).`,
        { offset: root.offset, length: 1 },
      );
      return;
    }
    // Not a list at all: a format of the project's own (`{"should_trigger": {"train": […]}}` read by its own dispatcher), not a slip in some queries.
    // An object with a `query` (one query not in a list) or a `queries` that is not a list of them is a slip in skill-creator's format.
    const own = root.type === 'object' && !prop(root, 'query') && !prop(root, 'queries');
    report(
      'evals-queries-shape',
      own ? 'information' : 'warning',
      own
        ? `${RUN_EVAL} reads a list of \`{"query": "...", "should_trigger": true}\`; this file is an object in a format of its own, which ${RUN_EVAL} cannot read (if it is meant for it, write the list)`
        : `A trigger query set is a list of \`{"query": "...", "should_trigger": true}\`: ${RUN_EVAL} cannot read this file.`,
      own ? { offset: root.offset, length: 1 } : root,
    );
    return;
  }
  const seen = new Map<string, boolean>();
  let should = 0;
  let shouldNot = 0;
  for (const item of root.children ?? []) {
    const q = item.type === 'object' ? prop(item, 'query') : undefined;
    const t = item.type === 'object' ? prop(item, 'should_trigger') : undefined;
    if (!q || q.type !== 'string' || !t || t.type !== 'boolean') {
      const what = !q || q.type !== 'string' ? '`query` (a string)' : '`should_trigger` (true or false)';
      report(
        'evals-queries-shape',
        'warning',
        `This query has no ${what}: ${RUN_EVAL} stops with an error when it reaches it.`,
        item.type === 'object' && q && q.type !== 'string' ? q : item.type === 'object' && t ? t : item,
      );
      continue;
    }
    if (t.value) should++;
    else shouldNot++;
    found(q, t.value as boolean);
    const key = String(q.value);
    if (seen.has(key))
      report(
        'evals-query-duplicate',
        'warning',
        seen.get(key) === t.value
          ? `This query is listed twice: ${RUN_EVAL} keys its results by query text, so the two count as one.`
          : `This query is listed twice with opposite should_trigger: ${RUN_EVAL} keys its results by query text and keeps only one of them.`,
        q,
      );
    else seen.set(key, t.value as boolean);
  }
  if (should + shouldNot >= 4 && (should === 0 || shouldNot === 0))
    report(
      'evals-queries-one-sided',
      'information',
      should === 0
        ? 'Every query here should not trigger the skill: the set cannot show whether the description makes the skill load when it should.'
        : 'Every query here should trigger the skill: the set cannot show whether the description also makes the skill load when it should not (near-miss queries).',
      { offset: root.offset, length: 1 },
    );
}

/** A query as run_eval.py reads one: a text `query` and a boolean `should_trigger`. */
function isQuery(item: Node): boolean {
  return item.type === 'object' && prop(item, 'query')?.type === 'string' && prop(item, 'should_trigger')?.type === 'boolean';
}

/** Whether a query set sits with a skill: a SKILL.md in its folder or the one above (`<skill>/evals/`), where skill-creator keeps it. */
function besideSkill(uri: string, host: IWorkspaceHost): boolean {
  const dir = dirnameUri(uri);
  return host.exists(resolveRelative(dir, 'SKILL.md')) || host.exists(resolveRelative(dirnameUri(dir), 'SKILL.md'));
}

/** Away from any skill, a file named like a query set may be the input of the project's own runner (mongodb's run-trigger-eval.ts reads `prompt`): what run_eval.py would say is advice. */
const AWAY_FROM_SKILL = '(No SKILL.md is beside it or above it: a runner of your own may read another format.)';

export function analyzeSkillEvals(text: string, uri: string, host: IWorkspaceHost): SkillEvalAnalysis {
  const variant = skillEvalVariantOf(uri.split(/[?#]/)[0]!) ?? 'evals';
  const diagnostics: Diagnostic[] = [];
  const queries: EvalQuery[] = [];
  try {
    const index = new LineIndex(text);
    const rangeOf = (node: { offset: number; length: number }): Range => ({ start: index.positionAt(node.offset), end: index.positionAt(node.offset + node.length) });
    const reportInto =
      (into: Diagnostic[]): Report =>
      (code, severity, message, node) =>
        into.push({ code, severity, message, range: rangeOf(node) });
    const report = reportInto(diagnostics);
    if (!text.trim()) return { variant, diagnostics, queries };
    const errors: ParseError[] = [];
    const { root, tooDeepAt } = boundedParseTree(text, errors, { allowTrailingComma: false, disallowComments: true });
    const who = variant === 'evals' ? WORKFLOW : RUN_EVAL;
    if (tooDeepAt >= 0) report('evals-invalid-json', 'warning', tooDeepMessage('This eval file', MAX_DOCUMENT_DEPTH), { offset: tooDeepAt, length: 1 });
    else if (errors.length) report('evals-invalid-json', 'warning', `Invalid JSON (${printParseErrorCode(errors[0]!.error)}): ${who} cannot read this file.`, errors[0]!);
    else if (root && variant === 'evals') checkEvals(root, uri, host, report);
    else if (root) {
      const found: Diagnostic[] = [];
      checkQueries(root, reportInto(found), (q, shouldTrigger) => queries.push({ text: String(q.value), shouldTrigger, range: rangeOf(q) }));
      const loud = found.some((d) => d.severity === 'warning' || d.severity === 'error');
      diagnostics.push(...(loud && !besideSkill(uri, host) ? asAdvice(found, AWAY_FROM_SKILL) : found));
    }
  } catch (e) {
    diagnostics.push({
      code: 'internal-error',
      severity: 'error',
      message: `Agent Files could not finish checking this file: ${e instanceof Error ? e.message : String(e)}`,
      range: { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } },
    });
  }
  return { variant, diagnostics, queries };
}
