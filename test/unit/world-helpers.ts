// Shared helpers for the Agent World unit tests (not a test file itself).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { InMemoryHost } from '../../server/src/core/host';
import type { Position } from '../../server/src/core/types';

const FIXTURES = join(__dirname, '..', 'fixtures', 'world');

/** Loads test/fixtures/world/<name> as `file:///<name>/…` URIs. */
export function fixtureFiles(name: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (dir: string, rel: string) => {
    for (const entry of readdirSync(dir)) {
      const p = join(dir, entry);
      const r = rel ? `${rel}/${entry}` : entry;
      if (statSync(p).isDirectory()) walk(p, r);
      else out[`file:///${name}/${r}`] = readFileSync(p, 'utf8');
    }
  };
  walk(join(FIXTURES, name), '');
  return out;
}

export function fixtureHost(name: string, overrides: Record<string, string> = {}): InMemoryHost {
  return new InMemoryHost({ ...fixtureFiles(name), ...overrides });
}

export function worldUri(name: string): string {
  return `file:///${name}/.agent-world/world.json`;
}

/** Splits a text on a single `|` cursor marker. */
export function cursor(marked: string): { text: string; position: Position } {
  const i = marked.indexOf('|');
  if (i < 0) throw new Error('no | marker');
  const text = marked.slice(0, i) + marked.slice(i + 1);
  const before = text.slice(0, i).split('\n');
  return { text, position: { line: before.length - 1, character: before[before.length - 1]!.length } };
}

/** Position of the n-th occurrence (0-based) of `needle` in `text`, plus `delta` characters. */
export function posOf(text: string, needle: string, delta = 0, nth = 0): Position {
  let i = -1;
  for (let k = 0; k <= nth; k++) {
    i = text.indexOf(needle, i + 1);
    if (i < 0) throw new Error(`not found: ${needle}`);
  }
  const before = text.slice(0, i + delta).split('\n');
  return { line: before.length - 1, character: before[before.length - 1]!.length };
}

/** Range of the n-th occurrence of `needle`. */
export function rangeOf(text: string, needle: string, nth = 0) {
  return { start: posOf(text, needle, 0, nth), end: posOf(text, needle, needle.length, nth) };
}

/** A minimal valid world as an object, for tests that tweak one field. */
export function baseWorld(): any {
  return {
    world: { id: 'w', name: 'w', turnLimit: 10 },
    workflow: {
      type: 'direct-handoff',
      entry: 'send',
      entryAgent: 'sender',
      nodes: { send: { agent: 'sender' }, receive: { agent: 'receiver' } },
      edges: { send: ['receive'], receive: [] },
    },
    agents: {
      sender: { role: 'sender', promptPath: 'prompts/sender.md', contextScope: 'agent' },
      receiver: { role: 'receiver', promptPath: 'prompts/receiver.md', contextScope: 'agent' },
    },
  };
}

export const GOOD_PROMPT = 'You are an agent. Put handoff mentions at the beginning of a paragraph.\nDo not call tools yourself; request host actions only.\nEnd final responses with <world>pass</world>.\n';

export function baseHost(extra: Record<string, string> = {}): InMemoryHost {
  return new InMemoryHost({
    'file:///p/.agent-world/prompts/sender.md': GOOD_PROMPT,
    'file:///p/.agent-world/prompts/receiver.md': GOOD_PROMPT,
    ...extra,
  });
}

export const BASE_URI = 'file:///p/.agent-world/world.json';
