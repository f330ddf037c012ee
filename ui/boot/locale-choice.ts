// Which language a page renders in: the server-validated `lang` query (BootData.locale), else the
// provider's default, else en (spec §2: fallback en). The client checks the query again through
// core/language.ts, so a `?lang=xx` shows the 404 text even if a shell came from a cache that
// did not know about it.

import { chooseLocale, FALLBACK_LOCALE, type Locale } from '#core/language.ts';
import type { BootData } from './boot-data.ts';

export interface PageLocale {
  locale: Locale;
  /** The `lang` query names an unsupported language: the page is the 404. */
  unsupportedLanguage: boolean;
}

export function choosePageLocale(boot: Pick<BootData, 'locale' | 'whitelabel'>, search: string): PageLocale {
  const preferred = [boot.locale, boot.whitelabel?.languages.default].filter((x): x is Locale => typeof x === 'string');
  const lang = new URLSearchParams(search).get('lang');
  const fromQuery = chooseLocale(lang, preferred);
  if (fromQuery.ok) return { locale: fromQuery.locale, unsupportedLanguage: false };
  return { locale: preferred[0] ?? FALLBACK_LOCALE, unsupportedLanguage: true };
}
