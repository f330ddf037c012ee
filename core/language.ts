// Spec §2/§5/§9: locales en and es, fallback en; a `lang` query naming anything else is a 404.
// Which language a page opens in, as a visitor of any multilingual site expects it:
//   1. `?lang=` names the language of this load (unsupported: the 404 page);
//   2. else the `lang` cookie, the choice the visitor made earlier with `?lang=` or the switcher;
//   3. else the best language of the browser's Accept-Language (q-values honoured, es-ES -> es);
//   4. else the provider's default language, else en.
// The server applies this rule when it renders the shell, so the first paint is in that language,
// and the app applies the same function again at start (ui/app/start-app.tsx).

export const LOCALES = ['en', 'es'] as const;
export type Locale = (typeof LOCALES)[number];
export const FALLBACK_LOCALE: Locale = 'en';

/** The cookie that remembers a visitor's language choice, and for how long (a year). */
export const LANGUAGE_COOKIE = 'lang';
export const LANGUAGE_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

/** Accept-Language entries looked at: a header is a few entries long; a huge one is not worth parsing. */
const MAX_ACCEPT_LANGUAGE_ENTRIES = 32;

export function isSupportedLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export interface LanguageSources {
  /**
   * The `lang` query parameter: null or undefined when absent. Anything present that is not one
   * supported locale (an empty value, `EN`, a repeated parameter given as an array) is unsupported.
   */
  query?: unknown;
  /** The `lang` cookie. Read like the query, but an unusable value is ignored rather than a 404. */
  cookie?: unknown;
  /** The Accept-Language header, e.g. "es-ES,es;q=0.9,en;q=0.8" (the browser's list joined by commas works too). */
  acceptLanguage?: string | null;
  /** The provider's languages: only these are chosen from the cookie or the header; `default` comes last. */
  provider?: { default: Locale; supported: readonly Locale[] } | null;
}

export type LanguageSource = 'query' | 'cookie' | 'accept-language' | 'provider-default' | 'fallback';

export type PageLanguage =
  | { ok: true; locale: Locale; source: LanguageSource }
  /** The page is the 404; `locale` is the language to show it in (the same rule without the query). */
  | { ok: false; code: 'unsupported_language'; locale: Locale };

export function choosePageLanguage(sources: LanguageSources): PageLanguage {
  const { query } = sources;
  if (query !== null && query !== undefined) {
    if (isSupportedLocale(query)) return { ok: true, locale: query, source: 'query' };
    return { ok: false, code: 'unsupported_language', locale: chooseWithoutQuery(sources).locale };
  }
  return chooseWithoutQuery(sources);
}

function chooseWithoutQuery({ cookie, acceptLanguage, provider }: LanguageSources): PageLanguage & { ok: true } {
  const supported = provider ? LOCALES.filter((locale) => provider.supported.includes(locale)) : LOCALES;
  if (isSupportedLocale(cookie) && supported.includes(cookie)) return { ok: true, locale: cookie, source: 'cookie' };
  const accepted = negotiateLocale(acceptLanguage, supported);
  if (accepted) return { ok: true, locale: accepted, source: 'accept-language' };
  if (provider && isSupportedLocale(provider.default)) return { ok: true, locale: provider.default, source: 'provider-default' };
  return { ok: true, locale: FALLBACK_LOCALE, source: 'fallback' };
}

/** One Accept-Language entry: the tag as sent and its weight (0 means "not acceptable"). */
export interface AcceptedLanguage {
  tag: string;
  q: number;
}

const LANGUAGE_TAG = /^(\*|[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*)$/;
const Q_PARAM = /^q=(0(\.[0-9]{0,3})?|1(\.0{0,3})?)$/i;

/**
 * The entries of an Accept-Language header, best first (equal weights keep the header's order).
 * An entry with a malformed tag or weight is dropped, as is one with weight 0.
 */
export function acceptedLanguages(header: string | null | undefined): AcceptedLanguage[] {
  if (!header) return [];
  const entries: AcceptedLanguage[] = [];
  for (const part of header.split(',').slice(0, MAX_ACCEPT_LANGUAGE_ENTRIES)) {
    const [rawTag = '', ...params] = part.split(';').map((piece) => piece.trim());
    if (!LANGUAGE_TAG.test(rawTag)) continue;
    const qParam = params.find((param) => /^q=/i.test(param));
    if (qParam !== undefined && !Q_PARAM.test(qParam)) continue;
    const q = qParam === undefined ? 1 : Number(qParam.slice(2));
    if (q > 0) entries.push({ tag: rawTag, q });
  }
  // Array.prototype.sort is stable, so equal weights stay in the order the browser sent them.
  return entries.sort((a, b) => b.q - a.q);
}

/** The best supported locale of an Accept-Language header by its primary subtag (es-419 -> es), or null. */
export function negotiateLocale(header: string | null | undefined, supported: readonly Locale[] = LOCALES): Locale | null {
  for (const { tag } of acceptedLanguages(header)) {
    const primary = tag.split('-')[0]?.toLowerCase();
    if (isSupportedLocale(primary) && supported.includes(primary)) return primary;
  }
  return null;
}

/** The raw `lang` value of a Cookie header or of document.cookie (validated later by choosePageLanguage). */
export function languageCookieOf(cookieHeader: string | null | undefined): string | null {
  if (!cookieHeader) return null;
  for (const pair of cookieHeader.split(';')) {
    const separator = pair.indexOf('=');
    if (separator > 0 && pair.slice(0, separator).trim() === LANGUAGE_COOKIE) return pair.slice(separator + 1).trim();
  }
  return null;
}
