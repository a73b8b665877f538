/**
 * AGENT.md diagnostics (OS Protocol draft `AgentMetadata`): the JSON Schema rules, with ajv's
 * message style (`/tools must be array`), plus the editor checks on versions, tools,
 * workflows and `extends`. They apply only to an OS Protocol agent (see kind.ts); an
 * instruction file gets none.
 */
import { URI, Utils } from 'vscode-uri';
import { linkOutside, relativeLabel, type IWorkspaceHost } from '../workspace/host';
import { splitLines } from '../text/text';
import type { Diagnostic, Range, Severity } from '../types';
import { entriesOf, parseYamlFrontmatter, type FrontmatterEntry, type YamlFrontmatter } from '../text/yamlFrontmatter';
import { isSeq } from 'yaml';
import { KNOWN_TOOLS, SEMVER, TOOL_NAME, WORKFLOWS } from './catalogue';
import { classifyAgentMd, type AgentMdClassification } from './kind';
import { isUriError, unlessExpected } from '../analysis/expectedErrors';

const ROOT_KEYS = new Set(['name', 'description', 'version', 'extends', 'tools', 'workflows', 'annotations']);
const ANNOTATION_KEYS = new Set(['whenToUse', 'examples']);

export interface AgentIndexEntry {
  uri: string;
  name: string;
  nameRange?: Range;
  extends?: string;
  extendsRange?: Range;
}

export interface AgentMdOptions {
  /** The agents of the workspace, to resolve `extends` by name (unchecked when absent). */
  agents?: AgentIndexEntry[];
  /** Workspace folders; an `extends` path outside all of them is reported and never looked at. */
  workspaceRoots?: string[];
  /** Severity of keys the schema does not allow (default `error`). */
  unknownFieldSeverity?: Severity;
  /** Severity of an `extends` that names no agent (default `error`). */
  unresolvedExtendsSeverity?: Severity;
}

export interface AgentListItem {
  value: string;
  range: Range;
}

export interface AgentInfo {
  uri: string;
  name?: string;
  description?: string;
  version?: string;
  extends?: string;
  nameRange?: Range;
  extendsRange?: Range;
  /** The `extends` target when it is a path that resolves to a file. */
  extendsUri?: string;
  tools: AgentListItem[];
  workflows: AgentListItem[];
  whenToUse: AgentListItem[];
  examples: AgentListItem[];
  keys: Record<string, { keyRange: Range; valueRange: Range }>;
}

export interface AgentMdAnalysis {
  diagnostics: Diagnostic[];
  agent: AgentInfo;
  /** OS Protocol agent or instruction file; an instruction file has no diagnostics and no agent facts. */
  classification: AgentMdClassification;
  /** The parsed frontmatter (what hover, completion and definition read), when parsing got that far. */
  frontmatter?: YamlFrontmatter;
}

function diag(code: string, severity: Severity, message: string, range: Range, data?: Record<string, unknown>): Diagnostic {
  return data ? { code, severity, message, range, data } : { code, severity, message, range };
}

/** Parses the AGENT.md frontmatter with YAML's core schema, so `version: 1.0` is a number as the schema sees it. */
export function parseAgentFrontmatter(text: string): YamlFrontmatter {
  return parseYamlFrontmatter(text, { split: 'lines', schema: 'core' });
}

/** True when an `extends` value is written as a path rather than an agent name. */
export function isExtendsPath(v: string): boolean {
  return v.includes('/') || /\.md$/i.test(v);
}

/** Validates one AGENT.md. Never throws. */
export function analyzeAgentMd(text: string, uri: string, host: IWorkspaceHost, options: AgentMdOptions = {}): AgentMdAnalysis {
  const out: Diagnostic[] = [];
  const agent: AgentInfo = { uri, tools: [], workflows: [], whenToUse: [], examples: [], keys: {} };
  let classification: AgentMdClassification = { kind: 'instructions', osKeys: [], otherKeys: [], hasFrontmatter: false };
  let frontmatter: YamlFrontmatter | undefined;
  try {
    const fm = parseAgentFrontmatter(text);
    frontmatter = fm;
    classification = classifyAgentMd(fm);
    if (classification.kind === 'os-protocol') analyzeInto(fm, text, uri, host, options, agent, out);
  } catch (e) {
    // Keep what was found; the editor must survive any input, and say that the check stopped.
    out.push(
      diag('internal-error', 'error', `Agent Files could not check this file: ${e instanceof Error ? e.message : String(e)}`, {
        start: { line: 0, character: 0 },
        end: { line: 0, character: 0 },
      }),
    );
  }
  return frontmatter ? { diagnostics: out, agent, classification, frontmatter } : { diagnostics: out, agent, classification };
}

