// The Wires tab's list: the provider's wire deposits still waiting for their money, oldest first (the
// one waiting longest is the one a member asks about), with the member and the amount announced. A
// search keeps the references that contain the text, typed as the bank statement shows it.

import type { Asset } from '#core/assets.ts';
import type { PendingWire, PendingWires } from '#core/contract/admin-money.ts';
import { formatMinor } from '#core/money.ts';
import type { Db } from '../db/db.ts';
import { normaliseWireReference } from '../money/deposits/wire-reference.ts';
import { memberName } from './member-label.ts';

/** LIKE's own characters in a search are literal text, not wildcards. */
function likeLiteral(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

export async function listPendingWires(db: Db, providerId: bigint, options: { reference?: string | undefined; page: number; perPage: number }): Promise<PendingWires> {
  const search = options.reference ? normaliseWireReference(options.reference) : '';
  let base = db
    .selectFrom('money_transactions as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .where('m.provider_id', '=', providerId)
    .where('m.type', '=', 'deposit')
    .where('m.method', '=', 'wire')
    .where('m.status', '=', 'initial');
  if (search !== '') base = base.where('m.reference', 'like', `%${likeLiteral(search)}%`);
  const [rows, total] = await Promise.all([
    base
      .select(['m.public_id', 'm.reference', 'm.currency_iso', 'm.amount_minor', 'm.created_at', 'u.id as user_id', 'u.email', 'u.first_name', 'u.last_name'])
      .orderBy('m.created_at')
      .orderBy('m.id')
      .limit(options.perPage)
      .offset((options.page - 1) * options.perPage)
      .execute(),
    base.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  const wires = rows.map(
    (row): PendingWire => ({
      transaction_id: row.public_id,
      reference: row.reference ?? '',
      member: { member_id: row.user_id.toString(), email: row.email, name: memberName(row) },
      currency: row.currency_iso as PendingWire['currency'],
      expected_amount: formatMinor(row.amount_minor, row.currency_iso as Asset),
      created_at: row.created_at.toISOString(),
    }),
  );
  return { wires, page: options.page, per_page: options.perPage, total: Number(total.count) };
}
