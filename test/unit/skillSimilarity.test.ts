// skill-description-similar: skills a client lists together whose names and descriptions say nearly
// the same thing, by a plain word-overlap score; and the hover's closest neighbours.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { similarPairs, terms, tellsApart, type ComparableSkill } from '../../server/src/core/skills/similarity';
import { listingDiagnostics, listedSkillOf } from '../../server/src/core/skills/listingRule';
import { neighboursHover } from '../../server/src/core/skills/similarHover';
import { analyzeSkill } from '../../server/src/core/skills';
import { InMemoryHost } from '../../server/src/core/workspace/host';

const s = (name: string, description: string): ComparableSkill => ({ name, description });

test('terms: lowercased words without function words, plural s dropped, CJK as character pairs', () => {
  assert.deepEqual(terms('Use this skill when the user deploys Apps to Vercel'), ['deploy', 'app', 'vercel']);
  assert.deepEqual(terms('deploying deployed deployment create creates'), ['deploy', 'deploy', 'deploy', 'creat', 'creat']);
  assert.deepEqual(terms('Queries and class'), ['query', 'class']);
  assert.deepEqual(terms('日本語翻訳'), ['日本', '本語', '語翻', '翻訳']);
});

test('two skills for the same task are a pair; a third about something else is not', () => {
  const pairs = similarPairs([
    s('vercel-deploy', 'Deploy applications and websites to Vercel. Use when the user asks to deploy, push to production or get a preview URL.'),
    s('vercel-deployment', 'Expert knowledge for deploying applications to Vercel: production deployment, preview URLs, hosting.'),
    s('pdf', 'Extract text and tables from PDF files, fill PDF forms.'),
  ]);
  assert.deepEqual(
    pairs.map((p) => [p.a, p.b]),
    [[0, 1]],
  );
  assert.ok(pairs[0]!.score >= 0.5 && pairs[0]!.score <= 1);
});

test('a word of one name the other never mentions tells them apart (aws / azure), however alike the text', () => {
  const aws = s('aws-cost-optimize', 'Analyze AWS resources used in the app and optimize their cost.');
  const azure = s('az-cost-optimize', 'Analyze Azure resources used in the app and optimize their cost.');
  assert.equal(tellsApart(aws, azure), 'aws');
  assert.deepEqual(similarPairs([aws, azure]), []);
  // A shorter name word found as a longer word's start counts as mentioned (prep / prepare).
  assert.equal(tellsApart(s('journal-entry-prep', 'x'), s('journal-entry', 'Prepare journal entries')), undefined);
});

test('a description that names the other skill has already told them apart', () => {
  const review = s('ce-code-review', 'Structured code review of a PR for bugs and tests. Not for resolving PR review feedback; that is ce-resolve-pr-feedback.');
  const resolve = s('ce-resolve-pr-feedback', 'Resolve PR review feedback left on a PR code review.');
  assert.equal(
    similarPairs([review, { ...review, name: 'ce-code-review', description: review.description.replace('ce-resolve-pr-feedback', 'another skill') }, resolve]).length,
    1,
  );
  assert.deepEqual(similarPairs([review, resolve]), []);
});

test('skills of the same name, or without a description, are never a pair', () => {
  assert.deepEqual(similarPairs([s('docs', 'Write the docs'), s('docs', 'Write the docs')]), []);
  assert.deepEqual(similarPairs([s('docs', ''), s('docs-writer', '')]), []);
});

test('in a listing of six or more, words most skills use are boilerplate and do not make a pair', () => {
  const services = ['zoho', 'fixer', 'polygon', 'stripe', 'slack', 'notion', 'linear'];
  const skills = services.map((x) => s(`${x}-automation`, `Automate ${x} tasks via Rube MCP (Composio). Always search tools first for current schemas.`));
  assert.deepEqual(similarPairs(skills), []);
  // The same service twice still is.
  const twice = [...skills, s('zoho_automation', 'Automate zoho tasks via Rube MCP (Composio): records, modules and search.')];
  assert.deepEqual(
    similarPairs(twice).map((p) => [twice[p.a]!.name, twice[p.b]!.name]),
    [['zoho-automation', 'zoho_automation']],
  );
});

const host = new InMemoryHost({});
const listed = (files: Record<string, string>) =>
  Object.entries(files).map(([path, t]) => {
    const uri = `file:///ws/${path}`;
    const a = analyzeSkill(t, uri, host, { checkReferences: false });
    return listedSkillOf(uri, a.skill, undefined, a.frontmatter?.entries.find((e) => e.key === 'disable-model-invocation')?.value)!;
  });
