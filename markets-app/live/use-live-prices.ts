// Live prices on the prices list: every 10 s the provider's price board (getRates, cached 5 s by the
// server, so many readers share one answer) gives each listed coin its new price, and the 24 h change
// is worked out again against the price 24 h ago the server sent. Rows keep their place: the list's
// order is the reader's choice (market-list-query.ts), never the prices'. A hidden tab stops asking.
import { useEffect, useState } from 'react';
import type { FiatAsset } from '#core/assets.ts';
import { coinPrice } from '#core/coin-price.ts';
import type { MarketRow } from '#core/markets/markets-page-data.ts';
import { percentChange } from '#core/markets/price-change.ts';
import { loadRates } from '../markets-api.ts';

export const LIVE_INTERVAL_MS = 10_000;

export interface LivePrices {
  rows: MarketRow[];
  asOf: string | null;
}

/** The rows with today's prices from a rates answer; a coin without a rate keeps what it had. */
export function withRates(rows: readonly MarketRow[], rates: Readonly<Record<string, string>>, fiat: FiatAsset): MarketRow[] {
  return rows.map((row) => {
    const rate = row.price === null ? undefined : rates[`${fiat}_${row.iso}`];
    if (!rate) return row;
    const price = coinPrice(rate, fiat);
    if (price === '—' || price === row.price) return row;
    return { ...row, price, change24h: row.open24h ? percentChange(row.open24h, price) : row.change24h };
  });
}

export function useLivePrices(initial: LivePrices, fiat: FiatAsset): LivePrices {
  const [live, setLive] = useState(initial);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let controller: AbortController | undefined;
    const tick = async () => {
      if (document.visibilityState === 'visible') {
        controller = new AbortController();
        const answer = await loadRates(controller.signal);
        if (answer.ok) setLive((current) => ({ rows: withRates(current.rows, answer.data.rates, fiat), asOf: answer.data.as_of }));
      }
      timer = setTimeout(() => void tick(), LIVE_INTERVAL_MS);
    };
    timer = setTimeout(() => void tick(), LIVE_INTERVAL_MS);
    return () => {
      clearTimeout(timer);
      controller?.abort();
    };
  }, [fiat]);
  return live;
}
