// Spec §2/§5/§9: locales en and es, fallback en; a `lang` query naming anything else is a 404.

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export type LocaleChoice = { ok: true; locale: Locale } | { ok: false; code: 'unsupported_language' };

/**
 * Resolve the `lang` query parameter. Absent (null/undefined) means "no preference" and
 * falls back; present but unsupported is an error the caller must show as the 404 page.
 * An empty `?lang=` is treated as present and unsupported: a link that names no language is broken.
 */
export function chooseLocale(langQuery: string | null | undefined, preferred?: readonly string[]): LocaleChoice {
  if (langQuery !== null && langQuery !== undefined) {
    return isSupportedLocale(langQuery) ? { ok: true, locale: langQuery } : { ok: false, code: 'unsupported_language' };
  }
  const fromPreferred = preferred?.find(isSupportedLocale);
  return { ok: true, locale: fromPreferred ?? FALLBACK_LOCALE };
}
