import { describe, expect, it } from 'vitest';
import { languageHref } from './language-href.ts';

describe('the language switcher link', () => {
  it.each([
    ['adds lang to a page without a query', '/sys-blocked', '/country', '', 'es', '/sys-blocked/country?lang=es'],
    ['replaces an existing lang', '/sys-maintenance', '/', 'lang=es', 'en', '/sys-maintenance/?lang=en'],
    ['keeps the other query parameters', '/sys-widget', '/payment', 'id=42&lang=en', 'es', '/sys-widget/payment?id=42&lang=es'],
    ['replaces an unsupported lang', '/sys-blocked', '/', 'lang=xx', 'en', '/sys-blocked/?lang=en'],
    ['keeps a path outside the base absolute', '/sys-blocked', '~/elsewhere', '', 'es', '/elsewhere?lang=es'],
  ] as const)('%s', (_name, base, path, search, locale, expected) => {
    expect(languageHref(base, path, search, locale)).toBe(expected);
  });
});
