// The verify account step of a guest checkout (spec §1 steps; §7 verify/checkVerify, verify/resend,
// verify/resetMobileCode): the flow user's email and mobile are proved by one-time codes owned by the
// checkout (server/verification/codes.ts: hashed at rest, 10 minutes, single use, 5 tries, one send a
// minute and ten an hour per channel, a cap per destination). A code counts only for the address it was
// sent to: a code sent before the email or number changed verifies nothing. Every correct code then asks
// clearance.ts whether the checkout is cleared (an authorised card is captured there).

import { sql, type Kysely } from 'kysely';
import type { CheckoutCodeChannel, CheckVerifyAnswer } from '#core/contract/checkout-steps.ts';
import { OTP_RESEND_INTERVAL_S, type OtpSent } from '#core/contract/verify.ts';
import { appError, type AppError } from '#core/errors.ts';
import { paymentStatusOf } from '#core/rules/checkout-status.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import type { LimitRates } from '../limits/enforce-limit.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { checkCode, destinationHash } from '../verification/codes.ts';
import { maskDestination } from '../verification/mask-destination.ts';
import { sendCode } from '../verification/send-code.ts';
import { clearanceOf, settleIfCleared } from './clearance.ts';
import { flowUserVerified } from './flow-user-verified.ts';

type Result<T> = ({ ok: true } & T) | { ok: false; error: AppError };

const PURPOSE = { email: 'verify_email', mobile: 'verify_mobile' } as const;

/** Codes may be sent and entered until the checkout is paid, failed, canceled or expired. */
const mayVerify = (checkout: CheckoutRow) => checkout.status === 'created' || checkout.status === 'pending' || checkout.status === 'authorized';
const ended = () => ({ ok: false as const, error: appError('checkout_status_invalid', 'This checkout was already paid, canceled or has expired: there is nothing left to verify. Reload it to see where it stands.') });

const addressOf = (checkout: CheckoutRow, channel: CheckoutCodeChannel) => (channel === 'email' ? checkout.email : checkout.mobile);

/** The newest code of a channel: whether it is live, how long until the next send, and where it went. */
async function newestCode(db: Kysely<Database>, checkoutId: bigint, channel: CheckoutCodeChannel) {
  return db
    .selectFrom('one_time_codes')
    .select(['destination_hash', sql<boolean>`consumed_at IS NULL AND expires_at > now()`.as('live'), sql<number>`floor(extract(epoch from (now() - created_at)))::int`.as('age_s')])
    .where('checkout_id', '=', checkoutId)
    .where('purpose', '=', PURPOSE[channel])
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

/** checkVerify's answer: the codes, the identity step and whether the checkout is cleared. */
export async function verifyAnswer(db: Kysely<Database>, rates: LimitRates, checkout: CheckoutRow): Promise<CheckVerifyAnswer> {
  const clearance = await clearanceOf(db, rates, checkout);
  const channel = async (name: CheckoutCodeChannel) => {
    const address = addressOf(checkout, name);
    const code = await newestCode(db, checkout.id, name);
    const forThisAddress = code !== undefined && address !== null && code.destination_hash === destinationHash(address);
    return {
      verified: name === 'email' ? checkout.email_verified : checkout.mobile_verified,
      sent: forThisAddress && code.live,
      resend_after_s: code === undefined ? 0 : Math.max(0, OTP_RESEND_INTERVAL_S - code.age_s),
      to: address === null ? '' : maskDestination(address),
    };
  };
  return {
    _id: checkout.public_id,
    status: checkout.status,
    payment_status: paymentStatusOf(checkout.status),
    verified: flowUserVerified(checkout),
    email: await channel('email'),
    mobile: await channel('mobile'),
    identity: clearance.identity,
    cleared: clearance.cleared,
    failure_reason: checkout.failure_reason,
  };
}

export interface CodeSent {
  channel: CheckoutCodeChannel;
  to: string;
  expires_in: number;
  resend_after: number;
}

const sentAnswer = (channel: CheckoutCodeChannel, sent: OtpSent): CodeSent => ({ channel, to: sent.to, expires_in: sent.expires_in, resend_after: sent.resend_after });

/** A (new) code to the checkout's email or mobile; an earlier live code of that channel stops working. */
export async function sendCheckoutCode(db: Kysely<Database>, notifier: Notifier, checkout: CheckoutRow, channel: CheckoutCodeChannel, language: string | undefined): Promise<Result<{ sent: CodeSent }>> {
  if (!mayVerify(checkout)) return ended();
  const to = addressOf(checkout, channel);
  if (to === null) return { ok: false, error: appError('checkout_details_required') };
  const sent = await sendCode(db, notifier, { providerId: checkout.provider_id, subject: { checkoutId: checkout.id }, purpose: PURPOSE[channel], to, language });
  return sent.ok ? { ok: true, sent: sentAnswer(channel, sent.sent) } : sent;
}

/** Checks a code; a correct one marks the channel verified (for the address it was sent to) and asks for the clearance. */
export async function checkCheckoutCode(db: Kysely<Database>, notifier: Notifier, rates: LimitRates, checkout: CheckoutRow, channel: CheckoutCodeChannel, code: string, now: Date): Promise<Result<{ checkout: CheckoutRow }>> {
  if (!mayVerify(checkout)) return ended();
  const address = addressOf(checkout, channel);
  const newest = await newestCode(db, checkout.id, channel);
  if (address === null || newest === undefined || newest.destination_hash !== destinationHash(address)) {
    return { ok: false, error: appError('code_expired', `No code was sent to your current ${channel === 'email' ? 'email address' : 'mobile number'}. Ask for a new code.`) };
  }
  const checked = await checkCode(db, notifier.codeKey, { subject: { checkoutId: checkout.id }, purpose: PURPOSE[channel], code });
  if (!checked.ok) return checked;
  // Only while the address is still the one the code went to (a parallel change of number unverifies it).
  await db
    .updateTable('guest_checkouts')
    .set(channel === 'email' ? { email_verified: true, updated_at: now } : { mobile_verified: true, updated_at: now })
    .where('id', '=', checkout.id)
    .where(channel, '=', address)
    .execute();
  await settleIfCleared(db, rates, checkout.id, now);
  return { ok: true, checkout: await db.selectFrom('guest_checkouts').selectAll().where('id', '=', checkout.id).executeTakeFirstOrThrow() };
}

/** A new mobile number (unverified) and a code sent to it. */
export async function resetCheckoutMobile(db: Kysely<Database>, notifier: Notifier, checkout: CheckoutRow, mobile: string, language: string | undefined, now: Date): Promise<Result<{ sent: CodeSent }>> {
  if (!mayVerify(checkout)) return ended();
  const changed = await db
    .updateTable('guest_checkouts')
    .set({ mobile, mobile_verified: checkout.mobile === mobile ? checkout.mobile_verified : false, updated_at: now })
    .where('id', '=', checkout.id)
    .where('status', 'in', ['created', 'pending', 'authorized'])
    .returningAll()
    .executeTakeFirst();
  if (!changed) return ended();
  return sendCheckoutCode(db, notifier, changed, 'mobile', language);
}
