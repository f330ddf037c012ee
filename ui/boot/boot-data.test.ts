import { describe, expect, it } from 'vitest';
import { parseBootData } from './boot-data.ts';
import { choosePageLocale } from './locale-choice.ts';
import { testWhiteLabel } from '#core/whitelabel.fixture.ts';

const shell = (patch: Record<string, unknown> = {}) =>
  JSON.stringify({ module: 'sys-blocked', base: '/sys-blocked', status: 200, locale: null, whitelabel: testWhiteLabel(), mode: 'test', ...patch });

describe('boot data from the #wl-boot block', () => {
  it('reads a complete block as it is', () => {
    const { boot, problems } = parseBootData(shell(), '/sys-blocked/country');
    expect(problems).toEqual([]);
    expect(boot).toMatchObject({ module: 'sys-blocked', base: '/sys-blocked', status: 200, locale: null, mode: 'test' });
    expect(boot.whitelabel?.configuration.label_name).toBe('Verdant Exchange');
  });

  it.each([
    ['a null whitelabel (no provider for the host)', shell({ whitelabel: null })],
    ['a whitelabel missing its configuration', shell({ whitelabel: { ...testWhiteLabel(), configuration: undefined } })],
    ['a whitelabel with a malformed support email', shell({ whitelabel: { ...testWhiteLabel(), configuration: { ...testWhiteLabel().configuration, support_email: 'nobody' } } })],
    ['a whitelabel with a colour that is not hex', shell({ whitelabel: testWhiteLabel({ primary_color: 'red;background:url(x)' }) })],
  ])('treats %s as missing configuration', (_name, text) => {
    const { boot, problems } = parseBootData(text, '/sys-blocked');
    expect(boot.whitelabel).toBeNull();
    expect(boot.base).toBe('/sys-blocked');
    expect(problems.length).toBeGreaterThan(0);
  });

  it.each([
    ['a missing block', null, '/sys-maintenance/wallets', '/sys-maintenance'],
    ['a block that is not JSON', '{"module":', '/sys-widget/payment', '/sys-widget'],
    ['a block naming an unknown module', shell({ module: 'sys-nope' }), '/sys-blocked', '/sys-blocked'],
    ['a block whose base is not a plain prefix', shell({ base: 'https://evil.test' }), '/sys-blocked/x', '/sys-blocked'],
    ['a path outside every module', null, '/somewhere', '/sys-wallets'],
  ])('falls back to missing configuration under the path module for %s', (_name, text, path, base) => {
    const { boot } = parseBootData(text, path);
    expect(boot.whitelabel).toBeNull();
    expect(boot.base).toBe(base);
  });

  it('keeps status 404 from the server', () => {
    expect(parseBootData(shell({ status: 404 }), '/sys-blocked/a/b').boot.status).toBe(404);
  });
});

describe('the page language', () => {
  const wl = testWhiteLabel();
  const esDefault = { ...wl, languages: { default: 'es' as const, supported: ['en' as const, 'es' as const] } };
  const browser = (search: string, cookies = '', languages: string[] = []) => ({ search, cookies, languages });

  it.each([
    ['the validated lang query from the server', { locale: 'es' as const, whitelabel: wl }, browser('?lang=es'), 'es', false],
    ['the provider default without a lang query', { locale: null, whitelabel: esDefault }, browser(''), 'es', false],
    ['en without a lang query or a provider', { locale: null, whitelabel: null }, browser(''), 'en', false],
    ['the lang query when the server did not validate it', { locale: null, whitelabel: wl }, browser('?lang=es'), 'es', false],
    ['the 404 for an unsupported lang, rendered in the provider default', { locale: null, whitelabel: esDefault }, browser('?lang=xx'), 'es', true],
    ['the 404 for an empty lang, rendered in en', { locale: null, whitelabel: null }, browser('?lang='), 'en', true],
    ['the server choice (from Accept-Language) without a query or a cookie', { locale: 'es' as const, whitelabel: wl }, browser('', '', ['en-GB']), 'es', false],
    ['the remembered choice over a shell that was chosen before it', { locale: 'en' as const, whitelabel: wl }, browser('', 'session=x; lang=es'), 'es', false],
    ['the lang query over the remembered choice', { locale: 'en' as const, whitelabel: wl }, browser('?lang=en', 'lang=es'), 'en', false],
    ['an unusable remembered value ignored', { locale: 'es' as const, whitelabel: wl }, browser('', 'lang=fr'), 'es', false],
    ['the browser languages when the server chose nothing', { locale: null, whitelabel: wl }, browser('', '', ['es-MX', 'en']), 'es', false],
    ['the 404 for an unsupported lang, rendered in the remembered language', { locale: 'en' as const, whitelabel: wl }, browser('?lang=xx', 'lang=es'), 'es', true],
  ])('is %s', (_name, boot, inBrowser, locale, unsupported) => {
    expect(choosePageLocale(boot, inBrowser)).toEqual({ locale, unsupportedLanguage: unsupported });
  });
});
