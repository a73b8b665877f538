/**
 * `agent-files effect`: the skill listing each client puts in context for a session started in a
 * folder (core/effect/report.ts, the same as the editor's "What the agent sees"): the skills of the
 * client folders there and in the folders above it, with the budget each client gives the listing
 * and what each skill costs of it.
 */
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { analyzeSkill, type RepositoryFacts } from '../core/skills';
import type { IWorkspaceHost } from '../core/workspace/host';
import { listedSkillOfAnalysis, type ListedSkillSummary } from '../core/skills/listingRule';
import { loadsInSession, type EffectListing, type EffectListingEntry } from '../core/effect/report';
import { readFileBounded } from './io';

/** A listed skill as the CLI prints it: the core's entry, with the path relative to the working folder for the URI. */
type ListedSkillReport = Omit<EffectListingEntry, 'uri' | 'cost'> & { path: string };

/** A client's listing as the CLI prints it: the core's, with paths relative to the working folder and the cut ones apart. */
export type ListingReport = Omit<EffectListing, 'entries'> & {
  skills: number;
  /** The skills whose entry is not listed in full. */
  cut: ListedSkillReport[];
  /** Every skill listed, in the listing's order, with its cost of the budget. */
  entries: (ListedSkillReport & { cost: number })[];
};

/** The listed skills among `skillFiles` that a session in `folder` (absolute) may load: those of client folders there or above. */
export function listedSkillsFor(skillFiles: readonly string[], folder: string, host: IWorkspaceHost, facts: RepositoryFacts): ListedSkillSummary[] {
  const session = URI.file(folder).toString();
  const skills: ListedSkillSummary[] = [];
  for (const f of skillFiles) {
    const uri = URI.file(f).toString();
    if (!loadsInSession(uri, session)) continue;
    const r = readFileBounded(f);
    if (!('text' in r)) continue;
    const a = analyzeSkill(r.text, uri, host, { repository: facts, factsOnly: true });
    const l = listedSkillOfAnalysis(uri, a);
    if (l) skills.push(l);
  }
  return skills;
}

/** The core's listings with paths relative to the working folder (`rel`). */
export function listingReports(listings: readonly EffectListing[], rel: (abs: string) => string): ListingReport[] {
  return listings.map(({ entries: listed, ...l }) => {
    const entries = listed.map(({ uri, ...e }) => ({ path: rel(URI.parse(uri).fsPath), ...e }));
    return { ...l, skills: entries.length, cut: entries.filter((e) => e.state !== 'full').map(({ cost: _cost, ...e }) => e), entries };
  });
}

/** The folder a session for `real` starts in: the folder itself, or a file's folder. */
export function sessionFolder(real: string, isDir: boolean): string {
  return isDir ? real : path.dirname(real);
}
