/**
 * `agent-files effect`: the skill listing each client puts in context for a session started in a
 * folder (core/skills/listing.ts): the skills of the client folders there and in the folders
 * above it, with the budget each client gives the listing and the skills it cuts.
 */
import * as path from 'node:path';
import { URI } from 'vscode-uri';
import { analyzeSkill, TARGET_LABELS, type RepositoryFacts } from '../core/skills';
import type { IWorkspaceHost } from '../core/workspace/host';
import type { ListingState } from '../core/skills/listing';
import { listedSkillOfAnalysis, listingScope, listingsOf, type ListedSkillSummary } from '../core/skills/listingRule';
import { readFileBounded } from './io';

export interface ListingReport {
  client: string;
  budget: number;
  unit: 'characters' | 'tokens';
  budgetNote: string;
  used: number;
  needed: number;
  order: string;
  skills: number;
  /** The skills whose entry is not listed in full. */
  cut: { path: string; name: string; state: ListingState; fullChars: number; keptChars: number; certain: boolean; atLeast?: ListingState }[];
}

/** The listing per client for a session started in `folder` (absolute), over the SKILL.md files found. */
export function listingFor(skillFiles: readonly string[], folder: string, host: IWorkspaceHost, facts: RepositoryFacts, rel: (abs: string) => string): ListingReport[] {
  const session = URI.file(folder).toString();
  const skills: ListedSkillSummary[] = [];
  for (const f of skillFiles) {
    const uri = URI.file(f).toString();
    const scope = listingScope(uri);
    if (!scope.nested || !(session + '/').startsWith(scope.key + '/')) continue;
    const r = readFileBounded(f);
    if (!('text' in r)) continue;
    const a = analyzeSkill(r.text, uri, host, { repository: facts, checkReferences: false, collectReferences: false });
    const l = listedSkillOfAnalysis(uri, a);
    if (l) skills.push(l);
  }
  const pathOf = new Map(skills.map((s) => [s.uri, rel(URI.parse(s.uri).fsPath)]));
  return listingsOf(skills)
    .filter((l) => l.entries.length > 0)
    .map((l) => ({
      client: TARGET_LABELS[l.client],
      budget: l.budget,
      unit: l.unit,
      budgetNote: l.budgetNote,
      used: l.used,
      needed: l.needed,
      order: l.order,
      skills: l.entries.length,
      cut: l.entries
        .filter((e) => e.state !== 'full')
        .map((e) => ({
          path: pathOf.get(e.uri)!,
          name: e.name,
          state: e.state,
          fullChars: e.fullChars,
          keptChars: e.keptChars,
          certain: e.certain,
          ...(e.atLeast ? { atLeast: e.atLeast } : {}),
        })),
    }));
}

/** The folder a session for `real` starts in: the folder itself, or a file's folder. */
export function sessionFolder(real: string, isDir: boolean): string {
  return isDir ? real : path.dirname(real);
}
