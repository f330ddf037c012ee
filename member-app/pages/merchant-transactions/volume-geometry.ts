// The volume chart's picture: one stacked bar per day of the range (a segment per coin), in the
// lead fiat. Only geometry is computed here; every figure written on the page is the server's.
import type { CryptoAsset, FiatAsset } from '#core/assets.ts';
import type { MerchantVolume } from '#core/contract/merchant-office.ts';
import { mustParseAmount } from '#core/money.ts';

export const VOLUME_RANGES = [7, 30, 90, 365] as const;
export type VolumeRange = (typeof VOLUME_RANGES)[number];
export const VOLUME_WIDTH = 640;
export const VOLUME_HEIGHT = 160;
const DAY_MS = 86_400_000;

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

/** The last `days` UTC days, today included: the server counts settlements by UTC day. */
export function rangeOf(days: VolumeRange, now: Date): { from: string; to: string } {
  return { from: isoDay(new Date(now.getTime() - (days - 1) * DAY_MS)), to: isoDay(now) };
}

/** The merchant's own fiat when it received any, else the fiat it received most payments in. */
export function leadCurrency(volume: MerchantVolume): FiatAsset {
  if (volume.totals.length === 0 || volume.totals.some((total) => total.fiat_currency === volume.currency)) return volume.currency;
  return [...volume.totals].sort((a, b) => b.count - a.count)[0]!.fiat_currency;
}

export interface BarSegment {
  coin: CryptoAsset;
  y: number;
  height: number;
}

export interface Bar {
  date: string;
  x: number;
  width: number;
  segments: BarSegment[];
}

/** Every day of the range, left to right; a day without payments has no segments. */
export function volumeBars(volume: MerchantVolume, fiat: FiatAsset): Bar[] {
  const start = new Date(`${volume.from}T00:00:00Z`).getTime();
  const end = new Date(`${volume.to}T00:00:00Z`).getTime();
  const count = Math.max(1, Math.round((end - start) / DAY_MS) + 1);
  // Amounts stay minor units (bigint); only the ratio to the tallest day becomes a number of pixels.
  const byDay = new Map<string, { coin: CryptoAsset; amount: bigint }[]>();
  for (const day of volume.days) {
    if (day.fiat_currency !== fiat) continue;
    const list = byDay.get(day.date) ?? [];
    list.push({ coin: day.coin, amount: mustParseAmount(day.fiat_amount, fiat) });
    byDay.set(day.date, list);
  }
  const dayTotal = (list: { amount: bigint }[]) => list.reduce((sum, item) => sum + item.amount, 0n);
  const max = [...byDay.values()].map(dayTotal).reduce((a, b) => (b > a ? b : a), 0n);
  const slot = VOLUME_WIDTH / count;
  const width = Math.max(1, slot * 0.7);
  const bars: Bar[] = [];
  for (let i = 0; i < count; i += 1) {
    const date = isoDay(new Date(start + i * DAY_MS));
    let top = VOLUME_HEIGHT;
    const segments: BarSegment[] = [];
    for (const item of byDay.get(date) ?? []) {
      const height = max > 0n ? (Number(item.amount) / Number(max)) * (VOLUME_HEIGHT - 4) : 0;
      top -= height;
      segments.push({ coin: item.coin, y: top, height });
    }
    bars.push({ date, x: i * slot + (slot - width) / 2, width, segments });
  }
  return bars;
}

/** The coins that appear in the range, in the order the server sorted them. */
export function coinsOf(volume: MerchantVolume): CryptoAsset[] {
  return [...new Set(volume.days.map((day) => day.coin))];
}
