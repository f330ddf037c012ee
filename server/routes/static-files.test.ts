import { afterAll, describe, expect, it } from 'vitest';
import { coinIconPath, ICONED_ASSETS } from '#core/coin-icons.ts';
import { makeFakeDist, testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('static files on $name', ({ name }) => {
  const dist = makeFakeDist();
  afterAll(() => dist.remove());
  const t = useTestApp(name, { distDir: dist.dir, seed: false });

  it.each([
    { url: '/sdk/v1/pay.js', cache: 'public, max-age=300' },
    { url: '/static/member-app/main-aaa111.js', cache: 'public, max-age=31536000, immutable' },
    { url: '/static/iframe-app/app-eee555.css', cache: 'public, max-age=31536000, immutable' },
  ])('$url may be loaded from any origin (CORP and CORS) and is cached as "$cache"', async ({ url, cache }) => {
    const response = await t.app.inject({ url, headers: { origin: 'http://127.0.0.1:4182' } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(response.headers['access-control-allow-origin']).toBe('*');
    expect(response.headers['cache-control']).toBe(cache);
  });

  it.each(ICONED_ASSETS.map((asset) => ({ asset, url: coinIconPath(asset) as string })))('serves the $asset icon at $url', async ({ url }) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('image/svg+xml');
    expect(response.body).toMatch(/^<svg /);
  });

  it.each(['/static/coins/doge.svg', '/static/coins/cad.svg', '/static/coins/../manifest.json', '/static/coins/'])('%s is not served (only the listed assets)', async (url) => {
    const response = await t.app.inject({ url });
    expect(response.statusCode).toBe(404);
  });

  it.each(['/static/member-app/manifest.json', '/static/iframe-app/manifest.json', '/static/member-app/../sdk/sri.json', '/static/member-app/'])(
    '%s is not served',
    async (url) => {
      const response = await t.app.inject({ url });
      expect(response.statusCode).toBe(404);
    },
  );

  it('serves brand logos as SVG', async () => {
    for (const url of ['/brand/verdant/logo.svg', '/brand/verdant/favicon.svg', '/brand/harbor/logo.svg', '/brand/harbor/favicon.svg']) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers['content-type']).toContain('image/svg+xml');
      expect(response.body).toContain('<svg');
    }
  });

  it('GET /v1/sdk gives the pay.js URL and its SRI hash', async () => {
    const response = await t.app.inject({ url: '/v1/sdk' });
    expect(response.statusCode).toBe(200);
    expect(response.json().request_details).toEqual({
      version: 'v1',
      url: 'http://localhost:8182/sdk/v1/pay.js',
      integrity: expect.stringMatching(/^sha384-/),
      esm_url: 'http://localhost:8182/sdk/pay.mjs',
    });
  });
});
