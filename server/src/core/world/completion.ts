/**
 * Value completion for world.json (references and enums a schema cannot list), `@` and snippet
 * completion in prompt files, and value completion in world.eval.md cases.
 */
import { getLocation, type JSONPath, type Node } from 'jsonc-parser';
import { CompletionItemKind, InsertTextFormat, type CompletionItem } from 'vscode-languageserver-types';
import type { IWorkspaceHost } from '../workspace/host';
import { LineIndex } from '../text/text';
import type { Position, Range } from '../types';
import { parseEvalBlocks } from './evalContract';
import type { WorldModel } from './model';
import { resolveRelative } from './paths';
import { BLOCKED_CODES, CONTEXT_SCOPES, DEFAULT_STOP_TOKEN, RESULT_TYPES, STEP_COMMANDS, WORKFLOW_PATTERNS, WORLD_MODES } from './patterns';

const is = (path: JSONPath, ...want: (string | number | '*')[]) => path.length === want.length && want.every((w, i) => w === '*' || w === path[i]);

interface ValueSlot {
  /** Range replaced by a chosen value (the string token under the cursor, or an empty range). */
  range: Range;
}

function slot(index: LineIndex, offset: number, prev: Node | undefined): ValueSlot {
  if (prev && prev.type === 'string' && offset > prev.offset && offset <= prev.offset + prev.length) {
    return { range: { start: index.positionAt(prev.offset), end: index.positionAt(prev.offset + prev.length) } };
  }
  const p = index.positionAt(offset);
  return { range: { start: p, end: p } };
}

function valueItem(label: string, kind: CompletionItemKind, s: ValueSlot, detail?: string, sortText?: string, documentation?: string): CompletionItem {
  const item: CompletionItem = { label, kind, textEdit: { range: s.range, newText: JSON.stringify(label) }, filterText: JSON.stringify(label) };
  if (detail) item.detail = detail;
  if (sortText) item.sortText = sortText;
  if (documentation) item.documentation = { kind: 'markdown', value: documentation };
  return item;
}

/** Completion at a position of world.json. `host` lists prompt files. */
export function worldCompletion(world: WorldModel, position: Position, host: IWorkspaceHost): CompletionItem[] {
  const offset = world.index.offsetAt(position);
  const loc = getLocation(world.text, offset);
  const path = loc.path;
  const s = slot(world.index, offset, loc.previousNode);
  const agents = () => [...world.agents.values()].map((a) => valueItem(a.id, CompletionItemKind.Reference, s, a.role ?? 'agent'));
  const nodes = () => [...world.nodes.values()].map((n) => valueItem(n.id, CompletionItemKind.Reference, s, n.agent ? `node → ${n.agent.value}` : 'node'));
  if (loc.isAtPropertyKey) {
    if (is(path, 'workflow', 'edges', '*')) {
      const used = new Set(world.edges.keys());
      return [...nodes(), valueItem('human', CompletionItemKind.Keyword, s, 'where human mentions may enter')].filter((i) => !used.has(i.label));
    }
    return [];
  }
  if (is(path, 'workflow', 'type')) {
    return WORKFLOW_PATTERNS.map((p, i) =>
      valueItem(p.id, CompletionItemKind.EnumMember, s, p.isDefault ? p.label : 'explicit custom only', String(i).padStart(2, '0'), p.description),
    );
  }
  if (is(path, 'world', 'mode')) return WORLD_MODES.map((m) => valueItem(m, CompletionItemKind.EnumMember, s));
  if (is(path, 'agents', '*', 'contextScope')) return CONTEXT_SCOPES.map((m) => valueItem(m, CompletionItemKind.EnumMember, s));
  if (
    is(path, 'workflow', 'nodes', '*', 'agent') ||
    is(path, 'workflow', 'entryAgent') ||
    is(path, 'world', 'entryAgent') ||
    is(path, 'world', 'mainAgent') ||
    is(path, 'routing', 'noMentionFromHumanGoesTo')
  ) {
    return agents();
  }
  if (is(path, 'workflow', 'entry') || is(path, 'workflow', 'nodes', '*', 'requires', '*') || is(path, 'workflow', 'edges', '*', '*')) return nodes();
  if (is(path, 'agents', '*', 'promptPath')) return promptFiles(world, host, s);
  if (is(path, 'world', 'stopToken') || is(path, 'routing', 'stopToken')) return [valueItem(DEFAULT_STOP_TOKEN, CompletionItemKind.Value, s, 'default')];
  if (is(path, 'world', 'turnLimit'))
    return numberItems(s, [
      ['30', 'default'],
      ['8', 'free-mention init value'],
    ]);
  if (is(path, 'agents', '*', 'contextLimit')) return numberItems(s, [['18', 'default']]);
  return [];
}

