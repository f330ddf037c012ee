// The sidebar's Account Value (spec §2): the member's account_values in their fiat currency and,
// unless hidden, in BTC. Zero is the honest figure until money moves; an unreadable amount shows
// as zero too rather than a made-up number (the money issue owns the real balances).
import type { AccountFiat } from '#core/assets.ts';
import type { Locale } from '#core/language.ts';
import { formatDisplay } from '#core/money-display.ts';
import { parseAmount } from '#core/money.ts';

export function accountValueText(values: Readonly<Record<string, string>>, asset: AccountFiat | 'BTC', locale: Locale): string {
  const parsed = parseAmount(values[asset] ?? '0', asset);
  return formatDisplay(parsed.ok ? parsed.minor : 0n, asset, locale);
}
