// The console's white-label endpoints on both databases: admin only, core's schema names the refused
// field, a save is audited with before and after, and this server answers it at once despite its cache.
import { describe, expect, it } from 'vitest';
import type { OperatorRole } from '#core/operators/roles.ts';
import { signIn } from '../identity/session-test-kit.ts';
import { operatorSession } from '../operators/test-kit.ts';
import { DEMO_MERCHANT } from '../seed/seed.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

describe.each(testDatabases())('console white-label endpoints on $name', ({ name }) => {
  // A long provider cache, as in production: the save must be visible anyway.
  const t = useTestApp(name, { providerCacheTtlMs: 60_000 });
  const config = async (host = 'localhost') => (await t.app.inject({ method: 'GET', url: '/v1/config?module=sys-wallets', headers: { host } })).json().request_details;

  it.each(['compliance', 'finance', 'support'] as OperatorRole[])('%s may neither read nor save it', async (role) => {
    const headers = await operatorSession(t.app, role);
    expect((await t.app.inject({ method: 'GET', url: '/v1/admin/whitelabel', headers })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'PUT', url: '/v1/admin/whitelabel', headers, payload: { settings: {} } })).statusCode).toBe(403);
  });

  it('a merchant\'s member session or no credential is 401, and the configuration is unchanged', async () => {
    const merchant = await signIn(t.app, DEMO_MERCHANT.email, DEMO_MERCHANT.password);
    for (const headers of [{ host: 'localhost', cookie: `token=${merchant.credential}` }, { host: 'localhost', authorization: `Bearer ${merchant.credential}` }, { host: 'localhost' }]) {
      expect((await t.app.inject({ method: 'GET', url: '/v1/admin/whitelabel', headers })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'PUT', url: '/v1/admin/whitelabel', headers: { ...headers, origin: 'http://localhost:8182' }, payload: { settings: {} } })).statusCode).toBe(401);
    }
    expect((await config()).meta.primary_color).toBe('#053f2e');
  });

  it('a save is checked, audited, and served at once; the wl_id stays the provider\'s own', async () => {
    const admin = await operatorSession(t.app, 'admin');
    const read = await t.app.inject({ method: 'GET', url: '/v1/admin/whitelabel', headers: admin });
    const original = read.json().request_details.settings;
    expect(original.meta.primary_color).toBe('#053f2e');
    expect((await config()).meta.primary_color).toBe('#053f2e');

    const bad = await t.app.inject({ method: 'PUT', url: '/v1/admin/whitelabel', headers: admin, payload: { settings: { ...original, meta: { ...original.meta, primary_color: 'red' } } } });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().error_message.fields)).toContain('settings.meta.primary_color');

    const wanted = { ...original, meta: { ...original.meta, primary_color: '#7a1f5c' }, permissions: { ...original.permissions, wl_id: '9' } };
    const saved = await t.app.inject({ method: 'PUT', url: '/v1/admin/whitelabel', headers: admin, payload: { settings: wanted } });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().request_details.settings.permissions.wl_id).toBe('1');
    const served = await config();
    expect(served.meta.primary_color).toBe('#7a1f5c');
    expect(served.permissions.wl_id).toBe('1');
    // The other provider's configuration is untouched.
    expect((await config('wl2.localhost')).meta.primary_color).not.toBe('#7a1f5c');

    const audit = await t.database.db.selectFrom('audit_log').select(['before', 'after', 'target_type']).where('action', '=', 'whitelabel.update').orderBy('id', 'desc').executeTakeFirstOrThrow();
    expect(audit).toMatchObject({ target_type: 'provider', before: { meta: { primary_color: '#053f2e' } }, after: { meta: { primary_color: '#7a1f5c' } } });

    await t.app.inject({ method: 'PUT', url: '/v1/admin/whitelabel', headers: admin, payload: { settings: original } });
    expect((await config()).meta.primary_color).toBe('#053f2e');
  });
});
