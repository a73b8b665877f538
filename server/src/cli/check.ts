/**
 * `check [--format text|json|sarif] [--strict] [--agent|--plain] [--kind K] [--target a,b] PATH...`.
 * A file named on the command line whose kind its name does not tell is skipped with a note,
 * unless `--kind` says what it is; folders are walked for the files whose names are known.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { crossFileDiagnosticsOf } from '../core/analysis/analyzeFile';
import { fileKindOf, kindOf, mayBePluginComponent, type FileKind } from '../core/workspace/fileKinds';
import { compareOne, reportOf, type CheckEntry } from './checkPass';
import { checkHere, checkOnThreads } from './checkThreads';
import { kindHelp, KIND_NAMES, parseKind, walkedFilesText, type ForcedKind } from './kinds';
import { findFiles, NodeFsHost, type WalkedFolder } from '../node/fsHost';
import { isOneWhereverFile, liveFilesOnDisk, walkFiles } from '../node/walk';
import { sameProjectPath } from '../node/sameProjectPath';
import { linkNote } from '../core/workspace/linkNotes';
import { brokenAgentLink, brokenLinkResults, danglingLink, submoduleHolding, type BrokenLink } from './brokenLinks';
import { DEFAULT_IGNORED_FOLDERS } from '../core/workspace/liveFiles';
import type { AgentDetection } from '../core/agent/detect';
import type { Diagnostic } from '../core/types';
import { readArgs, UsageError } from './args';
import { FatalError, outChunks, readFileBounded, type Io } from './io';
import { emptySummary, jsonChunks, sarifChunks, summarize, textChunks, type FileResult, type Summary } from './output';
import { RULES_URL, VERSION } from './meta';
import { isPluginManifest, parseTargets, readRepositoryFacts, repositoryFacts, TARGETS, withAliases, type RepositoryFacts, type Target } from '../core/skills';
import { manifestsAbove, type ManifestsByFolder } from './manifestsAbove';
import { pluginComponentShapeOf, type PluginComponentKind } from '../core/plugins/components';

const SHAPE_WORDS: Record<PluginComponentKind, string> = { subagent: 'agent', command: 'command', hooks: 'hooks file' };
import { fixFiles } from './fix';
import { CliWorkspace } from './workspace';
import { comparedFiles } from './comparedFiles';
import { CROSS_FILE_KINDS } from '../core/analysis/crossFile';
import { applyBaseline, baselineText, writeBaseline } from './baseline';
import { changedFiles, namesChangedFile, reportedFiles } from './changed';
import { ConfigReader } from './configReader';
import { CONTEXT_WINDOW_HELP, readContextWindowFlag } from './contextWindow';
import { explainRule } from './explain';
import { CONFIG_FILE_NAME } from '../core/config';

export function checkCommand(argv: string[], io: Io): number {
  const { positional, flags } = readArgs(
    argv,
    ['strict', 'agent', 'plain', 'help', 'no-config', 'allow-empty', 'fix', 'fix-unsafe', 'fix-dry-run', 'changed'],
    ['format', 'kind', 'target', 'config', 'baseline', 'write-baseline', 'since', 'explain', 'context-window'],
    ['context-window'],
  );
  if (flags.has('help')) {
    io.out(CHECK_HELP);
    return 0;
  }
  if (flags.has('explain')) {
    io.out(explainRule(flags.get('explain') as string));
    return 0;
  }
  const forced = flags.has('kind') ? parseKind(flags.get('kind') as string) : undefined;
  if (forced?.detection === 'agent' && flags.has('plain')) throw new UsageError("'--kind agent3md' and '--plain' cannot be combined");
  const format = (flags.get('format') as string | undefined) ?? 'text';
  if (!['text', 'json', 'sarif'].includes(format)) throw new UsageError(`unknown format '${format}' (use text, json or sarif)`);
  if (flags.has('agent') && flags.has('plain')) throw new UsageError("'--agent' and '--plain' cannot be combined");
  const listing = readContextWindowFlag(flags.get('context-window'));
  const detection: AgentDetection = flags.has('agent') ? 'agent' : flags.has('plain') ? '3md' : 'auto';
  const rawTargets = flags.get('target');
  const { targets: skillTargets, unknown } = parseTargets(typeof rawTargets === 'string' ? rawTargets : '');
  if (unknown.length) throw new UsageError(`unknown target '${unknown[0]}' (use ${TARGETS.join(', ')})`);
  if (rawTargets !== undefined && skillTargets.length === 0) throw new UsageError(`'--target' needs at least one of ${TARGETS.join(', ')}`);
  if (flags.has('baseline') && flags.has('write-baseline')) throw new UsageError("'--baseline' and '--write-baseline' cannot be combined");
  if (flags.has('changed') && flags.has('since')) throw new UsageError("'--changed' and '--since' cannot be combined");
  // With --changed or --since the folder checked defaults to the working directory.
  if (positional.length === 0 && (flags.has('changed') || flags.has('since'))) positional.push('.');
  if (positional.length === 0) throw new UsageError(`usage: agent-files check [--format text|json|sarif] [--strict] [--kind ${KIND_NAMES}] [--target a,b] PATH...`);
  if (flags.has('config') && flags.has('no-config')) throw new UsageError("'--config' and '--no-config' cannot be combined");
  /** The names in each folder walked (by absolute path): the run's lookups in them ask the disk nothing. */
  const listings = new Map<string, WalkedFolder>();
  const workspace = new CliWorkspace(io.cwd, listings);
  const configs = new ConfigReader(io, flags.has('no-config') ? null : typeof flags.get('config') === 'string' ? (flags.get('config') as string) : undefined, workspace);

  /** The SKILL.md targets named for a file: --target, else its config's `targets`, else none (its folder decides). */
  const targetsOf = (uri: string): { skillTargets?: readonly Target[]; skillTargetsSource?: string } => {
    const found = configs.forFile(uri);
    return skillTargets.length
      ? { skillTargets, skillTargetsSource: 'the --target option' }
      : found.config.targets?.length
        ? { skillTargets: found.config.targets, skillTargetsSource: `'targets' in ${configs.label(found)}` }
        : {};
  };
  const files: FoundFile[] = [];
  /** Agent files the walks found committed as links that lead nowhere (reported as findings, not read). */
  const brokenLinks: BrokenLink[] = [];
  const roots: string[] = [];
  /** Plugin and marketplace manifests found in the folders walked (who loads a plugin's skills). */
  const manifests: string[] = [];
  /** Files found in the folders walked whose kind the manifests decide (a plugin's agents, commands and hooks). */
  const candidates: string[] = [];
  /**
   * The folders the files are checked from, as URIs: each folder named, and for a file named the
   * current folder when it holds the file (pre-commit runs from the repository's root), else the
   * repository it is in. Folders above them make no file a copy or a template: `check
   * test/fixtures/x` checks that folder as it is; `check .` sees `tests/` below it.
   */
  const copyRoots = new Set<string>();
  const aliases = new Map<string, string[]>();
  const manifestFolders: ManifestsByFolder = new Map();
  /** The repositories of named files that rules comparing files read (names, the skill listing), and the folders named. */
  const comparedTops = new Set<string>();
  const walkedFolders: string[] = [];
  for (const p of positional) {
    let st: fs.Stats;
    try {
      st = fs.statSync(p);
    } catch {
      // An agent file named as pre-commit names it, committed as a link that leads nowhere: reported as a walk reports it.
      const broken = danglingLink(p) && brokenAgentLink(p, fs.readlinkSync(p), false, fileRoot(io.cwd, p, workspace));
      if (broken) {
        brokenLinks.push(broken);
        // Its repository is read for what decides the finding (its .gitignore, its submodules, the file the target names from there).
        copyRoots.add(URI.file(broken.walked).toString());
        continue;
      }
      throw new FatalError(`agent-files: cannot read ${p}: no such file or folder`);
    }
    if (st.isDirectory()) {
      roots.push(p);
      walkedFolders.push(p);
      workspace.add(p);
      copyRoots.add(URI.file(path.resolve(p)).toString());
      for (const f of walkFolder(p, io, configs, listings, aliases, brokenLinks)) {
        const kind = fileKindOf(f);
        // A manifest says which clients load a plugin's skills; a Claude Code one is also checked.
        if (isPluginManifest(f)) manifests.push(f);
        if (kind && !configs.ignores(f)) files.push({ path: f, kind });
        else if (!kind && !configs.ignores(f)) candidates.push(f);
      }
    } else {
      // The manifests above a file say who loads a skill, and which file is a plugin's agent, command or hooks file.
      const above = forced ? [] : manifestsAbove(p, manifestFolders);
      const byName = fileKindOf(p);
      const top = URI.file(fileRoot(io.cwd, p, workspace)).toString();
      copyRoots.add(top);
      // Without a manifest above, a file's path alone may still make it one (`.claude/hooks/hooks.json`), as in a folder's walk.
      const facts = byName ? undefined : repositoryFacts(above.flatMap(manifestText), [top]);
      const kind = forced?.kind ?? byName ?? (facts ? kindOf(URI.file(path.resolve(p)).toString(), facts) : null);
      if (!kind) {
        // A plugin's part by its path alone (pre-commit selects these): without a plugin above, it is no file of ours.
        const shape = pluginComponentShapeOf(p);
        io.err(
          shape
            ? `agent-files: skipping ${p}: no Claude Code plugin (.claude-plugin/plugin.json or marketplace.json) above it makes it a plugin's ${SHAPE_WORDS[shape]}`
            : `agent-files: skipping ${p}: its name is not one agent-files checks (say what it is with --kind ${KIND_NAMES})`,
        );
        continue;
      }
      const own = [path.dirname(p)];
      // A prompt or world.eval.md is checked against world.json, which sits above it.
      if (kind === 'world-prompt') own.push(path.dirname(path.dirname(p)));
      // A plugin manifest speaks for the folder above `.claude-plugin/` (its paths and sources), a Codex marketplace for the one above `.agents/`.
      if (kind === 'plugin-manifest') own.push(path.dirname(path.dirname(p)), path.dirname(path.dirname(path.dirname(p))));
      // A plugin's file is checked with its manifests (the plugin's scripts, who loads it).
      for (const m of above) {
        manifests.push(m);
        if (!byName) own.push(path.dirname(path.dirname(m)));
      }
      // A file in `.github/` or `.claude/` speaks for the folder above them (its globs and commands; a settings file's project root, its `.mcp.json`).
      if (kind === 'instructions' || kind === 'claude-settings') {
        const m = /^(.*?)[\\/]\.(?:github|claude)(?:[\\/]|$)/.exec(path.resolve(p));
        if (m) own.push(m[1]!);
      }
      for (const r of own) workspace.add(r);
      if (configs.ignores(p)) {
        io.err(`agent-files: skipping ${p}: it matches 'ignore' in ${configs.configFileOf(p) ?? CONFIG_FILE_NAME}`);
        continue;
      }
      roots.push(...own);
      files.push(forced ? { path: p, kind, forced } : { path: p, kind });
      // Its repository's walk also finds the client folders that link to a named skill (`.claude/skills -> ../skills`).
      if (CROSS_FILE_KINDS.has(kind)) comparedTops.add(URI.parse(top).fsPath);
    }
  }
  // A named skill, agent or eval file is compared with the others of its repository (checked for that, not reported).
  const compared = comparedFiles(
    comparedTops,
    walkedFolders,
    new Set(files.map((f) => path.resolve(f.path))),
    (top) => walkFolder(top, { ...io, err: () => undefined }, configs, listings, aliases),
    fileKindOf,
    isPluginManifest,
    (f) => configs.ignores(f),
  );
  manifests.push(...compared.manifests);
  // What the host may read: the folders checked from, and each file's repository (or folder), whose facts
  // (a README's install, a Gemini CLI extension's manifest) decide its targets as in a run over the folder.
  const readable = [...new Set([...roots, ...[...copyRoots].map((u) => URI.parse(u).fsPath)])];
  // One run over a tree that does not change under it: each folder's real location is looked up once.
  const host = new NodeFsHost(readable, { rememberLookups: true });
  const workspaceRoots = [...copyRoots];
  // The walk's listings stand for the tree while nothing is written (`--fix` clears them below).
  host.knowListings(listings);
  const repository = withAliases(readRepositoryFacts([...new Set(manifests.map((m) => URI.file(path.resolve(m)).toString()))], host, [...copyRoots]), aliases);
  // The agents, commands and hooks files of the plugins the manifests describe (an `agents/` folder elsewhere is not ours).
  const decided = (list: readonly string[]) =>
    list.flatMap((f) => {
      const kind = kindOf(URI.file(path.resolve(f)).toString(), repository);
      return kind ? [{ path: f, kind }] : [];
    });
  files.push(...decided(candidates));
  compared.files.push(...decided(compared.candidates).filter((f) => CROSS_FILE_KINDS.has(f.kind)));
  if (files.length === 0 && brokenLinks.length === 0 && !flags.has('allow-empty')) {
    throw new FatalError(
      `agent-files: no files to check in ${positional.join(', ')} (agent-files looks for ${walkedFilesText()}; what .gitignore leaves out, test fixtures and archives are skipped, see docs/cli.md#what-is-checked; --allow-empty accepts none)`,
    );
  }
  const entries = entriesOf(files, repository, io.cwd, detection);
  if ((flags.has('fix') || flags.has('fix-unsafe')) && flags.has('fix-dry-run'))
    throw new UsageError(`'--${flags.has('fix') ? 'fix' : 'fix-unsafe'}' and '--fix-dry-run' cannot be combined`);
  const fixing = flags.has('fix') || flags.has('fix-unsafe') || flags.has('fix-dry-run');
  // --fix reads every file first (one over the read limit is reported on its own and never read);
  // a plain check reads each file in its turn.
  const read = fixing ? entries.map((e) => ({ ...e, read: readFileBounded(e.path) })) : entries;
  // --fix applies the safe quick fixes first (docs/rules.md#quick-fixes); the report is of the fixed files.
  const fixed = fixing
    ? fixFiles(
        read.map((e) => ({ ...e, read: e.read! })),
        {
          dryRun: flags.has('fix-dry-run'),
          level: flags.has('fix-unsafe') ? 'unsafe' : 'safe',
          host: new NodeFsHost(roots, { rememberLookups: true }),
          workspaceRoots,
          analysis: (uri) => ({ repository, ...targetsOf(uri) }),
          configFor: (uri) => configs.forFile(uri),
          inside: (real) => workspace.insideReal(real),
          io,
          ...(io.fixFs ? { fs: io.fixFs } : {}),
        },
      )
    : undefined;
  if (flags.has('fix-dry-run')) return 0;
  const toCheck = read.map((e) => (fixed?.written.has(e.uri) ? { ...e, read: { text: fixed.written.get(e.uri)! } } : e));
  const change = flags.has('changed') || flags.has('since') ? changedFiles(positional[0]!, flags.get('since') as string | undefined) : undefined;
  // Instruction globs (`applyTo`, `paths`) are checked against the files of the folders named.
  const workspaceFiles = entries.some((e) => e.kind === 'instructions') ? folderFiles(roots, fixing ? undefined : listings) : undefined;
  // --fix may have changed the tree since the walk: its listings no longer stand for it.
  if (fixing) host.knowListings(new Map());
  const shared = {
    roots: readable,
    ...(fixing ? {} : { listings }),
    analysis: { workspaceRoots, repository, ...(workspaceFiles ? { workspaceFiles } : {}) },
    // --changed, --since and the baselines read every text again.
    keepText: !!change || flags.has('baseline') || flags.has('write-baseline'),
  };
  /** A file's own analysis options: its agent detection and SKILL.md targets. */
  const ownOptions = (entry: CheckEntry) => ({ detection: entry.detection, ...targetsOf(entry.uri) });
  const jobs = toCheck.map((entry) => ({ entry, own: ownOptions(entry), config: configs.forFile(entry.uri).config }));
  // Each file read and analysed once, in turn; what is kept of it is small (checkPass.ts). The texts --fix read are not sent to workers.
  const threads = io.threads && { ...io.threads, warn: (message: string) => io.err(`agent-files: ${message}`) };
  const checked = threads && !fixing ? checkOnThreads(jobs, shared, host, threads) : checkHere(jobs, shared, host);
  const records = checked.records;
  // The files named are compared with the others of their repositories, read for what the comparing rules need and not reported.
  const namedUris = new Set(entries.map((e) => e.uri));
  const others = entriesOf(compared.files, repository, io.cwd, detection).filter((e) => !namedUris.has(e.uri));
  const comparing = { host, analysis: (e: CheckEntry) => ({ ...ownOptions(e), ...shared.analysis }) };
  for (const e of others) compareOne(e, comparing, checked.summaries);
  const cross = crossFileDiagnosticsOf(checked.summaries, { workspaceRoots, repository, listing });
  checked.summaries.length = 0;
  // The texts --changed, --since and the baselines read (kept only for them).
  const texts = shared.keepText
    ? records.map((r) => ({ uri: r.entry.uri, rel: r.entry.rel, read: r.tooLarge !== undefined ? { tooLarge: r.tooLarge } : { text: r.text ?? '' } }))
    : [];
  const reported = change ? reportedFiles(texts, cross, change) : undefined;
  /** Each rule's own severity, before any configuration (SARIF's default level). */
  const defaults = new Map<string, Diagnostic['severity']>();
  /** Each file's report in the files' order, then those of the configuration files that applied (once each). */
  const reports = function* (): Generator<FileResult> {
    for (const r of records) {
      if (reported && !reported.has(r.entry.uri)) continue;
      // A file outside the change is reported only for the cross-file findings that name a changed file.
      const whole = reported?.get(r.entry.uri) !== 'cross';
      yield reportOf(
        r,
        (cross.get(r.entry.uri) ?? []).filter((d) => whole || namesChangedFile(d.message, change!)),
        whole,
        defaults,
      );
    }
    if (!reported) yield* brokenLinkResults(brokenLinks, host, io.cwd, (uri) => configs.forFile(uri).config);
    for (const c of configs.used()) {
      if (c.parsed.diagnostics.length) yield { path: path.relative(io.cwd, c.path) || c.path, kind: CONFIG_FILE_NAME, diagnostics: c.parsed.diagnostics };
    }
  };
  // A fix that could not be written (a full disk, permissions) fails the run whatever the report says.
  const exitCode = (s: Summary) => (fixed?.failed ? 2 : s.errors > 0 || (flags.has('strict') && s.warnings > 0) ? 1 : 0);
  // Text and JSON reports are made a file at a time, as they are written. SARIF names every rule
  // before the results, and --changed, --since and the baselines read every report first.
  if ((format === 'json' || format === 'text') && !change && !flags.has('baseline') && !flags.has('write-baseline')) {
    const total = emptySummary();
    outChunks(io, (format === 'json' ? jsonChunks : textChunks)(reports(), total));
    return exitCode(total);
  }
  const results = [...reports()];

  if (change) io.err(`agent-files: ${results.length} of ${entries.length} files checked: those ${change.label} changed and those a change can affect`);
  if (flags.has('write-baseline')) {
    const file = flags.get('write-baseline') as string;
    const byRel = new Map(texts.map((e) => [e.rel, 'text' in e.read ? e.read.text : undefined]));
    writeBaseline(
      file,
      baselineText(
        results.map((r) => ({ file: r.path, text: byRel.get(r.path), diagnostics: r.diagnostics })),
        io.cwd,
        file,
      ),
    );
    io.err(
      `agent-files: wrote ${results.reduce((n, r) => n + r.diagnostics.length, 0)} findings to the baseline ${file}; later checks with --baseline ${file} report only new ones`,
    );
    return fixed?.failed ? 2 : 0;
  }
  const shown = flags.has('baseline') ? applyBaseline(results, texts, flags.get('baseline') as string, io) : results;
  // Written a file at a time (SARIF: its rules first, then each file's results).
  if (format === 'json') outChunks(io, jsonChunks(shown));
  else if (format === 'sarif') outChunks(io, sarifChunks(shown, VERSION, RULES_URL, { base: sarifBase(io.cwd, roots), cwd: io.cwd, defaults }));
  else outChunks(io, textChunks(shown));
  return exitCode(summarize(shown));
}

