import { describe, it, expect } from 'vitest';
import { ERRORS } from './errors.ts';
import { FALLBACK_LOCALE, LOCALES, chooseLocale, isSupportedLocale } from './language.ts';

describe('languages en and es; the language query must be a supported locale, otherwise a 404; fallback en', () => {
  it('the locales are en and es, fallback en', () => {
    expect(LOCALES).toEqual(['en', 'es']);
    expect(FALLBACK_LOCALE).toBe('en');
  });

  it.each(['en', 'es'])('%j is supported', (lang) => {
    expect(isSupportedLocale(lang)).toBe(true);
    expect(chooseLocale(lang)).toEqual({ ok: true, locale: lang });
  });

  it.each(['xx', '', 'EN', 'Es', 'en-GB', ' en'])('%j is unsupported and gives the 404 code', (lang) => {
    expect(isSupportedLocale(lang)).toBe(false);
    const choice = chooseLocale(lang);
    expect(choice).toEqual({ ok: false, code: 'unsupported_language' });
    if (!choice.ok) {
      expect(ERRORS[choice.code].status).toBe(404);
      expect(ERRORS[choice.code].message).toBe('This page could not be found');
    }
  });

  it.each([null, undefined])('an absent query (%s) falls back to en', (lang) => {
    expect(chooseLocale(lang)).toEqual({ ok: true, locale: 'en' });
  });

  it('an absent query takes the first supported preference', () => {
    expect(chooseLocale(null, ['fr', 'es', 'en'])).toEqual({ ok: true, locale: 'es' });
    expect(chooseLocale(undefined, ['fr', 'de'])).toEqual({ ok: true, locale: 'en' });
  });

  it('a present query wins over preferences', () => {
    expect(chooseLocale('en', ['es'])).toEqual({ ok: true, locale: 'en' });
    expect(chooseLocale('xx', ['es'])).toEqual({ ok: false, code: 'unsupported_language' });
  });

  it.each([1, {}, null, undefined])('non-strings (%j) are not supported locales', (value) => {
    expect(isSupportedLocale(value)).toBe(false);
  });
});