const md = (name: string, description: string, extra = '') => `---\nname: ${name}\ndescription: ${description}\n${extra}---\nBody\n`;
const DEPLOY = 'Deploy applications and websites to Vercel, with preview URLs and production deployments.';
const DEPLOYMENT = 'Vercel deployment of applications to production or preview, with hosting settings.';

test('skill-description-similar: information on both descriptions, each pointing at the other, for the clients that list both', () => {
  const ds = listingDiagnostics(
    listed({
      '.claude/skills/vercel-deploy/SKILL.md': md('vercel-deploy', DEPLOY),
      '.claude/skills/vercel-deployment/SKILL.md': md('vercel-deployment', DEPLOYMENT),
      '.claude/skills/pdf/SKILL.md': md('pdf', 'Extract text and tables from PDF files.'),
    }),
  );
  const a = (ds.get('file:///ws/.claude/skills/vercel-deploy/SKILL.md') ?? []).filter((d) => d.code === 'skill-description-similar');
  const b = (ds.get('file:///ws/.claude/skills/vercel-deployment/SKILL.md') ?? []).filter((d) => d.code === 'skill-description-similar');
  assert.equal(a.length, 1);
  assert.equal(b.length, 1);
  assert.equal(a[0]!.severity, 'information');
  assert.equal(a[0]!.range.start.line, 2, 'on the description');
  assert.match(
    a[0]!.message,
    /^This skill's name and description say nearly the same as those of 'vercel-deployment' \(\.\.\/vercel-deployment\/SKILL\.md\): similarity 0\.\d\d by word overlap, an estimate\./,
  );
  assert.match(a[0]!.message, /\(Claude Code\)$/);
  assert.equal(a[0]!.related?.[0]?.uri, 'file:///ws/.claude/skills/vercel-deployment/SKILL.md');
  assert.equal(ds.get('file:///ws/.claude/skills/pdf/SKILL.md'), undefined);
});

test('skill-description-similar: a skill no client lists (disable-model-invocation) competes with none', () => {
  const ds = listingDiagnostics(
    listed({
      '.claude/skills/vercel-deploy/SKILL.md': md('vercel-deploy', DEPLOY, 'disable-model-invocation: true\n'),
      '.claude/skills/vercel-deployment/SKILL.md': md('vercel-deployment', DEPLOYMENT),
    }),
  );
  assert.deepEqual(
    [...ds.values()].flat().filter((d) => d.code === 'skill-description-similar'),
    [],
  );
});

test('the hover lists the closest skills with their scores, marking those that may compete', () => {
  const skills = [
    { uri: 'file:///ws/.claude/skills/vercel-deploy/SKILL.md', ...s('vercel-deploy', DEPLOY) },
    { uri: 'file:///ws/.claude/skills/vercel-deployment/SKILL.md', ...s('vercel-deployment', DEPLOYMENT) },
    { uri: 'file:///ws/.claude/skills/pdf/SKILL.md', ...s('pdf', 'Extract text and tables from PDF files.') },
  ];
  const h = neighboursHover(skills, 0);
  assert.match(h, /\*\*Closest skills listed with this one\*\*/);
  assert.match(h, /- `vercel-deployment` \(\.\.\/vercel-deployment\/SKILL\.md\): 0\.\d\d \(may compete\)/);
  assert.doesNotMatch(h, /`pdf`/, 'no word in common: not shown');
  assert.equal(neighboursHover([skills[2]!], 0), '');
});

test('skill-description-similar: copies of the other skill in two client folders make one finding, naming the closest copy', () => {
  const ds = listingDiagnostics(
    listed({
      '.agents/skills/vercel-deploy/SKILL.md': md('vercel-deploy', DEPLOY),
      '.agents/skills/vercel-deployment/SKILL.md': md('vercel-deployment', DEPLOYMENT),
      '.github/skills/vercel-deployment/SKILL.md': md('vercel-deployment', DEPLOYMENT),
    }),
  );
  const own = (ds.get('file:///ws/.agents/skills/vercel-deploy/SKILL.md') ?? []).filter((d) => d.code === 'skill-description-similar');
  assert.equal(own.length, 1, own.map((d) => d.message).join('\n'));
  assert.match(own[0]!.message, /\(\.\.\/vercel-deployment\/SKILL\.md\)/);
});
