// Onboarding a merchant from the console: its user (role merchant, the merchant permissions of spec §6),
// its merchant record with the provider's widget colours, its first secret API key (answered once, stored
// only as a hash), its settlement policy and, if given, its own fee: all in the caller's transaction, which
// also writes the audit row, so a merchant half made or made without a trace cannot exist. The user gets
// an unusable random password: the console mails the merchant a link to choose its own, so no operator
// ever knows a merchant's password.

import { randomBytes } from 'node:crypto';
import type { OnboardMerchantInput } from '#core/contract/admin-merchants.ts';
import { appError, ERRORS, type AppError } from '#core/errors.ts';
import { generateSecretKey, hashSecretKey, type KeyMode } from '../auth/secret-key.ts';
import type { Db } from '../db/db.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { UserPermissions, WidgetSettings } from '../db/schema.ts';
import { displayPrefix } from '../merchants/api-keys.ts';

/** Spec §6: a merchant has fiat_withdrawals = 1; widget = 1 lets it make payment links (as the demo merchant). */
export const MERCHANT_PERMISSIONS = { fiat_withdrawals: 1, widget: 1, send: 1, withdrawal: 1 } as const satisfies UserPermissions;

export interface OnboardContext {
  providerId: bigint;
  /** hashPassword of unusablePassword(), computed before the transaction (scrypt takes ~0.1 s). */
  passwordHash: string;
  mode: KeyMode;
  /** The provider's brand colours, the widget's starting theme. */
  colors: { primary: string; secondary: string };
}

export type OnboardResult = { ok: true; merchantDbId: bigint; merchantId: string; userId: bigint; secretKey: string } | { ok: false; error: AppError };

/** 32 random bytes nobody is told: the account cannot be signed into until its owner sets a password by the mailed link. */
export function unusablePassword(): string {
  return `${randomBytes(32).toString('base64url')}Aa1!`;
}

/** "Fernhill Supply & Co." -> "mch_fernhill_supply_co_3f9a": readable, and unique enough that a clash is a retry, not a form error. */
export function merchantIdFrom(name: string): string {
  const slug = name.normalize('NFKD').toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 40) || 'merchant';
  return `mch_${slug}_${randomBytes(3).toString('hex')}`;
}

export async function onboardMerchant(trx: Db, context: OnboardContext, input: OnboardMerchantInput): Promise<OnboardResult> {
  const user = await trx
    .insertInto('users')
    .values({
      provider_id: context.providerId,
      email: input.email,
      password_hash: context.passwordHash,
      role: 'merchant',
      first_name: input.first_name,
      last_name: input.last_name,
      mobile: input.mobile,
      permissions: toJsonb(MERCHANT_PERMISSIONS),
    })
    .onConflict((conflict) => conflict.columns(['provider_id', 'email']).doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!user) return { ok: false, error: appError('email_taken', 'An account with this e-mail already exists on this provider. Use another address, or open that account instead.', { email: [ERRORS.email_taken.message] }) };

  const merchantId = input.merchant_id ?? merchantIdFrom(input.business_name);
  const widget: WidgetSettings = {
    widget_merchant_name: input.business_name,
    widget_theme_primary_color: context.colors.primary,
    widget_theme_secondary_color: context.colors.secondary,
  };
  const merchant = await trx
    .insertInto('merchants')
    .values({ user_id: user.id, merchant_id: merchantId, name: input.business_name, widget_settings: toJsonb(widget), fee_bps: input.fee_bps })
    .onConflict((conflict) => conflict.column('merchant_id').doNothing())
    .returning('id')
    .executeTakeFirst();
  if (!merchant) return { ok: false, error: appError('merchant_id_taken', undefined, { merchant_id: [ERRORS.merchant_id_taken.message] }) };

  const secretKey = generateSecretKey(context.mode);
  await trx.insertInto('merchant_api_keys').values({ merchant_id: merchant.id, key_hash: hashSecretKey(secretKey), label: 'onboarding', prefix: displayPrefix(secretKey), revoked_at: null }).execute();
  await trx.insertInto('merchant_settlement_settings').values({ merchant_id: merchant.id, policy: input.policy, fiat_currency: input.fiat_currency, schedule: input.schedule }).execute();
  return { ok: true, merchantDbId: merchant.id, merchantId, userId: user.id, secretKey };
}
