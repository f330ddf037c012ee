// Saved cards: the acquirer's token plus what a list shows. The same card charged twice is one row,
// recognised by its fingerprint (an HMAC of the number under the server's secret), because the card
// number itself is never stored anywhere.

import type { CardsAnswer } from '#core/contract/deposits.ts';
import type { TokenizedCard } from '../acquirer/test-acquirer.ts';
import type { CodeKey } from '../verification/code-key.ts';
import type { Db } from '../db/db.ts';

/** The card fingerprint: keyed like the one-time codes, so a leaked table cannot be matched to numbers. */
export function cardFingerprinter(key: CodeKey): (number: string) => string {
  return (number) => key.digest('card_fingerprint', number);
}

/** Keeps the card after a successful charge; a card already saved gets its newest token and expiry. */
export async function saveCard(db: Db, userId: bigint, card: TokenizedCard): Promise<string> {
  const row = await db
    .insertInto('cards')
    .values({
      user_id: userId,
      acquirer_token: card.token,
      fingerprint: card.fingerprint,
      brand: card.brand,
      last4: card.last4,
      exp_month: card.exp_month,
      exp_year: card.exp_year,
      holder: card.holder,
    })
    .onConflict((conflict) =>
      conflict.columns(['user_id', 'fingerprint']).doUpdateSet((eb) => ({
        acquirer_token: eb.ref('excluded.acquirer_token'),
        exp_month: eb.ref('excluded.exp_month'),
        exp_year: eb.ref('excluded.exp_year'),
        holder: eb.ref('excluded.holder'),
      })),
    )
    .returning('public_id')
    .executeTakeFirstOrThrow();
  return row.public_id;
}

export type SavedCard = TokenizedCard & { id: string };

export async function findCard(db: Db, userId: bigint, publicId: string): Promise<SavedCard | null> {
  const row = await db.selectFrom('cards').selectAll().where('user_id', '=', userId).where('public_id', '=', publicId).executeTakeFirst();
  if (!row) return null;
  return {
    id: row.public_id,
    token: row.acquirer_token,
    brand: row.brand,
    last4: row.last4,
    exp_month: row.exp_month,
    exp_year: row.exp_year,
    holder: row.holder,
    fingerprint: row.fingerprint,
  };
}

export async function listCards(db: Db, userId: bigint): Promise<CardsAnswer> {
  const rows = await db
    .selectFrom('cards')
    .select(['public_id', 'brand', 'last4', 'exp_month', 'exp_year', 'holder'])
    .where('user_id', '=', userId)
    .orderBy('id', 'desc')
    .execute();
  return { cards: rows.map((row) => ({ id: row.public_id, brand: row.brand, last4: row.last4, exp_month: row.exp_month, exp_year: row.exp_year, holder: row.holder })) };
}