/**
 * The files of a folder named on the command line: its live files only (docs/cli.md#what-is-checked:
 * .gitignore and the default list, undone by `include`). The walk's own state (every folder's
 * ignore rules) is left behind when it returns; its listings go to `listings`.
 */
function walkFolder(p: string, io: Io, configs: ConfigReader, listings: Map<string, WalkedFolder>, aliases: Map<string, string[]>, broken?: BrokenLink[]): string[] {
  const live = liveFilesOnDisk(p, { include: (rel, isDir) => configs.includes(path.join(p, rel), isDir) });
  return walkFiles(p, (f) => fileKindOf(f) !== null || isPluginManifest(f) || mayBePluginComponent(f), {
    filter: live,
    listed: (dir, folder) => listings.set(path.resolve(dir), folder),
    // A skill folder a link shows in several places is checked once, for every client reading one of them.
    oneWherever: isOneWhereverFile,
    aliases: (kept, others) =>
      aliases.set(
        URI.file(path.resolve(kept)).toString(),
        others.map((o) => URI.file(path.resolve(o)).toString()),
      ),
    skipped: (shown, why) => io.err(`agent-files: skipping ${path.relative(io.cwd, shown) || shown}: ${why}`),
    notFollowed: (link, rel, target, exists) => {
      // An agent file whose link leads nowhere inside the folder is a finding of its own.
      const b = broken && !configs.ignores(link) ? brokenAgentLink(link, target, exists, p) : undefined;
      if (b) {
        broken!.push(b);
        return;
      }
      const note = linkNote(rel, target, exists, sameProjectPath(link, target, p), exists ? undefined : submoduleHolding(link, target, p));
      if (note) io.err(`agent-files: ${note}`);
    },
  });
}

