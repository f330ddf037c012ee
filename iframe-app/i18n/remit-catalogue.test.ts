import { describe, expect, it } from 'vitest';
import { remitEn } from './remit-en.ts';
import { remitEs } from './remit-es.ts';

describe('the remittance texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(remitEs).sort()).toEqual(Object.keys(remitEn).sort());
    for (const key of Object.keys(remitEn) as (keyof typeof remitEn)[]) expect(names(remitEs[key]), key).toEqual(names(remitEn[key]));
  });
});
