import { describe, expect, it } from 'vitest';
import { translator } from '#ui/i18n/translate.ts';
import { identityEn } from './identity-en.ts';
import { identityEs } from './identity-es.ts';

describe('the identity texts', () => {
  it('has a Spanish text for every English key, with the same placeholders', () => {
    const names = (s: string) => [...s.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
    expect(Object.keys(identityEs).sort()).toEqual(Object.keys(identityEn).sort());
    for (const key of Object.keys(identityEn) as (keyof typeof identityEn)[]) expect(names(identityEs[key]), key).toEqual(names(identityEn[key]));
  });

  it.each([
    ['field.required', 'Required field'],
    ['session.timeoutText', 'You are logged in on other devices or browsers. Please login again.'],
    ['session.login', 'Login'],
  ] as const)('says %s exactly as the spec words it', (key, text) => {
    expect(translator({ en: identityEn, es: identityEs }, 'en')(key)).toBe(text);
  });
});
