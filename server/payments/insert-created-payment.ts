// A new payment written in ONE statement: its address row (when it has a coin), the payment with the
// merchant fee that applies now, its 'payment.created' history row and its webhook outbox row, as a
// data-modifying WITH. One statement is one transaction: all four rows commit together or none does, as
// they did in the explicit transaction this replaces, with one database round trip instead of nine (BEGIN,
// the address, the fee, the payment, the merchant's public id, the event, the endpoint, the outbox, COMMIT).
// The event's data is what paymentEventData makes of the row, built from the same values before the insert
// (the row's own id and address id are not part of it); payment-lifecycle.test.ts holds the two equal.

import { sql, type Insertable, type Kysely, type QueryCreator } from 'kysely';
import { FAMILY_OF } from '#core/chain/networks.ts';
import type { ReservedAddress } from '../chain/index.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { Database } from '../db/schema.ts';
import type { PaymentRow, PaymentsTable } from '../db/tables/payments.ts';
import { effectiveFeeBpsSql } from '../fees/merchant-fees.ts';
import { webhookEventInsert } from '../webhooks/index.ts';
import { paymentEventData } from './events.ts';

/** The payment's own columns; the address, the fee and the lifecycle's starting values are added here. */
export type CreatedPaymentValues = Omit<Insertable<PaymentsTable>, 'address_id' | 'address' | 'fee_bps' | 'status' | 'paid_minor' | 'confirmed_minor' | 'confirmations'>;

export async function insertCreatedPayment(
  db: Kysely<Database>,
  input: { values: CreatedPaymentValues; address: ReservedAddress | null; merchantPublicId: string; now: Date },
): Promise<PaymentRow> {
  const { values, address, now } = input;
  // Written explicitly rather than left to the columns' defaults, so the event below describes exactly this row.
  const start = { status: 'new' as const, paid_minor: 0n, confirmed_minor: 0n, confirmations: 0 };
  const provisional = { ...values, ...start, id: 0n, address_id: address ? 0n : null, address: address?.address ?? null, fee_bps: 0, accepted_at: null, created_at: now, updated_at: now } as PaymentRow;
  const data = paymentEventData(provisional, input.merchantPublicId);

  const row = await db
    .with('addr', (qc) =>
      address && values.coin
        ? qc
            .insertInto('chain_addresses')
            .values({ provider_id: values.provider_id, asset: values.coin, family: FAMILY_OF[values.coin], network: address.network, derivation_index: BigInt(address.index), address: address.address, purpose: 'payment', owner_ref: values.public_id })
            .returning('id')
        : // No coin, no address: an empty CTE nothing reads (PostgreSQL does not even run it).
          qc.selectFrom('chain_addresses').select('id').where(sql<boolean>`false`),
    )
    .with('pay', (qc) =>
      qc
        .insertInto('payments')
        .values((eb) => ({
          ...values,
          ...start,
          address_id: address ? eb.selectFrom('addr').select('id') : null,
          address: address?.address ?? null,
          // The fee is fixed now and kept on the payment: a later change of the merchant's fee never reaches it.
          fee_bps: effectiveFeeBpsSql(values.merchant_id),
        }))
        .returningAll(),
    )
    .with('event', (qc) => qc.insertInto('payment_events').values((eb) => ({ payment_id: eb.selectFrom('pay').select('id'), type: 'payment.created', data: toJsonb(data) })))
    // The outbox insert reads none of the CTEs above; it only needs the tables.
    .with('outbox', (qc) => webhookEventInsert(qc as unknown as QueryCreator<Database>, { merchantId: values.merchant_id, type: 'payment.created', data }, now))
    .selectFrom('pay')
    .selectAll()
    .executeTakeFirstOrThrow();
  return row as PaymentRow;
}
