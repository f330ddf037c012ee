// What search engines and link previews read from a markets page's <head>: title, description, the
// canonical URL, the same page in every language the provider offers (hreflang, x-default: no
// ?lang, so the visitor's own language), Open Graph tags and the page's JSON-LD. Every value is
// escaped; the JSON-LD is a data block (type application/ld+json), which the CSP does not run.

import type { Locale } from '#core/language.ts';
import { escapeHtml, scriptSafeJson } from '../shell/render-shell.ts';

export interface SeoHead {
  title: string;
  description: string;
  /** Absolute URL of the page without its language: "https://host/sys-markets/prices/bitcoin". */
  url: string;
  locale: Locale;
  locales: readonly Locale[];
  siteName: string;
  image: string | null;
  jsonLd: readonly unknown[];
}

const OG_LOCALE: Record<Locale, string> = { en: 'en_GB', es: 'es_ES' };

export function inLanguage(url: string, locale: Locale): string {
  return `${url}?lang=${locale}`;
}

export function renderSeoHead(seo: SeoHead): string {
  const attr = escapeHtml;
  const canonical = inLanguage(seo.url, seo.locale);
  return [
    `<title>${attr(seo.title)}</title>`,
    `<meta name="description" content="${attr(seo.description)}">`,
    `<link rel="canonical" href="${attr(canonical)}">`,
    ...seo.locales.map((locale) => `<link rel="alternate" hreflang="${locale}" href="${attr(inLanguage(seo.url, locale))}">`),
    `<link rel="alternate" hreflang="x-default" href="${attr(seo.url)}">`,
    '<meta property="og:type" content="website">',
    `<meta property="og:site_name" content="${attr(seo.siteName)}">`,
    `<meta property="og:title" content="${attr(seo.title)}">`,
    `<meta property="og:description" content="${attr(seo.description)}">`,
    `<meta property="og:url" content="${attr(canonical)}">`,
    `<meta property="og:locale" content="${OG_LOCALE[seo.locale]}">`,
    ...seo.locales.filter((locale) => locale !== seo.locale).map((locale) => `<meta property="og:locale:alternate" content="${OG_LOCALE[locale]}">`),
    seo.image ? `<meta property="og:image" content="${attr(seo.image)}">` : '',
    '<meta name="twitter:card" content="summary">',
    ...seo.jsonLd.map((block) => `<script type="application/ld+json">${scriptSafeJson(block)}</script>`),
  ]
    .filter(Boolean)
    .join('\n');
}
