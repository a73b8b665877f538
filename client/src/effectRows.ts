/**
 * The rows of the "What the agent sees" view, from the server's `agentFiles/effect` answer: per
 * client its instruction chain (each file with its bytes and why it is loaded, Codex's cut point
 * and cap), then its skill listing (each skill's share of the budget, the cut ones marked). Pure:
 * the view (effectView.ts) turns rows into tree items, and the e2e tests read them back.
 */
import type { EffectResult } from '../../server/src/lsp/protocol';
import { budgetBar, byteSize } from '../../server/src/core/effect/bar';

export interface EffectRow {
  id: string;
  label: string;
  description?: string;
  tooltip?: string;
  /** A codicon id. */
  icon?: string;
  /** What a click opens, and where (0-based). */
  open?: { uri: string; line?: number; character?: number };
  children?: EffectRow[];
}

/** The instruction clients and the skill listing each one builds (by the listing's id). */
const LISTING_OF: Record<string, string> = { 'Codex (AGENTS.md)': 'codex', 'Claude Code': 'claude-code', 'GitHub Copilot': 'copilot' };
const STATE_TEXT = { full: 'listed in full', shortened: 'shortened', 'name-only': 'name only', 'left-out': 'left out' } as const;
const STATE_ICON = { full: 'pass', shortened: 'warning', 'name-only': 'warning', 'left-out': 'error' } as const;

const n = (x: number) => x.toLocaleString('en-US');
const percent = (part: number, whole: number) => `${whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0}%`;

type Instructions = EffectResult['instructions'][number];
type Listing = EffectResult['listings'][number];

/** The rows for one answer; `rel` names a URI for display (relative to the workspace). */
export function effectRows(r: EffectResult, rel: (uri: string) => string): EffectRow[] {
  const listings = new Map(r.listings.map((l) => [l.id, l]));
  const used = new Set<string>();
  const rows = r.instructions.map((c) => {
    const listing = listings.get(LISTING_OF[c.client] ?? '');
    if (listing) used.add(listing.id);
    return clientRow(c, listing, rel);
  });
  // A listing whose client has no instruction row of its own.
  for (const l of r.listings) if (!used.has(l.id)) rows.push({ id: `listing:${l.id}`, label: l.client, icon: 'hubot', children: [listingRow(l, rel)] });
  return rows;
}

function clientRow(c: Instructions, listing: Listing | undefined, rel: (uri: string) => string): EffectRow {
  const files: EffectRow[] = c.items.map((i, k) => fileRow(c, i, k, rel));
  const config: EffectRow[] = [
    ...(c.config?.errors ?? []).map((e) => ({
      id: `${c.client}:config-error:${e.uri}`,
      label: rel(e.uri),
      description: `not valid TOML at line ${e.line + 1}: its settings are left out`,
      tooltip: `${e.message}. Codex refuses to start on it in a trusted project, and ignores it with a warning in an untrusted one.`,
      icon: 'error',
      open: { uri: e.uri, line: e.line, character: e.character },
    })),
    ...(c.config?.sources ?? []).map((s) => ({
      id: `${c.client}:config:${s}`,
      label: rel(s),
      description: 'settings: fallback names, cap',
      icon: 'settings-gear',
      open: { uri: s },
    })),
  ];
  const children = [...files, ...config, ...(listing ? [listingRow(listing, rel)] : [])];
  if (!c.items.length) children.unshift({ id: `${c.client}:none`, label: 'no instruction file', description: c.order, icon: 'circle-slash' });
  return {
    id: `client:${c.client}`,
    label: c.client,
    description: c.budget ? budgetBar(c.budget.used, c.budget.limit, c.budget.unit) : filesText(c),
    tooltip: c.order,
    icon: 'hubot',
    children,
  };
}

/** A chain without a cap: how many files it loads and their size in all. */
function filesText(c: Instructions): string {
  const loaded = c.items.filter((i) => !i.setting);
  const bytes = loaded.reduce((sum, i) => sum + (i.bytes ?? 0), 0);
  return `${loaded.length} file${loaded.length === 1 ? '' : 's'}${bytes > 0 ? `, ${byteSize(bytes)}` : ''}`;
}

function fileRow(c: Instructions, i: Instructions['items'][number], k: number, rel: (uri: string) => string): EffectRow {
  const cut = i.read !== undefined && i.bytes !== undefined && i.read < i.bytes;
  const why = i.bytes !== undefined && i.read === undefined ? `${byteSize(i.bytes)} · ${i.why}` : i.why;
  const row: EffectRow = {
    id: `${c.client}:${i.setting ? `setting:${k}` : 'file'}:${i.uri}`,
    label: i.setting ? rel(i.uri) : `${k + 1}. ${rel(i.uri)}`,
    description: why,
    tooltip: `${rel(i.uri)}: ${why}`,
    icon: i.setting ? 'settings-gear' : cut ? (i.read === 0 ? 'error' : 'warning') : 'file',
    open: { uri: i.uri, ...(i.cutAt ? { line: i.cutAt.line, character: i.cutAt.character } : {}) },
  };
  if (!cut) return row;
  const stop: EffectRow = i.cutAt
    ? {
        id: `${c.client}:cut:${i.uri}`,
        label: `Codex stops here at line ${i.cutAt.line + 1}`,
        description: `the last ${n(i.bytes! - i.read!)} bytes never reach it`,
        icon: 'debug-breakpoint-log',
        open: { uri: i.uri, line: i.cutAt.line, character: i.cutAt.character },
      }
    : { id: `${c.client}:cut:${i.uri}`, label: 'Codex never reads this file', description: 'the cap is spent before it', icon: 'circle-slash', open: { uri: i.uri } };
  return { ...row, children: [stop] };
}

function listingRow(l: Listing, rel: (uri: string) => string): EffectRow {
  const cut = l.entries.filter((e) => e.state !== 'full').length;
  return {
    id: `listing:${l.id}`,
    label: `Skill listing: ${l.entries.length} skill${l.entries.length === 1 ? '' : 's'}${cut ? `, ${cut} cut` : ''}`,
    description: budgetBar(Math.min(l.used, l.budget), l.budget, l.unit),
    tooltip: `Budget ${n(l.budget)} ${l.unit} (${l.budgetNote}); every skill in full would need ${n(l.needed)}. ${l.order}.`,
    icon: cut ? 'warning' : 'list-flat',
    children: l.entries.map((e) => {
      const state = e.atLeast ? `${STATE_TEXT[e.atLeast]} at least (${STATE_TEXT[e.state]} with this budget)` : `${e.certain ? '' : 'may be '}${STATE_TEXT[e.state]}`;
      const kept = e.state === 'shortened' ? ` to ${n(e.keptChars)} of ${n(e.fullChars)} characters` : '';
      return {
        id: `listing:${l.id}:${e.uri}`,
        label: e.name,
        description: `${percent(e.cost, l.budget)} · ${state}${kept}`,
        tooltip: `${rel(e.uri)}: ${n(e.cost)} ${l.unit} of the ${n(l.budget)} budget (${l.budgetNote}). ${e.state === 'full' ? 'Listed in full.' : `${state}${kept}: the listing needs ${n(l.needed)} ${l.unit}; ${l.order}.`}`,
        icon: e.state === 'full' ? 'pass' : e.certain ? STATE_ICON[e.state] : 'question',
        open: { uri: e.uri },
      };
    }),
  };
}
