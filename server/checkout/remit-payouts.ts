// Pays out the remittances to an IBAN of successful checkouts through the bank, once. The bank is another
// service reached over HTTP, so no database transaction stays open while it answers: a remittance is first
// claimed (its recipient row's payout_claimed_until set, FOR UPDATE SKIP LOCKED, committed), then the bank is
// asked with the checkout's public id as the reference, then a second transaction locks the checkout and,
// if it is still undelivered, posts (credited) or voids (refused) its fiat reservation (checkout-funds.ts)
// and records the bank's payout id as the delivery's txid. The bank answers the same payout for the same
// reference, so a worker that crashed after the bank paid, whose claim then lapses, is answered the same
// payout by the bank on the next try and the recipient is never paid twice. An unreachable bank releases the
// claim: the remittance waits for the next run. deliver-checkouts.ts runs this after the coins.

import type { Kysely } from 'kysely';
import { FIAT } from '#core/assets.ts';
import type { Database } from '../db/schema.ts';
import type { BankConnection } from '../online-banking/bank-client.ts';
import { sendBankPayout } from '../online-banking/bank-payout.ts';
import { settleDelivery } from './checkout-funds.ts';

const MAX_PER_RUN = 100;
/** How long a claim holds: far longer than the bank's 10 s timeout. */
const CLAIM_S = 120;

export interface PayoutRun {
  sent: number;
  rejected: number;
  /** Left for the next run: the bank could not be reached. */
  waiting: number;
}

async function claimOne(db: Kysely<Database>, now: Date, skip: bigint[]) {
  return db.transaction().execute(async (trx) => {
    let query = trx
      .selectFrom('guest_checkouts')
      .innerJoin('checkout_recipients', 'checkout_recipients.checkout_id', 'guest_checkouts.id')
      .select([
        'guest_checkouts.id',
        'guest_checkouts.public_id',
        'guest_checkouts.crypto_currency',
        'guest_checkouts.crypto_amount_minor',
        'guest_checkouts.first_name',
        'guest_checkouts.last_name',
        'checkout_recipients.iban',
        'checkout_recipients.account_holder',
      ])
      .where('guest_checkouts.status', '=', 'successful')
      .where('guest_checkouts.delivery_status', 'is', null)
      .where('guest_checkouts.crypto_currency', 'in', FIAT)
      .where('checkout_recipients.receives', '=', 'fiat')
      .where((eb) => eb.or([eb('checkout_recipients.payout_claimed_until', 'is', null), eb('checkout_recipients.payout_claimed_until', '<=', now)]));
    if (skip.length > 0) query = query.where('guest_checkouts.id', 'not in', skip);
    const row = await query.orderBy('guest_checkouts.id').limit(1).forUpdate('checkout_recipients').skipLocked().executeTakeFirst();
    if (!row) return null;
    await trx.updateTable('checkout_recipients').set({ payout_claimed_until: new Date(now.getTime() + CLAIM_S * 1000) }).where('checkout_id', '=', row.id).execute();
    return row;
  });
}

/** Pays out every successful remittance to an IBAN not paid out yet. Without a bank they wait. */
export async function payOutRemittances(db: Kysely<Database>, bank: BankConnection | null, now: Date = new Date()): Promise<PayoutRun> {
  const run: PayoutRun = { sent: 0, rejected: 0, waiting: 0 };
  if (!bank) return run;
  const skip: bigint[] = [];
  for (let i = 0; i < MAX_PER_RUN; i += 1) {
    const claimed = await claimOne(db, now, skip);
    if (!claimed) break;
    skip.push(claimed.id);
    const sender = [claimed.first_name, claimed.last_name].filter(Boolean).join(' ') || 'the sender';
    const paid =
      claimed.iban && claimed.account_holder
        ? await sendBankPayout(bank, {
            amountMinor: claimed.crypto_amount_minor,
            currency: claimed.crypto_currency,
            iban: claimed.iban,
            accountHolder: claimed.account_holder,
            reference: claimed.public_id,
            description: `Money from ${sender}`.slice(0, 140),
          })
        : ({ outcome: 'unreachable' } as const);
    if (paid.outcome === 'unreachable') {
      await db.updateTable('checkout_recipients').set({ payout_claimed_until: null }).where('checkout_id', '=', claimed.id).execute();
      run.waiting += 1;
      continue;
    }
    await db.transaction().execute(async (trx) => {
      const checkout = await trx.selectFrom('guest_checkouts').select(['id', 'delivery_status']).where('id', '=', claimed.id).forUpdate().executeTakeFirstOrThrow();
      // Settled meanwhile (a lapsed claim taken over): the bank answered that same payout, nothing to do.
      if (checkout.delivery_status !== null) return;
      await trx.updateTable('checkout_recipients').set({ bank_payout_id: paid.payoutId, payout_claimed_until: null, updated_at: now }).where('checkout_id', '=', claimed.id).execute();
      if (paid.outcome === 'credited') {
        await settleDelivery(trx, claimed.public_id, 'post');
        await trx.updateTable('guest_checkouts').set({ delivery_status: 'sent', delivery_txid: paid.payoutId, delivered_at: now, updated_at: now }).where('id', '=', claimed.id).execute();
        run.sent += 1;
      } else {
        await settleDelivery(trx, claimed.public_id, 'void');
        await trx.updateTable('guest_checkouts').set({ delivery_status: 'rejected', delivery_error: paid.reason, updated_at: now }).where('id', '=', claimed.id).execute();
        run.rejected += 1;
      }
    });
  }
  return run;
}
