/**
 * The skills folders a workspace adds for VS Code: `chat.agentSkillsLocations` in a workspace
 * folder's `.vscode/settings.json` (clients.md, GitHub Copilot / VS Code paths), a map of folder
 * paths to `true` (on) or `false` (off), relative to the workspace folder. VS Code loads
 * `<folder>/<name>/SKILL.md` from each folder switched on, as it does from `.github/skills/`, so a
 * skill there is neither a loose one nor one in a folder that groups skills (held-out round 31:
 * microsoft/hve-core names each of its `.github/skills/<group>/` folders there). Settings are JSON
 * with comments and trailing commas, read as VS Code reads them; a home path (`~/…`), an absolute
 * path and a path that climbs out of the workspace folder are left out. Path facts and one read
 * through the host per workspace folder.
 */
import { parse, type ParseError } from 'jsonc-parser';
import type { IWorkspaceHost } from '../workspace/host';

const SETTING = 'chat.agentSkillsLocations';
const SETTINGS_FILE = '.vscode/settings.json';

/** The folders (URIs without a trailing slash) the workspace folders' settings switch on as VS Code skills folders. */
export function readSkillLocations(roots: readonly string[], host: IWorkspaceHost): readonly string[] {
  return roots.flatMap((r) => {
    const root = r.replace(/\/+$/, '');
    const text = host.readText(`${root}/${SETTINGS_FILE}`);
    return text === undefined ? [] : skillLocationsIn(text).map((rel) => `${root}/${rel}`);
  });
}

/** The relative folders a settings text switches on (`.github/skills/security`), normalised: no `./`, no trailing slash. */
export function skillLocationsIn(text: string): string[] {
  return locationsIn(text, SETTING);
}

/**
 * The relative folders a map setting of VS Code's (`chat.agentSkillsLocations`,
 * `chat.instructionsFilesLocations`) switches on in a settings text, normalised the same way.
 */
export function locationsIn(text: string, setting: string): string[] {
  const errors: ParseError[] = [];
  const settings: unknown = parse(text, errors, { allowTrailingComma: true, disallowComments: false });
  const map = settings && typeof settings === 'object' ? (settings as Record<string, unknown>)[setting] : undefined;
  if (!map || typeof map !== 'object' || Array.isArray(map)) return [];
  return Object.entries(map)
    .filter(([, on]) => on === true)
    .map(([path]) =>
      path
        .replace(/\\/g, '/')
        .replace(/^(?:\.\/)+/, '')
        .replace(/\/+$/, ''),
    )
    .filter((p) => p !== '' && p !== '.' && !p.startsWith('~') && !p.startsWith('/') && !/^[A-Za-z]:/.test(p) && !p.split('/').includes('..'));
}

/** Whether a URI is a workspace folder's `.vscode/settings.json` (a change may change the folders). */
export function isSkillLocationsFile(uri: string, roots: readonly string[]): boolean {
  return roots.some((r) => uri === `${r.replace(/\/+$/, '')}/${SETTINGS_FILE}`);
}

/** Whether a SKILL.md's skill folder sits right in one of `locations` (`<location>/<name>/SKILL.md`). */
export function inSkillLocation(uri: string, locations: readonly string[] | undefined): boolean {
  if (!locations?.length) return false;
  const parts = uri.split('/');
  const parent = parts.slice(0, -2).join('/');
  return locations.includes(parent);
}
