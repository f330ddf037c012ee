import { describe, expect, it } from 'vitest';
import { adminCouponsEn, type AdminCouponsKey } from './admin-coupons-en.ts';
import { adminCouponsEs } from './admin-coupons-es.ts';

describe("the console coupons' texts", () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(adminCouponsEs).sort()).toEqual(Object.keys(adminCouponsEn).sort());
    for (const key of Object.keys(adminCouponsEn) as AdminCouponsKey[]) expect(names(adminCouponsEs[key]), key).toEqual(names(adminCouponsEn[key]));
  });
});
