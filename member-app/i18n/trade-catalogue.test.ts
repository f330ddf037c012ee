import { describe, expect, it } from 'vitest';
import { ERRORS } from '#core/errors.ts';
import { translator } from '#ui/i18n/translate.ts';
import { TEST_CARDS } from '../trade/deposits/card-input.ts';
import { tradeEn } from './trade-en.ts';
import { tradeErrorsEs } from './trade-errors-es.ts';
import { tradeEs } from './trade-es.ts';

describe('the money page texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(tradeEs).sort()).toEqual(Object.keys(tradeEn).sort());
    for (const key of Object.keys(tradeEn) as (keyof typeof tradeEn)[]) expect(names(tradeEs[key]), key).toEqual(names(tradeEn[key]));
  });

  it('has a Spanish text for every money error code of core/errors.ts', () => {
    const money = ['insufficient_funds', 'liquidity_unavailable', 'amount_below_minimum', 'amount_above_maximum', 'quote_expired', 'quote_not_found', 'coupon_invalid', 'address_invalid', 'card_declined', 'card_invalid', 'beneficiary_not_found', 'operation_disabled', 'limit_exceeded', 'coin_unavailable'];
    for (const code of money) {
      expect(Object.hasOwn(ERRORS, code), code).toBe(true);
      expect(tradeErrorsEs[code], code).toBeTruthy();
    }
  });

  it('explains every test card in both languages', () => {
    for (const card of TEST_CARDS) {
      const key = `card.test.${card.outcome}` as keyof typeof tradeEn;
      expect(tradeEn[key], key).toBeTruthy();
      expect(tradeEs[key], key).toBeTruthy();
    }
  });

  it.each([
    ['buy.title', 'Buy Coins'],
    ['sell.title', 'Sell Coins'],
    ['withdrawal.tabFiat', 'Withdraw Fiat'],
    ['threeDs.title', 'Test acquirer — 3-D Secure'],
  ] as const)('says %s as the spec and the brief word it', (key, text) => {
    expect(translator({ en: tradeEn, es: tradeEs }, 'en')(key)).toBe(text);
  });

  it('titles the card deposit in the member fiat: "Deposit EUR"', () => {
    expect(translator({ en: tradeEn, es: tradeEs }, 'en')('card.title', { currency: 'EUR' })).toBe('Deposit EUR');
  });
});
