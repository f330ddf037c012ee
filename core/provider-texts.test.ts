import { describe, expect, it } from 'vitest';
import type { Locale } from './language.ts';
import { providerTexts } from './provider-texts.ts';
import type { Configuration } from './whitelabel.ts';

const DEFAULT_TEXTS = { disclaimer: 'Crypto assets are volatile.', regulation_html: '<p>Regulated by nobody.</p>' };

describe("the footer's provider texts follow the page's language, else the default language's text", () => {
  it.each<[string, Configuration['translations'], Locale, { disclaimer: string; regulation_html: string }]>([
    ['a Spanish page shows the Spanish texts', { es: { disclaimer: 'Los criptoactivos son volátiles.', regulation_html: '<p>Sin regulador.</p>' } }, 'es', { disclaimer: 'Los criptoactivos son volátiles.', regulation_html: '<p>Sin regulador.</p>' }],
    ['an English page of an English-default provider shows the default texts', { es: { disclaimer: 'Los criptoactivos son volátiles.' } }, 'en', DEFAULT_TEXTS],
    ['a Spanish page of a provider without Spanish texts shows the default texts', {}, 'es', DEFAULT_TEXTS],
    ['a text missing from the translation falls back on its own', { es: { disclaimer: 'Los criptoactivos son volátiles.' } }, 'es', { disclaimer: 'Los criptoactivos son volátiles.', regulation_html: DEFAULT_TEXTS.regulation_html }],
    ['an English page of a Spanish-default provider shows its English translation', { en: { disclaimer: 'In English.' } }, 'en', { disclaimer: 'In English.', regulation_html: DEFAULT_TEXTS.regulation_html }],
  ])('%s', (_name, translations, locale, expected) => {
    expect(providerTexts({ ...DEFAULT_TEXTS, translations }, locale)).toEqual(expected);
  });
});