/**
 * The one finding that depends on the other agents of the workspace: an `extends` naming no
 * agent. Kept apart so an editor can analyse a file once and check this against the current
 * workspace on each pass.
 */
export function unresolvedExtends(
  agent: Pick<AgentInfo, 'name' | 'extends' | 'extendsRange'>,
  uri: string,
  agents: readonly AgentIndexEntry[],
  severity: Severity = 'error',
): Diagnostic[] {
  const value = agent.extends?.trim();
  if (value === undefined || !agent.extendsRange || isExtendsPath(value) || value === agent.name) return [];
  if (agents.some((a) => a.name === value && a.uri !== uri)) return [];
  return [diag('agent-extends-unresolved', severity, `Unknown parent agent '${value}'`, agent.extendsRange)];
}

/** Whether an AGENT.md is an OS Protocol agent or an instruction file. Never throws. */
export function agentMdKindOf(text: string): AgentMdClassification {
  return classifyAgentMd(parseAgentFrontmatter(text));
}

function analyzeInto(fm: YamlFrontmatter, text: string, uri: string, host: IWorkspaceHost, options: AgentMdOptions, agent: AgentInfo, out: Diagnostic[]): void {
  if (!fm.closed) {
    out.push(diag('agent-frontmatter-unclosed', 'error', 'AGENT.md frontmatter is not closed with ---', fm.openRange));
    return;
  }
  for (const e of fm.syntaxErrors) out.push(diag('agent-yaml-invalid', 'error', `Invalid YAML in frontmatter: ${e.message}`, e.range));
  // A block without syntax errors that is not a mapping holds no OS Protocol key: an instruction file.
  if (fm.syntaxErrors.length || !fm.map) return;
  const fields = new Map<string, FrontmatterEntry>();
  for (const e of fm.entries) {
    if (!fields.has(e.key)) fields.set(e.key, e);
    agent.keys[e.key] ??= { keyRange: e.keyRange, valueRange: e.valueRange };
    if (!ROOT_KEYS.has(e.key)) {
      out.push(
        diag('agent-unknown-field', options.unknownFieldSeverity ?? 'error', `must NOT have additional properties {"additionalProperty":"${e.key}"}`, e.keyRange, { key: e.key }),
      );
    }
  }
  for (const key of ['name', 'description'] as const) {
    const e = fields.get(key);
    if (!e) out.push(diag(`agent-${key}-missing`, 'error', `must have required property '${key}'`, fm.openRange));
  }
  for (const key of ['name', 'description', 'version', 'extends'] as const) {
    const e = fields.get(key);
    if (!e) continue;
    if (typeof e.value !== 'string') {
      const hint = key === 'version' && typeof e.value === 'number' ? ` (YAML reads ${String(e.value)} as a number; quote it)` : '';
      out.push(diag('agent-type-string', 'error', `/${key} must be string${hint}`, where(e), { key }));
      continue;
    }
    agent[key] = e.value;
    if (key === 'name') agent.nameRange = e.valueRange;
    if (key === 'extends') agent.extendsRange = e.valueRange;
    if (key === 'version' && !SEMVER.test(e.value))
      out.push(diag('agent-version-semver', 'warning', `version should be a semantic version (MAJOR.MINOR.PATCH), not '${e.value}'`, e.valueRange));
  }
  checkList(fm, fields.get('tools'), '/tools', agent.tools, out);
  checkList(fm, fields.get('workflows'), '/workflows', agent.workflows, out);
  checkAnnotations(fm, fields.get('annotations'), agent, options, out);
  checkTools(agent.tools, out);
  checkWorkflows(agent.workflows, out);
  if (agent.extends !== undefined && agent.extendsRange) checkExtends(agent, uri, host, options, out);
  const body = splitLines(text).slice(fm.bodyStartLine).join('\n').trim();
  if (!body) out.push(diag('agent-body-empty', 'information', 'The body is empty; AGENT.md instructions, personality and rules go after the frontmatter', fm.closeRange!));
}

