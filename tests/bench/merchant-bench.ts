// The merchant API under load, the two calls a shop makes: its server creates a transaction (secret key,
// Idempotency-Key), then the widget and the shop ask for its status. A few clients loop for a fixed time.
// Beside each, in alternating slices, the same clients drive the platform process's bare route on the same
// database (bare-routes.ts): create against one row inserted in one transaction, status against one row read
// by its key, so 'vs bare' says how close each path is to the database's own limit in this run (the aim:
// at least 50 %). residentMiB reads the platform's memory after the run. Prints figures; asserts nothing.

import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';
import { seededRowId } from './bare-routes.ts';

export interface MerchantCredentials {
  merchantId: string;
  secretKey: string;
}

export interface MerchantFigures {
  call: string;
  requests: number;
  'req/s': number;
  p50_ms: number;
  p99_ms: number;
  errors: number;
  'top error': string;
  /**
   * The platform process's CPU time per request (all its threads: the event loop, the offload thread, and
   * PGlite, which runs inside it), from /proc; null elsewhere. Beside 'vs bare' it says whether a path is
   * slow because it waits or because it works: on PostgreSQL the database's own CPU is not in it.
   */
  'server CPU ms/req': number | null;
  /** This path's req/s over its bare route's, in the same run; '' for the bare routes themselves. */
  'vs bare'?: string;
}

/** A process's resident memory in MiB (Linux /proc), or null elsewhere. */
export function residentMiB(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    const kib = /^VmRSS:\s+(\d+)\s+kB$/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kib ? Math.round(Number(kib) / 1024) : null;
  } catch {
    return null;
  }
}

function ratio(path: MerchantFigures, bare: MerchantFigures): string {
  return bare['req/s'] > 0 ? `${Math.round((100 * path['req/s']) / bare['req/s'])} %` : '';
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function post(base: string, path: string, body: unknown, headers: Record<string, string> = {}): Promise<{ status: number; json: any }> {
  const response = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { host: 'localhost', 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}

type Call = () => Promise<string | null>;

interface Tally {
  latencies: number[];
  errors: Map<string, number>;
  seconds: number;
  /** The platform process's CPU seconds spent while this tally ran; null when /proc cannot tell. */
  cpuSeconds: number | null;
}

/** A process's user + system CPU seconds so far (Linux /proc), or null elsewhere. */
export function cpuSeconds(pid: number | undefined): number | null {
  if (pid === undefined) return null;
  try {
    // Fields after the command name (which may hold spaces, hence from the last ')'): utime and stime are 14 and 15.
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(')').pop()!.trim().split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}
/** USER_HZ: 100 on every Linux this runs on (getconf CLK_TCK). */
const CLOCK_TICKS_PER_S = 100;

/** Runs `call` from `clients` loops for `durationS` seconds into `tally`; `serverPid` is the platform's process. */
async function runInto(tally: Tally, clients: number, durationS: number, call: Call, serverPid?: number): Promise<void> {
  const until = performance.now() + durationS * 1000;
  const started = performance.now();
  const cpuBefore = cpuSeconds(serverPid);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const error = await call().catch((e: Error) => e.message);
        tally.latencies.push(performance.now() - t0);
        if (error) tally.errors.set(error, (tally.errors.get(error) ?? 0) + 1);
      }
    }),
  );
  tally.seconds += (performance.now() - started) / 1000;
  const cpuAfter = cpuSeconds(serverPid);
  tally.cpuSeconds = cpuBefore === null || cpuAfter === null ? null : (tally.cpuSeconds ?? 0) + (cpuAfter - cpuBefore);
}

function figures(name: string, tally: Tally): MerchantFigures {
  const latencies = [...tally.latencies].sort((a, b) => a - b);
  const top = [...tally.errors].sort((a, b) => b[1] - a[1])[0];
  return {
    call: name,
    requests: latencies.length,
    'req/s': Math.round(latencies.length / tally.seconds),
    p50_ms: Math.round(percentile(latencies, 50)),
    p99_ms: Math.round(percentile(latencies, 99)),
    errors: [...tally.errors.values()].reduce((a, b) => a + b, 0),
    'top error': top ? top[0] : '',
    'server CPU ms/req': tally.cpuSeconds === null || latencies.length === 0 ? null : Math.round((tally.cpuSeconds * 10_000) / latencies.length) / 10,
  };
}

