/** The index entry of one .3md file: its agent, identity and skills with their dependency chains. */
import type { IndexedFile, RouteCandidate } from '../../indexTypes';
import type { ThreeMdAnalysis } from '../../threemdAnalysis';
import { planeDeclarationRange } from './navigation';
import type { Skill } from '../model';

export function summarize(a: ThreeMdAnalysis, uri: string): IndexedFile {
  const m = a.runtime.manifest();
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
    name: m.name,
    isAgent: a.isAgent,
    identity: a.isAgent && id ? { name: id.label ?? m.name, z: id.z, range: planeDeclarationRange(id) } : null,
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
            triggers: s.triggers.map((t) => t.text),
            inputs: s.inputs.map((i) => ({ name: i.name, type: i.type, required: i.required })),
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
  const out: { name: string; z: number }[] = [];
  const seen = new Set<number>([s.z]);
  for (const d of s.deps) {
    if (seen.has(d.z)) continue;
    seen.add(d.z);
    const dep = a.runtime.get(d.z);
    if (dep) out.push({ name: dep.name, z: dep.z });
  }
  return out;
}

export function routeCandidates(a: ThreeMdAnalysis, uri: string, text: string): RouteCandidate[] {
  const agent = a.runtime.manifest().name;
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
