/** The component paths of a plugin manifest that can be checked on disk (plugin-path-not-found, plugin-component-unlisted). */
import { isAbsolutePath } from '../world/paths';

/** A relative path as written in a manifest, or undefined when it is not one we can check (absolute, a URL, a variable, a glob). */
export function checkablePath(raw: string): string | undefined {
  const p = raw.trim().replace(/^\$\{CLAUDE_PLUGIN_ROOT\}(?=\/|$)/, '.');
  if (p === '' || p.includes('${') || isAbsolutePath(p) || /[*?[\]{}]/.test(p)) return undefined;
  if (p.replace(/\\/g, '/').split('/').includes('..')) return undefined;
  return p;
}
