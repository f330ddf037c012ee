// The API reference at /docs: rendered by the viewer in Chromium, from this origin only, under the
// reference page's CSP, with the main API and the merchant API and the error catalogue.
import { expect, test } from '@playwright/test';

test('/docs renders the reference from the platform origin with no CSP violation', async ({ page }) => {
  // Redoc parses and lays out the whole document (every endpoint) before it shows the first heading:
  // seconds on a quiet machine, more on a busy 2-core one.
  test.setTimeout(90_000);
  const violations: string[] = [];
  const foreign: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
  });
  page.on('pageerror', (error) => violations.push(`page error: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (!['http:', 'https:'].includes(url.protocol)) return;
    if (url.origin !== new URL(page.url() === 'about:blank' ? request.url() : page.url()).origin) foreign.push(request.url());
  });

  const response = await page.goto('/docs');
  expect(response?.status()).toBe(200);
  const csp = response?.headers()['content-security-policy'] ?? '';
  expect(csp).toContain("script-src 'self'");
  expect(csp).not.toContain('unsafe-eval');

  await expect(page.getByRole('heading', { name: 'PayKit platform API', level: 1 })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByRole('heading', { name: 'Error codes' })).toBeVisible();
  const operation = page.getByRole('heading', { name: /Every price of the provider/, level: 2 });
  await operation.scrollIntoViewIfNeeded();
  await expect(operation).toBeVisible();
  await expect(page.locator('#reference-status')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/api-reference.png' });

  expect(violations).toEqual([]);
  expect(foreign).toEqual([]);
});

test('/docs/openapi.json is the OpenAPI 3.1 document of the same origin', async ({ request, baseURL }) => {
  const response = await request.get('/docs/openapi.json');
  expect(response.status()).toBe(200);
  const document = await response.json();
  expect(document.openapi).toBe('3.1.0');
  expect(document.servers).toEqual([{ url: baseURL }]);
  expect(Object.keys(document.paths)).toContain('/v1/checkout/getRates');
});
