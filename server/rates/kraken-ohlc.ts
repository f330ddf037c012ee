// Kraken's public OHLC answer, read once for the chart feed (kraken-feed.ts) and the history backfill
// (kraken-backfill.ts). Documented shape: {error: [], result: {<pair key>: [[time, open, high, low,
// close, vwap, volume, count], ...], last: <id>}}, times in unix seconds, prices as decimal strings.
// USD/CAD and USD/CHF are quoted the other way round, so their candles are inverted into USD per
// unit, which also swaps high and low.

import * as v from 'valibot';
import { invertPrice, parsePrice } from '#core/rate-math.ts';

export interface Candle {
  /** Milliseconds since the epoch: the candle's start. */
  time: number;
  open: bigint;
  high: bigint;
  low: bigint;
  close: bigint;
}

export type OhlcResult = { ok: true; candles: Candle[] } | { ok: false; reason: string };

const CandleRow = v.pipe(v.array(v.union([v.number(), v.string()])), v.minLength(8));
const OhlcSchema = v.looseObject({
  error: v.array(v.string()),
  result: v.optional(v.record(v.string(), v.union([v.array(CandleRow), v.number()]))),
});

/** The candles of `pair` (looked up under any of `keys`) in an OHLC answer, oldest first, in USD per unit. */
export function parseOhlc(body: unknown, entry: { pair: string; keys: readonly string[]; inverted: boolean }): OhlcResult {
  const parsed = v.safeParse(OhlcSchema, body);
  if (!parsed.success) return { ok: false, reason: `Kraken OHLC ${entry.pair}: the answer has an unexpected shape` };
  if (parsed.output.error.length > 0) return { ok: false, reason: `Kraken OHLC ${entry.pair}: ${parsed.output.error.join('; ')}` };
  const rows = entry.keys.map((key) => parsed.output.result?.[key]).find((found) => Array.isArray(found));
  if (!Array.isArray(rows)) return { ok: false, reason: `Kraken OHLC: no ${entry.pair} in the answer` };
  const candles: Candle[] = [];
  for (const row of rows) {
    const time = Number(row[0]) * 1000;
    const [open, high, low, close] = [row[1], row[2], row[3], row[4]].map((field) => (typeof field === 'string' ? parsePrice(field) : null));
    if (!Number.isSafeInteger(time) || !open || !high || !low || !close) return { ok: false, reason: `Kraken OHLC ${entry.pair}: a candle is malformed` };
    candles.push(
      entry.inverted
        ? { time, open: invertPrice(open), high: invertPrice(low), low: invertPrice(high), close: invertPrice(close) }
        : { time, open, high, low, close },
    );
  }
  candles.sort((a, b) => a.time - b.time);
  return { ok: true, candles };
}
