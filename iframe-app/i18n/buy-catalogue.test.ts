import { describe, expect, it } from 'vitest';
import { buyEn } from './buy-en.ts';
import { buyEs } from './buy-es.ts';

describe('the buy widget texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(buyEs).sort()).toEqual(Object.keys(buyEn).sort());
    for (const key of Object.keys(buyEn) as (keyof typeof buyEn)[]) expect(names(buyEs[key]), key).toEqual(names(buyEn[key]));
  });
});
