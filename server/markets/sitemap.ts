// /sys-markets/sitemap.xml: the provider's markets pages (the prices list and every coin page), each
// with its language versions as xhtml:link alternates, so a search engine finds them per host.

import type { Locale } from '#core/language.ts';
import { MARKET_COINS } from '#core/markets/coin-info/index.ts';
import { escapeHtml } from '../shell/render-shell.ts';
import { inLanguage } from './seo-head.ts';

export function marketsSitemap(origin: string, base: string, locales: readonly Locale[]): string {
  const pages = [`${origin}${base}/prices`, ...MARKET_COINS.map((coin) => `${origin}${base}/prices/${coin.id}`)];
  const entries = pages.flatMap((page) =>
    locales.map((locale) =>
      [
        '<url>',
        `<loc>${escapeHtml(inLanguage(page, locale))}</loc>`,
        ...locales.map((other) => `<xhtml:link rel="alternate" hreflang="${other}" href="${escapeHtml(inLanguage(page, other))}"/>`),
        `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(page)}"/>`,
        '</url>',
      ].join(''),
    ),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">
${entries.join('\n')}
</urlset>
`;
}
