// The merchant API under load, the two calls a shop makes: its server creates a transaction (secret key,
// Idempotency-Key), then the widget and the shop ask for its status. A few clients loop for a fixed time.
// Prints figures; asserts nothing.

import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';

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

/** Runs `call` from `clients` loops for `durationS` seconds; each call's latency goes in the figures. */
async function loop(name: string, clients: number, durationS: number, call: () => Promise<string | null>): Promise<MerchantFigures> {
  const latencies: number[] = [];
  const errors = new Map<string, number>();
  const until = performance.now() + durationS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const t0 = performance.now();
        const error = await call().catch((e: Error) => e.message);
        latencies.push(performance.now() - t0);
        if (error) errors.set(error, (errors.get(error) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const top = [...errors].sort((a, b) => b[1] - a[1])[0];
  return {
    call: name,
    requests: latencies.length,
    'req/s': Math.round(latencies.length / seconds),
    p50_ms: Math.round(percentile(latencies, 50)),
    p99_ms: Math.round(percentile(latencies, 99)),
    errors: [...errors.values()].reduce((a, b) => a + b, 0),
    'top error': top ? top[0] : '',
  };
}

export async function merchantBench(base: string, merchant: MerchantCredentials, options: { durationS: number; clients: number }): Promise<MerchantFigures[]> {
  const auth = { authorization: `Bearer ${merchant.secretKey}` };
  const tokens: string[] = [];
  const create = await loop('POST /mapi/api/transaction', options.clients, options.durationS, async () => {
    const { status, json } = await post(
      base,
      '/mapi/api/transaction',
      { merchant_id: merchant.merchantId, currency_1_iso: 'BTC', amount: '49.00', currency: 'EUR', transaction_product: 'Bench' },
      { ...auth, 'idempotency-key': randomUUID() },
    );
    if (status !== 200) return `${status} ${json?.error_message?.code ?? ''}`;
    tokens.push(json.request_details.transaction_token);
    return null;
  });
  if (tokens.length === 0) return [create];
  let next = 0;
  const status = await loop('POST /mapi/api/transaction/status', options.clients, options.durationS, async () => {
    const token = tokens[next++ % tokens.length];
    const answer = await post(base, '/mapi/api/transaction/status', { merchant_id: merchant.merchantId, transaction_id: token });
    return answer.status === 200 ? null : `${answer.status} ${answer.json?.error_message?.code ?? ''}`;
  });
  return [create, status];
}
