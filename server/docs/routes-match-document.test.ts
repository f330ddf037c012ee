// The server's routes, held against the reference: every API route the app registers is an
// operation of the OpenAPI document, and every operation is a route. The only routes outside the
// document are the pages and files listed here, each with the reason it is not an API call.

import { describe, expect, it } from 'vitest';
import { ENDPOINTS } from '#core/contract/endpoints.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { openApiDocument } from './openapi.ts';

const NOT_API: Record<string, string> = {
  'GET /': 'redirects a visitor to the member app',
  'GET /:module': 'the HTML shell of each app module (sys-wallets, sys-widget, ...)',
  'GET /:module/*': 'the HTML shell of each app module page',
  'GET /static/member-app/*': 'the member app\'s built bundles',
  'GET /static/iframe-app/*': 'the iframe app\'s built bundles',
  'GET /sdk/*': 'the merchant SDK files (pay.js)',
  'GET /brand/*': 'provider logos and icons',
  'GET /static/coins/*': 'the listed assets\' icons (cryptocurrency-icons)',
  'GET /static/markets-app/*': 'the markets site\'s built bundles',
  'GET /static/market-coins/*': 'the icons of the coins the markets site writes about (cryptocurrency-icons)',
  'GET /sys-markets/': 'the markets site\'s entry, a redirect to its prices page',
  'GET /sys-markets/prices': 'the markets site\'s prices page, rendered on the server (HTML)',
  'GET /sys-markets/prices/': 'the prices page with a trailing slash (HTML)',
  'GET /sys-markets/prices/:id': 'a coin\'s page on the markets site, rendered on the server (HTML)',
  'GET /sys-markets/sitemap.xml': 'the markets site\'s sitemap for search engines (XML)',
  'GET /sys-markets/theme.css': 'the provider\'s colours for the markets pages (CSS)',
  'GET /media/merchant-logo/:merchant_id/:file': 'a merchant\'s uploaded widget logo (an image file)',
  'GET /docs': 'this reference, as an HTML page',
  'GET /docs/assets/:file': 'the reference viewer\'s scripts and image',
  'GET /dev/outbox': 'the test-mode outbox, as an HTML page',
  'GET /v1/compliance/documents/:id': 'a member\'s own identity-document photo (an image file, for their thumbnails)',
  'GET /v1/admin/compliance/:userId/documents/:documentId': 'an applicant\'s identity-document photo for the compliance queue (an image file)',
  'GET /v1/admin/guest-identities/:checkoutId/photos/:role': 'a guest checkout\'s identity photo (document or selfie) for the compliance queue (an image file)',
};

/** Module shells are registered once per module; they are one kind of route. */
function kindOf(method: string, url: string): string {
  const shell = /^\/sys-[a-z]+(\/\*)?$/.exec(url);
  if (shell) return `${method} ${shell[1] ? '/:module/*' : '/:module'}`;
  return `${method} ${url}`;
}

describe.each(testDatabases())('routes and the API reference on $name', ({ name }) => {
  const t = useTestApp(name);

  it('every API route is an operation of the document, and every operation a route', () => {
    const document = openApiDocument(ENDPOINTS, { publicUrl: 'http://localhost:8182', version: 'test' }) as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths)
      .flatMap(([path, methods]) => Object.keys(methods).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ':$1')}`))
      .sort();
    const registered = [...new Set(t.app.routeTable.filter((route) => route.method !== 'HEAD').map((route) => kindOf(route.method, route.url)))];
    const api = registered.filter((route) => !(route in NOT_API)).sort();
    expect(api).toEqual(documented);
    // Every exception names a route that exists, so the list cannot rot.
    for (const route of Object.keys(NOT_API)) expect(registered).toContain(route);
  });
});
