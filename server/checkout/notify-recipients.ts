// Tells a remittance's recipient that the money arrived: once the delivery is sent (deliver-checkouts.ts),
// an e-mail or SMS (as the sender chose, in the recipient's language) with the amount, the sender's name and
// where it went. Exactly once: the recipient row is claimed (notified_at set, SKIP LOCKED, committed) before
// the message goes, so two workers never both send it, and a message that fails to go releases the claim for
// the next run. A message cannot be rolled back, so it only ever goes out for a committed claim.

import type { Kysely } from 'kysely';
import { isCrypto } from '#core/assets.ts';
import { maskIban } from '#core/iban.ts';
import { formatMinor } from '#core/money.ts';
import type { Database } from '../db/schema.ts';
import type { Notifier } from '../notifications/notifier.ts';
import { brandFor } from '../notifications/templates/brand.ts';
import { deliveredWhere, remittanceDeliveredEmail, remittanceDeliveredSms } from '../notifications/templates/remittance-delivered.ts';

const MAX_PER_RUN = 100;

async function claimOne(db: Kysely<Database>, now: Date) {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('checkout_recipients')
      .innerJoin('guest_checkouts', 'guest_checkouts.id', 'checkout_recipients.checkout_id')
      .select([
        'checkout_recipients.checkout_id',
        'checkout_recipients.notify_by',
        'checkout_recipients.notify_to',
        'checkout_recipients.locale',
        'checkout_recipients.iban',
        'guest_checkouts.provider_id',
        'guest_checkouts.first_name',
        'guest_checkouts.last_name',
        'guest_checkouts.crypto_currency',
        'guest_checkouts.crypto_amount_minor',
        'guest_checkouts.crypto_address',
      ])
      .where('checkout_recipients.notified_at', 'is', null)
      .where('guest_checkouts.delivery_status', '=', 'sent')
      .orderBy('checkout_recipients.checkout_id')
      .limit(1)
      .forUpdate()
      .skipLocked()
      .executeTakeFirst();
    if (!row) return null;
    await trx.updateTable('checkout_recipients').set({ notified_at: now }).where('checkout_id', '=', row.checkout_id).execute();
    return row;
  });
}

/** Tells every delivered remittance's recipient not told yet; answers how many were told. */
export async function notifyRecipients(db: Kysely<Database>, notifier: Pick<Notifier, 'mailer' | 'sms'>, now: Date = new Date()): Promise<number> {
  let told = 0;
  for (let i = 0; i < MAX_PER_RUN; i += 1) {
    const row = await claimOne(db, now);
    if (!row) break;
    try {
      const asset = row.crypto_currency;
      const locale = row.locale;
      const sent = {
        amount: `${formatMinor(row.crypto_amount_minor, asset)} ${asset}`,
        sender: [row.first_name, row.last_name].filter(Boolean).join(' ') || (locale === 'es' ? 'Alguien' : 'Someone'),
        where: deliveredWhere(locale, isCrypto(asset) ? { address: row.crypto_address ?? '' } : { iban: maskIban(row.iban ?? '') }),
      };
      const brand = await brandFor(db, row.provider_id);
      if (row.notify_by === 'email') await notifier.mailer.send({ providerId: row.provider_id, to: row.notify_to, ...remittanceDeliveredEmail(brand, locale, sent) });
      else await notifier.sms.send({ providerId: row.provider_id, to: row.notify_to, text: remittanceDeliveredSms(brand, locale, sent) });
      told += 1;
    } catch (error) {
      // Not sent: release the claim so the next run tries again.
      await db.updateTable('checkout_recipients').set({ notified_at: null }).where('checkout_id', '=', row.checkout_id).execute();
      throw error;
    }
  }
  return told;
}
