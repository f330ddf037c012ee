import { describe, expect, it } from 'vitest';
import { translator } from '#ui/i18n/translate.ts';
import { widgetEn } from './widget-en.ts';
import { widgetEs } from './widget-es.ts';

describe('the widget texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(widgetEs).sort()).toEqual(Object.keys(widgetEn).sort());
    for (const key of Object.keys(widgetEn) as (keyof typeof widgetEn)[]) expect(names(widgetEs[key]), key).toEqual(names(widgetEn[key]));
  });

  it.each([
    ['failed.expired', 'Session Expired Please Make another transaction.'],
    ['failed.unknown', 'Merchant not recognized or Session Expired Please Make another transaction.'],
    ['error.merchant', 'Merchant not recognized!'],
    ['error.rates', 'Some problem occurred. please try again later.'],
    ['error.status', 'There may be a problem with the server. please try again later'],
  ] as const)('says %s exactly as the spec words it', (key, text) => {
    expect(translator({ en: widgetEn, es: widgetEs }, 'en')(key)).toBe(text);
  });
});