function where(e: FrontmatterEntry): Range {
  const v = e.valueRange;
  return v.start.line === v.end.line && v.start.character === v.end.character ? e.keyRange : v;
}

/** A string array at `path`; collects its items, reports wrong types and duplicates. */
function checkList(fm: YamlFrontmatter, e: FrontmatterEntry | undefined, path: string, into: AgentListItem[], out: Diagnostic[]): void {
  if (!e) return;
  if (!isSeq(e.node)) {
    const comma = typeof e.value === 'string' && e.value.includes(',') ? ' (write a YAML list, one item per line, not a comma-separated string)' : '';
    out.push(diag('agent-type-array', 'error', `${path} must be array${comma}`, where(e), { path }));
    return;
  }
  const seen = new Set<string>();
  e.node.items.forEach((item, i) => {
    const value = (item as { value?: unknown } | null)?.value;
    const range = itemRange(fm, item) ?? e.valueRange;
    if (typeof value !== 'string') {
      out.push(diag('agent-item-type', 'error', `${path}/${i} must be string`, range, { path: `${path}/${i}` }));
      return;
    }
    if (seen.has(value)) out.push(diag('agent-duplicate-entry', 'information', `'${value}' is listed more than once in ${path.slice(1)}`, range));
    seen.add(value);
    into.push({ value, range });
  });
}

function itemRange(fm: YamlFrontmatter, item: unknown): Range | undefined {
  const rg = (item as { range?: [number, number, number] } | null)?.range;
  if (!rg) return undefined;
  let end = rg[1];
  while (end > rg[0] && /\s/.test(fm.text[fm.yamlStart + end - 1] ?? '')) end--;
  return { start: fm.index.positionAt(fm.yamlStart + rg[0]), end: fm.index.positionAt(fm.yamlStart + end) };
}

function checkAnnotations(fm: YamlFrontmatter, e: FrontmatterEntry | undefined, agent: AgentInfo, _o: AgentMdOptions, out: Diagnostic[]): void {
  if (!e) return;
  if (!e.value || typeof e.value !== 'object' || Array.isArray(e.value)) {
    out.push(diag('agent-annotations-type', 'error', '/annotations must be object', where(e)));
    return;
  }
  const kids = entriesOf(fm, e.node);
  const byKey = new Map(kids.map((k) => [k.key, k]));
  for (const k of kids) {
    if (!ANNOTATION_KEYS.has(k.key))
      out.push(
        diag('agent-unknown-field', 'error', `/annotations must NOT have additional properties {"additionalProperty":"${k.key}"}`, k.keyRange, {
          key: k.key,
          path: '/annotations',
        }),
      );
  }
  if (!byKey.has('whenToUse')) out.push(diag('agent-when-to-use-missing', 'error', "/annotations must have required property 'whenToUse'", e.keyRange));
  checkList(fm, byKey.get('whenToUse'), '/annotations/whenToUse', agent.whenToUse, out);
  checkList(fm, byKey.get('examples'), '/annotations/examples', agent.examples, out);
  const w = byKey.get('whenToUse');
  if (w && isSeq(w.node) && w.node.items.length === 0) {
    out.push(diag('agent-when-to-use-empty', 'information', 'whenToUse is empty; routing workflows use these conditions to pick this agent', w.keyRange));
  }
}

function checkTools(tools: AgentListItem[], out: Diagnostic[]): void {
  for (const t of tools) {
    if (!TOOL_NAME.test(t.value)) {
      out.push(diag('agent-tool-format', 'warning', `Tool name '${t.value}' should be a lowercase dotted name such as 'fs.read' or 'checks.rules'`, t.range));
    } else if (!KNOWN_TOOLS.has(t.value)) {
      out.push(diag('agent-tool-unknown', 'hint', `Tool '${t.value}' is not in the OS Protocol catalogue (it may come from your platform)`, t.range));
    }
  }
}

