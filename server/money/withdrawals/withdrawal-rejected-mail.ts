// Tells the member their held withdrawal was rejected, after the rejection committed (a mail cannot
// be rolled back, so it never goes out for a rejection that did not happen).

import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { Notifier } from '../../notifications/notifier.ts';
import { brandFor } from '../../notifications/templates/brand.ts';
import { messageLocale } from '../../notifications/templates/locale.ts';
import { withdrawalRejectedEmail } from '../../notifications/templates/withdrawal-rejected.ts';

export async function mailWithdrawalRejected(db: Kysely<Database>, notifier: Notifier, member: { userId: bigint; providerId: bigint; amount: string }, reason: string): Promise<void> {
  const user = await db.selectFrom('users').select(['email', 'language']).where('id', '=', member.userId).executeTakeFirst();
  if (!user) return;
  const brand = await brandFor(db, member.providerId);
  await notifier.mailer.send({ providerId: member.providerId, to: user.email, ...withdrawalRejectedEmail(brand, messageLocale(user.language), member.amount, reason) });
}
