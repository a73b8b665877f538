/**
 * Which instruction file a path names, and what the clients that read it do with it: who reads
 * it, whether `@path` imports are expanded (and how deep), and which frontmatter it may hold.
 * Facts from the clients' documentation (see docs/rules.md, "Instruction files").
 */

export type InstructionVariant =
  'agents-md' | 'agents-override' | 'agent-md' | 'claude-md' | 'claude-local' | 'claude-rule' | 'gemini-md' | 'copilot-instructions' | 'copilot-scoped' | 'copilot-misplaced';

export interface ImportRules {
  /** The client that expands the imports, for messages. */
  client: string;
  /** Hops the client follows from this file; undefined when it documents no limit. */
  maxDepth?: number;
  /** What the client does with an import of a file outside the project (clients.md §2), for messages. */
  outside: string;
}

export interface InstructionFileInfo {
  variant: InstructionVariant;
  /** The file as users name it (`CLAUDE.md`, `.github/copilot-instructions.md`). */
  label: string;
  /** The clients that read it. */
  clients: string[];
  /** How `@path` imports are read; null when no client expands them in this file. */
  imports: ImportRules | null;
  /** The frontmatter it may hold: Copilot's `.instructions.md` keys, Claude Code's rule keys, or none. */
  frontmatter: 'copilot' | 'claude-rule' | null;
}

const CLAUDE_IMPORTS: ImportRules = {
  client: 'Claude Code',
  maxDepth: 4,
  outside: 'Claude Code loads imports from outside the project once the user approves them (it asks once per project, in an interactive session)',
};

const INFO: Record<InstructionVariant, Omit<InstructionFileInfo, 'variant'>> = {
  'agents-md': { label: 'AGENTS.md', clients: ['Codex', 'GitHub Copilot', 'Amp', 'Cursor', 'OpenCode'], imports: null, frontmatter: null },
  // Codex reads it in place of the AGENTS.md of its folder (codexChain.ts); no other client reads it.
  'agents-override': { label: 'AGENTS.override.md', clients: ['Codex'], imports: null, frontmatter: null },
  'agent-md': { label: 'AGENT.md', clients: ['Amp'], imports: { client: 'Amp', outside: 'Amp documents nothing about imports from outside the project' }, frontmatter: null },
  'claude-md': { label: 'CLAUDE.md', clients: ['Claude Code', 'GitHub Copilot'], imports: CLAUDE_IMPORTS, frontmatter: null },
  'claude-local': { label: 'CLAUDE.local.md', clients: ['Claude Code', 'GitHub Copilot'], imports: CLAUDE_IMPORTS, frontmatter: null },
  'claude-rule': { label: '.claude/rules', clients: ['Claude Code', 'GitHub Copilot'], imports: CLAUDE_IMPORTS, frontmatter: 'claude-rule' },
  'gemini-md': {
    label: 'GEMINI.md',
    clients: ['Gemini CLI'],
    imports: {
      client: 'Gemini CLI',
      maxDepth: 5,
      outside:
        "Gemini CLI imports nothing whose real location lies outside the project root (the nearest folder holding .git, else the importing file's own folder): it writes 'Import failed' in its place",
    },
    frontmatter: null,
  },
  'copilot-instructions': { label: '.github/copilot-instructions.md', clients: ['GitHub Copilot'], imports: null, frontmatter: null },
  'copilot-scoped': { label: '.instructions.md', clients: ['GitHub Copilot'], imports: null, frontmatter: 'copilot' },
  // Straight in `.github/`: Copilot reads `.instructions.md` files only in `.github/instructions/` (copilotLocation.ts).
  'copilot-misplaced': { label: '.instructions.md', clients: [], imports: null, frontmatter: 'copilot' },
};

/** The instruction file a path (or URI path) names, by name alone; AGENT.md included (its content decides elsewhere). */
export function instructionVariantOf(path: string): InstructionVariant | null {
  const parts = path.split(/[\\/]/);
  const base = parts[parts.length - 1] ?? '';
  const parent = parts[parts.length - 2] ?? '';
  if (base === 'AGENTS.md') return 'agents-md';
  if (base === 'AGENTS.override.md') return 'agents-override';
  if (base === 'AGENT.md') return 'agent-md';
  if (base === 'CLAUDE.md') return 'claude-md';
  if (base === 'CLAUDE.local.md') return 'claude-local';
  if (base === 'GEMINI.md') return 'gemini-md';
  if (base === 'copilot-instructions.md' && parent === '.github') return 'copilot-instructions';
  if (parent === '.github' && base.endsWith('.instructions.md') && base !== '.instructions.md') return 'copilot-misplaced';
  const dirs = parts.slice(0, -1);
  for (let i = 0; i < dirs.length - 1; i++) {
    if (dirs[i] === '.github' && dirs[i + 1] === 'instructions' && base.endsWith('.instructions.md')) return 'copilot-scoped';
    if (dirs[i] === '.claude' && dirs[i + 1] === 'rules' && base.toLowerCase().endsWith('.md')) return 'claude-rule';
  }
  return null;
}

export function instructionFileInfo(variant: InstructionVariant): InstructionFileInfo {
  return { variant, ...INFO[variant] };
}

/**
 * The folder an instruction file speaks for: the one holding its `.github/` or `.claude/`
 * folder, else its own folder. Globs and commands are read from there.
 */
export function projectBaseOf(fileUri: string): string {
  const dir = fileUri.replace(/\/[^/]*$/, '');
  const m = /^(.*?)\/\.(?:github|claude)(?:\/|$)/.exec(dir);
  return m ? m[1]! : dir;
}

/** The lists `relativePaths` made, per list of URIs (the server's is one array until the files change) and base. */
const madeRelative = new WeakMap<readonly string[], Map<string, readonly string[]>>();

/** Workspace file URIs under `base`, as paths relative to it ('src/a.ts'); made once per list and base. */
export function relativePaths(base: string, uris: readonly string[]): readonly string[] {
  let perBase = madeRelative.get(uris);
  if (!perBase) madeRelative.set(uris, (perBase = new Map()));
  let out = perBase.get(base);
  if (!out) perBase.set(base, (out = relativeTo(base, uris)));
  return out;
}

function relativeTo(base: string, uris: readonly string[]): string[] {
  const prefix = base.replace(/\/$/, '') + '/';
  const out: string[] = [];
  for (const u of uris) {
    if (!u.startsWith(prefix)) continue;
    try {
      out.push(decodeURIComponent(u.slice(prefix.length)));
    } catch {
      out.push(u.slice(prefix.length));
    }
  }
  return out;
}