const newTally = (): Tally => ({ latencies: [], errors: new Map(), seconds: 0, cpuSeconds: 0 });

/** One call alone for `durationS` seconds. */
async function loop(name: string, clients: number, durationS: number, call: Call, serverPid?: number): Promise<MerchantFigures> {
  const tally = newTally();
  await runInto(tally, clients, durationS, call, serverPid);
  return figures(name, tally);
}

/**
 * A path and its bare route in turns (ROUNDS slices each, bare first), so both see the same machine: on a
 * shared machine the load changes within seconds, and a ratio of two runs at different moments says more
 * about the neighbours than about the path.
 */
const ROUNDS = 5;
async function beside(bareName: string, bare: Call, pathName: string, path: Call, clients: number, durationS: number, serverPid?: number): Promise<[MerchantFigures, MerchantFigures]> {
  const bareTally = newTally();
  const pathTally = newTally();
  for (let round = 0; round < ROUNDS; round += 1) {
    await runInto(bareTally, clients, durationS / ROUNDS, bare, serverPid);
    await runInto(pathTally, clients, durationS / ROUNDS, path, serverPid);
  }
  const bareFigures = figures(bareName, bareTally);
  const pathFigures = figures(pathName, pathTally);
  pathFigures['vs bare'] = ratio(pathFigures, bareFigures);
  return [bareFigures, pathFigures];
}

export interface MerchantBenchOptions {
  durationS: number;
  clients: number;
  /** The platform process's bare routes (bare-routes.ts); without them only the API's own figures. */
  bareBase?: string | null;
  /** The platform's process id, for its CPU time per request. */
  serverPid?: number;
}

export async function merchantBench(base: string, merchant: MerchantCredentials, options: MerchantBenchOptions): Promise<MerchantFigures[]> {
  const auth = { authorization: `Bearer ${merchant.secretKey}` };
  const tokens: string[] = [];
  const bareBase = options.bareBase ?? null;
  const createName = 'POST /mapi/api/transaction';
  const create: Call = async () => {
    const { status, json } = await post(
      base,
      '/mapi/api/transaction',
      { merchant_id: merchant.merchantId, currency_1_iso: 'BTC', amount: '49.00', currency: 'EUR', transaction_product: 'Bench' },
      { ...auth, 'idempotency-key': randomUUID() },
    );
    if (status !== 200) return `${status} ${json?.error_message?.code ?? ''}`;
    tokens.push(json.request_details.transaction_token);
    return null;
  };
  const bareInsert: Call = async () => {
    const answer = await post(bareBase!, '/bare/insert', { merchant_id: merchant.merchantId, amount: '49.00', currency: 'EUR' });
    return answer.status === 200 ? null : `${answer.status}`;
  };
  const writes = bareBase
    ? await beside('bare: insert one row in one transaction', bareInsert, createName, create, options.clients, options.durationS, options.serverPid)
    : [await loop(createName, options.clients, options.durationS, create, options.serverPid)];
  if (tokens.length === 0) return writes;

  let next = 0;
  const statusName = 'POST /mapi/api/transaction/status';
  const status: Call = async () => {
    const token = tokens[next++ % tokens.length];
    const answer = await post(base, '/mapi/api/transaction/status', { merchant_id: merchant.merchantId, transaction_id: token });
    return answer.status === 200 ? null : `${answer.status} ${answer.json?.error_message?.code ?? ''}`;
  };
  let reads = 0;
  const bareRead: Call = async () => {
    const answer = await post(bareBase!, '/bare/read', { id: seededRowId(reads++) });
    return answer.status === 200 ? null : `${answer.status}`;
  };
  const readRows = bareBase
    ? await beside('bare: read one row by primary key', bareRead, statusName, status, options.clients, options.durationS, options.serverPid)
    : [await loop(statusName, options.clients, options.durationS, status, options.serverPid)];
  return [...writes, ...readRows];
}
