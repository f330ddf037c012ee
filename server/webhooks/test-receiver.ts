// A real merchant endpoint for tests: node:http on 127.0.0.1, in the port range the webhook tests use
// (8470-8479), recording every request and answering what the test says. Not a mock of our code: the
// worker's real fetch goes over a real socket to it.

import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export const RECEIVER_PORTS = [8470, 8471, 8472, 8473, 8474, 8475, 8476, 8477, 8478, 8479] as const;

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
}

export interface Receiver {
  port: number;
  url: string;
  received: ReceivedRequest[];
  /** The status the next requests get (default 204); 'hang' never answers (a timeout test). */
  respond: number | 'hang';
  /** Extra headers for the answers (a Location for a redirect test). */
  headers: Record<string, string>;
  /** Stops listening: connections are then refused until start() again. */
  stop(): Promise<void>;
  start(): Promise<void>;
}

function listen(server: Server, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const onError = () => resolve(false);
    server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.off('error', onError);
      resolve(true);
    });
  });
}

/**
 * Test files run in several vitest workers at once, so each worker has its own two ports (VITEST_POOL_ID is
 * 1..maxWorkers). Sharing the range was a flake: a test that stops its receiver to play "endpoint down"
 * frees its port, a file in the other worker takes it, and the "refused" delivery lands there, answered.
 */
export function portsOfThisWorker(poolId = Number(process.env.VITEST_POOL_ID ?? '1')): readonly number[] {
  const slices = RECEIVER_PORTS.length / 2;
  const slice = ((Number.isSafeInteger(poolId) && poolId > 0 ? poolId : 1) - 1) % slices;
  return RECEIVER_PORTS.slice(slice * 2, slice * 2 + 2);
}

export async function startReceiver(): Promise<Receiver> {
  const receiver: Receiver = {
    port: 0,
    url: '',
    received: [],
    respond: 204,
    headers: {},
    stop: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    start: async () => {
      if (!(await listen(server, receiver.port))) throw new Error(`test receiver: port ${receiver.port} was taken meanwhile`);
    },
  };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const received = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      receiver.received.push(received);
      if (receiver.respond === 'hang') return;
      response.writeHead(receiver.respond, receiver.headers).end();
    });
  });
  for (const port of portsOfThisWorker()) {
    if (await listen(server, port)) {
      receiver.port = port;
      receiver.url = `http://127.0.0.1:${port}/hooks`;
      return receiver;
    }
  }
  throw new Error(`test receiver: this worker's ports ${portsOfThisWorker().join(', ')} are both taken`);
}
