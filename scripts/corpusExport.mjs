#!/usr/bin/env node
/**
 * `node scripts/corpusExport.mjs DIR GITDIR…`: exports the newest commit of each fetched
 * repository (a bare git directory, as the search tool's `fetch` leaves it) into DIR/owner+name
 * for the precision lab (`npm run corpus -- DIR`), and records `owner/name<TAB>commit` in
 * DIR/manifest.tsv. Files the snapshot lacks (4 MiB and more, Git LFS) are written empty, so that
 * a link to one still finds a file as it would in the repository; those named as agent files
 * (SKILL.md, AGENTS.md, a manifest…) are skipped instead, so that no empty one is checked. Symbolic links
 * are kept as links, since real trees have them and the product must treat them right; submodules
 * are left out. The repository's name is read from the git directory's path (`…/owner+name/…`).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve, sep } from 'node:path';

const [dir, ...gitDirs] = process.argv.slice(2);
if (!dir || gitDirs.length === 0) {
  process.stderr.write('usage: node scripts/corpusExport.mjs DIR GITDIR...\n');
  process.exit(2);
}

/** Names the product checks as agent files: an empty stand-in for one would be checked as written. */
const AGENT_FILE = /(?:^|\/)(?:SKILL\.md|AGENTS?\.md|CLAUDE\.md|GEMINI\.md|[^/]*\.(?:json|jsonc|toml|ya?ml|3md|mdc))$/i;

const git = (gitDir, args, input) => execFileSync('git', ['--git-dir', gitDir, ...args], { input, maxBuffer: 1 << 30 });

/** The tree's entries: blobs and links with their object ids; submodules are dropped. */
function entries(gitDir) {
  const out = git(gitDir, ['ls-tree', '-r', '-z', 'HEAD']).toString('utf8');
  return out
    .split('\0')
    .filter(Boolean)
    .map((line) => {
      const tab = line.indexOf('\t');
      const [mode, type, id] = line.slice(0, tab).split(' ');
      return { mode, type, id, path: line.slice(tab + 1) };
    })
    .filter((e) => e.type === 'blob');
}

/** Reads the objects through one `git cat-file --batch`, calling `onObject(id, content | null)`. */
function readObjects(gitDir, ids, onObject) {
  return new Promise((done, fail) => {
    const child = spawn('git', ['--git-dir', gitDir, 'cat-file', '--batch'], { stdio: ['pipe', 'pipe', 'inherit'] });
    let buffer = Buffer.alloc(0);
    let index = 0;
    child.stdout.on('data', (chunk) => {
      buffer = Buffer.concat([buffer, chunk]);
      for (;;) {
        const eol = buffer.indexOf(10);
        if (eol < 0) return;
        const header = buffer.subarray(0, eol).toString();
        if (header.endsWith(' missing')) {
          onObject(ids[index++], null);
          buffer = buffer.subarray(eol + 1);
          continue;
        }
        const size = Number(header.split(' ')[2]);
        if (buffer.length < eol + 1 + size + 1) return;
        onObject(ids[index++], buffer.subarray(eol + 1, eol + 1 + size));
        buffer = buffer.subarray(eol + 1 + size + 1);
      }
    });
    child.on('error', fail);
    child.on('close', (code) => (code === 0 ? done() : fail(new Error(`git cat-file exited ${code}`))));
    child.stdin.end(ids.join('\n') + '\n');
  });
}

function repositoryName(gitDir) {
  const part = resolve(gitDir)
    .split(sep)
    .find((p) => p.includes('+'));
  if (!part) throw new Error(`${gitDir}: no owner+name folder in the path`);
  return part;
}

const manifestPath = join(dir, 'manifest.tsv');
const manifest = new Map(
  existsSync(manifestPath)
    ? readFileSync(manifestPath, 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((l) => l.split('\t'))
    : [],
);

for (const gitDir of gitDirs) {
  const folder = repositoryName(gitDir);
  const into = join(dir, folder);
  const commit = git(gitDir, ['rev-parse', 'HEAD']).toString().trim();
  rmSync(into, { recursive: true, force: true });
  const files = entries(gitDir);
  const byId = new Map();
  for (const e of files) byId.set(e.id, [...(byId.get(e.id) ?? []), e]);
  let skipped = 0;
  let stubbed = 0;
  await readObjects(gitDir, [...byId.keys()], (id, content) => {
    for (const e of byId.get(id)) {
      if (content === null && AGENT_FILE.test(e.path)) {
        skipped++;
        continue;
      }
      const target = join(into, e.path);
      mkdirSync(dirname(target), { recursive: true });
      if (content === null) {
        stubbed++;
        writeFileSync(target, '');
      } else if (e.mode === '120000') symlinkSync(content.toString('utf8'), target);
      else writeFileSync(target, content, { mode: e.mode === '100755' ? 0o755 : 0o644 }); // the bit git records: hook rules read it
    }
  });
  // An empty .git folder: the checks that need a whole repository (its root holds .git) see one, as in a checkout.
  mkdirSync(join(into, '.git'), { recursive: true });
  manifest.set(folder.replace('+', '/'), commit);
  const absent = [skipped ? `${skipped} absent` : '', stubbed ? `${stubbed} written empty` : ''].filter(Boolean);
  process.stdout.write(`${folder}\t${commit}\t${files.length - skipped} files${absent.length ? `, ${absent.join(', ')}` : ''}\n`);
}

mkdirSync(dir, { recursive: true });
writeFileSync(manifestPath, [...manifest].map(([name, commit]) => `${name}\t${commit}\n`).join(''));
