// The fiat a markets page prices in: the visitor's choice (?fiat=) when it is one of ours, else the
// currency of the region the browser names first in Accept-Language ("en-GB" -> GBP), else EUR.
// A wrong ?fiat= is no error worth a 404: the page still answers, in the default currency.

import { FIAT, type FiatAsset } from '../assets.ts';
import { acceptedLanguages } from '../language.ts';

/** Regions whose own currency we price in; every other region (and the euro area) reads EUR. */
const REGION_FIAT: Readonly<Record<string, FiatAsset>> = {
  US: 'USD',
  GB: 'GBP',
  CA: 'CAD',
  AU: 'AUD',
  CH: 'CHF',
  LI: 'CHF',
};

export const DEFAULT_MARKET_FIAT: FiatAsset = 'EUR';

export function isMarketFiat(value: unknown): value is FiatAsset {
  return typeof value === 'string' && (FIAT as readonly string[]).includes(value);
}

export function chooseMarketFiat(query: unknown, acceptLanguage: string | null | undefined): FiatAsset {
  if (isMarketFiat(query)) return query;
  for (const { tag } of acceptedLanguages(acceptLanguage)) {
    const region = tag.split('-')[1]?.toUpperCase();
    // The first region named decides: "en-IE, en-US" is a reader in Ireland, who pays in euros.
    if (region && /^[A-Z]{2}$/.test(region)) return REGION_FIAT[region] ?? DEFAULT_MARKET_FIAT;
  }
  return DEFAULT_MARKET_FIAT;
}
