// The chart's figures: a range's points moved to the provider's price (each range is scaled so its
// last point is the price on the page: the spread is a constant factor over the market's move), and
// the range's summary in words, the chart's text alternative.
import type { ChartData } from '#core/markets/markets-page-data.ts';
import { percentChange, scalePrice } from '#core/markets/price-change.ts';

export type ChartPoint = ChartData['points'][number];

/** Points of getChartRates ({t: unix seconds, price}) as [t, price] ending at the price on the page. */
export function toPagePoints(points: readonly { t: number; price: string }[], price: string): ChartPoint[] {
  const last = points.at(-1)?.price;
  if (!last) return [];
  return points.flatMap((point) => {
    const scaled = scalePrice(price, last, point.price);
    return scaled === null ? [] : [[point.t, scaled] as ChartPoint];
  });
}

export interface ChartSummary {
  from: string;
  to: string;
  change: string | null;
}

export function summarise(points: readonly ChartPoint[]): ChartSummary | null {
  const first = points[0]?.[1];
  const last = points.at(-1)?.[1];
  if (first === undefined || last === undefined) return null;
  return { from: first, to: last, change: percentChange(first, last) };
}
