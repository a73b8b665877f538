/**
 * What Codex's project configuration changes in its instruction chain: `.codex/config.toml`
 * (developers.openai.com/codex/config-basic: project layers from the project root down to the
 * working folder, the closest winning, trusted projects only) may set
 * `project_doc_fallback_filenames` (names tried after `AGENTS.md` in each folder) and
 * `project_doc_max_bytes` (the cap, 32 KiB by default). Only the files inside the workspace are
 * read (the host is bounded to it): never the user's `~/.codex/config.toml`. A file that is not
 * valid TOML is reported and its values are not used: Codex itself refuses to start on it in a
 * trusted project and ignores it with a warning in an untrusted one (openai/codex PR #23721).
 */
// smol-toml ships ESM types only; the bundle and tsx load its CommonJS build (package exports "require").
// @ts-expect-error TS1479: an ES module's types imported from a CommonJS module under Node16 resolution
import { parse, TomlError } from 'smol-toml';
import type { Diagnostic } from '../types';
import type { IWorkspaceHost } from '../workspace/host';
import { misplacedCodexKeys } from './codexConfigKeys';
import { codexMcpMachinePaths } from './codexMcpPaths';

/** Codex's default `project_doc_max_bytes`. */
export const CODEX_MAX_BYTES = 32 * 1024;
/** The names Codex looks for in each folder, in order (no fallback names by default). */
export const CODEX_NAMES = ['AGENTS.override.md', 'AGENTS.md'];

export const CODEX_CONFIG_PATH = '.codex/config.toml';

export interface CodexConfigError {
  uri: string;
  /** 0-based, like every position of the core. */
  line: number;
  character: number;
  message: string;
}

export interface CodexConfig {
  /** The names Codex tries in each folder, in order. */
  names: string[];
  maxBytes: number;
  /** The config files whose values apply, root first. */
  sources: string[];
  /** The config files Codex cannot read as TOML (their values are left out). */
  errors: CodexConfigError[];
}

export const DEFAULT_CODEX_CONFIG: CodexConfig = { names: CODEX_NAMES, maxBytes: CODEX_MAX_BYTES, sources: [], errors: [] };

interface Layer {
  fallbackNames?: string[];
  maxBytes?: number;
}

/** The two keys of one config.toml, or the parse error with its position. */
export function readCodexConfigText(text: string, uri: string): Layer | CodexConfigError {
  const parsed = parseCodexToml(text, uri);
  return 'doc' in parsed ? layerOf(parsed.doc) : parsed;
}

/** The parsed file, or where and why the TOML parser stops. */
function parseCodexToml(text: string, uri: string): { doc: Record<string, unknown> } | CodexConfigError {
  try {
    return { doc: parse(text) };
  } catch (e) {
    if (!(e instanceof TomlError)) throw e;
    return { uri, line: Math.max(0, e.line - 1), character: Math.max(0, e.column - 1), message: e.message.split('\n')[0]!.replace(/^Invalid TOML document: /, '') };
  }
}

function layerOf(doc: Record<string, unknown>): Layer {
  const out: Layer = {};
  const names = doc['project_doc_fallback_filenames'];
  if (Array.isArray(names)) out.fallbackNames = names.filter((n): n is string => typeof n === 'string' && n !== '' && !n.includes('/'));
  const max = doc['project_doc_max_bytes'];
  // smol-toml reads integers as numbers (bigint only past 2^53): both are taken when they fit.
  const n = typeof max === 'bigint' ? Number(max) : max;
  if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) out.maxBytes = n;
  return out;
}

const trimSlash = (u: string) => u.replace(/\/$/, '');

/**
 * The configuration Codex reads for a session in `dir`: the `.codex/config.toml` of each folder
 * from `projectRoot` down to `dir`, the closest setting each key.
 */
export function codexConfigFor(dir: string, projectRoot: string, host: IWorkspaceHost): CodexConfig {
  const top = trimSlash(projectRoot);
  const folders: string[] = [];
  for (let at = trimSlash(dir), n = 0; n < 256; n++) {
    folders.unshift(at);
    if (at === top || !at.startsWith(top + '/')) break;
    at = at.slice(0, at.lastIndexOf('/'));
  }
  let config: CodexConfig = DEFAULT_CODEX_CONFIG;
  for (const folder of folders) {
    const uri = `${folder}/${CODEX_CONFIG_PATH}`;
    if (!host.exists(uri) || host.isDirectory(uri)) continue;
    const text = host.readText(uri);
    if (text === undefined) continue;
    const layer = readCodexConfigText(text, uri);
    if ('message' in layer) {
      config = { ...config, errors: [...config.errors, layer] };
      continue;
    }
    config = {
      names: layer.fallbackNames ? [...CODEX_NAMES, ...layer.fallbackNames] : config.names,
      maxBytes: layer.maxBytes ?? config.maxBytes,
      sources: layer.fallbackNames || layer.maxBytes !== undefined ? [...config.sources, uri] : config.sources,
      errors: config.errors,
    };
  }
  return config;
}

/** Whether a path is a Codex project configuration (`.codex/config.toml`). */
export function isCodexConfig(path: string): boolean {
  return /(^|[\\/])\.codex[\\/]config\.toml$/.test(path);
}

export interface CodexConfigAnalysis {
  diagnostics: Diagnostic[];
}

/**
 * A `.codex/config.toml` on its own: TOML Codex cannot parse is reported where the parser stops;
 * in one it parses, top-level settings written under a table header (codexConfigKeys.ts) and MCP
 * servers started with one machine's paths (codexMcpPaths.ts).
 */
export function analyzeCodexConfig(text: string, uri: string, roots?: readonly string[]): CodexConfigAnalysis {
  const r = parseCodexToml(text, uri);
  if (!('doc' in r)) return invalid(text, r);
  // A project's own configuration, at a folder checked: one deeper in the tree may be a template another place installs (a dotfiles repository's `wsl2/.codex/`).
  const atRoot = roots === undefined || roots.some((root) => `${root.replace(/\/+$/, '')}/${CODEX_CONFIG_PATH}` === uri);
  return { diagnostics: [...misplacedCodexKeys(text), ...(atRoot ? codexMcpMachinePaths(r.doc, text) : [])] };
}

function invalid(text: string, r: CodexConfigError): CodexConfigAnalysis {
  const lineText = (text.split('\n')[r.line] ?? '').replace(/\r$/, '');
  const start = { line: r.line, character: Math.min(r.character, lineText.length) };
  const end = { line: r.line, character: Math.max(start.character + 1, lineText.length) };
  return {
    diagnostics: [
      {
        code: 'instructions-codex-config-invalid',
        severity: 'warning',
        message: `Codex cannot read this file as TOML (${r.message}): in a trusted project it refuses to start, in an untrusted one it ignores the file with a warning; its project_doc settings are left out here`,
        range: { start, end },
      },
    ],
  };
}
