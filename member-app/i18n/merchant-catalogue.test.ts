import { describe, expect, it } from 'vitest';
import { PAYMENT_EXCEPTIONS, PAYMENT_STATUSES } from '#core/payments/payment-rules.ts';
import { WEBHOOK_DELIVERY_STATUSES } from '#core/contract/webhooks.ts';
import { merchantEn, type MerchantKey } from './merchant-en.ts';
import { merchantEs } from './merchant-es.ts';

describe('the merchant back office texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(merchantEs).sort()).toEqual(Object.keys(merchantEn).sort());
    for (const key of Object.keys(merchantEn) as MerchantKey[]) expect(names(merchantEs[key]), key).toEqual(names(merchantEn[key]));
  });

  it('names every payment status, exception and delivery status the API can answer', () => {
    const keys = Object.keys(merchantEn);
    for (const status of PAYMENT_STATUSES) expect(keys).toContain(`status.${status}`);
    for (const exception of PAYMENT_EXCEPTIONS) expect(keys).toContain(`exception.${exception}`);
    for (const status of WEBHOOK_DELIVERY_STATUSES) expect(keys).toContain(`detail.delivery.${status}`);
  });
});
