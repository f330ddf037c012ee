import { createUseT } from '#ui/i18n/use-t.ts';
import { translator } from '#ui/i18n/translate.ts';
import type { Locale } from '#core/language.ts';
import { marketsEn, type MarketsKey } from './markets-en.ts';
import { marketsEs } from './markets-es.ts';

const CATALOGUES = { en: marketsEn, es: marketsEs } as const;

export const useMarketsT = createUseT<MarketsKey>(CATALOGUES);

/** Outside React: the server's <title>, description and Open Graph tags in the page's language. */
export function marketsText(locale: Locale) {
  return translator<MarketsKey>(CATALOGUES, locale);
}
