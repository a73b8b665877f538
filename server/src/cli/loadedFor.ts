/**
 * `agent-files effect` and the MCP `loaded_for` tool: what each coding agent loads for a path, from what the core already
 * models: the instruction files in effect (core/instructions/effect.ts, the editor's "Show
 * Instructions in Effect") and the skills each client finds in the root (core/skills/targets.ts,
 * the Skills view's groups). Read from the files under the root that holds the path.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { instructionVariantOf, readInstructionFrontmatter, type InstructionEntry } from '../core/instructions';
import { effectReport } from '../core/effect/report';
import type { ListingSettings } from '../core/skills/listing';
import { inferTargets, isPluginManifest, readRepositoryFacts, TARGET_LABELS, withAliases } from '../core/skills';
import { NodeFsHost } from '../node/fsHost';
import { isOneWhereverFile, liveFilesOnDisk, walkFiles } from '../node/walk';
import { readFileBounded } from './io';
import type { Confined } from './mcp/roots';
import { listedSkillsFor, listingReports, sessionFolder, type ListingReport } from './listingFor';

export interface LoadedFor {
  path: string;
  /** Set when the path is a folder: the lists are those of a file directly in it. */
  note?: string;
  instructions: {
    client: string;
    order: string;
    files: { path: string; why: string; bytes?: number; read?: number; cutAt?: { line: number; character: number }; setting?: boolean }[];
    /** Codex: what the chain spends of its cap. */
    budget?: { used: number; limit: number; unit: 'bytes' };
    /** Codex: the .codex/config.toml files that apply, and those it cannot read as TOML (0-based positions). */
    config?: { sources: string[]; errors: { path: string; line: number; character: number; message: string }[] };
  }[];
  /** When the path is a SKILL.md or a skill's folder: the clients that load that skill, and why. */
  skill?: { clients: string[]; why: string };
  /** Every SKILL.md under the root, by the client that loads it. */
  skills: { client: string; files: string[] }[];
  /** SKILL.md files in no client folder and no plugin: no client is known to load them. */
  skillsNoClientLoads: string[];
  /** The skill listing each client puts in context for a session started in the path's folder, and what its budget cuts. */
  listings: ListingReport[];
}

const SKILL_FILE = 'SKILL.md';

export function loadedFor(target: Confined, base: string, listing: ListingSettings = {}): LoadedFor {
  const rel = (abs: string) => path.relative(base, abs).split(path.sep).join('/') || '.';
  const isDir = fs.statSync(target.real, { throwIfNoEntry: false })?.isDirectory() === true;
  const file = isDir ? path.join(target.real, '*') : target.real;
  const uri = (abs: string) => URI.file(abs).toString();
  const aliases = new Map<string, string[]>();
  const found = walkFiles(target.root, (f) => instructionVariantOf(f) !== null || path.basename(f) === SKILL_FILE || isPluginManifest(f), {
    filter: liveFilesOnDisk(target.root, { top: target.root }),
    oneWherever: isOneWhereverFile,
    aliases: (kept, others) => aliases.set(uri(kept), others.map(uri)),
  });
  const host = new NodeFsHost([target.root], { rememberLookups: true });
  const facts = withAliases(readRepositoryFacts(found.filter(isPluginManifest).map(uri), host), aliases);

  const entries = found.flatMap((f) => instructionEntry(f, uri(f)));
  const skillFiles = found.filter((f) => path.basename(f) === SKILL_FILE);
  const listed = listedSkillsFor(skillFiles, sessionFolder(target.real, isDir), host, facts);
  const report = effectReport(uri(file), uri(target.root), entries, listed, host, listing);
  const relUri = (u: string) => rel(URI.parse(u).fsPath);
  const instructions = report.instructions.map((c) => ({
    client: c.client,
    order: c.order,
    files: c.items.map((i) => ({
      path: relUri(i.uri),
      why: i.why,
      ...(i.bytes !== undefined ? { bytes: i.bytes, ...(i.read !== undefined ? { read: i.read } : {}) } : {}),
      ...(i.cutAt ? { cutAt: i.cutAt } : {}),
      ...(i.setting ? { setting: true } : {}),
    })),
    ...(c.budget ? { budget: c.budget } : {}),
    ...(c.config ? { config: { sources: c.config.sources.map(relUri), errors: c.config.errors.map(({ uri: u, ...e }) => ({ path: relUri(u), ...e })) } } : {}),
  }));

  const byClient = new Map<string, string[]>();
  const none: string[] = [];
  for (const s of found.filter((f) => path.basename(f) === SKILL_FILE)) {
    const t = inferTargets(uri(s), host, facts);
    if (t.fallback) none.push(rel(s));
    else for (const c of t.targets) byClient.set(TARGET_LABELS[c], [...(byClient.get(TARGET_LABELS[c]) ?? []), rel(s)]);
  }
  const skillFile = isDir ? path.join(target.real, SKILL_FILE) : path.basename(target.real) === SKILL_FILE ? target.real : undefined;
  const own = skillFile && fs.existsSync(skillFile) ? inferTargets(uri(skillFile), host, facts) : undefined;
  return {
    path: rel(target.real),
    ...(isDir ? { note: 'a folder: the instructions are those in effect for a file directly in it' } : {}),
    instructions,
    ...(own ? { skill: { clients: own.fallback ? [] : own.targets.map((c) => TARGET_LABELS[c]), why: own.reason } } : {}),
    skills: [...byClient].map(([client, files]) => ({ client, files })),
    skillsNoClientLoads: none,
    listings: listingReports(report.listings, rel),
  };
}

/** An instruction file as "in effect" needs it: its variant and, for scoped files, its globs. */
function instructionEntry(file: string, uri: string): InstructionEntry[] {
  const variant = instructionVariantOf(file);
  if (!variant) return [];
  const e: InstructionEntry = { uri, variant };
  const style = variant === 'copilot-scoped' ? 'copilot' : variant === 'claude-rule' ? 'claude-rule' : undefined;
  if (style) {
    const r = readFileBounded(file);
    if ('text' in r) {
      const fm = readInstructionFrontmatter(r.text, style);
      if (fm.globKey) e.globs = fm.globs.map((g) => g.glob);
      if (fm.excludeAgent) e.excludeAgent = fm.excludeAgent;
    }
  }
  return [e];
}
