/** The CLI's contact with the world, injectable so tests can run commands in process. */
import * as fs from 'node:fs';
import { MAX_READ_BYTES } from '../node/fsHost';
import type { Diagnostic } from '../core/types';
import type { FixFs } from './fixWrite';

export interface Io {
  out(text: string): void;
  /** Writes a piece of the standard output as it is (no line end); without it, pieces are joined for `out`. */
  write?(text: string): void;
  err(text: string): void;
  cwd: string;
  /** What `check --fix` writes with (tests fail or race it); the real file system by default. */
  fixFs?: FixFs;
  /** The threads `check` may use and the script a worker starts from (the CLI's entry); one thread without it. */
  threads?: ThreadOptions;
}

/** How a `check` may use threads: how many, and the script a worker starts from (the CLI's entry; cli/checkThreads.ts). */
export interface ThreadOptions {
  threads: number;
  /** Fewest files a thread is given (a worker's start has to pay off); default FILES_PER_THREAD, 1 when the user set the number. */
  filesPerThread?: number;
  script: string;
  /** How long a worker may post nothing before its files are checked on the main thread (default a minute). */
  stallMs?: number;
  /** Told when a worker's files are checked on the main thread instead, and why (stderr). */
  warn?: (message: string) => void;
}

/** A report made of pieces (`textChunks`, `jsonChunks`): each written as it is made, then one line end, as `out` ends a text. */
export function outChunks(io: Io, chunks: Iterable<string>): void {
  if (!io.write) {
    io.out([...chunks].join(''));
    return;
  }
  for (const c of chunks) io.write(c);
  io.write('\n');
}

/** Thrown to stop a command with exit code 2 and a one-line message. */
export class FatalError extends Error {}

/** A file's text, or its size when it is over the read limit (it is then not read at all). */
export type ReadResult = { text: string } | { tooLarge: number };

/**
 * Reads a regular file of at most MAX_READ_BYTES; a bigger one is not read, and its size is
 * returned instead. Anything else that stops the read (missing, a folder, a device or FIFO,
 * permissions) is a FatalError naming the file.
 */
export function readFileBounded(file: string): ReadResult {
  try {
    const st = fs.statSync(file);
    if (st.isDirectory()) throw new FatalError(`agent-files: ${file}: is a folder, not a file`);
    if (!st.isFile()) throw new FatalError(`agent-files: ${file}: not a regular file`);
    if (st.size > MAX_READ_BYTES) return { tooLarge: st.size };
    return { text: fs.readFileSync(file, 'utf8') };
  } catch (e) {
    if (e instanceof FatalError) throw e;
    const code = (e as NodeJS.ErrnoException).code;
    const why = code === 'ENOENT' ? 'no such file' : code === 'EACCES' ? 'permission denied' : (e as Error).message;
    throw new FatalError(`agent-files: cannot read ${file}: ${why}`);
  }
}

/** Reads a file for a command that needs its text: over the read limit is a FatalError too. */
export function readFileOrFail(file: string): string {
  const r = readFileBounded(file);
  if ('text' in r) return r.text;
  throw new FatalError(`agent-files: cannot read ${file}: ${tooLargeText(r.tooLarge)}`);
}

const MB = 1024 * 1024;

/** `File is 600.0 MB (629145600 bytes), over the 50 MB (52428800 bytes) that agent-files reads`. */
export function tooLargeText(size: number): string {
  return `File is ${(size / MB).toFixed(1)} MB (${size} bytes), over the ${MAX_READ_BYTES / MB} MB (${MAX_READ_BYTES} bytes) that agent-files reads`;
}

/** The one finding of a file over the read limit, at its start. */
export function fileTooLarge(size: number): Diagnostic {
  const at = { line: 0, character: 0 };
  return { code: 'file-too-large', severity: 'error', message: `${tooLargeText(size)}; it was not checked`, range: { start: at, end: at }, data: { size } };
}