/** A file the walk found or the command line named, with its kind. */
interface FoundFile {
  path: string;
  kind: FileKind;
  forced?: ForcedKind;
}

/** Each file once, where it first appears; a file named with --kind wins over the same file found in a folder. */
function entriesOf(files: readonly FoundFile[], repository: RepositoryFacts, cwd: string, detection: AgentDetection): CheckEntry[] {
  const unique = new Map<string, FoundFile>();
  for (const f of files) {
    const abs = path.resolve(f.path);
    const had = unique.get(abs);
    if (!had || (f.forced && !had.forced)) unique.set(abs, f);
  }
  return [...unique].map(([abs, f]) => {
    const uri = URI.file(abs).toString();
    // An AGENT.md in a plugin's agents folder is the plugin's subagent: the manifests decide, as for the plugin's other parts.
    const kind = f.kind === 'agent-md' && !f.forced ? (kindOf(uri, repository) ?? f.kind) : f.kind;
    return { kind, rel: path.relative(cwd, abs) || f.path, uri, path: f.path, detection: f.forced?.detection ?? detection };
  });
}

/** The default list as the help names it: `node_modules, fixtures, …` (`.git` is never walked). */
const DEFAULT_FOLDERS = DEFAULT_IGNORED_FOLDERS.filter((d) => d !== '.git').join(', ');

