/**
 * Diagnostics of an instruction file (AGENTS.md, an Amp-style AGENT.md, CLAUDE.md,
 * CLAUDE.local.md, `.claude/rules/*.md`, GEMINI.md, Copilot instructions): imports, links,
 * frontmatter, size, unclosed code fences and commands the repository does not define.
 */
import type { IWorkspaceHost } from '../workspace/host';
import { unexpandedImports } from './agentsImports';
import type { Diagnostic } from '../types';
import { frontmatterEndLine } from '../skills/markdown';
import { instructionFileInfo, instructionVariantOf, projectBaseOf, relativePaths, type InstructionFileInfo, type InstructionVariant } from './files';
import { scanInstructions, type InstructionScan } from './scan';
import { checkImports, importsOf, type ResolvedImport } from './imports';
import { checkInstructionLinks } from './links';
import { checkInstructionFrontmatter, readInstructionFrontmatter, type InstructionFrontmatter } from './frontmatter';
import { lostFrontmatter } from './lostFrontmatter';
import { checkCommands } from './commands';
import { isInstructionTemplate, skillShipping } from './repoCommands';
import { skillNamesFile } from '../skills/namesFile';
import { foldersBelowRoot } from '../skills/copies';
import { asAdvice } from '../analysis/advice';
import { codexCutDiagnostic } from './codexChain';
import { utf8Length } from './utf8';
import { copilotLocationFindings } from './copilotLocation';
import { splitUri } from '../workspace/uriPath';
import { editorValidatesFile, withoutEditorCheckedLinks } from '../analysis/editorChecks';
import { strandedAt, strandedByNestedFence, strandedNote, unclosedFence, unclosedFenceMessage } from '../text/markdownBlocks';

const MISSING_LINK: ReadonlySet<string> = new Set(['instructions-link-missing']);

/** Claude Code skips a memory file larger than this (clients.md §2). */
export const CLAUDE_MAX_BYTES = 4 * 1024 * 1024;
/** Claude Code's advice: keep a memory file under this many lines. */
export const CLAUDE_ADVISED_LINES = 200;

export interface InstructionOptions {
  /** Workspace folders as URIs: links outside them are reported, commands look no further up. */
  workspaceRoots?: readonly string[];
  /** Workspace file URIs, for "this glob matches no file" and the package.json files and Makefiles commands are looked for in. */
  workspaceFiles?: readonly string[];
  /** The editor (VS Code) validates instruction frontmatter itself: leave out what it reports. */
  editorValidates?: boolean;
  /**
   * The folders the files are checked from (the workspace folders; for `check`, the repository each
   * path named is in), when they differ from `workspaceRoots`: only the folders below them make
   * a file a template.
   */
  repositoryRoots?: readonly string[];
  /** The variant, when the name does not tell it (a file named on the CLI with --kind). */
  variant?: InstructionVariant;
}

export interface InstructionAnalysis {
  info: InstructionFileInfo;
  scan: InstructionScan;
  /** `@path` imports (empty when no client expands imports in this file). */
  imports: ResolvedImport[];
  frontmatter?: InstructionFrontmatter;
  diagnostics: Diagnostic[];
}

export function variantFor(uri: string, given?: InstructionVariant): InstructionVariant {
  let path = uri;
  try {
    path = decodeURIComponent(splitUri(uri).path);
  } catch {
    // keep the raw string
  }
  return given ?? instructionVariantOf(path) ?? 'agents-md';
}

/**
 * The Cursor rule that holds the same text as a Claude Code rule (`.cursor/rules/go.mdc` beside
 * `.claude/rules/go.md`: both links to one `.agents/rules/go.md`, or copies), as its path from the
 * project: the rule is written for both clients, and Cursor reads its `globs`.
 */
function cursorTwinOf(uri: string, text: string, host: IWorkspaceHost): string | undefined {
  const m = /^(.*)\/\.claude\/rules\/(.+)\.md$/.exec(uri);
  if (!m) return undefined;
  const twins = [`.cursor/rules/${m[2]}.mdc`, `.cursor/rules/${m[2]}.md`];
  return twins.find((t) => host.readText(`${m[1]}/${t}`) === text);
}

