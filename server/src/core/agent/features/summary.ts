/** The index entry of one .3md file: its agent, identity and skills with their dependency chains. */
import type { IndexedFile, RouteCandidate } from '../../workspace/indexTypes';
import type { ThreeMdAnalysis } from '../threemdAnalysis';
import { planeDeclarationRange } from './navigation';
import { inputSchema, ownDependencyLinks, triggerTexts, type Dependency, type Skill } from '../model';

export function summarize(a: ThreeMdAnalysis, uri: string): IndexedFile {
  // The name, triggers, inputs and dependencies are read from each plane's header and source: no
  // manifest, span, attribute object or moved dependency per skill (a 200,000-plane agent is indexed on open).
  const name = a.runtime.name;
  const id = a.model.identity;
  const perLine = new Map<number, { errors: number; warnings: number }>();
  let errors = 0;
  let warnings = 0;
  for (const d of a.diagnostics) {
    if (d.severity !== 'error' && d.severity !== 'warning') continue;
    if (d.severity === 'error') errors++;
    else warnings++;
    const e = perLine.get(d.range.start.line) ?? { errors: 0, warnings: 0 };
    e[d.severity === 'error' ? 'errors' : 'warnings']++;
    perLine.set(d.range.start.line, e);
  }
  return {
    uri,
    kind: '3md',
    name,
    isAgent: a.isAgent,
    identity: a.isAgent && id ? { name: id.label ?? name, z: id.z, range: planeDeclarationRange(id) } : null,
    skills: a.isAgent
      ? a.runtime.skills.map((s) => {
          const range = planeDeclarationRange(s.plane);
          let e = 0;
          let w = 0;
          for (let l = range.start.line; l < s.plane.endLine; l++) {
            const c = perLine.get(l);
            if (c) {
              e += c.errors;
              w += c.warnings;
            }
          }
          return {
            name: s.name,
            z: s.z,
            triggers: triggerTexts(s.plane),
            inputs: inputSchema(s.plane),
            tool: s.tool,
            range,
            deps: directDeps(a, s),
            errors: e,
            warnings: w,
          };
        })
      : [],
    errors,
    warnings,
  };
}

/**
 * A skill's direct dependencies that are skills (body order, each once). Only one level is
 * stored: the tree expands further on demand, and a long chain stays linear in the index.
 */
function directDeps(a: ThreeMdAnalysis, s: Skill): { name: string; z: number }[] {
  const deps = ownDependencyLinks(s.plane);
  const out: { name: string; z: number }[] = [];
  if (!deps.length) return out;
  // Most skills have one or two links: a set is made only for a long list.
  const seen = deps.length > 16 ? new Set<number>([s.z]) : null;
  for (let i = 0; i < deps.length; i++) {
    const z = deps[i]!.z;
    if (seen) {
      if (seen.has(z)) continue;
      seen.add(z);
    } else if (z === s.z || earlier(deps, i, z)) continue;
    const dep = a.runtime.get(z);
    if (dep) out.push({ name: dep.name, z: dep.z });
  }
  return out;
}

function earlier(deps: readonly Dependency[], i: number, z: number): boolean {
  for (let j = 0; j < i; j++) if (deps[j]!.z === z) return true;
  return false;
}

export function routeCandidates(a: ThreeMdAnalysis, uri: string, text: string): RouteCandidate[] {
  const agent = a.runtime.name;
  return a.runtime.route(text).map((r) => ({
    uri,
    agent,
    name: r.skill.name,
    z: r.skill.z,
    score: r.score,
    hits: [...r.hits],
    inputs: r.skill.inputs.map((i) => ({ name: i.name, type: i.type, required: i.required })),
    tool: r.skill.tool,
    range: planeDeclarationRange(r.skill.plane),
  }));
}
