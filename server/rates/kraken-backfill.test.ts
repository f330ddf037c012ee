// The Kraken backfill against a local HTTP server answering /0/public/OHLC in Kraken's documented
// format (Kraken itself is a boundary we cannot reach here): real fetch, real JSON, real database.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { formatPrice, parsePrice } from '#core/rate-math.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { openTestDatabase, testDatabases } from '../test-helper.ts';
import { backfillFromKraken, backfillSince } from './kraken-backfill.ts';
import { KRAKEN_PAIRS } from './kraken-feed.ts';
import { leaderPlugin } from '../plugins/leader.ts';
import { startPriceHistory } from './price-history-job.ts';
import { RatesService } from './rates-service.ts';
import { createTestFeed } from './test-feed.ts';

const NOW = new Date('2026-11-24T12:34:00Z');
const HOUR = 3_600_000;

/** Kraken's result key for each pair we ask for (its first documented key, e.g. XXBTZUSD). */
const KEY_OF = new Map(Object.values(KRAKEN_PAIRS).map((entry) => [entry.pair, entry.keys[0] as string]));

/** A local stand-in for api.kraken.com: 720 candles per call ending at the server's clock, like Kraken. */
class FakeKraken {
  readonly urls: string[] = [];
  readonly failing = new Map<string, { status?: number; error?: string }>();
  clock = NOW.getTime();
  #server: Server | undefined;
  baseUrl = '';

  async start(): Promise<void> {
    this.#server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://localhost');
      this.urls.push(`${url.pathname}${url.search}`);
      const pair = url.searchParams.get('pair') ?? '';
      const interval = Number(url.searchParams.get('interval'));
      const since = Number(url.searchParams.get('since') ?? 0);
      const failure = this.failing.get(pair);
      response.setHeader('content-type', 'application/json');
      if (url.pathname !== '/0/public/OHLC' || !KEY_OF.has(pair) || ![1, 5, 15, 30, 60, 240, 1440].includes(interval)) {
        response.end(JSON.stringify({ error: ['EQuery:Unknown asset pair'] }));
      } else if (failure?.status) {
        response.statusCode = failure.status;
        response.end('<html>Bad gateway</html>');
      } else if (failure?.error) {
        response.end(JSON.stringify({ error: [failure.error] }));
      } else {
        const step = interval * 60;
        const newest = Math.floor(this.clock / 1000 / step) * step;
        const rows = [];
        for (let time = newest - 719 * step; time <= newest; time += step) {
          if (time < since) continue;
          // USD/CAD near 1.25 with a 4 % range; everything else 100 + a slope, as strings like Kraken's.
          const [open, high, low, close] = pair === 'USDCAD' ? ['1.25', '1.3', '1.2', '1.25'] : ['100.5', '102', '99', String(100 + (time % 86_400) / 86_400)];
          rows.push([time, open, high, low, close, '100.1', '12.48210000', 37]);
        }
        response.end(JSON.stringify({ error: [], result: { [KEY_OF.get(pair) as string]: rows, last: newest } }));
      }
    });
    await new Promise<void>((resolve) => this.#server?.listen(0, '127.0.0.1', resolve));
    this.baseUrl = `http://127.0.0.1:${(this.#server?.address() as AddressInfo).port}/0/public`;
  }

  async stop(): Promise<void> {
    await new Promise((resolve) => this.#server?.close(resolve));
  }
}

describe('what the backfill asks Kraken for', () => {
  const step = 300_000;
  const start = 1_000 * step;
  const now = 2_000 * step;
  it.each([
    ['an empty series: everything', { first: null, last: null, gapFrom: null }, { fetch: true, since: null }],
    ['a series that starts late (the recorder\'s own bars only): everything', { first: 1_900 * step, last: now, gapFrom: null }, { fetch: true, since: null }],
    ['a series with a hole: from the bar before the hole', { first: start, last: now, gapFrom: 1_500 * step }, { fetch: true, since: 1_500 * step }],
    ['a series behind by three candles: from its newest bar', { first: start, last: now - 3 * step, gapFrom: null }, { fetch: true, since: now - 3 * step }],
    ['a whole series, two candles behind at most: nothing', { first: start + step, last: now - 2 * step, gapFrom: null }, { fetch: false }],
  ])('%s', (_name, found, expected) => {
    expect(backfillSince(found, start, now, step)).toEqual(expected);
  });
});

