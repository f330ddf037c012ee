// The demo data every start ensures: the two providers with their hosts, one demo member and one
// demo merchant on provider 1. Safe to run on every start and from two servers at once: every
// insert is ON CONFLICT DO NOTHING, and nothing that already exists is changed, so an operator's
// edits to a seeded provider survive a restart.

import { sql, type Kysely, type Transaction } from 'kysely';
import * as v from 'valibot';
import { ProviderSettingsSchema } from '#core/whitelabel.ts';
import { hashPassword } from '../auth/password.ts';
import { generateSecretKey, hashSecretKey, type KeyMode } from '../auth/secret-key.ts';
import { displayPrefix } from '../merchants/api-keys.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { ComplianceStatus, Database, UserBilling, UserPermissions, UserRole, WidgetSettings } from '../db/schema.ts';
import { SEED_PROVIDERS, VERDANT, type SeedProvider } from './seed-providers.ts';
import { seedPricing } from '../rates/pricing.ts';
import { seedHouseCapital } from '../ledger/house-capital.ts';
import { totpBoxFor } from '../operators/totp-box.ts';
import { DEMO_OPERATOR_PASSWORD, DEMO_OPERATORS, seedDemoOperators, type DemoOperator } from './seed-operators.ts';

export const DEMO_MEMBER = {
  email: 'member@demo.test',
  password: 'Demo-member-2026!',
  firstName: 'Alex',
  lastName: 'Morgan',
  mobile: '+447700900123',
  permissions: { send: 1, withdrawal: 0, widget: 0, fiat_withdrawals: 0 } satisfies UserPermissions,
  dateOfBirth: '1990-04-23',
  billing: { address1: '12 Fern Lane', city: 'London', country: 'GB', zipCode: 'N1 7GU', issueCountry: 'GB' } satisfies UserBilling,
  complianceStatus: 'pending',
} as const;

export const DEMO_MERCHANT = {
  email: 'merchant@demo.test',
  password: 'Demo-merchant-2026!',
  firstName: 'Sam',
  lastName: 'Rivera',
  mobile: '+447700900456',
  merchantId: 'mch_demo_verdant',
  name: 'Fernhill Supply',
  // Spec §6: a merchant has fiat_withdrawals = 1; widget = 1 lets it make payment links.
  permissions: { fiat_withdrawals: 1, widget: 1, send: 1, withdrawal: 1 } satisfies UserPermissions,
  dateOfBirth: '1985-09-14',
  billing: { address1: '4 Market Street', city: 'Manchester', country: 'GB', zipCode: 'M1 1AE', issueCountry: 'GB' } satisfies UserBilling,
  complianceStatus: 'successful',
} as const;

export interface SeedOptions {
  mode: KeyMode;
  /** The demo shop's origin: the widget sends buyers back there after paying. */
  shopUrl: string;
  /** Seals the demo operators' TOTP secrets (test mode); without it, the development key, as the server uses then. */
  appSecret?: string | undefined;
}

export interface SeedResult {
  providers: { wlId: string; name: string; hosts: readonly string[]; created: boolean }[];
  member: { email: string; password: string; clientId: bigint; created: boolean };
  merchant: {
    email: string;
    password: string;
    merchantId: string;
    clientId: bigint;
    created: boolean;
    /** Only on the run that created the merchant: the key is stored hashed and cannot be shown again. */
    secretKey: string | null;
  };
  /** Test mode only (empty in live mode): the console's demo operators, the same on every demo provider. */
  operators: readonly DemoOperator[];
}

export async function seed(database: DatabaseHandle, options: SeedOptions): Promise<SeedResult> {
  const { db } = database;
  // Hash outside the transaction (about 0.1 s each) and only for users that do not exist yet.
  const verdantUsers = await existingEmails(db, VERDANT.wlId);
  const memberHash = verdantUsers.has(DEMO_MEMBER.email) ? null : await hashPassword(DEMO_MEMBER.password);
  const merchantHash = verdantUsers.has(DEMO_MERCHANT.email) ? null : await hashPassword(DEMO_MERCHANT.password);
  const secretKey = generateSecretKey(options.mode);
  const demoOperators = options.mode === 'test';
  const operatorHash = demoOperators && (await missingDemoOperators(db)) ? await hashPassword(DEMO_OPERATOR_PASSWORD) : null;
  const totpBox = totpBoxFor({ APP_SECRET: options.appSecret, MODE: options.mode });

  return db.transaction().execute(async (trx) => {
    const providers: SeedResult['providers'] = [];
    const providerIds = new Map<string, bigint>();
    for (const provider of SEED_PROVIDERS) {
      const { id, created } = await ensureProvider(trx, provider);
      providerIds.set(provider.wlId, id);
      providers.push({ wlId: provider.wlId, name: provider.name, hosts: provider.hosts, created });
    }
    // Test mode: fund each provider's house liquidity from the test world (idempotent, fixed transfer ids).
    if (options.mode === 'test') for (const id of providerIds.values()) await seedHouseCapital(trx, id);
    // Test mode: the console's demo operators, one per role on each provider.
    if (operatorHash !== null) for (const id of providerIds.values()) await seedDemoOperators(trx, totpBox, id, operatorHash);
    await seedPricing(trx, providerIds);
    const verdantId = providerIds.get(VERDANT.wlId) as bigint;

    const member = await ensureUser(trx, verdantId, 'member', DEMO_MEMBER, memberHash);
    const merchantUser = await ensureUser(trx, verdantId, 'merchant', DEMO_MERCHANT, merchantHash);
    const widgetSettings: WidgetSettings = {
      widget_merchant_name: DEMO_MERCHANT.name,
      widget_product_name: 'Garden supplies',
      widget_return_url: `${options.shopUrl}/`,
      widget_logo_size: 'Medium',
      widget_theme_primary_color: VERDANT.settings.meta.primary_color,
      widget_theme_secondary_color: VERDANT.settings.meta.secondary_color,
    };
    const insertedMerchant = await trx
      .insertInto('merchants')
      .values({
        user_id: merchantUser.id,
        merchant_id: DEMO_MERCHANT.merchantId,
        name: DEMO_MERCHANT.name,
        widget_settings: toJsonb(widgetSettings),
      })
      .onConflict((conflict) => conflict.doNothing())
      .returning('id')
      .executeTakeFirst();
    // The seed's first key (merchant_api_keys, migration 0011); a re-run keeps the keys there are.
    if (insertedMerchant) {
      await trx.insertInto('merchant_api_keys').values({ merchant_id: insertedMerchant.id, key_hash: hashSecretKey(secretKey), label: 'seed', prefix: displayPrefix(secretKey), revoked_at: null }).execute();
    }

    return {
      providers,
      member: { email: DEMO_MEMBER.email, password: DEMO_MEMBER.password, clientId: member.clientId, created: member.created },
      merchant: {
        email: DEMO_MERCHANT.email,
        password: DEMO_MERCHANT.password,
        merchantId: DEMO_MERCHANT.merchantId,
        clientId: merchantUser.clientId,
        created: insertedMerchant !== undefined,
        secretKey: insertedMerchant ? secretKey : null,
      },
      operators: demoOperators ? DEMO_OPERATORS : [],
    };
  });
}