function checkWorkflows(workflows: AgentListItem[], out: Diagnostic[]): void {
  for (const w of workflows) {
    if (w.value in WORKFLOWS) continue;
    if (w.value === 'orchestrator-worker') {
      out.push(
        diag('agent-workflow-not-schema', 'information', "The workflow pattern id is 'orchestrator-workers' ('orchestrator-worker' is only the docs URL)", w.range, {
          replacement: 'orchestrator-workers',
        }),
      );
    } else if (w.value === 'prompt-chaining') {
      out.push(diag('agent-workflow-not-schema', 'information', "'prompt-chaining' is a known pattern but has no schema in the protocol", w.range));
    } else {
      out.push(diag('agent-workflow-unknown', 'warning', `Unknown workflow '${w.value}'; expected one of ${Object.keys(WORKFLOWS).join(', ')}`, w.range));
    }
  }
}

function checkExtends(agent: AgentInfo, uri: string, host: IWorkspaceHost, o: AgentMdOptions, out: Diagnostic[]): void {
  const value = agent.extends!.trim();
  const range = agent.extendsRange!;
  const severity = o.unresolvedExtendsSeverity ?? 'error';
  if (!isExtendsPath(value)) {
    if (agent.name !== undefined && value === agent.name) {
      out.push(diag('agent-extends-cycle', 'error', `Agent inheritance cycle: ${value} → ${value}`, range));
      return;
    }
    if (o.agents) out.push(...unresolvedExtends(agent, uri, o.agents, severity));
    return;
  }
  if (isAbsoluteReference(value)) {
    out.push(
      diag(
        'agent-extends-absolute',
        'warning',
        `Parent agent '${value}' is ${/^[a-z][a-z0-9+.-]+:/i.test(value) ? 'a URI' : 'an absolute path'}; name the parent agent, or write a path relative to this AGENT.md, so it resolves on other machines too`,
        range,
      ),
    );
    return;
  }
  const target = resolveExtendsPath(uri, value, o.workspaceRoots);
  if (!target) {
    out.push(diag('agent-extends-outside', 'warning', `Parent agent '${value}' is outside the workspace`, range));
    return;
  }
  const file = host.isDirectory(target) ? `${target.replace(/\/$/, '')}/AGENT.md` : target;
  if (!host.exists(file)) {
    const via = linkOutside(host, file);
    if (via !== undefined) {
      out.push(
        diag(
          'agent-extends-outside',
          'warning',
          `Parent agent '${value}' leads outside the workspace through the symbolic link '${relativeLabel(Utils.dirname(URI.parse(uri)).toString(), via)}'; it is not read`,
          range,
          { via },
        ),
      );
      return;
    }
    out.push(diag('agent-extends-unresolved', severity, `Unknown parent agent '${value}' (no such file)`, range, { target: file }));
    return;
  }
  if (file === uri) {
    out.push(diag('agent-extends-cycle', 'error', `Agent inheritance cycle: ${value} → ${value}`, range));
  } else {
    // A parent must itself be an agent: an instruction-file AGENT.md has no metadata to inherit.
    const parentText = host.readText(file);
    if (parentText !== undefined && agentMdKindOf(parentText).kind === 'instructions') {
      out.push(
        diag('agent-extends-not-agent', severity, `Parent '${value}' is an instruction file, not an OS Protocol agent (it has no frontmatter with OS Protocol keys)`, range, {
          target: file,
        }),
      );
      return;
    }
  }
  agent.extendsUri = file;
}

/** True for `/x`, `\\x`, `C:\x`, `C:/x` and URIs (`file:///x`): an `extends` no other machine resolves alike. */
export function isAbsoluteReference(value: string): boolean {
  return /^[\\/]/.test(value) || /^[A-Za-z]:[\\/]/.test(value) || /^[A-Za-z][A-Za-z0-9+.-]+:/.test(value);
}

/** Resolves a path-like `extends` from the AGENT.md folder; undefined when it leaves every workspace root. */
export function resolveExtendsPath(uri: string, value: string, roots?: string[]): string | undefined {
  try {
    const target = Utils.joinPath(Utils.dirname(URI.parse(uri)), value).toString();
    if (!roots || roots.length === 0) return target;
    return roots.some((r) => target === r || target.startsWith(r.endsWith('/') ? r : r + '/')) ? target : undefined;
  } catch (e) {
    // A file URI that vscode-uri cannot parse has no folder to resolve from.
    unlessExpected(e, isUriError);
    return undefined;
  }
}
