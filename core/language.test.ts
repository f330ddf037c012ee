import { describe, it, expect } from 'vitest';
import { ERRORS } from './errors.ts';
import {
  acceptedLanguages,
  choosePageLanguage,
  FALLBACK_LOCALE,
  isSupportedLocale,
  languageCookieOf,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LOCALES,
  negotiateLocale,
  type LanguageSources,
  type PageLanguage,
} from './language.ts';

const BOTH = { default: 'en', supported: ['en', 'es'] } as const;
const SPANISH_FIRST = { default: 'es', supported: ['en', 'es'] } as const;
const ENGLISH_ONLY = { default: 'en', supported: ['en'] } as const;

describe('languages en and es; the language query must be a supported locale, otherwise a 404; fallback en', () => {
  it('the locales are en and es, fallback en', () => {
    expect(LOCALES).toEqual(['en', 'es']);
    expect(FALLBACK_LOCALE).toBe('en');
  });

  it.each(['en', 'es'])('%j is supported', (lang) => {
    expect(isSupportedLocale(lang)).toBe(true);
    expect(choosePageLanguage({ query: lang })).toEqual({ ok: true, locale: lang, source: 'query' });
  });

  it.each(['xx', '', 'EN', 'Es', 'en-GB', ' en', ['en', 'es'], 1])('the query %j is unsupported and gives the 404 code', (lang) => {
    expect(isSupportedLocale(lang)).toBe(false);
    const choice = choosePageLanguage({ query: lang });
    expect(choice).toEqual({ ok: false, code: 'unsupported_language', locale: 'en' });
    if (!choice.ok) {
      expect(ERRORS[choice.code].status).toBe(404);
      expect(ERRORS[choice.code].message).toBe('This page could not be found');
    }
  });

  it.each([null, undefined])('an absent query (%s) and nothing else falls back to en', (lang) => {
    expect(choosePageLanguage({ query: lang })).toEqual({ ok: true, locale: 'en', source: 'fallback' });
  });

  it.each([1, {}, null, undefined])('non-strings (%j) are not supported locales', (value) => {
    expect(isSupportedLocale(value)).toBe(false);
  });
});

