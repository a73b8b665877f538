/** The CLI's contact with the world, injectable so tests can run commands in process. */
import * as fs from 'node:fs';

export interface Io {
  out(text: string): void;
  err(text: string): void;
  cwd: string;
}

/** Thrown to stop a command with exit code 2 and a one-line message. */
export class FatalError extends Error {}

export function readFileOrFail(file: string): string {
  try {
    if (fs.statSync(file).isDirectory()) throw new FatalError(`agent-files: ${file}: is a folder, not a file`);
    return fs.readFileSync(file, 'utf8');
  } catch (e) {
    if (e instanceof FatalError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new FatalError(`agent-files: cannot read ${file}: ${why}`);
  }
}