function numberItems(s: ValueSlot, values: [string, string][]): CompletionItem[] {
  return values.map(([v, detail]) => ({ label: v, kind: CompletionItemKind.Value, detail, textEdit: { range: s.range, newText: v } }));
}

function promptFiles(world: WorldModel, host: IWorkspaceHost, s: ValueSlot): CompletionItem[] {
  const dir = resolveRelative(world.dirUri, 'prompts');
  return host
    .readDirectory(dir)
    .filter((n) => /\.md$/i.test(n))
    .map((n) => valueItem(`prompts/${n}`, CompletionItemKind.File, s));
}

const SNIPPETS: [string, string, string][] = [
  ['<world>pass</world>', '<world>pass</world>', 'Default stop token: ends the run'],
  ['<world>STOP</world>', '<world>STOP</world>', 'Completion tag: ends the run'],
  ['<world>DONE</world>', '<world>DONE</world>', 'Completion tag: ends the run'],
  ['<world>PASS</world>', '<world>PASS</world>', 'Completion tag: ends the run'],
  ['<world>TO:a,b</world>', '<world>TO: ${1:agent}, ${2:agent}</world>', 'Explicit targets: replaces the paragraph mentions when one resolves'],
  [
    'agent-world-host-action',
    '```agent-world-host-action\n{ "kind": "${1|file_write_batch,file_patch,shell,read_file,list_files|}", "reason": "${2:why}", "approval": "${3:required}", "payload": {$0} }\n```',
    'Ask the host to run a tool for this agent',
  ],
  ['rule: paragraph-start handoff', 'Put handoff mentions at the beginning of a paragraph.', 'Satisfies the eval mention-protocol check'],
  ['rule: no direct tools', 'Do not call tools yourself; request host actions only.', 'Satisfies the eval direct-tool check'],
  ['rule: stop token', 'End final responses with `${1:<world>pass</world>}`.', 'Satisfies the eval stop-token check'],
];

/** Completion in a prompt file: agents after `@`, otherwise the Agent World snippets. */
export function promptCompletion(text: string, position: Position, world: WorldModel): CompletionItem[] {
  const index = new LineIndex(text);
  const offset = index.offsetAt(position);
  let a = offset;
  while (a > 0 && /[A-Za-z0-9_.-]/.test(text[a - 1]!)) a--;
  if (a > 0 && text[a - 1] === '@') {
    const range = { start: index.positionAt(a), end: position };
    const items: CompletionItem[] = [];
    for (const ag of world.agents.values()) {
      items.push({ label: ag.id, kind: CompletionItemKind.Reference, detail: ag.role ?? 'agent', textEdit: { range, newText: ag.id } });
      if (ag.name && ag.name.value !== ag.id) {
        items.push({ label: ag.name.value, kind: CompletionItemKind.Reference, detail: `name of ${ag.id}`, textEdit: { range, newText: ag.name.value } });
      }
    }
    return items;
  }
  return SNIPPETS.map(([label, body, detail]) => ({
    label: label === '<world>pass</world>' && world.stopToken !== DEFAULT_STOP_TOKEN ? world.stopToken : label,
    kind: CompletionItemKind.Snippet,
    detail,
    insertTextFormat: InsertTextFormat.Snippet,
    insertText: label === '<world>pass</world>' ? world.stopToken.replace(/[$}\\]/g, '\\$&') : body,
  }));
}

/** Value completion inside a ```json case of world.eval.md. */
export function evalCompletion(text: string, position: Position, world: WorldModel): CompletionItem[] {
  const index = new LineIndex(text);
  const offset = index.offsetAt(position);
  const block = parseEvalBlocks(text).find((b) => offset >= b.offset && offset <= b.offset + b.content.length);
  if (!block) return [];
  const loc = getLocation(block.content, offset - block.offset);
  if (loc.isAtPropertyKey) return [];
  const path = loc.path.filter((p) => typeof p === 'string');
  const last = path[path.length - 1];
  const parent = path[path.length - 2];
  const prev = loc.previousNode ? { ...loc.previousNode, offset: loc.previousNode.offset + block.offset } : undefined;
  const s = slot(index, offset, prev);
  const list = (values: readonly string[], kind: CompletionItemKind) => values.map((v) => valueItem(v, kind, s));
  if (parent === 'expect' && last === 'type') return list(RESULT_TYPES, CompletionItemKind.EnumMember);
  if (parent === 'expect' && last === 'code') return list(BLOCKED_CODES, CompletionItemKind.EnumMember);
  if (parent === 'expect' && last === 'workflowNode') return list([...world.nodes.keys()], CompletionItemKind.Reference);
  if (last === 'agent' || last === 'completeAgent') return list([...world.agents.keys()], CompletionItemKind.Reference);
  if (last === 'command') return list(STEP_COMMANDS, CompletionItemKind.EnumMember);
  return [];
}
