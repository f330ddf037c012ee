// POST /v1/users/checkout/register: a guest who bought opens a member account from their checkout. The
// account takes the checkout's name, e-mail, mobile, date of birth and billing address, and the password
// sent; it is a member like any other (the registration's password policy, hashing and new-member
// permissions, server/identity/register.ts). The e-mail counts as verified only when the guest proved it
// by code in the flow (email_verified on the checkout), the mobile likewise. The member is not signed in
// here: they sign in with the new password, and that first sign-in lands on /buy (spec §4 registration
// attempt marker, users.registered_from_checkout_at). The checkout, and when the e-mail was verified every
// earlier checkout of this provider with it, becomes the member's: their purchases appear in their transactions.

import type { Kysely } from 'kysely';
import type { CheckoutRegisterBody } from '#core/contract/invoice.ts';
import { appError, type AppError } from '#core/errors.ts';
import { hashPassword } from '../auth/password.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { Database } from '../db/schema.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';
import { assertPasswordAllowed } from '../identity/password-policy.ts';
import { NEW_MEMBER_PERMISSIONS } from '../identity/register.ts';
import { recordGuestPurchase } from './checkout-history.ts';

export interface CheckoutRegistered {
  email: string;
  email_verified: boolean;
  linked_checkouts: number;
}

export async function registerFromCheckout(
  db: Kysely<Database>,
  checkout: CheckoutRow,
  body: CheckoutRegisterBody,
  context: { ipCountry: string; now: Date },
): Promise<{ ok: true; registered: CheckoutRegistered } | { ok: false; error: AppError }> {
  const email = checkout.email?.toLowerCase();
  if (!email || !checkout.first_name || !checkout.last_name || !checkout.mobile) return { ok: false, error: appError('checkout_details_required', 'Fill in your contact details in the checkout before opening an account from it.') };
  assertPasswordAllowed(body.password, email);
  const passwordHash = await hashPassword(body.password);
  const billing = checkout.billing;
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('users')
      .values({
        provider_id: checkout.provider_id,
        email,
        password_hash: passwordHash,
        role: 'member',
        first_name: checkout.first_name ?? '',
        last_name: checkout.last_name ?? '',
        mobile: checkout.mobile,
        permissions: toJsonb(NEW_MEMBER_PERMISSIONS),
        date_of_birth: checkout.date_of_birth ?? '',
        billing: toJsonb(billing),
        language: body.language ?? checkout.language ?? null,
        ip_country: context.ipCountry,
        email_verified: checkout.email_verified,
        mobile_verified: checkout.mobile_verified,
        password_changed_at: context.now,
        registered_from_checkout_at: context.now,
      })
      .onConflict((conflict) => conflict.columns(['provider_id', 'email']).doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return { ok: false as const, error: appError('checkout_member_exists') };
    // The guest's checkouts at this provider with this e-mail become the member's. Earlier ones only when
    // the e-mail was proven by code: anyone can type someone else's address into a checkout, and must not
    // get that person's purchase history by opening an account with it.
    let linking = trx.updateTable('guest_checkouts').set({ user_id: inserted.id }).where('provider_id', '=', checkout.provider_id).where('user_id', 'is', null);
    linking = checkout.email_verified ? linking.where((eb) => eb(eb.fn('lower', ['email']), '=', email)) : linking.where('id', '=', checkout.id);
    const linked = await linking.returningAll().execute();
    for (const purchase of linked) await recordGuestPurchase(trx, purchase);
    return { ok: true as const, registered: { email, email_verified: checkout.email_verified, linked_checkouts: linked.length } };
  });
}
