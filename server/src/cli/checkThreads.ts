/**
 * `check` on the cores the machine has. The files are cut into batches of consecutive files, and
 * every thread (the main one and each worker) takes the next batch nobody has taken from a shared
 * counter until none is left, so a worker that starts late (it loads the CLI's bundle and warms up
 * its compiled code first) takes fewer batches instead of holding the run up. The records come
 * back in the files' order, so the report is the same as from one thread (the cross-file rules
 * and the output stay on the main thread). The main thread waits synchronously (`Atomics.wait` on
 * a counter a worker raises with each batch it posts), as `check` is synchronous.
 *
 * A worker that fails, or posts nothing for a minute while it holds a batch, is stopped, and the
 * batches it took and did not return are checked on the main thread: a worker can slow a run
 * down, never lose a file.
 */
import * as path from 'node:path';
import { whileChecking } from './heapGrowth';
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
 * Fewer files than this per thread are checked on one. A single thread of Node already keeps a
 * second core busy part of the time (the collector's and the compiler's own threads), and a
 * worker's start and the warm-up of its code cost about what a few hundred skills do. On 2 cores,
 * with the batches and the launcher's code cache (medians of five alternating runs on real-size
 * skills): 1,000 and 1,500 skills took as long or longer on two threads, 2,000 took 6 % less
 * time and 2,500 took 11 % less (about a fifth more CPU either way); 10,000 took 5.3-5.5 s on two
 * threads against 6.6 s on one.
 */
export const FILES_PER_THREAD = 1000;
/** Files a thread takes at a time: small enough that threads end close together, large enough that posting costs little. */
export const BATCH = 32;
const STALL_MS = 60_000;

/**
 * What the threads share, in one SharedArrayBuffer of Int32: [0] the next batch to take; [1] the
 * batches a worker has posted (what the main thread waits on); [2 + w] 1 while worker w may hold
 * a batch (set before it takes one, cleared once it finds none left).
 */
const NEXT = 0;
const POSTED = 1;
const busy = (w: number) => 2 + w;

interface WorkerInput {
  agentFilesCheck: true;
  shared: SharedCheck;
  jobs: readonly CheckJob[];
  port: MessagePort;
  control: Int32Array;
  index: number;
}
type Posted = { batch: number; checked: Checked } | { done: true } | { error: string };

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

const batchOf = (jobs: readonly CheckJob[], b: number) => jobs.slice(b * BATCH, (b + 1) * BATCH);

/** Checks the jobs on up to `options.threads` threads; the result is in the jobs' order. */
export function checkOnThreads(jobs: readonly CheckJob[], shared: SharedCheck, host: NodeFsHost, options: ThreadOptions): Checked {
  const n = threadsFor(jobs.length, options.threads, options.filesPerThread);
  if (n === 1) return checkHere(jobs, shared, host);
  const batches = Math.ceil(jobs.length / BATCH);
  const control = new Int32Array(new SharedArrayBuffer(4 * (2 + n - 1)));
  const workers = Array.from({ length: n - 1 }, (_, index) => startWorker({ agentFilesCheck: true, shared, jobs, control, index }, options.script));
  const done: (Checked | undefined)[] = new Array(batches);
  const stallMs = options.stallMs ?? STALL_MS;
  const warn = options.warn ?? (() => undefined);
  for (let b = Atomics.add(control, NEXT, 1); b < batches; b = Atomics.add(control, NEXT, 1)) {
    for (const w of workers) take(w, done, warn);
    done[b] = checkHere(batchOf(jobs, b), shared, host);
  }
  for (const w of workers) waitFor(w, done, control, stallMs, warn);
  // What a stopped worker took and did not return.
  for (let b = 0; b < batches; b++) done[b] ??= checkHere(batchOf(jobs, b), shared, host);
  return { records: done.flatMap((c) => c!.records), summaries: done.flatMap((c) => c!.summaries) };
}

interface Started {
  worker: Worker;
  port: MessagePort;
  index: number;
  /** Set once it has said it is done, failed, or been stopped. */
  ended?: boolean;
}

function startWorker(input: Omit<WorkerInput, 'port'>, script: string): Started {
  const { port1, port2 } = new MessageChannel();
  const worker = new Worker(path.resolve(script), { workerData: { ...input, port: port2 }, transferList: [port2] });
  // Its errors come back as a message; one it cannot post (it died) shows as a stall, which `waitFor` reports.
  worker.on('error', () => undefined);
  worker.unref();
  return { worker, port: port1, index: input.index };
}

/** Takes what a worker has posted so far into `done`; false once it has ended. */
function take(w: Started, done: (Checked | undefined)[], warn: (message: string) => void): boolean {
  for (let m = receiveMessageOnPort(w.port); m !== undefined && !w.ended; m = receiveMessageOnPort(w.port)) {
    const message = m.message as Posted;
    if ('batch' in message) done[message.batch] = message.checked;
    else stop(w, 'error' in message ? `failed (${message.error})` : undefined, warn);
  }
  return !w.ended;
}

/** Waits until a worker holds no batch: it said it is done, or it failed, or it was silent for `stallMs` while holding one. */
function waitFor(w: Started, done: (Checked | undefined)[], control: Int32Array, stallMs: number, warn: (message: string) => void): void {
  for (;;) {
    const seen = Atomics.load(control, POSTED);
    if (!take(w, done, warn)) return;
    // It holds no batch (it has not started, or found none left), and none is left to take: what it posted before is taken.
    if (Atomics.load(control, busy(w.index)) === 0) {
      if (take(w, done, warn)) stop(w);
      return;
    }
    if (Atomics.wait(control, POSTED, seen, stallMs) === 'timed-out' && Atomics.load(control, POSTED) === seen) {
      if (take(w, done, warn) && Atomics.load(control, busy(w.index)) !== 0) return stop(w, `sent nothing for ${Math.round(stallMs / 1000)} s`, warn);
    }
  }
}

function stop(w: Started, why?: string, warn: (message: string) => void = () => undefined): void {
  w.ended = true;
  void w.worker.terminate();
  w.port.close();
  if (why) warn(`a worker thread ${why}: the main thread checked the files it had taken`);
}

/** The worker's side: takes batches until none is left, posting each. */
export function runCheckWorker(data: unknown): boolean {
  const input = data as WorkerInput | undefined;
  if (input?.agentFilesCheck !== true) return false;
  const { control, index, jobs } = input;
  const post = (message: Posted) => {
    input.port.postMessage(message);
    Atomics.add(control, POSTED, 1);
    Atomics.notify(control, POSTED);
  };
  try {
    const host = new NodeFsHost(input.shared.roots, { rememberLookups: true });
    if (input.shared.listings) host.knowListings(input.shared.listings);
    const batches = Math.ceil(jobs.length / BATCH);
    // Busy before taking: the main thread stops waiting only for a worker that holds nothing.
    Atomics.store(control, busy(index), 1);
    for (let b = Atomics.add(control, NEXT, 1); b < batches; b = Atomics.add(control, NEXT, 1)) post({ batch: b, checked: checkHere(batchOf(jobs, b), input.shared, host) });
    post({ done: true });
  } catch (e) {
    post({ error: e instanceof Error ? e.message : String(e) });
  } finally {
    Atomics.store(control, busy(index), 0);
    Atomics.notify(control, POSTED);
  }
  return true;
}