export function analyzeInstructions(text: string, uri: string, host: IWorkspaceHost, options: InstructionOptions = {}): InstructionAnalysis {
  const info = instructionFileInfo(variantFor(uri, options.variant));
  const out: Diagnostic[] = [];
  const claude = info.variant === 'claude-md' || info.variant === 'claude-local' || info.variant === 'claude-rule';
  const at0 = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  if (claude) {
    const bytes = utf8Length(text);
    if (bytes > CLAUDE_MAX_BYTES) {
      out.push({
        code: 'instructions-too-large',
        severity: 'error',
        message: `${info.label} is ${(bytes / 1024 / 1024).toFixed(1)} MiB; Claude Code skips memory files over 4 MiB and reads none of it`,
        range: at0,
        data: { bytes },
      });
    }
  }
  let fm: InstructionFrontmatter | undefined;
  if (info.frontmatter) {
    fm = readInstructionFrontmatter(text, info.frontmatter);
    // Looked up only for what it decides: a rule's `globs`.
    const twin = info.variant === 'claude-rule' && fm.fm.entries.some((e) => e.key === 'globs') ? cursorTwinOf(uri, text, host) : undefined;
    const fmOptions = {
      ...(options.workspaceFiles && fm.globs.length ? { workspaceFiles: relativePaths(projectBaseOf(uri), options.workspaceFiles) } : {}),
      ...(options.editorValidates ? { editorValidates: true } : {}),
      ...(twin ? { cursorTwin: twin } : {}),
    };
    out.push(...checkInstructionFrontmatter(fm, info.frontmatter, fmOptions));
    const lost = fm.fm.present ? undefined : lostFrontmatter(text, info.frontmatter);
    if (lost) out.push(lost);
  }
  const start = frontmatterEndLine(text);
  const scan = scanInstructions(text, start);
  // The empty string after a final line break is no line of the file (`wc -l` counts 491 where the split holds 492).
  const lineCount = scan.lines.length - (scan.lines[scan.lines.length - 1] === '' ? 1 : 0);
  if (claude && lineCount > CLAUDE_ADVISED_LINES) {
    const line = scan.lines[CLAUDE_ADVISED_LINES] ?? '';
    out.push({
      code: 'instructions-long',
      severity: 'information',
      message: `${info.label} has ${lineCount} lines; Claude Code's guidance is to keep it under ${CLAUDE_ADVISED_LINES} (${
        info.variant === 'claude-rule'
          ? "split it by subject, or give it 'paths:' so that it loads only with the files it is about"
          : 'move detail into imported files or .claude/rules'
      })`,
      range: { start: { line: CLAUDE_ADVISED_LINES, character: 0 }, end: { line: CLAUDE_ADVISED_LINES, character: line.length } },
    });
  }
  const unclosed = unclosedFence(scan.fences, scan.lines);
  if (unclosed) out.push({ code: 'instructions-fence-unclosed', severity: 'warning', message: unclosedFenceMessage(unclosed), range: unclosed.fence.range });
  let imports: ResolvedImport[] = [];
  if (info.imports) {
    const r = checkImports(text, uri, host, info.imports, options.workspaceRoots);
    imports = r.imports;
    out.push(...r.diagnostics);
  }
  // Links a nested fence left outside an example block belong to the example: advice, saying so.
  const stranded = strandedByNestedFence(scan.fences, scan.lines);
  const links = checkInstructionLinks(text, uri, start, host, options.workspaceRoots).map((d) => {
    const s = strandedAt(stranded, d.range.start.line);
    return s ? (asAdvice([d], strandedNote(s))[0] ?? d) : d;
  });
  // VS Code reports a missing file on the links of the instruction files it validates itself.
  out.push(...(options.editorValidates && editorValidatesFile(splitUri(uri).path) ? withoutEditorCheckedLinks(links, text, MISSING_LINK) : links));
  const commandOptions = { ...(options.workspaceRoots ? { roots: options.workspaceRoots } : {}), ...(options.workspaceFiles ? { files: options.workspaceFiles } : {}) };
  // A template speaks for the projects it is copied into: its commands are theirs, and its other findings advice.
  const roots = options.repositoryRoots ?? options.workspaceRoots;
  // So does one in a skill's assets (`init-app/assets/core/CLAUDE.md`): the skill copies it into the user's project.
  // The skill whose folder holds the file, looked up once and only when a question needs it.
  let shipping: { skillMd: string | undefined } | undefined;
  const skillMd = () => (shipping ??= { skillMd: skillShipping(uri, host, roots) }).skillMd;
  const template = isInstructionTemplate(uri, roots) || (foldersBelowRoot(uri, roots).includes('assets') && skillMd() !== undefined);
  // So do the commands of an AGENTS.md or CLAUDE.md a skill ships (beside or below its SKILL.md): the user's project runs them.
  if (!template && scan.code.length > 0 && skillMd() === undefined) out.push(...checkCommands(scan.code, uri, host, commandOptions, scan.lines));
  // A file Codex reads as its project instructions: its chain's cut, and the `@` imports it reads as text.
  const forCodex = info.variant === 'agents-md' || info.variant === 'agents-override';
  const codexRoot = forCodex ? chainRootOf(uri, host, options.workspaceRoots) : undefined;
  const cut = codexRoot ? codexCutDiagnostic(text, uri, host, codexRoot) : undefined;
  if (cut) out.push(cut);
  if (forCodex) out.push(...unexpandedImports(scan));
  // One a skill carries in its folder and never names (a compiled rules file, a vendored project's docs in `references/`) is a
  // document no client loads as project instructions and no agent is sent to: its findings are advice too (held-out round 32).
  // One its SKILL.md names (`the complete guide: [AGENTS.md](AGENTS.md)`) is read by the agent, broken links and all.
  const carrier = !template && out.length > 0 ? skillMd() : undefined;
  const unread = carrier !== undefined && !skillNamesFile(carrier, uri, host);
  const kept = template ? asAdvice(out, TEMPLATE_NOTE) : unread ? asAdvice(out, CARRIED_NOTE) : out;
  const found = info.variant === 'copilot-misplaced' ? copilotLocationFindings(uri, scan.lines[0] ?? '', kept, host, options.workspaceRoots) : kept;
  const analysis: InstructionAnalysis = {
    info,
    scan,
    imports,
    diagnostics: found.sort((a, b) => a.range.start.line - b.range.start.line || a.range.start.character - b.range.start.character),
  };
  if (fm) analysis.frontmatter = fm;
  return analysis;
}

