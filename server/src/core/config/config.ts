/**
 * `.agent-files.json`: the per-folder configuration (JSONC). The nearest file up the tree from a
 * checked file applies, alone: configurations do not cascade or merge. Parsing never throws;
 * every problem of the file itself is a diagnostic on the config file, and the valid parts
 * still apply.
 */
import { parseTree, findNodeAtLocation, getNodeValue, printParseErrorCode, type ParseError } from 'jsonc-parser';
import { LineIndex, trimEndWhere } from '../text/text';
import type { Diagnostic, Range, Severity } from '../types';
import { parseTargets, TARGETS, type Target } from '../skills';
import { RULE_CODES } from '../rules';

export const CONFIG_FILE_NAME = '.agent-files.json';
export { DEFAULT_MAX_DIAGNOSTICS } from '../analysis/diagnosticCap';
import { DEFAULT_MAX_DIAGNOSTICS } from '../analysis/diagnosticCap';
import { splitUri } from '../workspace/uriPath';
import { compileGlob } from '../workspace/glob';
import { distanceWithin } from '../text/editDistance';

export type RuleSetting = Severity | 'off';
const SETTINGS: readonly RuleSetting[] = ['off', 'error', 'warning', 'information', 'hint'];

export interface AgentFilesConfig {
  /** Rule code → new severity, or `off`. */
  rules: Readonly<Record<string, RuleSetting>>;
  /** SKILL.md targets; undefined when the file does not name them. */
  targets?: readonly Target[];
  /** Globs, relative to the config file's folder, of files not to check. */
  ignore: readonly string[];
  /** Globs, relative to the config file's folder, of files to check although the default list or a .gitignore leaves them out. */
  include: readonly string[];
  maxDiagnostics: number;
}

export const DEFAULT_CONFIG: AgentFilesConfig = Object.freeze({
  rules: Object.freeze({}),
  ignore: Object.freeze([]) as readonly string[],
  include: Object.freeze([]) as readonly string[],
  maxDiagnostics: DEFAULT_MAX_DIAGNOSTICS,
});

export interface ParsedConfig {
  config: AgentFilesConfig;
  /** Problems of the config file itself, in its own positions. */
  diagnostics: Diagnostic[];
}

const KEYS = ['$schema', 'rules', 'targets', 'ignore', 'include', 'maxDiagnostics'];
/** Unknown rule codes of one file that get a "did you mean" (each suggestion compares the code with every rule code). */
export const MAX_SUGGESTIONS = 100;

