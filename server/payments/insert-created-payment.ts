// A new payment written in ONE statement: its address row (when it has a coin), the payment with the
// merchant fee that applies now, its 'payment.created' history row, its webhook outbox row and, when the
// request has an Idempotency-Key, the key already done with the create's answer (idempotency-in-statement.ts),
// as a data-modifying WITH. One statement is one transaction: all the rows commit together or none does, as
// they did in the explicit transaction this replaces, with one database round trip instead of nine (BEGIN,
// the address, the fee, the payment, the merchant's public id, the event, the endpoint, the outbox, COMMIT).
// The event's data is what paymentEventData makes of the row, built from the same values before the insert
// (the row's own id and address id are not part of it); payment-lifecycle.test.ts holds the two equal.

import { sql, type Insertable, type Kysely, type QueryCreator } from 'kysely';
import { FAMILY_OF } from '#core/chain/networks.ts';
import type { ReservedAddress } from '../chain/index.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { Database } from '../db/schema.ts';
import type { IdempotencyKeysTable } from '../db/tables/money.ts';
import type { PaymentRow, PaymentsTable } from '../db/tables/payments.ts';
import { failedOnTakenKey, IdempotencyKeyTaken } from '../http/idempotency-in-statement.ts';
import { effectiveFeeBpsSql } from '../fees/merchant-fees.ts';
import { webhookEventInsert } from '../webhooks/index.ts';
import { paymentEventData } from './events.ts';

/** The payment's own columns; the address, the fee and the lifecycle's starting values are added here. */
export type CreatedPaymentValues = Omit<Insertable<PaymentsTable>, 'address_id' | 'address' | 'fee_bps' | 'status' | 'paid_minor' | 'confirmed_minor' | 'confirmations'>;

// Written explicitly rather than left to the columns' defaults, so the event and the answer describe exactly this row.
const START = { status: 'new' as const, paid_minor: 0n, confirmed_minor: 0n, confirmations: 0 };

/**
 * The row as it will be written, before it is: everything the event and the create's answer read is here.
 * Only what the database gives it is not (its id, its address row's id, the fee), and neither reads those.
 */
export function createdPaymentRow(values: CreatedPaymentValues, address: ReservedAddress | null, now: Date): PaymentRow {
  return { ...values, ...START, id: 0n, address_id: address ? 0n : null, address: address?.address ?? null, fee_bps: 0, accepted_at: null, created_at: now, updated_at: now } as PaymentRow;
}

export interface CreatedPaymentInput {
  values: CreatedPaymentValues;
  address: ReservedAddress | null;
  merchantPublicId: string;
  now: Date;
  /** The request's Idempotency-Key, written done with its answer in the same statement (idempotency-in-statement.ts). */
  key: { row: Insertable<IdempotencyKeysTable> } | null;
}

/**
 * Writes the payment and answers its row id (what the caller needs of the row it already has: createdPaymentRow);
 * throws IdempotencyKeyTaken, having written nothing, when the request's key is already stored.
 */
export async function insertCreatedPayment(db: Kysely<Database>, input: CreatedPaymentInput): Promise<bigint> {
  const { values, address, now } = input;
  const data = paymentEventData(createdPaymentRow(values, address, now), input.merchantPublicId);
  const start = START;

  const query = db
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
        .returning('id'),
    )
    .with('event', (qc) => qc.insertInto('payment_events').values((eb) => ({ payment_id: eb.selectFrom('pay').select('id'), type: 'payment.created', data: toJsonb(data) })))
    // The outbox insert reads none of the CTEs above; it only needs the tables.
    .with('outbox', (qc) => webhookEventInsert(qc as unknown as QueryCreator<Database>, { merchantId: values.merchant_id, type: 'payment.created', data }, now))
    // The key last: when it is taken, its UNIQUE fails the statement and none of the rows above is written.
    .with('key', (qc) => (input.key ? qc.insertInto('idempotency_keys').values(input.key.row) : qc.selectFrom('idempotency_keys').select('id').where(sql<boolean>`false`)))
    .selectFrom('pay')
    .select('id');
  try {
    return (await query.executeTakeFirstOrThrow()).id;
  } catch (error) {
    if (input.key && failedOnTakenKey(error)) throw new IdempotencyKeyTaken();
    throw error;
  }
}
