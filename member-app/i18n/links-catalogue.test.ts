import { describe, expect, it } from 'vitest';
import { linksEn, type LinksKey } from './links-en.ts';
import { linksEs } from './links-es.ts';

describe('the payment link and widget settings texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(linksEs).sort()).toEqual(Object.keys(linksEn).sort());
    for (const key of Object.keys(linksEn) as LinksKey[]) expect(names(linksEs[key]), key).toEqual(names(linksEn[key]));
  });

  it('names every link state and payment status', () => {
    for (const state of ['open', 'paid', 'expired']) expect(linksEn).toHaveProperty(`links.state.${state}`);
    for (const status of ['new', 'processing', 'settled', 'expired', 'invalid']) expect(linksEs).toHaveProperty(`links.payment.${status}`);
  });
});
