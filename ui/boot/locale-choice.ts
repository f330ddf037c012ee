// Which language a page renders in: the rule of core/language.ts, applied again in the browser so a
// shell that came from a cache, or a tab restored after the visitor chose another language
// elsewhere, still opens in the language of the `?lang=` query and the `lang` cookie as they are
// now. The browser cannot read its own Accept-Language header, so the server's choice
// (BootData.locale) stands in for it; without one, the browser's language list does.

import { choosePageLanguage, languageCookieOf, type Locale } from '#core/language.ts';
import type { BootData } from './boot-data.ts';

export interface PageLocale {
  locale: Locale;
  /** The `lang` query names an unsupported language: the page is the 404. */
  unsupportedLanguage: boolean;
}

export interface BrowserLanguage {
  /** location.search */
  search: string;
  /** document.cookie */
  cookies: string;
  /** navigator.languages, best first */
  languages: readonly string[];
}

export function choosePageLocale(boot: Pick<BootData, 'locale' | 'whitelabel'>, browser: BrowserLanguage): PageLocale {
  const choice = choosePageLanguage({
    query: new URLSearchParams(browser.search).get('lang'),
    cookie: languageCookieOf(browser.cookies),
    acceptLanguage: boot.locale ?? browser.languages.join(','),
    provider: boot.whitelabel?.languages ?? null,
  });
  return { locale: choice.locale, unsupportedLanguage: !choice.ok };
}
