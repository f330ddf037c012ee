import { describe, expect, it } from 'vitest';
import { translator } from '#ui/i18n/translate.ts';
import { refundsEn } from './refunds-en.ts';
import { refundsEs } from './refunds-es.ts';

describe('the refund texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(refundsEs).sort()).toEqual(Object.keys(refundsEn).sort());
    for (const key of Object.keys(refundsEn) as (keyof typeof refundsEn)[]) expect(names(refundsEs[key]), key).toEqual(names(refundsEn[key]));
  });

  it('names the merchant, the amount and the coin on the buyer page', () => {
    const t = translator({ en: refundsEn, es: refundsEs }, 'es');
    expect(t('claim.lead', { merchant: 'Verdant' })).toBe('Verdant te hace un reembolso.');
    expect(t('claim.sentLead', { amount: '0.00050000', coin: 'BTC' })).toBe('Se enviaron 0.00050000 BTC a tu dirección.');
  });
});

describe('the refund failures in Spanish', () => {
  it('has a Spanish text for every refund error code of core/errors.ts', async () => {
    const { ERRORS } = await import('#core/errors.ts');
    const { refundsErrorsEs } = await import('./refunds-errors-es.ts');
    const refundCodes = Object.keys(ERRORS).filter((code) => /^(refund_|payment_not_(acceptable|refundable))/.test(code));
    expect(refundCodes.length).toBeGreaterThan(0);
    expect(Object.keys(refundsErrorsEs).sort()).toEqual(refundCodes.sort());
  });
});
