// The markets page as the server sends it: the page already rendered from its data (React's
// renderToString over the same components the browser hydrates with Preact; see server/markets/README.md),
// the SEO head, the provider's theme as a stylesheet (so its colours are there before any script, and
// with none), and the BootData and page data as JSON blocks. No inline script or style (CSP).

import { BOOT_ELEMENT_ID, type BootData } from '#core/boot.ts';
import { MARKETS_DATA_ELEMENT_ID, type MarketsPageData } from '#core/markets/markets-page-data.ts';
import type { Manifest } from '../shell/manifest.ts';
import { escapeHtml, scriptSafeJson } from '../shell/render-shell.ts';

export interface MarketsDocument {
  boot: BootData;
  data: MarketsPageData;
  manifest: Manifest;
  /** renderSeoHead's output. */
  head: string;
  /** The rendered page (the inside of #root). */
  body: string;
  themeHref: string | null;
}

export function renderMarketsDocument({ boot, data, manifest, head, body, themeHref }: MarketsDocument): string {
  const asset = (file: string) => escapeHtml(`/static/markets-app/${file}`);
  const meta = boot.whitelabel?.meta;
  const lines = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    head,
    meta ? `<meta name="theme-color" content="${escapeHtml(meta.primary_color)}">` : '',
    meta ? `<link rel="icon" href="${escapeHtml(meta.favicon_url)}" type="image/svg+xml">` : '',
    ...manifest.css.map((file) => `<link rel="stylesheet" href="${asset(file)}">`),
    themeHref ? `<link rel="stylesheet" href="${escapeHtml(themeHref)}">` : '',
    ...manifest.preload.map((file) => `<link rel="modulepreload" href="${asset(file)}">`),
    `<script type="module" src="${asset(manifest.entry)}"></script>`,
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeHtml(boot.locale ?? 'en')}">
<head>
${lines.join('\n')}
</head>
<body>
<div id="root">${body}</div>
<script id="${BOOT_ELEMENT_ID}" type="application/json">${scriptSafeJson(boot)}</script>
<script id="${MARKETS_DATA_ELEMENT_ID}" type="application/json">${scriptSafeJson(data)}</script>
</body>
</html>
`;
}
