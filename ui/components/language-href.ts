import type { Locale } from '#core/language.ts';

/** The same page in another language: path and other query parameters kept, `lang` set. */
export function languageHref(base: string, path: string, search: string, locale: Locale): string {
  const params = new URLSearchParams(search);
  params.set('lang', locale);
  // wouter marks a path outside the base with "~"; it is already absolute.
  const absolute = path.startsWith('~') ? path.slice(1) : `${base}${path}`;
  return `${absolute}?${params.toString()}`;
}
