/**
 * The names a world defines (agent ids, node ids, prompt paths) and every place that uses
 * them, in world.json, prompts, world.eval.md and world.layout.json. Shared by definition,
 * references, rename and hover.
 */
import type { Node } from 'jsonc-parser';
import { boundedParseTree } from '../text/jsonDepth';
import { LineIndex, trimEndWhere } from '../text/text';

const isLabelTail = (c: string) => c === '.' || c === '_' || c === '-';
import { rangeContains, type Position, type Range } from '../types';
import { evalReferences } from './evalContract';
import { normalizeMentionLabel, resolveAlias, resolveMentions } from './mentions';
import type { StrRef, WorldModel } from './model';

export type WorldSymbol = { kind: 'agent'; id: string } | { kind: 'node'; id: string } | { kind: 'human' } | { kind: 'promptPath'; agentId: string };

export interface Occurrence {
  symbol: WorldSymbol;
  uri: string;
  /** What a click hits (quotes included for JSON strings; `@` included for mentions). */
  range: Range;
  /** What rename replaces (undefined: found for references but left alone on rename). */
  editRange?: Range;
  isDefinition: boolean;
}

/** A document of the world other than world.json. */
export interface WorldDocument {
  uri: string;
  text: string;
}

/** The documents that may reference a world's names. */
export interface WorldDocuments {
  prompts: WorldDocument[];
  eval?: WorldDocument;
  layout?: WorldDocument;
}

const agent = (id: string): WorldSymbol => ({ kind: 'agent', id });
const node = (id: string): WorldSymbol => ({ kind: 'node', id });

/** Every occurrence of a name inside world.json. */
export function worldJsonOccurrences(world: WorldModel): Occurrence[] {
  const out: Occurrence[] = [];
  const uri = world.uri;
  const ref = (symbol: WorldSymbol, s: StrRef | undefined, editable = true) => {
    if (s) out.push(editable ? { symbol, uri, range: s.range, editRange: s.inner, isDefinition: false } : { symbol, uri, range: s.range, isDefinition: false });
  };
  for (const a of world.agents.values()) {
    out.push({ symbol: agent(a.id), uri, range: a.keyRange, editRange: a.keyInner, isDefinition: true });
    if (a.promptPath) ref({ kind: 'promptPath', agentId: a.id }, a.promptPath, false);
  }
  for (const n of world.nodes.values()) {
    out.push({ symbol: node(n.id), uri, range: n.keyRange, editRange: n.keyInner, isDefinition: true });
    if (n.agent) ref(agent(n.agent.value), n.agent);
    for (const r of n.requires) ref(node(r.value), r);
  }
  ref(node(world.entry?.value ?? ''), world.entry);
  for (const e of world.edges.values()) {
    if (e.source === 'human') out.push({ symbol: { kind: 'human' }, uri, range: e.keyRange, isDefinition: false });
    else out.push({ symbol: node(e.source), uri, range: e.keyRange, editRange: e.keyInner, isDefinition: false });
    for (const t of e.targets) ref(node(t.value), t);
  }
  for (const s of [world.entryAgent, world.worldEntryAgent, world.noMentionFromHumanGoesTo]) ref(agent(s?.value ?? ''), s);
  if (world.mainAgent) {
    const id = resolveAlias(world.aliases, world.mainAgent.value);
    // Rename only rewrites a mainAgent spelled as the id; a display-name alias stays valid.
    if (id !== undefined) ref(agent(id), world.mainAgent, world.mainAgent.value === id);
  }
  return out;
}

/** Paragraph-start mentions in a prompt (or any Markdown) resolving to agents. */
export function mentionOccurrences(doc: WorldDocument, world: WorldModel): Occurrence[] {
  const out: Occurrence[] = [];
  for (const m of resolveMentions(doc.text, world.aliases)) {
    if (m.agentId === undefined) continue;
    const occ: Occurrence = { symbol: agent(m.agentId), uri: doc.uri, range: m.range, isDefinition: false };
    if (m.via === 'single' && normalizeMentionLabel(m.token) === normalizeMentionLabel(m.agentId)) {
      const len = trimEndWhere(m.token, isLabelTail).length;
      occ.editRange = { start: m.wordRange.start, end: { line: m.wordRange.start.line, character: m.wordRange.start.character + len } };
    }
    out.push(occ);
  }
  return out;
}