/** Why an `ignore` or `include` glob is too costly to match (it then matches nothing), or undefined. */
export function ignoreTooCostly(glob: string): string | undefined {
  const base = trimEndWhere(glob.replace(/^\.\//, ''), (c) => c === '/');
  return compileGlob(base).tooCostly ?? compileGlob(`${base}/**`).tooCostly;
}

/** Reads a config file's text. */
export function parseConfig(text: string): ParsedConfig {
  const index = new LineIndex(text);
  const rangeOf = (n: { offset: number; length: number }): Range => ({ start: index.positionAt(n.offset), end: index.positionAt(n.offset + n.length) });
  const out: Diagnostic[] = [];
  const d = (code: string, severity: Severity, message: string, r: Range, data?: Record<string, unknown>) =>
    out.push({ code, severity, message, range: r, ...(data ? { data } : {}) });
  const errors: ParseError[] = [];
  const root = parseTree(text, errors, { allowTrailingComma: true, disallowComments: false });
  for (const e of errors.slice(0, 20)) d('config-invalid-json', 'error', `Invalid JSON in ${CONFIG_FILE_NAME}: ${printParseErrorCode(e.error)}`, rangeOf(e));
  const rules: Record<string, RuleSetting> = {};
  let targets: Target[] | undefined;
  const ignore: string[] = [];
  const include: string[] = [];
  let maxDiagnostics = DEFAULT_MAX_DIAGNOSTICS;
  if (!root || root.type !== 'object') {
    if (root) d('config-bad-value', 'error', `${CONFIG_FILE_NAME} must hold a JSON object`, rangeOf(root));
    return { config: { rules, ignore, include, maxDiagnostics }, diagnostics: out };
  }
  for (const prop of root.children ?? []) {
    const k = prop.children?.[0];
    if (!k || typeof k.value !== 'string') continue;
    if (!KEYS.includes(k.value)) {
      d('config-unknown-key', 'warning', `Unknown key '${k.value}' (known: ${KEYS.slice(1).join(', ')}); it is ignored`, rangeOf(k));
    }
  }
  const rulesNode = findNodeAtLocation(root, ['rules']);
  let unknownRules = 0;
  if (rulesNode) {
    if (rulesNode.type !== 'object') d('config-bad-value', 'error', '\'rules\' must be an object of rule code → severity or "off"', rangeOf(rulesNode));
    else
      for (const prop of rulesNode.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k || !v || typeof k.value !== 'string') continue;
        const code = k.value;
        if (!RULE_CODES.has(code)) {
          const s = ++unknownRules <= MAX_SUGGESTIONS ? suggestCode(code) : undefined;
          d('config-unknown-rule', 'warning', `Unknown rule '${code}'${s ? `; did you mean '${s}'?` : ''} (see docs/rules.md)`, rangeOf(k), s ? { suggestion: s } : undefined);
        }
        if (v.type !== 'string' || !SETTINGS.includes(v.value as RuleSetting)) {
          d('config-bad-severity', 'error', `The setting of '${code}' must be one of ${SETTINGS.map((x) => `"${x}"`).join(', ')}`, rangeOf(v));
          continue;
        }
        rules[code] = v.value as RuleSetting;
      }
  }
  const targetsNode = findNodeAtLocation(root, ['targets']);
  if (targetsNode) {
    if (targetsNode.type !== 'array') d('config-bad-value', 'error', `'targets' must be an array of ${TARGETS.join(', ')}`, rangeOf(targetsNode));
    else {
      const found: Target[] = [];
      for (const item of targetsNode.children ?? []) {
        const p = item.type === 'string' ? parseTargets([item.value]) : { targets: [], unknown: [String(getNodeValue(item))] };
        if (p.targets.length) found.push(...p.targets.filter((t) => !found.includes(t)));
        else d('config-unknown-target', 'warning', `Unknown target ${JSON.stringify(getNodeValue(item))} (use ${TARGETS.join(', ')})`, rangeOf(item));
      }
      targets = found;
    }
  }
  for (const [key, list] of [
    ['ignore', ignore],
    ['include', include],
  ] as const) {
    const node = findNodeAtLocation(root, [key]);
    if (!node) continue;
    if (node.type !== 'array') d('config-bad-value', 'error', `'${key}' must be an array of glob strings`, rangeOf(node));
    else
      for (const item of node.children ?? []) {
        if (item.type === 'string' && item.value !== '') {
          list.push(item.value as string);
          const costly = ignoreTooCostly(item.value as string);
          if (costly)
            d(
              'config-ignore-too-costly',
              'warning',
              `The '${key}' glob ${JSON.stringify(item.value)} is too costly for Agent Files to match: ${costly}; it ${key === 'ignore' ? 'ignores' : 'brings back'} no file`,
              rangeOf(item),
            );
        } else d('config-bad-value', 'error', `Each '${key}' entry must be a non-empty glob string`, rangeOf(item));
      }
  }
  const maxNode = findNodeAtLocation(root, ['maxDiagnostics']);
  if (maxNode) {
    const n = maxNode.value as unknown;
    if (maxNode.type !== 'number' || typeof n !== 'number' || !Number.isInteger(n) || n < 1)
      d('config-bad-value', 'error', "'maxDiagnostics' must be a whole number of at least 1", rangeOf(maxNode));
    else maxDiagnostics = n;
  }
  const config: AgentFilesConfig = { rules, ignore, include, maxDiagnostics };
  if (targets?.length) config.targets = targets;
  out.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character);
  return { config, diagnostics: out };
}

/** The `.agent-files.json` URIs a file's config is looked for at, nearest first (its folder, then each one above). */
export function configCandidates(fileUri: string): string[] {
  const out: string[] = [];
  const { head, path } = splitUri(fileUri);
  if (!head || !path.startsWith('/')) return out;
  const parts = path.split('/');
  parts.pop();
  while (parts.length > 0) {
    out.push(`${head}${parts.join('/')}/${CONFIG_FILE_NAME}`);
    parts.pop();
  }
  return out;
}

/** True for a URI or path naming a config file. */
export function isConfigFile(uriOrPath: string): boolean {
  return /(^|[\\/])\.agent-files\.json$/.test(uriOrPath);
}

const LOWER_CODES = [...RULE_CODES].map((c) => ({ code: c, lower: c.toLowerCase() }));

/** The known rule code nearest to `code`, when it is close enough to be a typo. */
export function suggestCode(code: string): string | undefined {
  if (code.length > 200) return undefined;
  const lower = code.toLowerCase();
  let max = Math.max(2, Math.floor(code.length / 4));
  let best: string | undefined;
  for (const c of LOWER_CODES) {
    const dd = distanceWithin(lower, c.lower, max);
    if (dd <= max) {
      // A nearer code narrows the band for the rest; ties keep the first, as before.
      best = c.code;
      max = dd - 1;
      if (max < 0) break;
    }
  }
  return best;
}
