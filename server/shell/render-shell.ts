// The HTML every page under a module prefix starts from: the app's CSS and scripts from its
// manifest, and the BootData block the app reads before its first render. No inline executable
// script (the CSP is script-src 'self'); the data block is JSON, which the browser never runs.

import { BOOT_ELEMENT_ID, type BootData } from '#core/boot.ts';
import type { AppName, Manifest } from './manifest.ts';

/**
 * JSON that is safe inside <script type="application/json">: "<" cannot open "</script>" or "<!--",
 * and U+2028/U+2029 are escaped for any consumer that treats the text as JavaScript.
 */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

export function escapeHtml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** `pageChunks`: lazy chunks the first page will need at once (first-page-chunks.ts), preloaded beside the entry's. */
export function renderShell(boot: BootData, app: AppName, manifest: Manifest, pageChunks: readonly string[] = []): string {
  const meta = boot.whitelabel?.meta;
  const lang = boot.locale ?? boot.whitelabel?.languages.default ?? 'en';
  const asset = (file: string) => escapeHtml(`/static/${app}/${file}`);
  const head = [
    '<meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${escapeHtml(meta?.title ?? 'Error')}</title>`,
    meta ? `<meta name="description" content="${escapeHtml(meta.description)}">` : '',
    meta ? `<meta name="theme-color" content="${escapeHtml(meta.primary_color)}">` : '',
    meta ? `<link rel="icon" href="${escapeHtml(meta.favicon_url)}" type="image/svg+xml">` : '',
    ...manifest.css.map((file) => `<link rel="stylesheet" href="${asset(file)}">`),
    ...manifest.preload.map((file) => `<link rel="modulepreload" href="${asset(file)}">`),
    `<script type="module" src="${asset(manifest.entry)}"></script>`,
    // After the entry: the browser asks in document order over a few connections, and the entry comes first.
    ...[...new Set(pageChunks)].filter((file) => !manifest.preload.includes(file)).map((file) => `<link rel="modulepreload" href="${asset(file)}">`),
  ].filter(Boolean);
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
${head.join('\n')}
</head>
<body>
<div id="root"></div>
<noscript>This application needs JavaScript. Enable it in your browser and reload the page.</noscript>
<script id="${BOOT_ELEMENT_ID}" type="application/json">${scriptSafeJson(boot)}</script>
</body>
</html>
`;
}
