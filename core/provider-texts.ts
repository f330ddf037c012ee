// The provider's own texts on a page (the footer's disclaimer and regulation text) in the page's
// language: its translation for that language where the configuration has one, else the text of
// the provider's default language (configuration.disclaimer and .regulation_html themselves), so a
// page never shows a hole where a legal text belongs.

import type { Locale } from './language.ts';
import type { Configuration } from './whitelabel.ts';

export interface ProviderTexts {
  disclaimer: string;
  regulation_html: string;
}

export function providerTexts(configuration: Pick<Configuration, 'disclaimer' | 'regulation_html' | 'translations'>, locale: Locale): ProviderTexts {
  const translated = configuration.translations[locale];
  return {
    disclaimer: translated?.disclaimer ?? configuration.disclaimer,
    regulation_html: translated?.regulation_html ?? configuration.regulation_html,
  };
}
