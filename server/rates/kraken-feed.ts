// The LIVE feed: Kraken's public REST API (no key). Ticker gives each asset's best bid and ask
// against USD, whose midpoint is the mid price (the recorder keeps it for charts; the past comes from
// Kraken's OHLC through kraken-backfill.ts). Kraken lists CAD and CHF as USD/CAD and USD/CHF, so those
// prices are inverted.
//
// Failure rules (each answers rates_unavailable, which the API turns into a 503 and the widget into
// "Some problem occurred"): a network error, a non-2xx status, an `error` array that is not empty, a
// body of another shape, a missing pair, no answer within timeoutMs (AbortSignal), or stale data (an
// HTTP Date more than staleAfterMs old).
// The last good ticker is reused for cacheMs, and concurrent callers share one request in flight,
// so a page full of rate requests makes one upstream call.

import * as v from 'valibot';
import type { Asset } from '#core/assets.ts';
import { PRICE_SCALE, invertPrice, midPrice, parsePrice } from '#core/rate-math.ts';
import { unavailable, type RateFeed, type SnapshotResult } from './feed.ts';

export const KRAKEN_BASE_URL = 'https://api.kraken.com/0/public';

/** What Kraken is asked for per asset, the result keys it may answer with, and whether its quote is USD per unit (or units per USD). */
export const KRAKEN_PAIRS: Record<Exclude<Asset, 'USD'>, { pair: string; keys: readonly string[]; inverted: boolean }> = {
  BTC: { pair: 'XBTUSD', keys: ['XXBTZUSD', 'XBTUSD'], inverted: false },
  ETH: { pair: 'ETHUSD', keys: ['XETHZUSD', 'ETHUSD'], inverted: false },
  LTC: { pair: 'LTCUSD', keys: ['XLTCZUSD', 'LTCUSD'], inverted: false },
  BCH: { pair: 'BCHUSD', keys: ['BCHUSD'], inverted: false },
  USDT: { pair: 'USDTUSD', keys: ['USDTZUSD', 'USDTUSD'], inverted: false },
  USDC: { pair: 'USDCUSD', keys: ['USDCUSD'], inverted: false },
  EUR: { pair: 'EURUSD', keys: ['ZEURZUSD', 'EURUSD'], inverted: false },
  GBP: { pair: 'GBPUSD', keys: ['ZGBPZUSD', 'GBPUSD'], inverted: false },
  CAD: { pair: 'USDCAD', keys: ['ZUSDZCAD', 'USDCAD'], inverted: true },
  AUD: { pair: 'AUDUSD', keys: ['AUDUSD'], inverted: false },
  CHF: { pair: 'USDCHF', keys: ['USDCHF'], inverted: true },
};

/** The part of fetch this adapter uses; tests pass one that answers recorded Kraken responses. */
export type FetchLike = (url: string, init: { signal: AbortSignal; headers: Record<string, string> }) => Promise<{
  ok: boolean;
  status: number;
  headers: { get(name: string): string | null };
  json(): Promise<unknown>;
}>;

export interface KrakenFeedOptions {
  fetch?: FetchLike;
  baseUrl?: string;
  /** Give up on an upstream call after this long (default 3000 ms). */
  timeoutMs?: number;
  /** Reuse the last good ticker for this long (default 5000 ms). */
  cacheMs?: number;
  /** A ticker whose HTTP Date is older than this is stale (default 60000 ms). */
  staleAfterMs?: number;
}

const Price = v.pipe(v.string(), v.check((raw) => parsePrice(raw) !== null, 'a positive decimal price'));
const TickerSchema = v.looseObject({
  error: v.array(v.string()),
  result: v.optional(v.record(v.string(), v.looseObject({ a: v.pipe(v.array(v.string()), v.minLength(1)), b: v.pipe(v.array(v.string()), v.minLength(1)) }))),
});

type Fetched = { ok: true; body: unknown; date: string | null } | { ok: false; reason: string };

export function createKrakenFeed(options: KrakenFeedOptions = {}): RateFeed {
  const fetchImpl: FetchLike = options.fetch ?? ((url, init) => fetch(url, init));
  const baseUrl = options.baseUrl ?? KRAKEN_BASE_URL;
  const timeoutMs = options.timeoutMs ?? 3000;
  const cacheMs = options.cacheMs ?? 5000;
  const staleAfterMs = options.staleAfterMs ?? 60_000;

  let cached: { at: number; result: Extract<SnapshotResult, { ok: true }> } | null = null;
  let inFlight: Promise<SnapshotResult> | null = null;

  async function get(path: string): Promise<Fetched> {
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' } });
      if (!response.ok) return { ok: false, reason: `HTTP ${response.status}` };
      return { ok: true, body: await response.json(), date: response.headers.get('date') };
    } catch (error) {
      const name = error instanceof Error ? error.name : 'Error';
      return { ok: false, reason: name === 'TimeoutError' || name === 'AbortError' ? `no answer within ${timeoutMs} ms` : `network: ${String(error)}` };
    }
  }

  async function fetchTicker(now: Date): Promise<SnapshotResult> {
    const pairs = Object.values(KRAKEN_PAIRS).map((entry) => entry.pair).join(',');
    const fetched = await get(`/Ticker?pair=${pairs}`);
    if (!fetched.ok) return unavailable(`Kraken Ticker: ${fetched.reason}`);
    const parsed = v.safeParse(TickerSchema, fetched.body);
    if (!parsed.success) return unavailable('Kraken Ticker: the answer has an unexpected shape');
    if (parsed.output.error.length > 0) return unavailable(`Kraken Ticker: ${parsed.output.error.join('; ')}`);
    const sent = fetched.date === null ? Number.NaN : Date.parse(fetched.date);
    if (Number.isFinite(sent) && now.getTime() - sent > staleAfterMs) return unavailable(`Kraken Ticker: stale answer dated ${fetched.date}`);
    const result = parsed.output.result ?? {};
    const usd = new Map<Asset, bigint>([['USD', PRICE_SCALE]]);
    for (const [asset, entry] of Object.entries(KRAKEN_PAIRS) as [Exclude<Asset, 'USD'>, (typeof KRAKEN_PAIRS)['BTC']][]) {
      const ticker = entry.keys.map((key) => result[key]).find((found) => found !== undefined);
      if (!ticker) return unavailable(`Kraken Ticker: no ${entry.pair} in the answer`);
      const ask = v.is(Price, ticker.a[0]) ? parsePrice(ticker.a[0]) : null;
      const bid = v.is(Price, ticker.b[0]) ? parsePrice(ticker.b[0]) : null;
      if (ask === null || bid === null) return unavailable(`Kraken Ticker: ${entry.pair} has no valid bid and ask`);
      const mid = midPrice(bid, ask);
      usd.set(asset, entry.inverted ? invertPrice(mid) : mid);
    }
    return { ok: true, snapshot: { asOf: now, source: 'live', usd } };
  }

  return {
    source: 'live',
    latest(now: Date): Promise<SnapshotResult> {
      if (cached && now.getTime() - cached.at < cacheMs) return Promise.resolve(cached.result);
      if (inFlight) return inFlight;
      const request = fetchTicker(now).then((result) => {
        if (result.ok) cached = { at: now.getTime(), result };
        return result;
      });
      inFlight = request.finally(() => {
        inFlight = null;
      });
      return inFlight;
    },
  };
}
