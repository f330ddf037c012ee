// The balance chart of /wallets/{coin}: the balance after each change in the range, drawn as a
// step line (a balance holds its value until the next change, so a straight slope between two
// points would show amounts the wallet never held). Heights are computed from bigint minor units
// and only the final pixel position becomes a number. The same data gives the text summary that
// screen readers get instead of the picture.
import type { Asset } from '#core/assets.ts';
import type { Locale } from '#core/language.ts';
import { formatDisplay } from '#core/money-display.ts';
import { minorOf } from './wallet-view.ts';

export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 200;
const PAD = 8;

export interface ChartPointIn {
  t: string;
  balance: string;
}

interface Sample {
  time: number;
  minor: bigint;
}

export function samples(points: readonly ChartPointIn[], asset: Asset): Sample[] {
  return points.flatMap((point) => {
    const time = Date.parse(point.t);
    const minor = minorOf(point.balance, asset);
    return Number.isNaN(time) || minor === null ? [] : [{ time, minor }];
  }).sort((a, b) => a.time - b.time);
}

/** y in pixels for an amount between low (bottom) and high (top); a range of nothing sits on the bottom. */
export function yFor(minor: bigint, low: bigint, high: bigint): number {
  const inner = CHART_HEIGHT - 2 * PAD;
  if (high === low) return CHART_HEIGHT - PAD;
  const fromTop = ((high - minor) * BigInt(inner * 100)) / (high - low);
  return PAD + Number(fromTop) / 100;
}

/** The SVG path ("M x y H x V y ...") of the step line, or null when there is nothing to draw. */
export function chartPath(points: readonly ChartPointIn[], asset: Asset): { line: string; area: string } | null {
  const data = samples(points, asset);
  const first = data[0];
  const last = data[data.length - 1];
  if (!first || !last) return null;
  // The axis starts at zero (a balance is never negative), so a steady 1 BTC is drawn high and a
  // steady zero on the floor, instead of both as the same line in the middle.
  const lowest = data.reduce((min, s) => (s.minor < min ? s.minor : min), first.minor);
  const low = lowest < 0n ? lowest : 0n;
  const high = data.reduce((max, s) => (s.minor > max ? s.minor : max), first.minor);
  const span = last.time - first.time;
  const xFor = (time: number) => (span === 0 ? PAD : PAD + ((time - first.time) / span) * (CHART_WIDTH - 2 * PAD));
  const round = (n: number) => Math.round(n * 10) / 10;
  let line = `M ${round(xFor(first.time))} ${round(yFor(first.minor, low, high))}`;
  for (const sample of data.slice(1)) {
    line += ` H ${round(xFor(sample.time))} V ${round(yFor(sample.minor, low, high))}`;
  }
  // A single sample, or the last one, holds its value to the right edge.
  line += ` H ${CHART_WIDTH - PAD}`;
  const area = `${line} V ${CHART_HEIGHT - PAD} H ${round(xFor(first.time))} Z`;
  return { line, area };
}

export interface ChartSummary {
  start: string;
  end: string;
  high: string;
  low: string;
}

export function chartSummary(points: readonly ChartPointIn[], asset: Asset, locale: Locale): ChartSummary | null {
  const data = samples(points, asset);
  const first = data[0];
  const last = data[data.length - 1];
  if (!first || !last) return null;
  const low = data.reduce((min, s) => (s.minor < min ? s.minor : min), first.minor);
  const high = data.reduce((max, s) => (s.minor > max ? s.minor : max), first.minor);
  return {
    start: formatDisplay(first.minor, asset, locale),
    end: formatDisplay(last.minor, asset, locale),
    high: formatDisplay(high, asset, locale),
    low: formatDisplay(low, asset, locale),
  };
}