/** Agent and node names in world.eval.md: case fields, and mentions inside message contents. */
export function evalOccurrences(doc: WorldDocument, world: WorldModel): Occurrence[] {
  const out: Occurrence[] = [];
  for (const r of evalReferences(doc.text)) {
    if (r.kind === 'node') {
      if (world.nodes.has(r.value)) out.push({ symbol: node(r.value), uri: doc.uri, range: r.range, editRange: r.inner, isDefinition: false });
      continue;
    }
    const id = resolveAlias(world.aliases, r.value);
    if (id === undefined) continue;
    const occ: Occurrence = { symbol: agent(id), uri: doc.uri, range: r.range, isDefinition: false };
    if (normalizeMentionLabel(r.value) === normalizeMentionLabel(id)) occ.editRange = r.inner;
    out.push(occ);
  }
  for (const x of contentMentions(doc, world)) out.push(x);
  return out;
}

/** Mentions inside JSON string values of the eval's fences, mapped back to raw positions. */
function contentMentions(doc: WorldDocument, world: WorldModel): Occurrence[] {
  const out: Occurrence[] = [];
  const index = new LineIndex(doc.text);
  const re = /```json[^\S\r\n]*\r?\n([\s\S]*?)```/g;
  for (let m = re.exec(doc.text); m; m = re.exec(doc.text)) {
    const base = m.index + m[0].length - 3 - m[1]!.length;
    const visit = (n: Node) => {
      if (n.type === 'string' && typeof n.value === 'string' && n.value.includes('@')) {
        const raw = doc.text.slice(base + n.offset + 1, base + n.offset + n.length - 1);
        let from = 0;
        for (const men of resolveMentions(n.value, world.aliases)) {
          const at = raw.indexOf('@' + men.token, from);
          if (at < 0 || men.agentId === undefined) continue;
          from = at + 1;
          const s = base + n.offset + 1 + at;
          const shown = men.via === 'pair' ? men.candidates[0]!.length : men.token.length;
          const occ: Occurrence = { symbol: agent(men.agentId), uri: doc.uri, range: { start: index.positionAt(s), end: index.positionAt(s + 1 + shown) }, isDefinition: false };
          if (men.via === 'single' && normalizeMentionLabel(men.token) === normalizeMentionLabel(men.agentId)) {
            occ.editRange = { start: index.positionAt(s + 1), end: index.positionAt(s + 1 + trimEndWhere(men.token, isLabelTail).length) };
          }
          out.push(occ);
        }
      }
      for (const c of n.children ?? []) visit(c);
    };
    const { root } = boundedParseTree(m[1]!, [], { disallowComments: true });
    if (root) visit(root);
  }
  return out;
}

/** Node keys of world.layout.json (`__human__` is Studio's pseudo-node). */
export function layoutOccurrences(doc: WorldDocument, world: WorldModel): Occurrence[] {
  const out: Occurrence[] = [];
  const { root } = boundedParseTree(doc.text, [], { disallowComments: true });
  const nodes = root?.type === 'object' ? root.children?.find((p) => p.children?.[0]?.value === 'nodes')?.children?.[1] : undefined;
  if (nodes?.type !== 'object') return out;
  const index = new LineIndex(doc.text);
  for (const p of nodes.children ?? []) {
    const k = p.children?.[0];
    if (!k || typeof k.value !== 'string' || !world.nodes.has(k.value)) continue;
    out.push({
      symbol: node(k.value),
      uri: doc.uri,
      range: { start: index.positionAt(k.offset), end: index.positionAt(k.offset + k.length) },
      editRange: { start: index.positionAt(k.offset + 1), end: index.positionAt(k.offset + k.length - 1) },
      isDefinition: false,
    });
  }
  return out;
}

/** All occurrences of every name across the world's documents. */
export function allOccurrences(world: WorldModel, docs: WorldDocuments): Occurrence[] {
  return [
    ...worldJsonOccurrences(world),
    ...docs.prompts.flatMap((d) => mentionOccurrences(d, world)),
    ...(docs.eval ? evalOccurrences(docs.eval, world) : []),
    ...(docs.layout ? layoutOccurrences(docs.layout, world) : []),
  ];
}

export function sameSymbol(a: WorldSymbol, b: WorldSymbol): boolean {
  if (a.kind !== b.kind) return false;
  if (a.kind === 'agent' || a.kind === 'node') return a.id === (b as { id: string }).id;
  if (a.kind === 'promptPath') return a.agentId === (b as { agentId: string }).agentId;
  return true;
}

/** The occurrence under the cursor in a list (first hit). */
export function occurrenceAt(occurrences: Occurrence[], position: Position): Occurrence | undefined {
  return occurrences.find((o) => rangeContains(o.range, position));
}
