// Spec §3 "Server user_info", built from the user's row: what GET /v1/users/me and GET /v1/currentUser
// answer. Only the caller's own row is ever read (by session user id and provider), and the answer is
// checked against the contract's UserInfoSchema in the tests so server and member app agree.

import type { Kysely } from 'kysely';
import * as v from 'valibot';
import type { UserInfo } from '#core/contract/users.ts';
import { AccountCurrencySchema } from '#core/contract/fields.ts';
import { doubleAuth } from '#core/rules/double-auth.ts';
import { normaliseDateOfBirth, normaliseIpCountry } from '#core/rules/user-normalise.ts';
import { verificationNumber } from '#core/rules/verification-number.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import type { RequestSession } from './authenticate.ts';

export async function loadUserInfo(db: Kysely<Database>, session: RequestSession): Promise<UserInfo> {
  const row = await db
    .selectFrom('users')
    .leftJoin('merchants', 'merchants.user_id', 'users.id')
    .selectAll('users')
    .select(['merchants.merchant_id', 'merchants.name as company_name'])
    .where('users.id', '=', session.userId)
    .where('users.provider_id', '=', session.providerId)
    .executeTakeFirst();
  // The session guard found this user a moment ago; a row gone since means the account was deleted.
  if (!row) throw apiError('unauthorized');

  const verifications = { OTPLogin: row.otp_login_state };
  const billing = row.billing;
  const currency = v.safeParse(AccountCurrencySchema, row.currency);
  const info: UserInfo = {
    user_token: row.user_token,
    client_id: row.client_id.toString(),
    role: row.role,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    mobile: row.mobile ?? '',
    dateOfBirth: normaliseDateOfBirth(row.date_of_birth),
    billing: {
      address1: billing.address1 ?? '',
      address2: billing.address2 ?? '',
      city: billing.city ?? '',
      state: billing.state ?? '',
      country: billing.country ?? '',
      zipCode: billing.zipCode ?? '',
      issueCountry: billing.issueCountry ?? '',
    },
    language: row.language,
    emailVerification: row.email_verified ? 1 : 0,
    phoneVerification: row.mobile_verified ? 1 : 0,
    complianceVerification: verificationNumber(row.compliance_status, 'retail'),
    OTPLogin: row.otp_login === 1 ? 1 : 0,
    verifications,
    doubleAuth: doubleAuth({ verifications }),
    // Spec §6: a merchant has fiat_withdrawals = 1, whatever its stored flags say.
    permissions: row.role === 'merchant' ? { ...row.permissions, fiat_withdrawals: 1 } : row.permissions,
    currency: currency.success ? currency.output : 'EUR',
    wallets: [],
    account_values: {},
    ip_country: normaliseIpCountry(row.ip_country),
    lastLogin: row.previous_login_at?.toISOString() ?? null,
    firstLogin: row.first_login_at?.toISOString() ?? null,
    session: { started_at: session.startedAt.toISOString(), last_seen_at: session.lastSeenAt.toISOString() },
  };
  // Until the member's second sign-in (previous_login_at is set by it), a member made from a checkout carries the marker.
  if (row.registered_from_checkout_at !== null && row.previous_login_at === null) info.registrationAttempt = true;
  if (row.role === 'merchant') {
    if (row.company_name !== null) info.companyName = row.company_name;
    if (row.merchant_id !== null) info.merchant_id = row.merchant_id;
  }
  return info;
}
