import { describe, expect, it } from 'vitest';
import { invoiceEn } from './invoice-en.ts';
import { invoiceEs } from './invoice-es.ts';

describe('the invoice page texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(invoiceEs).sort()).toEqual(Object.keys(invoiceEn).sort());
    for (const key of Object.keys(invoiceEn) as (keyof typeof invoiceEn)[]) expect(names(invoiceEs[key]), key).toEqual(names(invoiceEn[key]));
  });
});
