import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderSettingsSchema } from '#core/whitelabel.ts';
import { verifyPassword } from '../auth/password.ts';
import { hashSecretKey } from '../auth/secret-key.ts';
import { openTestDatabase, testDatabases } from '../test-helper.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { toJsonb } from '../db/jsonb.ts';
import { DEMO_MEMBER, DEMO_MERCHANT, seed, type SeedResult } from './seed.ts';
import { HARBOR, SEED_PROVIDERS, VERDANT } from './seed-providers.ts';

describe('seed provider definitions', () => {
  it.each(SEED_PROVIDERS.map((provider) => ({ label: provider.name, provider })))('$label has every spec §1 field and passes the schema', ({ provider }) => {
    expect(v.safeParse(ProviderSettingsSchema, provider.settings).issues).toBeUndefined();
  });

  it.each(SEED_PROVIDERS.map((provider) => ({ label: provider.name, provider })))('$label has its footer texts in English and in Spanish', ({ provider }) => {
    const { configuration, languages } = provider.settings;
    expect(languages).toEqual({ default: 'en', supported: ['en', 'es'] });
    const spanish = configuration.translations.es;
    expect(spanish?.disclaimer).toMatch(/ es un proveedor de demostración /);
    expect(spanish?.regulation_html).toMatch(/^<p>.* es una empresa de demostración\. /);
    expect(spanish?.disclaimer).not.toBe(configuration.disclaimer);
  });

  it('the two providers differ in branding and in permission gates', () => {
    expect(HARBOR.settings.meta.primary_color).not.toBe(VERDANT.settings.meta.primary_color);
    expect(HARBOR.settings.permissions.enable_withdraw).toBe(true);
    expect(VERDANT.settings.permissions.enable_withdraw).toBe(false);
    expect(HARBOR.settings.permissions.enable_trade).toBe(false);
    expect(VERDANT.settings.permissions.enable_trade).toBe(true);
  });
});

describe.each(testDatabases())('seed on $name', ({ name }) => {
  let database: DatabaseHandle;
  let first: SeedResult;
  const options = { mode: 'test', shopUrl: 'http://127.0.0.1:4182' } as const;

  beforeAll(async () => {
    database = await openTestDatabase(name);
    first = await seed(database, options);
  });
  afterAll(async () => {
    await database?.close();
  });

  it('creates both providers on their hosts, the demo member and the demo merchant', async () => {
    expect(first.providers).toEqual([
      { wlId: '1', name: 'Verdant Exchange', hosts: ['localhost', '127.0.0.1'], created: true },
      { wlId: '2', name: 'Harbor Coin', hosts: ['wl2.localhost'], created: true },
    ]);
    const hosts = await database.db
      .selectFrom('provider_hosts')
      .innerJoin('providers', 'providers.id', 'provider_hosts.provider_id')
      .select(['host', 'wl_id'])
      .orderBy('host')
      .execute();
    expect(hosts).toEqual([
      { host: '127.0.0.1', wl_id: '1' },
      { host: 'localhost', wl_id: '1' },
      { host: 'wl2.localhost', wl_id: '2' },
    ]);
    expect(first.member).toMatchObject({ email: DEMO_MEMBER.email, password: DEMO_MEMBER.password, created: true });
    expect(first.merchant).toMatchObject({ email: DEMO_MERCHANT.email, merchantId: 'mch_demo_verdant', created: true });
    expect(typeof first.member.clientId).toBe('bigint');
  });

  it('stores passwords as scrypt hashes that verify, and the secret key only as its hash', async () => {
    const users = await database.db.selectFrom('users').select(['email', 'password_hash', 'role', 'permissions']).orderBy('email').execute();
    expect(users.map((user) => [user.email, user.role])).toEqual([
      ['member@demo.test', 'member'],
      ['merchant@demo.test', 'merchant'],
    ]);
    const [member, merchant] = users;
    expect(await verifyPassword(DEMO_MEMBER.password, member?.password_hash ?? '')).toBe(true);
    expect(await verifyPassword(DEMO_MERCHANT.password, merchant?.password_hash ?? '')).toBe(true);
    expect(merchant?.permissions).toMatchObject({ fiat_withdrawals: 1, widget: 1 });

    const key = first.merchant.secretKey;
    expect(key).toMatch(/^sk_test_[A-Za-z0-9_-]{43}$/);
    const row = await database.db.selectFrom('merchants').innerJoin('merchant_api_keys', 'merchant_api_keys.merchant_id', 'merchants.id').select(['key_hash', 'prefix', 'widget_settings']).executeTakeFirstOrThrow();
    expect(row.key_hash).toBe(hashSecretKey(key ?? ''));
    expect(JSON.stringify(row)).not.toContain(key);
    expect(row.widget_settings.widget_return_url).toBe('http://127.0.0.1:4182/');
  });

  it('is idempotent: a second run creates nothing, shows no key, and keeps an operator edit', async () => {
    await database.db.updateTable('providers').set({ name: 'Verdant (renamed by an operator)' }).where('wl_id', '=', '1').execute();
    const before = await counts(database);
    const again = await seed(database, options);
    expect(again.providers.every((provider) => !provider.created)).toBe(true);
    expect(again.member.created).toBe(false);
    expect(again.merchant.created).toBe(false);
    expect(again.merchant.secretKey).toBeNull();
    expect(again.member.clientId).toBe(first.member.clientId);
    expect(await counts(database)).toEqual(before);
    const renamed = await database.db.selectFrom('providers').select('name').where('wl_id', '=', '1').executeTakeFirstOrThrow();
    expect(renamed.name).toBe('Verdant (renamed by an operator)');
  });

  it('two servers seeding at once leave exactly one copy of everything', async () => {
    const before = await counts(database);
    await Promise.all([seed(database, options), seed(database, options)]);
    expect(await counts(database)).toEqual(before);
  });

  it('the database rejects an email that is not lowercase', async () => {
    const provider = await database.db.selectFrom('providers').select('id').where('wl_id', '=', '1').executeTakeFirstOrThrow();
    await expect(
      database.db
        .insertInto('users')
        .values({ provider_id: provider.id, email: 'Someone@Demo.test', password_hash: 'x', role: 'member', mobile: null, permissions: toJsonb({}) })
        .execute(),
    ).rejects.toThrow(/check constraint/);
  });
});

async function counts(database: DatabaseHandle): Promise<Record<string, number>> {
  const result: Record<string, number> = {};
  for (const table of ['providers', 'provider_hosts', 'users', 'merchants'] as const) {
    const row = await database.db.selectFrom(table).select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
    result[table] = Number(row.n);
  }
  return result;
}
