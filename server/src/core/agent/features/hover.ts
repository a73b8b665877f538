/**
 * Hover in a 3md document: a skill's manifest card, link previews, trigger overlaps, key docs,
 * and the route tester: `route("…")` written anywhere shows the live ranking.
 */
import { MarkupKind, type Hover } from 'vscode-languageserver-types';
import { rangeContains, type Position, type Range } from '../../types';
import type { ThreeMdAnalysis } from '../threemdAnalysis';
import { skillOf, type Skill } from '../model';
import { findCommandCalls, findRouteCalls } from '../routeCalls';
import { routeWords } from '../runtime';
import type { Plane } from '../../threemd/plane';
import { ATTRIBUTES, FRONTMATTER_KEYS, INPUT_TYPE_DOCS, KINDS } from './docs';
import { locate, planeByZ } from './locate';
import { fenced } from '../../text/markdownFence';

const md = (value: string, range?: Range): Hover => ({ contents: { kind: MarkupKind.Markdown, value }, range });
const code = (s: string) => '`' + s.replace(/`/g, 'ˋ') + '`';
/** Escapes text for a Markdown table cell. */
const cell = (s: string) => s.replace(/\|/g, '\\|').replace(/\n/g, ' ');

export function hover(a: ThreeMdAnalysis, pos: Position): Hover | null {
  const line = a.doc.line(pos.line) ?? '';
  const call = findRouteCalls(line, pos.line).find((c) => rangeContains(c.range, pos));
  const commands = findCommandCalls(line, pos.line);
  if (call && a.isAgent) {
    const h = routeHover(a, call.request, call.range);
    for (const c of commands) {
      if (c.refused) (h.contents as { value: string }).value += `\n\n**command(${JSON.stringify(c.skill)})** on this line: ${c.refused}.`;
      else if (a.runtime.get(c.skill)?.tool) (h.contents as { value: string }).value += `\n\n${filledCommand(a, c.skill, c.values, ' on this line')}`;
    }
    return h;
  }
  const cmd = commands.find((c) => rangeContains(c.range, pos));
  if (cmd && a.isAgent) return cmd.refused ? md(`**command(${JSON.stringify(cmd.skill)})**\n\n${cmd.refused}.`, cmd.range) : commandHover(a, cmd.skill, cmd.values, cmd.range);

  const t = locate(a, pos);
  if (!t) return null;
  switch (t.kind) {
    case 'label':
      return a.isAgent && t.plane !== a.model.identity ? md(skillCard(a, skillOf(t.plane)), t.attr.valueRange) : null;
    case 'link':
      return linkHover(a, t.link.targetZ, t.link.range);
    case 'dependency':
      return linkHover(a, t.dep.z, t.dep.range);
    case 'trigger':
      return md(triggerOverlap(a, t.skill, t.span.text), t.span.range);
    case 'inputType':
      return INPUT_TYPE_DOCS[t.input.type] ? md(`**${t.input.type}**: ${INPUT_TYPE_DOCS[t.input.type]}`, t.input.typeSpan!.range) : null;
    case 'field': {
      const doc = FRONTMATTER_KEYS[t.field.key.toLowerCase()];
      return t.part === 'key' && doc ? md(`**${t.field.key}**: ${doc}`, t.field.keyRange) : null;
    }
    case 'attribute': {
      const attrDoc = ATTRIBUTES[t.attr.key];
      if (t.attr.key === 'kind' && rangeContains(t.attr.valueRange, pos) && KINDS[t.attr.value]) return md(`**kind=${t.attr.value}**: ${KINDS[t.attr.value]}`, t.attr.valueRange);
      return attrDoc && rangeContains(t.attr.keyRange, pos) ? md(`**${t.attr.key}**: ${attrDoc}`, t.attr.keyRange) : null;
    }
    case 'z':
    case 'input':
    case 'placeholder':
    case 'binary':
    case 'toolsEntry':
    case 'keyword':
      return null;
  }
}

/** A skill as the manifest sees it, plus its typed inputs and resolved dependency chain. */
export function skillCard(a: ThreeMdAnalysis, s: Skill): string {
  const out = [`### ${s.name}  ·  z=${s.z}`];
  out.push(`**Triggers:** ${s.triggers.length ? s.triggers.map((t) => code(t.text)).join(', ') : '_none: it can never be routed to_'}`);
  if (s.inputs.length) out.push(`**Inputs:** ${s.inputs.map((i) => `${code(i.name)}: ${i.type}${i.required ? '' : '?'}`).join(', ')}`);
  out.push(`**Tool:** ${s.tool ? code(s.tool) : '_none (guidance only)_'}`);
  if (s.cost !== null) out.push(`**Cost:** ${code(s.cost)}`);
  const chain = a.runtime.resolve(s.z);
  if (chain.length > 1) out.push(`**Resolves to:** ${chain.map((x) => code(x.name)).join(' → ')}`);
  return out.join('\n\n');
}

function linkHover(a: ThreeMdAnalysis, z: number, range: Range): Hover {
  const p = planeByZ(a, z);
  if (!p) return md(`No plane has z=${z}.`, range);
  return md(`**${p.label ?? `plane z=${z}`}**  ·  z=${z}\n\n${preview(p)}`, range);
}

function preview(p: Plane): string {
  const lines = p.body.split('\n').slice(0, 6);
  return lines.length && lines[0] ? lines.map((l) => `> ${l}`).join('\n') : '_(empty body)_';
}

/** Phrases of other skills with the same word set, or whose words include this one's (they fire together). */
function triggerOverlap(a: ThreeMdAnalysis, self: Skill, phrase: string): string {
  const words = new Set(routeWords(phrase));
  if (!words.size) return `${code(phrase)} has no words: it can never match.`;
  const same: string[] = [];
  const wider: string[] = [];
  for (const s of a.runtime.skills) {
    if (s.z === self.z) continue;
    for (const t of s.triggers) {
      const other = new Set(routeWords(t.text));
      if (!other.size) continue;
      const sub = [...other].every((w) => words.has(w));
      if (sub && other.size === words.size) same.push(`${code(s.name)} (${code(t.text)})`);
      else if (sub) wider.push(`${code(s.name)} (${code(t.text)})`);
    }
  }
  const out = [`Matches any request containing: ${[...words].map(code).join(' + ')}`];
  out.push(same.length ? `**Same word set:** ${same.join(', ')}` : 'No other skill has the same word set.');
  if (wider.length) out.push(`**Also fire on every such request:** ${wider.join(', ')}`);
  return out.join('\n\n');
}

/** The hover route tester. */
export function routeHover(a: ThreeMdAnalysis, request: string, range: Range): Hover {
  const results = a.runtime.route(request);
  const out = [`**route(${JSON.stringify(request)})**`];
  if (!results.length) out.push('No skill matches this request.');
  else {
    out.push('| # | skill | z | score | matched phrases |', '|---|---|---|---|---|');
    results.slice(0, 10).forEach((r, i) => out.push(`| ${i + 1} | ${cell(r.skill.name)} | ${r.skill.z} | ${r.score} | ${cell(r.hits.join(', '))} |`));
    if (results.length > 10) out.push(`…and ${results.length - 10} more`);
    const top = results[0]!.skill;
    if (top.tool) out.push(`Top skill's command: ${code(top.tool)}`);
  }
  return md(out.join('\n'), range);
}

function commandHover(a: ThreeMdAnalysis, skill: string, values: Record<string, unknown>, range: Range): Hover {
  const s = a.runtime.get(skill);
  if (!s) return md(`No skill named ${code(skill)}.`, range);
  return md(s.tool ? filledCommand(a, skill, values, '') : `${code(skill)} has no tool (guidance only).`, range);
}

/** The filled command as a code block, or why it cannot be filled. */
function filledCommand(a: ThreeMdAnalysis, skill: string, values: Record<string, unknown>, where: string): string {
  const r = a.runtime.fillChecked(skill, values, { allowMissing: true });
  const head = `**command(${JSON.stringify(skill)})**${where}`;
  if (r.command === null) return `${head}: not filled\n\n${r.problems.map((p) => `- ${cell(p)}`).join('\n')}`;
  return `${head}${where ? ':' : ''}\n\n${fenced(r.command, 'sh')}`;
}
