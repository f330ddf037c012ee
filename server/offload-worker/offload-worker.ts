// The offload worker's entry (a worker_threads thread started by server/offload/offload.ts): runs each job it is sent and
// answers with its id. Jobs run one after another; the thread exists so that the event loop answering HTTP
// does not do the curve arithmetic and the QR drawing itself.

import { parentPort } from 'node:worker_threads';
import type { OffloadReply, OffloadRequest } from '../offload/offload-messages.ts';
import { runJob } from './offload-work.ts';

if (!parentPort) throw new Error('offload-worker.ts runs as a worker thread (started by offload.ts)');
const port = parentPort;

port.on('message', (request: OffloadRequest) => {
  runJob(request.job).then(
    (value) => port.postMessage({ id: request.id, ok: true, value } satisfies OffloadReply),
    (error: unknown) => port.postMessage({ id: request.id, ok: false, message: error instanceof Error ? error.message : String(error) } satisfies OffloadReply),
  );
});
