// The ledger side of a guest checkout. A guest has no account of their own, and none is made for them:
// their money never rests with them on this platform. The card's fiat comes in from the outside world
// to the provider's house liquidity (the house sells the coins from its inventory at the quote's rate)
// and the fee to the house fees; the coins are reserved as a PENDING transfer from the house liquidity
// in that coin to the outside world, which the delivery posts when the payout is on the network. So
// the house accounts per provider and asset that every other flow uses are enough: no new account
// kind, nothing per guest to clean up, checkLedger sees it all, and a coin the house does not hold
// refuses the reservation (liquidity_unavailable) in the same transaction as the authorisation: nothing held.
// The card's fiat stays pending (authorised) until the checkout is cleared (clearance.ts), like the
// card network's authorisation and capture: a guest who is never cleared is released, not refunded.
//
// Transfer ids derive from the payment's and the checkout's public ids, so a retry posts nothing twice.
// The delivery reservation is named after the CHECKOUT (`chk_…:delivery`), not the payment: any payment
// method reserves it with reserveDelivery in the transaction that makes the checkout successful, and
// the delivery worker (deliver-checkouts.ts) posts it without knowing how the checkout was paid.

import type { Transaction } from 'kysely';
import { appError, type AppError } from '#core/errors.ts';
import type { Database } from '../db/schema.ts';
import { createTransfers, type LedgerItem } from '../ledger/index.ts';
import { houseAccount } from '../money/wallet-accounts.ts';
import type { CheckoutRow } from '../db/tables/checkouts.ts';

export interface ChargedPayment {
  public_id: string;
  amount_minor: bigint;
  fee_minor: bigint;
  crypto_amount_minor: bigint;
}

export const deliveryTransferId = (checkoutPublicId: string) => `${checkoutPublicId}:delivery`;

/** The card's fiat transfers, pending: world → house liquidity (principal), world → house fees (fee). */
function cardItems(payment: ChargedPayment): { id: string; amount: bigint; kind: 'liquidity' | 'fees'; code: 'deposit' | 'fee' }[] {
  const principal = payment.amount_minor - payment.fee_minor;
  const items: { id: string; amount: bigint; kind: 'liquidity' | 'fees'; code: 'deposit' | 'fee' }[] = [];
  if (principal > 0n) items.push({ id: `${payment.public_id}:principal`, amount: principal, kind: 'liquidity', code: 'deposit' });
  if (payment.fee_minor > 0n) items.push({ id: `${payment.public_id}:fee`, amount: payment.fee_minor, kind: 'fees', code: 'fee' });
  return items;
}

/**
 * Authorises the card's fiat as PENDING transfers (world → house liquidity, world → house fees): the
 * money is held, not yet the house's. settleCheckoutCard posts them once the checkout is cleared
 * (clearance.ts), or voids them when it never is.
 */
export async function authoriseCheckoutCard(trx: Transaction<Database>, checkout: CheckoutRow, payment: ChargedPayment): Promise<void> {
  const providerId = checkout.provider_id;
  const asset = checkout.fiat_currency;
  const world = await houseAccount(trx, { providerId, asset, kind: 'world' });
  const authorise: LedgerItem[] = [];
  for (const item of cardItems(payment)) {
    const account = await houseAccount(trx, { providerId, asset, kind: item.kind });
    authorise.push({ id: item.id, debitAccountId: world.id, creditAccountId: account.id, amount: item.amount, code: item.code, ref: payment.public_id, pending: true });
  }
  const authorised = await createTransfers(trx, authorise);
  // The outside world may go negative, so nothing a guest does can refuse this: a refusal is a bug.
  if (!authorised.ok) throw new Error(`checkout card authorisation ${payment.public_id} refused by the ledger: ${authorised.code} ${authorised.message}`);
}

/** Captures (post) or releases (void) the card's authorised fiat. */
export async function settleCheckoutCard(trx: Transaction<Database>, payment: ChargedPayment, action: 'post' | 'void'): Promise<void> {
  const items = cardItems(payment).map((item) => ({ id: `${item.id}:${action}`, pendingId: item.id, action }));
  const settled = await createTransfers(trx, items);
  if (!settled.ok) throw new Error(`checkout card ${action} ${payment.public_id} refused by the ledger: ${settled.code} ${settled.message}`);
}

/** Reserves the checkout's coins for delivery: house liquidity → world, pending. Refused when the house lacks them. */
export async function reserveDelivery(trx: Transaction<Database>, checkout: CheckoutRow, cryptoMinor: bigint): Promise<{ ok: true } | { ok: false; error: AppError }> {
  const providerId = checkout.provider_id;
  const asset = checkout.crypto_currency;
  const liquidity = await houseAccount(trx, { providerId, asset, kind: 'liquidity' });
  const world = await houseAccount(trx, { providerId, asset, kind: 'world' });
  const id = deliveryTransferId(checkout.public_id);
  const reserved = await createTransfers(trx, [{ id, debitAccountId: liquidity.id, creditAccountId: world.id, amount: cryptoMinor, code: 'withdrawal', ref: checkout.public_id, pending: true }]);
  if (reserved.ok) return { ok: true };
  if (reserved.code === 'exceeds_credits') return { ok: false, error: appError('liquidity_unavailable', `We cannot deliver this amount of ${asset} right now; nothing was charged. Try a smaller amount or try again later.`) };
  throw new Error(`checkout delivery reservation ${id} refused by the ledger: ${reserved.code} ${reserved.message}`);
}

/** Posts (sent) or voids (refused by the network) the reservation. */
export async function settleDelivery(trx: Transaction<Database>, checkoutPublicId: string, action: 'post' | 'void'): Promise<void> {
  const id = deliveryTransferId(checkoutPublicId);
  const result = await createTransfers(trx, [{ id: `${id}:${action}`, pendingId: id, action }]);
  if (!result.ok) throw new Error(`checkout delivery ${id} ${action} refused by the ledger: ${result.code} ${result.message}`);
}

/**
 * Bank money received for a checkout (a wire the operator matched, an online banking payment the bank
 * approved): world → house liquidity and world → house fees, POSTED at once. Unlike the card there is no
 * authorisation to hold: by the time this runs the money is in the provider's account.
 */
export async function receiveCheckoutBankMoney(trx: Transaction<Database>, checkout: CheckoutRow, payment: ChargedPayment): Promise<void> {
  const providerId = checkout.provider_id;
  const asset = checkout.fiat_currency;
  const world = await houseAccount(trx, { providerId, asset, kind: 'world' });
  const liquidity = await houseAccount(trx, { providerId, asset, kind: 'liquidity' });
  const principal = payment.amount_minor - payment.fee_minor;
  const items: LedgerItem[] = [];
  if (principal > 0n) items.push({ id: `${payment.public_id}:principal`, debitAccountId: world.id, creditAccountId: liquidity.id, amount: principal, code: 'deposit', ref: payment.public_id });
  if (payment.fee_minor > 0n) {
    const fees = await houseAccount(trx, { providerId, asset, kind: 'fees' });
    items.push({ id: `${payment.public_id}:fee`, debitAccountId: world.id, creditAccountId: fees.id, amount: payment.fee_minor, code: 'fee', ref: payment.public_id });
  }
  const posted = await createTransfers(trx, items);
  // The outside world may go negative, so nothing a guest does can refuse this: a refusal is a bug.
  if (!posted.ok) throw new Error(`checkout bank money ${payment.public_id} refused by the ledger: ${posted.code} ${posted.message}`);
}
