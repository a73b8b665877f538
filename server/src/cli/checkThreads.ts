/**
 * `check` on the cores the machine has: the files are cut into contiguous runs, the first
 * checked on the main thread and each other in a worker thread, and the records come back in
 * the files' order, so the report is the same as from one thread (the cross-file rules and the
 * output stay on the main thread). The main thread waits synchronously (`Atomics.wait` on a
 * counter the worker raises with each batch it posts), as `check` is synchronous.
 *
 * A worker that fails, or posts nothing for a minute, is stopped, and the files it had not
 * returned are checked on the main thread: a worker can slow a run down, never lose a file.
 */
import * as path from 'node:path';
import { whileChecking } from './youngGeneration';
import { MessageChannel, receiveMessageOnPort, Worker, type MessagePort } from 'node:worker_threads';
import type { SummarizedFile } from '../core/analysis/analyzeFile';
import type { AnalyzeOptions } from '../core/analysis/fileAnalyses';
import type { AgentFilesConfig } from '../core/config';
import { NodeFsHost, type WalkedFolder } from '../node/fsHost';
import { checkOne, type CheckedRecord, type CheckEntry } from './checkPass';
import type { ThreadOptions } from './io';

/** One file to check, with what the main thread decided for it (its config and its own analysis options). */
export interface CheckJob {
  entry: CheckEntry;
  own: AnalyzeOptions;
  config: AgentFilesConfig;
}

/** What every file of a run shares: the host's roots and the analysis options of the run. */
export interface SharedCheck {
  roots: string[];
  analysis: AnalyzeOptions;
  keepText: boolean;
  /** The folders the run's walk listed, for each worker's host (`NodeFsHost.knowListings`). */
  listings?: ReadonlyMap<string, WalkedFolder>;
}

export interface Checked {
  records: CheckedRecord[];
  summaries: SummarizedFile[];
}

/**
 * Fewer files than this per thread are checked on one. A worker's start, and the warm-up of its
 * compiled code, cost about what a few hundred skills do; on 2 cores, threads were no faster at
 * 2,500 skills (2.3-2.6 s against 2.2-2.5 s) and as fast at 5,000, and 1.27 times faster at 10,000.
 */
export const FILES_PER_THREAD = 2500;
const BATCH = 64;
const STALL_MS = 60_000;

interface WorkerInput {
  agentFilesCheck: true;
  shared: SharedCheck;
  jobs: CheckJob[];
  port: MessagePort;
  posted: Int32Array;
}
type Posted = { checked: Checked; last: boolean } | { error: string };

/** Checks the jobs on the main thread with `host`. */
export function checkHere(jobs: readonly CheckJob[], shared: SharedCheck, host: NodeFsHost): Checked {
  const summaries: SummarizedFile[] = [];
  const byUri = new Map(jobs.map((j) => [j.entry.uri, j]));
  const pass = {
    host,
    analysis: (e: CheckEntry) => ({ ...byUri.get(e.uri)!.own, ...shared.analysis }),
    configFor: (uri: string) => byUri.get(uri)!.config,
    keepText: shared.keepText,
  };
  return {
    records: jobs.map((j) => {
      whileChecking();
      return checkOne(j.entry, pass, summaries);
    }),
    summaries,
  };
}

/** The number of threads for `count` files: at most `threads`, each with `perThread` files or more. */
export function threadsFor(count: number, threads: number, perThread = FILES_PER_THREAD): number {
  return Math.max(1, Math.min(threads, Math.floor(count / perThread)));
}

/** Checks the jobs on up to `options.threads` threads; the result is in the jobs' order. */
export function checkOnThreads(jobs: readonly CheckJob[], shared: SharedCheck, host: NodeFsHost, options: ThreadOptions): Checked {
  const n = threadsFor(jobs.length, options.threads, options.filesPerThread);
  if (n === 1) return checkHere(jobs, shared, host);
  const size = Math.ceil(jobs.length / n);
  const runs = Array.from({ length: n }, (_, i) => jobs.slice(i * size, (i + 1) * size));
  const started = runs.slice(1).map((run) => ({ run, worker: startWorker(run, shared, options.script) }));
  const stallMs = options.stallMs ?? STALL_MS;
  const warn = options.warn ?? (() => undefined);
  const parts = [checkHere(runs[0]!, shared, host), ...started.map(({ run, worker }) => collect(worker, run, shared, host, stallMs, warn))];
  return { records: parts.flatMap((p) => p.records), summaries: parts.flatMap((p) => p.summaries) };
}

interface Started {
  worker: Worker;
  port: MessagePort;
  posted: Int32Array;
}

function startWorker(jobs: CheckJob[], shared: SharedCheck, script: string): Started {
  const { port1, port2 } = new MessageChannel();
  const posted = new Int32Array(new SharedArrayBuffer(4));
  const input: WorkerInput = { agentFilesCheck: true, shared, jobs, port: port2, posted };
  const worker = new Worker(path.resolve(script), { workerData: input, transferList: [port2] });
  // Its errors come back as a message; one it cannot post (it died) shows as a stall, which `collect` reports.
  worker.on('error', () => undefined);
  worker.unref();
  return { worker, port: port1, posted };
}

/** Waits for a worker's batches; what it does not return is checked here. */
function collect(started: Started, jobs: readonly CheckJob[], shared: SharedCheck, host: NodeFsHost, stallMs: number, warn: (message: string) => void): Checked {
  const got: Checked = { records: [], summaries: [] };
  const finish = (rest: readonly CheckJob[], why?: string): Checked => {
    void started.worker.terminate();
    started.port.close();
    if (why) warn(`a worker thread ${why}: its ${rest.length} file(s) were checked on the main thread`);
    const here = checkHere(rest, shared, host);
    return { records: [...got.records, ...here.records], summaries: [...got.summaries, ...here.summaries] };
  };
  for (;;) {
    const seen = Atomics.load(started.posted, 0);
    for (let m = receiveMessageOnPort(started.port); m !== undefined; m = receiveMessageOnPort(started.port)) {
      const message = m.message as Posted;
      if ('error' in message) return finish(jobs.slice(got.records.length), `failed (${message.error})`);
      got.records.push(...message.checked.records);
      got.summaries.push(...message.checked.summaries);
      if (message.last) return finish([]);
    }
    if (Atomics.wait(started.posted, 0, seen, stallMs) === 'timed-out') return finish(jobs.slice(got.records.length), `sent nothing for ${Math.round(stallMs / 1000)} s`);
  }
}

/** The worker's side: checks its jobs in batches, posting each. */
export function runCheckWorker(data: unknown): boolean {
  const input = data as WorkerInput | undefined;
  if (input?.agentFilesCheck !== true) return false;
  const post = (message: Posted) => {
    input.port.postMessage(message);
    Atomics.add(input.posted, 0, 1);
    Atomics.notify(input.posted, 0);
  };
  try {
    const host = new NodeFsHost(input.shared.roots, { rememberLookups: true });
    if (input.shared.listings) host.knowListings(input.shared.listings);
    for (let i = 0; i < input.jobs.length || i === 0; i += BATCH) {
      const batch = input.jobs.slice(i, i + BATCH);
      post({ checked: checkHere(batch, input.shared, host), last: i + BATCH >= input.jobs.length });
    }
  } catch (e) {
    post({ error: e instanceof Error ? e.message : String(e) });
  }
  return true;
}
