// The quote's rate the way people read a price.
import { FIAT_DECIMALS, type Asset } from './assets.ts';
import { divideRounded, formatMinor } from './money.ts';

/**
 * The server's rate is coins per unit of fiat ("0.0000179422445512"); people read a price as one coin in
 * fiat ("1 BTC = 55734.39 EUR"). The same figure turned over, rounded half-up to the fiat's cents.
 */
export function coinPrice(rate: string, fiat: Asset): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const units = BigInt(`${whole}${fraction}`);
  if (units <= 0n) return '—';
  return formatMinor(divideRounded(10n ** BigInt(fraction.length + FIAT_DECIMALS), units, 'half-up'), fiat);
}