describe.each(testDatabases())('the Kraken backfill on $name', ({ name }) => {
  const kraken = new FakeKraken();
  let database: DatabaseHandle;
  const db = () => database.db;
  const backfill = (now: Date, stopped?: () => boolean) => backfillFromKraken(db(), now, { baseUrl: kraken.baseUrl, pauseMs: 0, ...(stopped ? { stopped } : {}) });
  beforeAll(async () => {
    await kraken.start();
    database = await openTestDatabase(name);
  });
  afterAll(async () => {
    await database.close();
    await kraken.stop();
  });
  beforeEach(async () => {
    await db().deleteFrom('price_bars').execute();
    kraken.urls.length = 0;
    kraken.failing.clear();
    kraken.clock = NOW.getTime();
  });

  const count = async (asset: string, resolution: 'm' | 'h' | 'd') =>
    Number((await db().selectFrom('price_bars').select((eb) => eb.fn.countAll<string>().as('n')).where('asset', '=', asset).where('resolution', '=', resolution).executeTakeFirstOrThrow()).n);

  it('fills an empty table: days from daily candles, hours from hourly, minutes from 5-minute candles, each as long as it is kept', async () => {
    const report = await backfill(NOW);
    expect(report.failures).toEqual([]);
    expect(kraken.urls).toHaveLength(33);
    expect(kraken.urls.slice(0, 3)).toEqual(['/0/public/OHLC?pair=XBTUSD&interval=1440', '/0/public/OHLC?pair=XBTUSD&interval=60', '/0/public/OHLC?pair=XBTUSD&interval=5']);
    // 720 daily and 720 hourly candles are all kept (days forever, hours for 35 days); of 720 5-minute
    // candles (60 h) only the last 48 h are: 576.
    expect(report.written['BTC:d']).toBe(720);
    expect(await count('BTC', 'd')).toBe(720);
    expect(await count('BTC', 'h')).toBe(720);
    expect(await count('BTC', 'm')).toBe(576);
    expect(await count('USD', 'd')).toBe(0);
  });

  it('inverts USD/CAD candles into USD per CAD, so their high and low swap', async () => {
    await backfill(NOW);
    const bar = await db().selectFrom('price_bars').selectAll().where('asset', '=', 'CAD').where('resolution', '=', 'd').orderBy('bucket', 'desc').limit(1).executeTakeFirstOrThrow();
    const text = (value: string) => formatPrice(parsePrice(String(value)) as bigint);
    expect([text(bar.open), text(bar.high), text(bar.low), text(bar.close)]).toEqual(['0.8', '0.833333333333333333', '0.769230769230769231', '0.8']);
  });

  it('a failing pair is reported and tried again next time; the others are written once and not asked for again', async () => {
    kraken.failing.set('ETHUSD', { error: 'EService:Unavailable' });
    kraken.failing.set('LTCUSD', { status: 502 });
    const report = await backfill(NOW);
    expect(report.failures).toHaveLength(6);
    expect(report.failures).toContain('Kraken OHLC ETHUSD: EService:Unavailable');
    expect(report.failures).toContain('Kraken OHLC LTCUSD interval 1440: HTTP 502');
    expect(await count('ETH', 'd')).toBe(0);
    expect(await count('BCH', 'd')).toBe(720);
    kraken.urls.length = 0;
    kraken.failing.clear();
    const again = await backfill(NOW);
    expect(again.failures).toEqual([]);
    expect(kraken.urls.map((url) => url.replace(/&interval=\d+/, ''))).toEqual([
      '/0/public/OHLC?pair=ETHUSD', '/0/public/OHLC?pair=ETHUSD', '/0/public/OHLC?pair=ETHUSD',
      '/0/public/OHLC?pair=LTCUSD', '/0/public/OHLC?pair=LTCUSD', '/0/public/OHLC?pair=LTCUSD',
    ]);
  });

  it('three hours later asks only for what fell behind (minutes and hours), from its newest bar on; backfilling again changes nothing', async () => {
    await backfill(NOW);
    kraken.urls.length = 0;
    const later = new Date(NOW.getTime() + 3 * HOUR);
    kraken.clock = later.getTime();
    await backfill(later);
    const newestHour = Date.parse('2026-11-24T12:00:00Z') / 1000;
    const newestFive = Date.parse('2026-11-24T12:30:00Z') / 1000;
    expect(kraken.urls.slice(0, 2)).toEqual([`/0/public/OHLC?pair=XBTUSD&interval=60&since=${newestHour}`, `/0/public/OHLC?pair=XBTUSD&interval=5&since=${newestFive}`]);
    expect(kraken.urls).toHaveLength(22);
    expect(await count('BTC', 'h')).toBe(723);
    const rows = await db().selectFrom('price_bars').selectAll().orderBy('asset').orderBy('resolution').orderBy('bucket').execute();
    kraken.urls.length = 0;
    await backfill(later);
    expect(kraken.urls).toEqual([]);
    expect(await db().selectFrom('price_bars').selectAll().orderBy('asset').orderBy('resolution').orderBy('bucket').execute()).toEqual(rows);
  });

  it('stops before the next call once the app is closing', async () => {
    let calls = 0;
    await backfill(NOW, () => (calls += 1) > 2);
    expect(kraken.urls).toHaveLength(2);
  });

  it('in an app: the backfill runs in the background at start, the recorder every period, and close waits for both', async () => {
    const app = Fastify({ logger: false });
    app.decorate('db', db());
    // The recorder and the fill are the elected leader's duties; this lone app leads.
    await app.register(leaderPlugin, { db: database });
    let clock = NOW.getTime();
    const rates = new RatesService({ feed: createTestFeed(), db: db(), quoteTtlS: 30, now: () => new Date(clock) });
    startPriceHistory(app, rates, { past: 'kraken', kraken: { baseUrl: kraken.baseUrl, pauseMs: 0 }, everyMs: 20 });
    await app.ready();
    clock += 60_000;
    const recorded = async () => (await db().selectFrom('price_bars').select('bucket').where('asset', '=', 'BTC').where('resolution', '=', 'm').where('bucket', '=', new Date(clock)).execute()).length;
    for (let wait = 0; wait < 200 && (kraken.urls.length < 33 || (await recorded()) === 0); wait += 1) await new Promise((resolve) => setTimeout(resolve, 50));
    await app.close();
    expect(kraken.urls).toHaveLength(33);
    expect(await count('BTC', 'd')).toBe(720);
    expect(await recorded()).toBe(1);
  });
});
