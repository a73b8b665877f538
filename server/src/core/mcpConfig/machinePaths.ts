/**
 * Paths on one machine in an MCP server's entry (`mcp-path-machine`): a named user's home folder
 * (`/Users/ana/…`, `/home/ana/…`, `C:\Users\ana\…`, read as a skill's home paths are:
 * skills/linkTargets.ts) or a folder on a Windows drive (`E:/claudeStudy/…`, `c:/git/project`)
 * outside the system's own (`C:\Program Files`, `C:\Windows`, `C:\ProgramData`, the same on every
 * Windows machine). The client starts the server with the value as written: on another checkout
 * the path names nothing, or another folder. Placeholders (`C:/path/to/…`, `<dir>`, `${VAR}`) are
 * left alone.
 */
import { homePaths } from '../skills/linkTargets';

/** A drive path where one starts (not inside a URL or another path), up to white space or a separator of a command line. */
const DRIVE_PATH = /(?<![\w:/\\.-])[A-Za-z]:[\\/][^\s"'`;,|&)]*/g;
/** The system's own folders, and a user's (which homePaths reads, generic names and all). */
const NOT_ONE_MACHINE = /^[A-Za-z]:[\\/]+(?:Program Files|Windows|ProgramData|Users)(?:[\\/ ]|$)/i;
/** A path written as a model to fill in. */
const PLACEHOLDER = /path[\\/]to\b|[<>{}$%*]|\b(?:your|example|sample|xxx|username)\b|\.\.\.|…/i;

export interface MachinePath {
  index: number;
  path: string;
  /** What makes it one machine's. */
  kind: 'home' | 'drive';
}

/** What makes a path one machine's, for messages. */
export function machinePathKind(found: MachinePath): string {
  return found.kind === 'home' ? "a path in one user's home folder" : "a path on one machine's drive";
}

/**
 * The paths on one machine in a value of a server's entry. A path that starts the value is the
 * whole value: an argument or a command is one word to the client, spaces and all
 * (`/home/ana/Desktop/GIS (maps)`).
 */
export function machinePaths(value: string): MachinePath[] {
  return found(value).map((p) => (p.index === 0 ? { ...p, path: value.trimEnd() } : p));
}

function found(value: string): MachinePath[] {
  const home: MachinePath[] = homePaths(value)
    .filter((h) => !PLACEHOLDER.test(h.path))
    .map((h) => ({ ...h, kind: 'home' }));
  const drive: MachinePath[] = [...value.matchAll(DRIVE_PATH)]
    .filter((m) => m[0].length > 3 && !NOT_ONE_MACHINE.test(value.slice(m.index)) && !PLACEHOLDER.test(m[0]))
    .map((m) => ({ index: m.index, path: m[0], kind: 'drive' }));
  return [...home, ...drive].sort((a, b) => a.index - b.index);
}
