// "1 BTC = €58,000.00": a rate as people read it (price-line.ts priceLine).
import type { Asset } from '#core/assets.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { priceLine } from './price-line.ts';

export function PriceText({ from, to, rate }: { from: Asset; to: Asset; rate: string | undefined }) {
  const locale = useBootStore((state) => state.locale);
  const line = priceLine(from, to, rate);
  if (!line) return <span>—</span>;
  return <span className="nowrap">1 {line.unit} = {formatDisplay(line.price, line.in, locale)}</span>;
}
