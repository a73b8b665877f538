/**
 * What the router reads in a message (spec §3.6): paragraph-start mentions outside fences, the
 * `<world>TO: …</world>` override, the completion signal, unresolved handoffs, host-action
 * blocks and the final text of a completed run.
 */
import { isJsonSyntaxError, unlessExpected } from '../../analysis/expectedErrors';
import { depthExceededAt, MAX_DOCUMENT_DEPTH } from '../../text/jsonDepth';
import { lineTarget, lineUnresolved, resolveLabel, type Aliases } from './aliases';

/** The text without its ``` … ``` spans (pairs found anywhere, not only at line starts). */
export function stripFences(content: string): string {
  return content.replace(/```[\s\S]*?```/g, '');
}

function lines(text: string): string[] {
  return text.split(/\r?\n/);
}

/** Targets of the first `<world>TO: a, b</world>` tag (read from the raw text), resolvable ones only, without repeats. */
export function worldToTargets(content: string, aliases: Aliases): string[] {
  const m = /<world>\s*TO\s*:\s*([^<]+?)\s*<\/world>/i.exec(content);
  if (!m) return [];
  const out: string[] = [];
  for (const raw of m[1]!.split(',')) {
    const id = resolveLabel(aliases, raw);
    if (id !== undefined && !out.includes(id)) out.push(id);
  }
  return out;
}

/**
 * The agents a message hands off to: the `<world>TO:…</world>` targets when any resolves, else
 * one per line that starts with a resolvable mention; the sender itself is left out.
 */
export function handoffTargets(content: string, aliases: Aliases, sender: string | null): string[] {
  const to = worldToTargets(content, aliases);
  if (to.length > 0) return to.filter((t) => t !== sender);
  const out: string[] = [];
  for (const line of lines(stripFences(content))) {
    const id = lineTarget(aliases, line);
    if (id !== undefined && id !== sender && !out.includes(id)) out.push(id);
  }
  return out;
}

/** Paragraph-start mention tokens that resolve to no agent, without repeats. */
export function unresolvedTokens(content: string, aliases: Aliases): string[] {
  const out: string[] = [];
  for (const line of lines(stripFences(content))) {
    const t = lineUnresolved(aliases, line);
    if (t !== undefined && !out.includes(t)) out.push(t);
  }
  return out;
}

/** The run ends: the stop token or `<world>STOP|DONE|PASS</world>` outside fences. */
export function isCompletion(content: string, stopToken: string): boolean {
  const text = stripFences(content);
  if (stopToken && text.includes(stopToken)) return true;
  return /<world>\s*(STOP|DONE|PASS)\s*<\/world>/i.test(text);
}

/** The final answer of a completed run: the message without its lines that hand off, leading blank space and trailing space trimmed. */
export function finalText(content: string, aliases: Aliases): string {
  return lines(content)
    .filter((line) => lineTarget(aliases, line) === undefined)
    .join('\n')
    .replace(/^\s+/, '')
    .trimEnd();
}

/** One ```agent-world-host-action block: its parsed JSON, or why it did not parse. */
export type HostActionBlock = { raw: string; value: unknown } | { raw: string; parseError: string };

export function hostActionBlocks(content: string): HostActionBlock[] {
  const out: HostActionBlock[] = [];
  for (const m of content.matchAll(/```agent-world-host-action\s*([\s\S]*?)```/g)) {
    const raw = m[1]!.trim();
    // Parsed values are copied and serialized with the state: one nested past the bound is refused like text that is not JSON.
    if (depthExceededAt(raw, MAX_DOCUMENT_DEPTH) !== -1) {
      out.push({ raw, parseError: `nested deeper than ${MAX_DOCUMENT_DEPTH} levels of arrays and objects` });
      continue;
    }
    try {
      out.push({ raw, value: JSON.parse(raw) as unknown });
    } catch (e) {
      unlessExpected(e, isJsonSyntaxError);
      out.push({ raw, parseError: (e as Error).message });
    }
  }
  return out;
}