const CARRIED_NOTE = '(This file is one a skill carries in its folder, and its SKILL.md does not name it: no client loads it as project instructions, and no agent is sent to it.)';

const TEMPLATE_NOTE =
  "(This file sits in a template folder or a skill's assets: it speaks for the projects it is copied into, where its links, imports and neighbours are theirs.)";

/**
 * The workspace folder an AGENTS.md is read from as a chain of project instructions; undefined
 * when it is not one: outside every workspace folder, or inside a skill's folder (an AGENTS.md
 * there is a document the skill points to, not a file Codex reads on its way to a working folder).
 */
function chainRootOf(uri: string, host: IWorkspaceHost, roots: readonly string[] | undefined): string | undefined {
  const root = roots
    ?.map((r) => r.replace(/\/$/, ''))
    .filter((r) => uri.startsWith(r + '/'))
    .sort((a, b) => b.length - a.length)[0];
  if (!root) return undefined;
  for (let dir = uri.slice(0, uri.lastIndexOf('/')); dir.length >= root.length; dir = dir.slice(0, dir.lastIndexOf('/'))) {
    if (host.exists(`${dir}/SKILL.md`)) return undefined;
    if (dir === root) break;
  }
  return root;
}

/** The imports of a file whose client expands them (for the index and find references). */
export function instructionImports(text: string, uri: string, variant?: InstructionVariant): ResolvedImport[] {
  const info = instructionFileInfo(variantFor(uri, variant));
  return info.imports ? importsOf(text, uri) : [];
}
