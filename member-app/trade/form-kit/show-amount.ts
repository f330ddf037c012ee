// An amount from the API as the page writes it ("€200.00", "0.00300000 BTC"); a missing one is a
// dash and one that cannot be read is shown as it came, never as a guessed number.
import type { Asset } from '#core/assets.ts';
import { parseAmount } from '#core/money.ts';
import { formatDisplay } from '#core/money-display.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';

export function useShowAmount(): (amount: string | null, asset: Asset | null) => string {
  const locale = useBootStore((state) => state.locale);
  return (amount, asset) => {
    if (amount === null || asset === null) return '—';
    const parsed = parseAmount(amount, asset);
    return parsed.ok ? formatDisplay(parsed.minor, asset, locale) : `${amount} ${asset}`;
  };
}
