import { afterAll, describe, expect, it } from 'vitest';
import { MODULES } from '#core/modules.ts';
import { toJsonb } from '../db/jsonb.ts';
import { VERDANT } from '../seed/seed-providers.ts';
import type { BootData } from '#core/boot.ts';
import { makeFakeDist, testDatabases, useTestApp } from '../test-helper.ts';

function bootOf(html: string): BootData {
  const match = /<script id="wl-boot" type="application\/json">(.*?)<\/script>/s.exec(html);
  if (!match?.[1]) throw new Error('no wl-boot block in the page');
  return JSON.parse(match[1]) as BootData;
}

describe.each(testDatabases())('page shells on $name', ({ name }) => {
  const dist = makeFakeDist();
  afterAll(() => dist.remove());
  const t = useTestApp(name, { distDir: dist.dir });
  const page = (url: string, host = 'localhost', headers: Record<string, string | undefined> = {}) =>
    t.app.inject({ url, headers: { host, accept: 'text/html', ...headers } });

  it.each([
    { url: '/sys-wallets/login', module: 'sys-wallets' },
    { url: '/sys-wallets', module: 'sys-wallets' },
    { url: '/sys-wallets/', module: 'sys-wallets' },
    { url: '/sys-wallets/wallets/BTC', module: 'sys-wallets' },
    { url: '/sys-blocked/country', module: 'sys-blocked' },
    { url: '/sys-maintenance', module: 'sys-maintenance' },
    { url: '/sys-widget/payment', module: 'sys-widget' },
  ])('$url is a 200 shell with its boot data', async ({ url, module }) => {
    const response = await page(url);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/html; charset=utf-8');
    const boot = bootOf(response.body);
    // No ?lang, cookie or Accept-Language: the provider's default language.
    expect(boot).toMatchObject({ module, base: `/${module}`, status: 200, locale: 'en', mode: 'test', coins: ['BTC', 'LTC', 'ETH', 'BCH', 'USDT', 'USDC'] });
    expect(boot.whitelabel?.module).toBe(module);
    expect(boot.whitelabel?.configuration.label_name).toBe('Verdant Exchange');
  });

  it('links the manifest files: CSS, module preloads and the entry script, and sets lang, title and favicon', async () => {
    const html = (await page('/sys-wallets/login')).body;
    expect(html).toContain('<div id="root"></div>');
    expect(html).toContain('<link rel="stylesheet" href="/static/member-app/app-bbb222.css">');
    expect(html).toContain('<link rel="modulepreload" href="/static/member-app/chunk-ccc333.js">');
    expect(html).toContain('<script type="module" src="/static/member-app/main-aaa111.js"></script>');
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<title>Verdant Exchange</title>');
    expect(html).toContain('<link rel="icon" href="/brand/verdant/favicon.svg" type="image/svg+xml">');
    const iframeHtml = (await page('/sys-widget/home')).body;
    expect(iframeHtml).toContain('<script type="module" src="/static/iframe-app/main-ddd444.js"></script>');
  });

  it.each([
    { url: '/sys-wallets/no-such-page', why: 'a path the member app does not know' },
    { url: '/sys-widget/login', why: 'a member route under the widget module' },
    { url: '/sys-blocked/a/b', why: 'more segments than the optional slug' },
    { url: '/sys-remitflow/buy/widget', why: 'a flow route the remittance has no page for (the buy start)' },
    { url: '/sys-wallets/login?lang=xx', why: 'an unsupported language' },
    { url: '/sys-wallets/login?lang=', why: 'an empty language' },
    { url: '/sys-wallets/login?lang=en&lang=es', why: 'two languages' },
  ])('$url is a 404 shell ($why)', async ({ url }) => {
    const response = await page(url);
    expect(response.statusCode).toBe(404);
    expect(bootOf(response.body).status).toBe(404);
  });

  it('?lang=es gives locale es and <html lang="es">', async () => {
    const response = await page('/sys-blocked?lang=es');
    expect(response.statusCode).toBe(200);
    expect(bootOf(response.body).locale).toBe('es');
    expect(response.body).toContain('<html lang="es">');
  });

  describe('the page language sticks: ?lang, then the lang cookie, then Accept-Language, then the provider default', () => {
    it.each([
      { why: 'an es-ES browser on its first visit', url: '/sys-wallets/login', headers: { 'accept-language': 'es-ES,es;q=0.9,en;q=0.8' }, locale: 'es' },
      { why: 'a Latin American Spanish browser', url: '/sys-blocked/country', headers: { 'accept-language': 'es-419' }, locale: 'es' },
      { why: 'q-values over order', url: '/sys-blocked', headers: { 'accept-language': 'en;q=0.2, es;q=0.9' }, locale: 'es' },
      { why: 'an unsupported browser language', url: '/sys-wallets/login', headers: { 'accept-language': 'fr-FR,de;q=0.8' }, locale: 'en' },
      { why: 'the remembered choice over the browser', url: '/sys-wallets/register', headers: { 'accept-language': 'en-GB', cookie: 'lang=es' }, locale: 'es' },
      { why: 'the remembered choice in another module', url: '/sys-maintenance/wallets', headers: { cookie: 'other=1; lang=es' }, locale: 'es' },
      { why: '?lang over the remembered choice', url: '/sys-wallets/login?lang=en', headers: { 'accept-language': 'es', cookie: 'lang=es' }, locale: 'en' },
      { why: 'a remembered value that is not a language, ignored', url: '/sys-wallets/login', headers: { 'accept-language': 'es', cookie: 'lang=<script>' }, locale: 'es' },
    ])('$why: $url opens in $locale', async ({ url, headers, locale }) => {
      const response = await page(url, 'localhost', headers);
      expect(response.statusCode).toBe(200);
      expect(bootOf(response.body).locale).toBe(locale);
      expect(response.body).toContain(`<html lang="${locale}">`);
      expect(String(response.headers.vary)).toMatch(/Accept-Language/);
      expect(String(response.headers.vary)).toMatch(/Cookie/);
    });

    it.each([
      { url: '/sys-wallets/login?lang=es', locale: 'es' },
      { url: '/sys-maintenance?lang=en', locale: 'en' },
    ])('$url remembers $locale for a year in a lang cookie (path /, SameSite=Lax, readable by the app)', async ({ url, locale }) => {
      const response = await page(url, 'localhost', { cookie: 'lang=xx' });
      const cookie = [response.headers['set-cookie']].flat().find((line) => line?.startsWith('lang='));
      expect(cookie).toBe(`lang=${locale}; Max-Age=31536000; Path=/; SameSite=Lax`);
    });

    it('a page without ?lang sets no cookie: only a choice is remembered', async () => {
      const response = await page('/sys-wallets/login', 'localhost', { 'accept-language': 'es' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('an unsupported ?lang is still the 404, in the remembered language, and changes nothing', async () => {
      const response = await page('/sys-wallets/login?lang=xx', 'localhost', { cookie: 'lang=es', 'accept-language': 'en' });
      expect(response.statusCode).toBe(404);
      expect(bootOf(response.body)).toMatchObject({ status: 404, locale: 'es' });
      expect(response.headers['set-cookie']).toBeUndefined();
    });

    it('a provider that offers only English opens in English for a Spanish browser, and its default otherwise', async () => {
      const settings = { ...VERDANT.settings, languages: { default: 'en', supported: ['en'] } };
      const { id } = await t.database.db.insertInto('providers').values({ wl_id: '8', name: 'English only', settings: toJsonb(settings) }).returning('id').executeTakeFirstOrThrow();
      await t.database.db.insertInto('provider_hosts').values({ host: 'english.localhost', provider_id: id }).execute();
      const spanishBrowser = await page('/sys-wallets/login', 'english.localhost', { 'accept-language': 'es-ES', cookie: 'lang=es' });
      expect(bootOf(spanishBrowser.body).locale).toBe('en');
    });
  });

  it('wl2.localhost gets the alternate branding', async () => {
    const response = await page('/sys-wallets/login', 'wl2.localhost:8080');
    const boot = bootOf(response.body);
    expect(boot.whitelabel?.permissions.wl_id).toBe('2');
    expect(boot.whitelabel?.meta.primary_color).toBe('#1d3557');
    expect(response.body).toContain('<title>Harbor Coin</title>');
  });

  it('a host with no provider gets whitelabel null and HTTP 200: the app goes to /error', async () => {
    const response = await page('/sys-wallets/login', 'nocfg.localhost');
    expect(response.statusCode).toBe(200);
    expect(bootOf(response.body)).toMatchObject({ module: 'sys-wallets', whitelabel: null, status: 200 });
  });

  it('escapes settings so they cannot close the data block or run script', async () => {
    const hostile = '</script><script>alert(1)</script>\u2028<!--';
    const settings = { ...VERDANT.settings, meta: { ...VERDANT.settings.meta, title: hostile, description: hostile } };
    const { id } = await t.database.db.insertInto('providers').values({ wl_id: '9', name: 'Hostile', settings: toJsonb(settings) }).returning('id').executeTakeFirstOrThrow();
    await t.database.db.insertInto('provider_hosts').values({ host: 'hostile.localhost', provider_id: id }).execute();

    const html = (await page('/sys-wallets/login', 'hostile.localhost')).body;
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>alert');
    const block = /<script id="wl-boot" type="application\/json">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(block).not.toContain('\u2028');
    expect(block).not.toContain('<');
    expect(html).toContain('<title>&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(bootOf(html).whitelabel?.meta.title).toBe(hostile);
  });

  it.each(MODULES.map((module) => ({ module })))('$module pages carry the right frame-ancestors', async ({ module }) => {
    const response = await page(`/${module}`);
    const csp = String(response.headers['content-security-policy']);
    const embeddable = ['sys-widget', 'sys-buywidget', 'sys-flow', 'sys-remitflow'].includes(module);
    if (embeddable) {
      expect(csp).toContain('frame-ancestors *');
      expect(response.headers['x-frame-options']).toBeUndefined();
    } else {
      expect(csp).toContain("frame-ancestors 'none'");
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
    expect(csp).toContain("script-src 'self'");
  });

  it.each(['/sys-admin/login', '/sys-admin', '/sys-admin/audit', '/sys-admin/nope'])('the operator console %s refuses every frame and search indexing', async (url) => {
    const response = await page(url);
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(String(response.headers['content-security-policy'])).toContain("frame-ancestors 'none'");
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
  });

  it('only the console is kept out of search indexes', async () => {
    expect((await page('/sys-wallets/login')).headers['x-robots-tag']).toBeUndefined();
    expect((await page('/sys-admin/login')).statusCode).toBe(200);
  });

  it('GET / redirects to the member app', async () => {
    const response = await page('/');
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe('/sys-wallets/');
  });
});

describe.each(testDatabases())('page shells without a build on $name', ({ name }) => {
  const t = useTestApp(name, { distDir: '/nonexistent/dist', seed: false });

  it('answer 503 with the command to run', async () => {
    const response = await t.app.inject({ url: '/sys-wallets/login' });
    expect(response.statusCode).toBe(503);
    expect(response.body).toBe('Bundles are not built: run npm run build');
  });
});
