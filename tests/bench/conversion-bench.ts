// Conversion throughput through the real HTTP API: sign in, fund the member's EUR wallet by test
// card, then a few clients loop "quote, then convert" (the two calls a Buy screen makes) for a fixed
// time. Prints figures; asserts nothing (a timing is a measurement, not a test). `npm run bench` runs it
// beside the other HTTP figures; alone (the platform in a child process on CONVERSION_BENCH_PORT and the
// next port, default 8890, on PGlite in memory and, with DATABASE_URL, on a fresh PostgreSQL database):
//
//   tsx tests/bench/conversion-bench.ts      (BENCH_SECONDS, default 5; 8 clients)

import { randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { withFreshPostgres } from './fresh-postgres.ts';
import { startPlatform } from './platform-process.ts';

const MEMBER = { email: 'member@demo.test', password: 'Demo-member-2026!' };

interface Caller {
  base: string;
  credential: string;
}

async function api(caller: Pick<Caller, 'base'> & { credential?: string }, method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${caller.base}${path}`, {
    method,
    headers: {
      host: 'localhost',
      origin: caller.base,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(caller.credential ? { authorization: `Bearer ${caller.credential}` } : {}),
      ...headers,
    },
    body: body === undefined ? null : JSON.stringify(body),
  });
  const json = (await response.json()) as { request_status?: string; request_details?: any; error_message?: { code: string; message: string } };
  if (response.status !== 200) throw new Error(`${method} ${path}: ${response.status} ${json.error_message?.code ?? ''} ${json.error_message?.message ?? ''}`);
  return json.request_details;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

export interface ConversionFigures {
  conversions: number;
  'conversions/s': number;
  'quote p50_ms': number;
  'quote p99_ms': number;
  'convert p50_ms': number;
  'convert p99_ms': number;
  errors: number;
  /** The most frequent error, so a failing run says why. */
  'top error': string;
}

export async function conversionBench(base: string, options: { durationS: number; clients: number }): Promise<ConversionFigures> {
  const login = await api({ base }, 'POST', '/v1/users/login', MEMBER);
  const caller: Caller = { base, credential: `${login.user_token}:${login.session_key}` };
  // The top level (test mode approves a proof of address), so the run measures conversions rather than the
  // verified level's EUR 5,000 of buys a day, which a fast run reaches within its 5 s.
  const lifted = await api(caller, 'POST', '/v1/test-mode/verifyIdentity', { level: 'enhanced' });
  if (lifted.level !== 'enhanced') throw new Error(`conversion bench: the member did not reach the enhanced level: ${JSON.stringify(lifted)}`);
  // EUR for up to 3,000 conversions of EUR 10 (the minimum): card deposits of the test acquirer's success card.
  for (let i = 0; i < 6; i += 1) {
    await api(caller, 'POST', '/v1/transactions/deposit', {
      method: 'card',
      currency: 'EUR',
      amount: '5000.00',
      card: { number: '4242424242424242', exp_month: '12', exp_year: '2030', cvc: '123', holder: 'Bench Member' },
    }, { 'idempotency-key': randomUUID() });
  }

  const quoteMs: number[] = [];
  const convertMs: number[] = [];
  let errors = 0;
  const reasons = new Map<string, number>();
  const deadline = performance.now() + options.durationS * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: options.clients }, async () => {
      while (performance.now() < deadline) {
        try {
          const t0 = performance.now();
          const quote = await api(caller, 'POST', '/v1/transactions/quote', { operation: 'buy', from_currency: 'EUR', to_currency: 'BTC', amount: '10.00' });
          const t1 = performance.now();
          await api(caller, 'POST', '/v1/transactions/convert', { quote_id: quote.quote_id }, { 'idempotency-key': randomUUID() });
          const t2 = performance.now();
          quoteMs.push(t1 - t0);
          convertMs.push(t2 - t1);
        } catch (error) {
          errors += 1;
          const reason = error instanceof Error ? error.message : String(error);
          reasons.set(reason, (reasons.get(reason) ?? 0) + 1);
        }
      }
    }),
  );
  const elapsedS = (performance.now() - started) / 1000;
  quoteMs.sort((a, b) => a - b);
  convertMs.sort((a, b) => a - b);
  const round = (ms: number) => Math.round(ms * 10) / 10;
  return {
    conversions: convertMs.length,
    'conversions/s': Math.round(convertMs.length / elapsedS),
    'quote p50_ms': round(percentile(quoteMs, 50)),
    'quote p99_ms': round(percentile(quoteMs, 99)),
    'convert p50_ms': round(percentile(convertMs, 50)),
    'convert p99_ms': round(percentile(convertMs, 99)),
    errors,
    'top error': [...reasons.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '',
  };
}

async function onPlatform(port: number, databaseUrl: string, options: { durationS: number; clients: number }): Promise<ConversionFigures> {
  const platform = await startPlatform(port, databaseUrl);
  try {
    return await conversionBench(`http://127.0.0.1:${port}`, options);
  } finally {
    await platform.stop();
  }
}

if (process.argv[1] && resolve(process.argv[1]) === import.meta.filename) {
  const port = Number(process.env.CONVERSION_BENCH_PORT ?? 8890);
  const options = { durationS: Number(process.env.BENCH_SECONDS ?? 5), clients: 8 };
  const rows: Record<string, unknown>[] = [{ database: 'PGlite (memory)', ...(await onPlatform(port, '', options)) }];
  const url = process.env.DATABASE_URL;
  if (url) rows.push({ database: 'PostgreSQL', ...(await withFreshPostgres(url, (fresh) => onPlatform(port + 2, fresh, options))) });
  console.log(`\nConversions over HTTP (quote, then convert with an Idempotency-Key), ${options.durationS} s, ${options.clients} clients`);
  console.table(rows);
}
