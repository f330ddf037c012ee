// The history a markets page shows, from the recorded price history (server/rates/price-history.ts):
// changes over 24 h, 7 d, 30 d and 1 y, the day's sparkline and one range's chart. Those are at the
// provider's displayed (sell) price; the page shows the buy price (market-rows.ts), so series are
// scaled onto it: the spread is a constant factor, changes and shapes are the same at either price.

import type { FastifyInstance } from 'fastify';
import type { ChartRange } from '#core/contract/rates.ts';
import { parsePrice } from '#core/rate-math.ts';
import { divideRounded } from '#core/money.ts';
import { scalePrice } from '#core/markets/price-change.ts';
import { chartRates, priceChanges, type PriceChanges } from '../rates/price-history.ts';

export interface Pair {
  providerId: bigint;
  iso: string;
  fiat: string;
}

/** A range's points ([unix seconds, price]) ending at `price`, the price the page shows; null without history. */
export async function chartAt(app: FastifyInstance, pair: Pair, range: ChartRange, price: string): Promise<[number, string][] | null> {
  const chart = await chartRates(app.db, { providerId: pair.providerId, base: pair.iso, quote: pair.fiat, range, now: app.rates.now() });
  const last = chart?.points.at(-1)?.price;
  if (!chart || !last) return null;
  return chart.points.flatMap(({ t, price: then }) => {
    const scaled = scalePrice(price, last, then);
    return scaled === null ? [] : [[t, scaled] as [number, string]];
  });
}

export function changesOf(app: FastifyInstance, pair: Pair): Promise<PriceChanges | null> {
  return priceChanges(app.db, { providerId: pair.providerId, base: pair.iso, quote: pair.fiat, now: app.rates.now() });
}

/**
 * The price 24 h ago at today's spread, from the price now and the change since: price / (1 + change).
 * A live update on the page then works out the change against it (use-live-prices.ts).
 */
export function priceBefore(price: string, changePercent: string | null): string | null {
  const now = parsePrice(price);
  if (now === null || changePercent === null || !/^-?\d+\.\d{2}$/.test(changePercent)) return null;
  const hundredths = BigInt(changePercent.replace('.', ''));
  if (hundredths <= -10_000n) return null;
  const cents = divideRounded(now * 100n * 10_000n, (10_000n + hundredths) * 10n ** 18n, 'half-up');
  return `${cents / 100n}.${(cents % 100n).toString().padStart(2, '0')}`;
}