/** True when some demo provider lacks some demo operator (or the providers do not exist yet): only then is a hash worth making. */
async function missingDemoOperators(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('operators')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('email', 'in', DEMO_OPERATORS.map((operator) => operator.email))
    .executeTakeFirstOrThrow();
  return Number(row.count) < DEMO_OPERATORS.length * SEED_PROVIDERS.length;
}

async function existingEmails(db: Kysely<Database>, wlId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('users')
    .innerJoin('providers', 'providers.id', 'users.provider_id')
    .select('users.email')
    .where('providers.wl_id', '=', wlId)
    .execute();
  return new Set(rows.map((row) => row.email));
}

async function ensureProvider(trx: Transaction<Database>, provider: SeedProvider): Promise<{ id: bigint; created: boolean }> {
  // A broken seed definition must fail loudly at start, not be served as a 503 later.
  const settings = v.parse(ProviderSettingsSchema, provider.settings);
  const inserted = await trx
    .insertInto('providers')
    .values({ wl_id: provider.wlId, name: provider.name, settings: toJsonb(settings), password_max_age_days: provider.passwordMaxAgeDays })
    .onConflict((conflict) => conflict.column('wl_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  const id = inserted?.id ?? (await trx.selectFrom('providers').select('id').where('wl_id', '=', provider.wlId).executeTakeFirstOrThrow()).id;
  await trx
    .insertInto('provider_hosts')
    .values(provider.hosts.map((host) => ({ host, provider_id: id })))
    .onConflict((conflict) => conflict.column('host').doNothing())
    .execute();
  return { id, created: inserted !== undefined };
}

interface DemoUser {
  email: string;
  firstName: string;
  lastName: string;
  mobile: string;
  permissions: UserPermissions;
  dateOfBirth: string;
  billing: UserBilling;
  complianceStatus: ComplianceStatus;
}

async function ensureUser(
  trx: Transaction<Database>,
  providerId: bigint,
  role: UserRole,
  user: DemoUser,
  passwordHash: string | null,
): Promise<{ id: bigint; clientId: bigint; created: boolean }> {
  if (passwordHash !== null) {
    const inserted = await trx
      .insertInto('users')
      .values({
        provider_id: providerId,
        email: user.email,
        password_hash: passwordHash,
        role,
        first_name: user.firstName,
        last_name: user.lastName,
        mobile: user.mobile,
        permissions: toJsonb(user.permissions),
        // The demo accounts are ready to use: contact details verified and the address complete.
        date_of_birth: user.dateOfBirth,
        billing: toJsonb(user.billing),
        email_verified: true,
        mobile_verified: true,
        compliance_status: user.complianceStatus,
      })
      .onConflict((conflict) => conflict.columns(['provider_id', 'email']).doNothing())
      .returning(['id', 'client_id'])
      .executeTakeFirst();
    if (inserted) return { id: inserted.id, clientId: inserted.client_id, created: true };
  }
  const row = await trx
    .selectFrom('users')
    .select(['id', 'client_id'])
    .where('provider_id', '=', providerId)
    .where('email', '=', user.email)
    .executeTakeFirstOrThrow();
  await completeDemoIdentity(trx, row.id, user);
  return { id: row.id, clientId: row.client_id, created: false };
}

/**
 * A demo user seeded before migration 0002 has its identity columns at their defaults (unverified,
 * no address), which would hold the demo logins at /verification. Fill them in, but only while every
 * one of them is still exactly as the migration left it: anything an operator or the user changed stays.
 */
async function completeDemoIdentity(trx: Transaction<Database>, userId: bigint, user: DemoUser): Promise<void> {
  await trx
    .updateTable('users')
    .set({
      date_of_birth: user.dateOfBirth,
      billing: toJsonb(user.billing),
      email_verified: true,
      mobile_verified: true,
      compliance_status: user.complianceStatus,
    })
    .where('id', '=', userId)
    .where('email_verified', '=', false)
    .where('mobile_verified', '=', false)
    .where('date_of_birth', '=', '')
    .where(sql<boolean>`billing = '{}'::jsonb`)
    .where('compliance_status', '=', 'pending')
    .execute();
}
