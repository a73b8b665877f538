/**
 * "What the agent sees" for one file: per client, the instruction chain it loads (with Codex's
 * cap and cut point) and the skill listing it puts in context for a session started in the file's
 * folder, each skill with its cost of the listing budget. One function for the CLI
 * (`agent-files effect`, `--format json`) and the server (`agentFiles/effect`, the view), so the
 * two cannot drift apart; both hand it what they found of the workspace.
 */
import { instructionsInEffect, type ClientEffect, type InstructionEntry } from '../instructions/effect';
import { TARGET_LABELS } from '../skills/targets';
import type { ListingSettings, ListingState } from '../skills/listing';
import { listingScope, listingsOf, type ListedSkillSummary } from '../skills/listingRule';
import type { IWorkspaceHost } from '../workspace/host';
import { dirnameUri } from '../world/paths';

export interface EffectListingEntry {
  uri: string;
  name: string;
  state: ListingState;
  fullChars: number;
  keptChars: number;
  certain: boolean;
  atLeast?: ListingState;
  /** What the entry costs of the budget, in the listing's unit. */
  cost: number;
}

export interface EffectListing {
  /** The client id (`claude-code`, `codex`, `copilot`). */
  id: string;
  client: string;
  budget: number;
  unit: 'characters' | 'tokens';
  budgetNote: string;
  used: number;
  needed: number;
  order: string;
  entries: EffectListingEntry[];
}

export interface EffectReport {
  uri: string;
  instructions: ClientEffect[];
  listings: EffectListing[];
}

/**
 * What each client sees for `fileUri` (`root`: the workspace folder holding it). `skills` are the
 * listed skills of the workspace: those a session in the file's folder loads are kept (the client
 * folders there and above it).
 */
export function effectReport(
  fileUri: string,
  root: string,
  files: readonly InstructionEntry[],
  skills: readonly ListedSkillSummary[],
  host: IWorkspaceHost,
  listing: ListingSettings = {},
): EffectReport {
  return { uri: fileUri, instructions: instructionsInEffect(fileUri, root, files, host), listings: sessionListings(dirnameUri(fileUri), skills, listing) };
}

/** Whether a session started in `folder` (a URI) loads the SKILL.md `uri`: it is in a client folder there or above. */
export function loadsInSession(uri: string, folder: string): boolean {
  const scope = listingScope(uri);
  return scope.nested && `${folder.replace(/\/$/, '')}/`.startsWith(`${scope.key}/`);
}

/** The listing per client for a session started in `folder` (a URI). */
export function sessionListings(folder: string, skills: readonly ListedSkillSummary[], listing: ListingSettings = {}): EffectListing[] {
  const loaded = skills.filter((s) => loadsInSession(s.uri, folder));
  return listingsOf(loaded, listing)
    .filter((l) => l.entries.length > 0)
    .map((l) => ({
      id: l.client,
      client: TARGET_LABELS[l.client],
      budget: l.budget,
      unit: l.unit,
      budgetNote: l.budgetNote,
      used: l.used,
      needed: l.needed,
      order: l.order,
      entries: l.entries.map((e) => ({
        uri: e.uri,
        name: e.name,
        state: e.state,
        fullChars: e.fullChars,
        keptChars: e.keptChars,
        certain: e.certain,
        ...(e.atLeast ? { atLeast: e.atLeast } : {}),
        cost: e.cost,
      })),
    }));
}
