// Saving a provider's white-label configuration: only what core's schema accepts, before and after for the
// audit, the wl_id kept, and the configuration endpoint answering the new settings at once.
import { describe, expect, it } from 'vitest';
import { testWhiteLabel } from '#core/whitelabel.fixture.ts';
import type { ProviderSettings } from '#core/whitelabel.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import * as v from 'valibot';
import { SaveWhitelabelSchema } from '#core/contract/admin-whitelabel.ts';
import { readProviderSettings, saveProviderSettings } from './provider-settings.ts';

function settingsOf(primary: string): ProviderSettings {
  const { module: _module, ...settings } = testWhiteLabel({ primary_color: primary });
  return settings;
}

describe('the save endpoint\'s settings check (core\'s schema)', () => {
  it.each([
    { what: 'a colour that is not hex', change: (s: ProviderSettings) => ({ ...s, meta: { ...s.meta, primary_color: 'green' } }), path: 'meta.primary_color' },
    { what: 'a javascript: terms link', change: (s: ProviderSettings) => ({ ...s, configuration: { ...s.configuration, terms_url: 'javascript:alert(1)' } }), path: 'configuration.terms_url' },
    { what: 'a default language it does not offer', change: (s: ProviderSettings) => ({ ...s, languages: { default: 'es' as const, supported: ['en' as const] } }), path: 'languages.default' },
    { what: 'an empty label name', change: (s: ProviderSettings) => ({ ...s, configuration: { ...s.configuration, label_name: '' } }), path: 'configuration.label_name' },
  ])('refuses $what with the field named', ({ change, path }) => {
    const result = v.safeParse(SaveWhitelabelSchema, { settings: change(settingsOf('#123456')) });
    expect(result.success).toBe(false);
    expect((result.issues ?? []).map((issue) => v.getDotPath(issue))).toContain(`settings.${path}`);
  });

  it('accepts the fixture', () => {
    expect(v.safeParse(SaveWhitelabelSchema, { settings: settingsOf('#123456') }).success).toBe(true);
  });
});

describe.each(testDatabases())('white-label save on $name', ({ name }) => {
  const t = useTestApp(name, { providerCacheTtlMs: 60_000 });

  it('saves, keeps the provider\'s own wl_id, and with the cache cleared the configuration answers the new colour', async () => {
    const original = await readProviderSettings(t.app.db, 1n);
    expect(original?.meta.primary_color).toBe('#053f2e');
    // Warm the cache: a 60 s TTL would otherwise serve the old colour for a minute.
    const warm = await t.app.inject({ method: 'GET', url: '/v1/config?module=sys-wallets', headers: { host: 'localhost' } });
    expect(warm.json().request_details.meta.primary_color).toBe('#053f2e');

    const wanted = settingsOf('#aa3300');
    wanted.permissions.wl_id = '7';
    const change = await t.app.db.transaction().execute((trx) => saveProviderSettings(trx, 1n, wanted));
    expect(change.before?.meta.primary_color).toBe('#053f2e');
    expect(change.after.meta.primary_color).toBe('#aa3300');
    expect(change.after.permissions.wl_id).toBe('1');

    const stale = await t.app.inject({ method: 'GET', url: '/v1/config?module=sys-wallets', headers: { host: 'localhost' } });
    expect(stale.json().request_details.meta.primary_color).toBe('#053f2e');
    t.app.providers.clear();
    const fresh = await t.app.inject({ method: 'GET', url: '/v1/config?module=sys-wallets', headers: { host: 'localhost' } });
    expect(fresh.json().request_details.meta.primary_color).toBe('#aa3300');
    expect(fresh.json().request_details.permissions.wl_id).toBe('1');

    if (original) await t.app.db.transaction().execute((trx) => saveProviderSettings(trx, 1n, original));
  });
});