describe('the language a page opens in: ?lang, then the remembered choice, then the browser, then the provider default, else en', () => {
  const cases: [string, LanguageSources, PageLanguage][] = [
    // The first visit follows the browser.
    ['an es-ES browser gets Spanish', { acceptLanguage: 'es-ES,es;q=0.9', provider: BOTH }, { ok: true, locale: 'es', source: 'accept-language' }],
    ['a Latin American Spanish browser (es-419) gets Spanish', { acceptLanguage: 'es-419', provider: BOTH }, { ok: true, locale: 'es', source: 'accept-language' }],
    ['an en-GB browser gets English', { acceptLanguage: 'en-GB,en;q=0.9', provider: SPANISH_FIRST }, { ok: true, locale: 'en', source: 'accept-language' }],
    ['q-values are honoured, not the order', { acceptLanguage: 'en;q=0.3,es;q=0.8', provider: BOTH }, { ok: true, locale: 'es', source: 'accept-language' }],
    ['an unsupported first language is skipped for the next supported one', { acceptLanguage: 'fr-FR,fr;q=0.9,es;q=0.5,en;q=0.4', provider: BOTH }, { ok: true, locale: 'es', source: 'accept-language' }],
    ['a browser with only unsupported languages gets the provider default', { acceptLanguage: 'fr-FR,de;q=0.5', provider: SPANISH_FIRST }, { ok: true, locale: 'es', source: 'provider-default' }],
    ['a browser with only unsupported languages and no provider gets en', { acceptLanguage: 'fr-FR,de;q=0.5' }, { ok: true, locale: 'en', source: 'fallback' }],
    ['no Accept-Language gets the provider default', { acceptLanguage: null, provider: SPANISH_FIRST }, { ok: true, locale: 'es', source: 'provider-default' }],
    ['"*" names no language: the provider default decides', { acceptLanguage: '*', provider: SPANISH_FIRST }, { ok: true, locale: 'es', source: 'provider-default' }],
    ['a language the provider does not offer is not chosen from the browser', { acceptLanguage: 'es-ES', provider: ENGLISH_ONLY }, { ok: true, locale: 'en', source: 'provider-default' }],
    // A choice made with ?lang or the switcher is remembered and wins over the browser.
    ['the remembered choice wins over Accept-Language', { cookie: 'es', acceptLanguage: 'en-US,en;q=0.9', provider: BOTH }, { ok: true, locale: 'es', source: 'cookie' }],
    ['the remembered choice wins over the provider default', { cookie: 'en', provider: SPANISH_FIRST }, { ok: true, locale: 'en', source: 'cookie' }],
    ['a remembered value that is not a supported locale is ignored, not a 404', { cookie: 'xx', acceptLanguage: 'es', provider: BOTH }, { ok: true, locale: 'es', source: 'accept-language' }],
    ['a remembered value in another case is ignored like the query would be', { cookie: 'ES', provider: BOTH }, { ok: true, locale: 'en', source: 'provider-default' }],
    ['a remembered language the provider does not offer is ignored', { cookie: 'es', provider: ENGLISH_ONLY }, { ok: true, locale: 'en', source: 'provider-default' }],
    // ?lang wins over both for this load; unsupported is the 404, shown in the language the rest would give.
    ['?lang wins over the remembered choice and the browser', { query: 'en', cookie: 'es', acceptLanguage: 'es-ES', provider: BOTH }, { ok: true, locale: 'en', source: 'query' }],
    ['?lang names a platform language even where the provider default differs', { query: 'es', provider: BOTH }, { ok: true, locale: 'es', source: 'query' }],
    ['an unsupported ?lang is the 404, shown in the remembered language', { query: 'xx', cookie: 'es', provider: BOTH }, { ok: false, code: 'unsupported_language', locale: 'es' }],
    ['an unsupported ?lang is the 404, shown in the browser language', { query: 'fr', acceptLanguage: 'es-ES', provider: BOTH }, { ok: false, code: 'unsupported_language', locale: 'es' }],
    ['an empty ?lang is the 404, shown in the provider default', { query: '', provider: SPANISH_FIRST }, { ok: false, code: 'unsupported_language', locale: 'es' }],
  ];
  it.each(cases)('%s', (_name, sources, expected) => {
    expect(choosePageLanguage(sources)).toEqual(expected);
  });
});

describe('Accept-Language', () => {
  it.each([
    ['es-ES,es;q=0.9,en;q=0.8', ['es-ES', 'es', 'en']],
    ['en;q=0.5, es', ['es', 'en']],
    ['de;q=0.5,fr;q=0.5,it', ['it', 'de', 'fr']],
    ['es;q=0,en', ['en']],
    ['es;q=2,en;q=abc,fr;q=0.7', ['fr']],
    ['en-US;level=1;q=0.4,es', ['es', 'en-US']],
    ['not a tag!,es', ['es']],
    ['', []],
  ])('%j is read as %j, best first', (header, tags) => {
    expect(acceptedLanguages(header).map((entry) => entry.tag)).toEqual(tags);
  });

  it('looks at a bounded number of entries', () => {
    const header = [...Array.from({ length: 40 }, (_, i) => `fr-x${i};q=0.9`), 'es;q=1'].join(',');
    expect(acceptedLanguages(header)).toHaveLength(32);
    expect(negotiateLocale(header)).toBeNull();
  });

  it.each([
    ['ES-es', 'es'],
    ['es-419', 'es'],
    ['en-GB', 'en'],
    ['pt-BR', null],
  ])('%s matches by its primary language: %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});

describe('the lang cookie', () => {
  it('is called lang and kept for a year', () => {
    expect(LANGUAGE_COOKIE).toBe('lang');
    expect(LANGUAGE_COOKIE_MAX_AGE_S).toBe(31_536_000);
  });

  it.each([
    ['lang=es', 'es'],
    ['session=abc; lang=en; other=1', 'en'],
    ['language=es; xlang=es', null],
    ['lang=', ''],
    ['', null],
    [null, null],
  ])('%j reads as %j', (header, value) => {
    expect(languageCookieOf(header)).toBe(value);
  });
});
