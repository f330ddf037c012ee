// The receipt e-mail of a delivered checkout, once. The mail transport is not part of the database
// transaction (SMTP cannot roll back, and the test outbox writes through its own connection), so a
// receipt is claimed first: a checkout whose coins were sent and whose receipt has not gone is taken FOR
// UPDATE SKIP LOCKED (two servers never take the same one) and marked receipt_sent_at, committed; then
// mailed. A mail the transport refuses gives the claim back for the next run. Only a crash between the
// claim and the mail loses a receipt; none is ever mailed twice.

import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../notifications/mailer.ts';
import { brandFor } from '../notifications/templates/brand.ts';
import { checkoutReceiptEmail } from '../notifications/templates/checkout-receipt.ts';
import { messageLocale } from '../notifications/templates/locale.ts';
import { startPeriodicJob } from '../plugins/periodic-job.ts';
import { invoiceOf } from './invoice.ts';

const MAX_PER_RUN = 50;
const POLL_MS = 2_000;

async function sendOne(db: Kysely<Database>, mailer: Mailer, now: Date): Promise<boolean> {
  const claimed = await db.transaction().execute(async (trx) => {
    const checkout = await trx
      .selectFrom('guest_checkouts')
      .selectAll()
      .where('delivery_status', '=', 'sent')
      .where('receipt_sent_at', 'is', null)
      .orderBy('id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!checkout) return null;
    await trx.updateTable('guest_checkouts').set({ receipt_sent_at: now }).where('id', '=', checkout.id).execute();
    return checkout;
  });
  if (!claimed) return false;
  const built = await invoiceOf(db, claimed);
  // A checkout without an e-mail (or, paid before invoices were numbered, an invoice) has no receipt to send.
  if (!built.ok || !claimed.email) return true;
  try {
    const brand = await brandFor(db, claimed.provider_id);
    await mailer.send({ providerId: claimed.provider_id, to: claimed.email, ...checkoutReceiptEmail(brand, messageLocale(claimed.language), built.invoice) });
  } catch (error) {
    await db.updateTable('guest_checkouts').set({ receipt_sent_at: null }).where('id', '=', claimed.id).execute();
    throw error;
  }
  return true;
}

/** Mails the receipt of every delivered checkout not yet mailed; answers how many. Tests call it by hand. */
export async function sendCheckoutReceipts(db: Kysely<Database>, mailer: Mailer, now: Date = new Date()): Promise<number> {
  let sent = 0;
  for (let i = 0; i < MAX_PER_RUN; i += 1) {
    if (!(await sendOne(db, mailer, now))) break;
    sent += 1;
  }
  return sent;
}

export function startReceiptWorker(app: FastifyInstance): void {
  startPeriodicJob(app, {
    name: 'checkout receipts',
    everyMs: POLL_MS,
    run: () => sendCheckoutReceipts(app.db, app.notifier.mailer, app.identity.now()),
    report: (sent) => {
      if (sent > 0) app.log.info({ sent }, 'checkout receipts mailed');
    },
  });
}
