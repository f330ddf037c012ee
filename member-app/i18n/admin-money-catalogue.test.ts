import { describe, expect, it } from 'vitest';
import { adminMoneyEn, type AdminMoneyKey } from './admin-money-en.ts';
import { adminMoneyEs } from './admin-money-es.ts';

describe("the console money area's texts", () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(adminMoneyEs).sort()).toEqual(Object.keys(adminMoneyEn).sort());
    for (const key of Object.keys(adminMoneyEn) as AdminMoneyKey[]) expect(names(adminMoneyEs[key]), key).toEqual(names(adminMoneyEn[key]));
  });

  it('says a large withdrawal needs two different operators, in both languages', () => {
    expect(adminMoneyEn['wd.lead']).toContain('two different operators');
    expect(adminMoneyEs['wd.lead']).toContain('dos operadores distintos');
  });
});