export const CHECK_HELP = `Usage: agent-files check [--format text|json|sarif] [--strict] [--agent|--plain] [--kind K] [--target T,...] PATH...

Checks files and folders. A folder is walked for the files agent-files knows by name:
${walkedFilesText(96, 2)}.
In a Claude Code plugin its manifests describe, also agents/*.md, commands/**/*.md, hooks/hooks.json
and the paths plugin.json names for them.
Left out of a walk: what .gitignore and .git/info/exclude leave out, the folders named
${DEFAULT_FOLDERS}, and a test's pass/ and fail/ cases (tests/pass/).
"include" in .agent-files.json brings them back (docs/cli.md#what-is-checked). Symbolic
links are followed inside the folder walked.
A file named here whose name says nothing (README.md, notes.txt) is skipped with a note on
stderr, unless --kind says what it is.

Options:
  -f, --format F  text (default), json or sarif (see docs/cli.md for the JSON and SARIF shapes)
  --strict      exit 1 on warnings too
  --explain CODE  print the documentation of a rule (its section of docs/rules.md) and exit
  --config FILE use this configuration for every file instead of the nearest .agent-files.json
                (looked for up to the repository root, or the folder named outside one)
  --no-config   use no configuration file (every rule at its own severity)
  --allow-empty exit 0 when there is nothing to check (by default that is exit 2)
  --fix         apply the safe quick fixes (docs/rules.md#quick-fixes), then report what is left;
                a file changed during the run, with several hard links, or a symlink leading
                outside is left alone (named on stderr); a fix that cannot be written is exit 2
  --fix-unsafe  apply also the fixes that change what a file means and are certain text edits
                (a key renamed, a name set to its folder's, a field moved under metadata),
                printing their diff on stderr first (docs/rules.md#quick-fixes)
  --fix-dry-run print the safe fixes as a unified diff; write nothing
  --write-baseline FILE  record every finding in FILE (exit 0): adopt agent-files on a repository
                that already has findings
  --baseline FILE  leave out the findings FILE records (matched by rule, file and the text of
                their line, so edits elsewhere do not bring them back); say how many on stderr
  --changed     report only the files git says changed (staged, unstaged, untracked) and those
                whose findings a change can alter (files naming a changed file, the SKILL.md of a
                changed resource, the rest of a changed .agent-world/); PATH defaults to .
  --since REF   the same for everything that differs from the git revision REF
  --agent       read every .3md as an agent.3md; --plain reads every .3md as plain 3md
  --target T,…  check every SKILL.md for these clients instead of those its folder implies:
                spec, skills-ref, claude-code, codex, copilot, gemini-cli, opencode, cursor
  ${CONTEXT_WINDOW_HELP}
  --kind K      read the files named on the command line as K (not files found in folders):
${kindHelp()}

In JSON, each file's "kind" is one of: 3md, agent.3md, SKILL.md, AGENT.md,
AGENT.md (instruction file), world.json, Agent World prompt, world.eval.md, instruction file,
plugin manifest.`;

