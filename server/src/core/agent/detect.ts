/** Which .3md documents are agents (agent3md/1) and which are plain 3md. */
import type { ThreeMdDocument } from '../threemd/document';
import { fieldOf } from './model';

export type AgentDetection = 'auto' | 'agent' | '3md';

/**
 * The auto rule, documented in docs/rules.md#agent-detection: a file named `agent.3md` or
 * `*.agent.3md`; `axis: skill`; a plane with `kind=identity` or `kind=skill`; or a frontmatter
 * `agent:` or `model:` together with a plane that declares `triggers` or `inputs`.
 * Runbooks with `tool=`, `kind=entry` or `kind=decision` alone stay plain 3md.
 */
export function isAgentDocument(doc: ThreeMdDocument, fileName = '', mode: AgentDetection = 'auto'): boolean {
  if (mode !== 'auto') return mode === 'agent';
  const base = fileName.replace(/^.*[\\/]/, '').toLowerCase();
  if (base === 'agent.3md' || base.endsWith('.agent.3md')) return true;
  if (doc.axis === 'skill') return true;
  let routable = false;
  for (let i = 0; i < doc.planeList.length; i++) {
    const p = doc.planeList.get(i)!;
    const kind = p.attributes['kind'];
    if (kind === 'identity' || kind === 'skill') return true;
    if (p.attributes['triggers'] !== undefined || p.attributes['inputs'] !== undefined) routable = true;
  }
  return routable && (fieldOf(doc, 'agent') !== undefined || fieldOf(doc, 'model') !== undefined);
}
