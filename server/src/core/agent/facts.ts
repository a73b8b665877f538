/**
 * What the whole-agent checks read from one plane, as one value per plane source (content only,
 * no positions): computed once per source and rule list, and compared field by field only where a
 * re-parse made a new source (agent/memo.ts). A source whose facts equal the old one's leaves every
 * whole-agent result that reads those fields as it was.
 */
import type { Plane, PlaneSource } from '../threemd/plane';
import type { ThreeMdDocument } from '../threemd/document';
import { dependencyTargets, planeAtZero } from './model';
import { findingsOf, type PlaneRule } from './planeChecks';

export interface PlaneFacts {
  readonly rules: readonly PlaneRule[];
  readonly z: number;
  readonly label: string | null;
  /** The label trimmed, as the validator compares names (null when blank or absent). */
  readonly name: string | null;
  /** `kind=identity`. */
  readonly identity: boolean;
  /** The `triggers` attribute as written (what the router reads, with the label and z). */
  readonly triggers: string | undefined;
  /** The z values its dependency links name, in body order. */
  readonly targets: readonly number[];
  /** The binary its tool runs (the template's first word), or null without a tool. */
  readonly binary: string | null;
  /** Some plane rule found something (shown for a skill). */
  readonly skillFindings: boolean;
  /** Some plane rule that also runs on the identity found something. */
  readonly commonFindings: boolean;
}

declare module '../threemd/plane' {
  interface SourceMemo {
    facts?: PlaneFacts;
  }
}

declare module '../threemd/document' {
  interface DocumentMemo {
    facts?: readonly PlaneFacts[];
  }
}

/** The facts of every plane of a document, in plane order (made once per document, when a whole-agent result must be made again). */
export function planeFactsOf(doc: ThreeMdDocument, rules: readonly PlaneRule[]): readonly PlaneFacts[] {
  const kept = doc.memo.facts;
  if (kept && (kept.length === 0 || kept[0]!.rules === rules)) return kept;
  return (doc.memo.facts = doc.planes.map((p) => factsOf(p, rules)));
}

/** A plane's facts for the rule list `rules` (kept on its source; the shorthand's implicit plane is read each time). */
export function factsOf(plane: Plane, rules: readonly PlaneRule[]): PlaneFacts {
  const memo = plane.directive ? (plane.source.memo ??= {}) : undefined;
  if (memo?.facts?.rules === rules) return memo.facts;
  const h = plane.source.header;
  const found = findingsOf(plane, rules).byRule;
  let skillFindings = false;
  let commonFindings = false;
  for (let r = 0; r < rules.length; r++) {
    if (!found[r]!.length) continue;
    skillFindings = true;
    if (!rules[r]!.skillsOnly) commonFindings = true;
  }
  const tool = h.attributes['tool']?.trim();
  const facts: PlaneFacts = {
    rules,
    z: h.z,
    label: h.label,
    name: h.label?.trim() || null,
    identity: h.attributes['kind'] === 'identity',
    triggers: h.attributes['triggers'],
    targets: dependencyTargets(plane),
    binary: tool ? /^\S+/.exec(tool)![0] : null,
    skillFindings,
    commonFindings,
  };
  if (memo) memo.facts = facts;
  return facts;
}

/** The facts of a directive's source for the memo's comparisons (null: a rejected directive). */
export function sourceFacts(source: PlaneSource, rules: readonly PlaneRule[]): PlaneFacts {
  const memo = (source.memo ??= {});
  if (memo.facts?.rules === rules) return memo.facts;
  // Made through the plane on line 0, as the checks see it.
  return factsOf(planeAtZero(source), rules);
}

export function sameNumbers(a: readonly number[], b: readonly number[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
