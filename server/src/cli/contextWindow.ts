/** `--context-window CLIENT=TOKENS` (repeatable, or comma-separated): the skill listing budgets of `check` and `effect`. */
import { LISTING_CLIENTS, type ListingClient, type ListingSettings } from '../core/skills/listing';
import { UsageError } from './args';

export const CONTEXT_WINDOW_HELP = `--context-window CLIENT=TOKENS  the context window of a client's model, in tokens, for its skill
                listing budget (repeatable): ${LISTING_CLIENTS.join(', ')}; defaults in docs/clients-fields.md#skill-listing`;

/** The listing settings a `--context-window` value names; a bad entry is a usage error naming it. */
export function readContextWindowFlag(raw: string | true | undefined): ListingSettings {
  if (raw === undefined || raw === true) return {};
  const contextTokens: Partial<Record<ListingClient, number>> = {};
  for (const part of raw
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^([a-z-]+)=(\d+)$/.exec(part);
    if (!m) throw new UsageError(`'--context-window ${part}': write CLIENT=TOKENS, e.g. codex=272000`);
    const client = m[1] as ListingClient;
    if (!LISTING_CLIENTS.includes(client)) throw new UsageError(`'--context-window ${part}': unknown client '${m[1]}' (use ${LISTING_CLIENTS.join(', ')})`);
    const tokens = Number(m[2]);
    if (!Number.isSafeInteger(tokens) || tokens <= 0) throw new UsageError(`'--context-window ${part}': the window must be a positive number of tokens`);
    contextTokens[client] = tokens;
  }
  return { contextTokens };
}
