// CPU-bound work handed to one worker thread: deriving receiving addresses (elliptic-curve arithmetic) and
// drawing QR codes. In a CPU profile of the payment create path under load (npm run bench) the two were a
// fifth of the event loop's samples (derivation 10 %, QR codes 9 %); here they run beside the loop, on
// another core when there is one, and the loop only posts a message.
//
// One thread per process, started on first use. It keeps the process alive only while a job is pending, so a
// script that derives an address still exits when it is done. If the thread dies, the jobs it held fail
// (their callers see why) and the next job starts a new one. Jobs are bounded (MAX_PENDING) like every queue here.

import { Worker } from 'node:worker_threads';
import type { OffloadJob, OffloadReply, OffloadResult } from './offload-messages.ts';

const MAX_PENDING = 10_000;

interface Pending {
  resolve(value: string[] | string): void;
  reject(error: Error): void;
}

let worker: Worker | null = null;
const pending = new Map<number, Pending>();
let nextId = 1;

function failAll(message: string): void {
  const waiting = [...pending.values()];
  pending.clear();
  for (const job of waiting) job.reject(new Error(message));
}

function started(): Worker {
  if (worker) return worker;
  // The thread's entry is named by URL, not imported: it sits above the chain and payments code it runs
  // (server/offload-worker/), while this client sits below the address reserve that calls it.
  const thread = new Worker(new URL('../offload-worker/offload-worker.ts', import.meta.url));
  thread.on('message', (reply: OffloadReply) => {
    const job = pending.get(reply.id);
    if (!job) return;
    pending.delete(reply.id);
    if (pending.size === 0) thread.unref();
    if (reply.ok) job.resolve(reply.value);
    else job.reject(new Error(reply.message));
  });
  thread.on('error', (error) => {
    if (worker === thread) worker = null;
    failAll(`offload worker failed: ${error.message}`);
  });
  thread.on('exit', (code) => {
    if (worker === thread) worker = null;
    failAll(`offload worker exited with code ${code}`);
  });
  thread.unref();
  return (worker = thread);
}

/** Runs `job` on the worker thread. Rejects with the job's own error (a bad index) or when the thread died. */
export function offload<J extends OffloadJob>(job: J): Promise<OffloadResult<J>> {
  if (pending.size >= MAX_PENDING) return Promise.reject(new Error(`offload: ${MAX_PENDING} jobs already wait; the worker is not keeping up`));
  const thread = started();
  const id = nextId++;
  return new Promise((resolve, reject) => {
    pending.set(id, { resolve: resolve as Pending['resolve'], reject });
    if (pending.size === 1) thread.ref();
    thread.postMessage({ id, job });
  });
}

/** Stops the thread (tests; a process that ends need not call it). Jobs still pending fail. */
export async function stopOffload(): Promise<void> {
  const thread = worker;
  worker = null;
  if (thread) await thread.terminate();
  failAll('offload worker stopped');
}
