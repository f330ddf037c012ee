import { describe, expect, it } from 'vitest';
import { adminMerchantsEn, type AdminMerchantsKey } from './admin-merchants-en.ts';
import { adminMerchantsEs } from './admin-merchants-es.ts';
import { adminWhitelabelEn, type AdminWhitelabelKey } from './admin-whitelabel-en.ts';
import { adminWhitelabelEs } from './admin-whitelabel-es.ts';
import { PermissionsSchema } from '#core/whitelabel.ts';
import { PAYMENT_STATUSES } from '#core/payments/payment-rules.ts';
import { apiErrorsEs } from './api-errors-es.ts';

const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('the console\'s merchants, fees and white-label texts', () => {
  it('has a Spanish text for every English key of the merchants and fees pages, with the same placeholders', () => {
    expect(Object.keys(adminMerchantsEs).sort()).toEqual(Object.keys(adminMerchantsEn).sort());
    for (const key of Object.keys(adminMerchantsEn) as AdminMerchantsKey[]) expect(names(adminMerchantsEs[key]), key).toEqual(names(adminMerchantsEn[key]));
  });

  it('has a Spanish text for every English key of the white-label editor, with the same placeholders', () => {
    expect(Object.keys(adminWhitelabelEs).sort()).toEqual(Object.keys(adminWhitelabelEn).sort());
    for (const key of Object.keys(adminWhitelabelEn) as AdminWhitelabelKey[]) expect(names(adminWhitelabelEs[key]), key).toEqual(names(adminWhitelabelEn[key]));
  });

  it('names every permission flag of spec §3 the editor shows', () => {
    for (const flag of Object.keys(PermissionsSchema.entries).filter((name) => name !== 'wl_id')) expect(adminWhitelabelEn).toHaveProperty(`wl.flag.${flag}`);
  });

  it('names every payment status the merchant detail lists', () => {
    for (const status of PAYMENT_STATUSES) expect(adminMerchantsEs).toHaveProperty(`detail.status.${status}`);
  });

  it('says merchant_id_taken in Spanish', () => {
    expect(apiErrorsEs.merchant_id_taken).toBeTruthy();
  });
});
