import { describe, expect, it } from 'vitest';
import { settlementsEn, type SettlementsKey } from './settlements-en.ts';
import { settlementsEs } from './settlements-es.ts';

describe('the settlements texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(settlementsEs).sort()).toEqual(Object.keys(settlementsEn).sort());
    for (const key of Object.keys(settlementsEn) as SettlementsKey[]) expect(names(settlementsEs[key]), key).toEqual(names(settlementsEn[key]));
  });

  it('says the receipts\' totals with their count, amount and fee in both languages', () => {
    for (const texts of [settlementsEn, settlementsEs]) {
      for (const field of ['{count}', '{amount}', '{fee}']) expect(texts['receipts.total']).toContain(field);
    }
  });
});
