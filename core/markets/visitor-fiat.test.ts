import { describe, expect, it } from 'vitest';
import { chooseMarketFiat } from './visitor-fiat.ts';

describe('the fiat a markets page prices in', () => {
  it.each([
    { why: 'a supported ?fiat= wins over the browser', query: 'CHF', header: 'en-US', want: 'CHF' },
    { why: 'an unsupported ?fiat= falls back to the browser region', query: 'JPY', header: 'en-GB,en;q=0.8', want: 'GBP' },
    { why: 'a lower-case ?fiat= is not ours either', query: 'usd', header: null, want: 'EUR' },
    { why: 'a US browser reads dollars', query: undefined, header: 'en-US,en;q=0.9', want: 'USD' },
    { why: 'a Canadian French browser reads Canadian dollars', query: undefined, header: 'fr-CA', want: 'CAD' },
    { why: 'an Australian browser reads Australian dollars', query: undefined, header: 'en-AU', want: 'AUD' },
    { why: 'a Swiss German browser reads francs', query: undefined, header: 'de-CH,de;q=0.9', want: 'CHF' },
    { why: 'the first region named decides, even when it is a euro country', query: undefined, header: 'es-ES,en-US;q=0.5', want: 'EUR' },
    { why: 'a tag without a region is skipped for the next one', query: undefined, header: 'en,en-GB;q=0.9', want: 'GBP' },
    { why: 'a numeric region (es-419) is no country', query: undefined, header: 'es-419', want: 'EUR' },
    { why: 'no header reads euros', query: undefined, header: undefined, want: 'EUR' },
  ])('$why', ({ query, header, want }) => {
    expect(chooseMarketFiat(query, header)).toBe(want);
  });
});
