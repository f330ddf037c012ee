// The Kraken ticker adapter against recorded answers (server/rates/fixtures, in Kraken's documented
// format); no network. The fake fetch is the boundary double: it stands where Kraken would. OHLC candles
// are read by kraken-ohlc.ts (kraken-ohlc.test.ts) for the history backfill (kraken-backfill.test.ts).

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { formatPrice } from '#core/rate-math.ts';
import { clientRate, midRate } from './client-rates.ts';
import { createKrakenFeed, type FetchLike } from './kraken-feed.ts';

const fixture = (name: string): unknown => JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8'));
const NOW = new Date('2026-11-20T12:02:30Z');

interface Recorder {
  fetch: FetchLike;
  urls: string[];
}

/** Answers each URL with the first route whose path fragment it contains. */
function recorded(routes: Record<string, { body?: unknown; status?: number; date?: string; hang?: boolean; raw?: string }>): Recorder {
  const urls: string[] = [];
  return {
    urls,
    fetch: async (url, init) => {
      urls.push(url);
      const route = Object.entries(routes).find(([fragment]) => url.includes(fragment))?.[1];
      if (!route) throw new TypeError(`fetch failed: no recorded answer for ${url}`);
      if (route.hang) {
        return new Promise((_resolve, reject) => init.signal.addEventListener('abort', () => reject(init.signal.reason)));
      }
      const headers = new Headers({ 'content-type': 'application/json' });
      if (route.date) headers.set('date', route.date);
      return new Response(route.raw ?? JSON.stringify(route.body), { status: route.status ?? 200, headers });
    },
  };
}

describe('Kraken ticker', () => {
  it('turns a good answer into USD mid prices of every asset, inverting USD/CAD and USD/CHF', async () => {
    const feed = createKrakenFeed(recorded({ '/Ticker': { body: fixture('kraken-ticker.json') } }));
    const result = await feed.latest(NOW);
    if (!result.ok) throw new Error(result.reason);
    const usd = result.snapshot.usd;
    expect(result.snapshot.source).toBe('live');
    expect(formatPrice(usd.get('BTC') as bigint)).toBe('61234.5');
    expect(formatPrice(usd.get('EUR') as bigint)).toBe('1.0831');
    expect(formatPrice(usd.get('USD') as bigint)).toBe('1');
    // 1 / 1.3521
    expect(formatPrice(usd.get('CAD') as bigint)).toBe('0.739590266992086384');
    expect(usd.size).toBe(12);
    expect(midRate(usd, 'BTC', 'EUR')).toBe('56536.330902');
    expect(clientRate(usd, 'EUR', 'BTC', 50)).toBe('0.0000175993026806');
  });

  it('asks for every pair in one call', async () => {
    const recorder = recorded({ '/Ticker': { body: fixture('kraken-ticker.json') } });
    await createKrakenFeed(recorder).latest(NOW);
    expect(recorder.urls).toEqual(['https://api.kraken.com/0/public/Ticker?pair=XBTUSD,ETHUSD,LTCUSD,BCHUSD,USDTUSD,USDCUSD,EURUSD,GBPUSD,USDCAD,AUDUSD,USDCHF']);
  });

  it.each([
    ['an error answer', { body: fixture('kraken-ticker-error.json') }, 'EQuery:Unknown asset pair'],
    ['a malformed price', { body: fixture('kraken-ticker-malformed.json') }, 'ETHUSD has no valid bid and ask'],
    ['a missing pair', { body: fixture('kraken-ticker-missing-pair.json') }, 'no USDCHF'],
    ['a body of another shape', { body: { result: 'maintenance' } }, 'unexpected shape'],
    ['a body that is not JSON', { raw: '<html>502 Bad Gateway</html>' }, 'network'],
    ['an HTTP 502', { status: 502, body: {} }, 'HTTP 502'],
    ['a stale answer (HTTP Date 5 minutes old)', { body: fixture('kraken-ticker.json'), date: 'Fri, 20 Nov 2026 11:57:30 GMT' }, 'stale'],
  ])('%s is rates_unavailable', async (_name, route, reason) => {
    const feed = createKrakenFeed(recorded({ '/Ticker': route }));
    const result = await feed.latest(NOW);
    expect(result).toMatchObject({ ok: false, code: 'rates_unavailable' });
    if (!result.ok) expect(result.reason).toContain(reason);
  });

  it('a network failure is rates_unavailable', async () => {
    const result = await createKrakenFeed(recorded({})).latest(NOW);
    expect(result).toMatchObject({ ok: false, code: 'rates_unavailable' });
  });

  it('gives up after the timeout instead of hanging the request', async () => {
    const started = Date.now();
    const result = await createKrakenFeed({ ...recorded({ '/Ticker': { hang: true } }), timeoutMs: 50 }).latest(NOW);
    expect(result).toMatchObject({ ok: false, code: 'rates_unavailable' });
    if (!result.ok) expect(result.reason).toContain('no answer within 50 ms');
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a page full of requests makes one upstream call: concurrent callers share it, and the answer is reused for a few seconds', async () => {
    const recorder = recorded({ '/Ticker': { body: fixture('kraken-ticker.json') } });
    const feed = createKrakenFeed({ ...recorder, cacheMs: 5000 });
    const answers = await Promise.all(Array.from({ length: 20 }, () => feed.latest(NOW)));
    expect(answers.every((answer) => answer.ok)).toBe(true);
    await feed.latest(new Date(NOW.getTime() + 4000));
    expect(recorder.urls).toHaveLength(1);
    await feed.latest(new Date(NOW.getTime() + 6000));
    expect(recorder.urls).toHaveLength(2);
  });

  it('a failure is not cached: the next request tries again', async () => {
    let calls = 0;
    const good = recorded({ '/Ticker': { body: fixture('kraken-ticker.json') } });
    const feed = createKrakenFeed({
      fetch: async (url, init) => {
        calls += 1;
        if (calls === 1) throw new TypeError('fetch failed');
        return good.fetch(url, init);
      },
    });
    expect((await feed.latest(NOW)).ok).toBe(false);
    expect((await feed.latest(NOW)).ok).toBe(true);
  });
});