/** Where a file named on the command line is checked from: the current folder when it holds the file, else the repository the file is in. */
function fileRoot(cwd: string, file: string, workspace: CliWorkspace): string {
  const here = path.resolve(cwd);
  const abs = path.resolve(file);
  return abs.startsWith(here.endsWith(path.sep) ? here : here + path.sep) ? here : workspace.topOf(path.dirname(abs));
}

/** Every file under the folders checked, as URIs (capped like the server's list); the folders the walk listed are not read again. */
function folderFiles(roots: string[], listings?: ReadonlyMap<string, WalkedFolder>): string[] {
  const out = new Set<string>();
  for (const r of roots) for (const f of findFiles(path.resolve(r), () => true, 50_000, undefined, listings)) out.add(URI.file(f).toString());
  return [...out];
}

/** The folder SARIF URIs are relative to: the working directory when every checked root is inside it, else their common ancestor. */
function sarifBase(cwd: string, roots: string[]): string {
  const abs = roots.map((r) => path.resolve(cwd, r));
  const inside = (dir: string, p: string) => p === dir || p.startsWith(dir.endsWith(path.sep) ? dir : dir + path.sep);
  if (abs.every((r) => inside(path.resolve(cwd), r))) return path.resolve(cwd);
  let common = abs[0] ?? path.resolve(cwd);
  while (!abs.every((r) => inside(common, r)) && path.dirname(common) !== common) common = path.dirname(common);
  return common;
}

/** A manifest's text with its URI, for the facts of a named file (an unreadable one decides nothing). */
function manifestText(file: string): { uri: string; text: string }[] {
  const read = readFileBounded(file);
  return 'text' in read ? [{ uri: URI.file(path.resolve(file)).toString(), text: read.text }] : [];
}
