// New payments written in ONE call of create_payments (migration 0043), however many: for each, its address
// row (when it has a coin), the payment with the merchant fee that applies now, its 'payment.created' history
// row, its webhook outbox row and, when its request has an Idempotency-Key, the key already done with the
// create's answer (idempotency-in-statement.ts). The payments go as arrays, one per column: one transaction
// and one round trip for the whole set, in a statement planned once, so concurrent creates share its fixed
// cost (created-payment-writer.ts gathers them).
//
// A payment whose key is already stored writes nothing, and its neighbours in the set do not notice. Two
// items of one set must not share a key (the writer keeps them apart): the second would find the first's
// row, not a conflict. The event's data is what paymentEventData makes of the row, built from the same
// values before the insert (the row's own id and address id are not part of it); payment-lifecycle.test.ts
// holds the two equal.

import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import { FAMILY_OF } from '#core/chain/networks.ts';
import type { ReservedAddress } from '../chain/index.ts';
import { toJsonb } from '../db/jsonb.ts';
import type { Database } from '../db/schema.ts';
import type { IdempotencyKeysTable } from '../db/tables/money.ts';
import type { PaymentRow, PaymentsTable } from '../db/tables/payments.ts';
import { webhookBody } from '../webhooks/index.ts';
import { paymentEventData } from './events.ts';

/** The payment's own columns; the address, the fee and the lifecycle's starting values are added here. */
export type CreatedPaymentValues = Omit<
  Insertable<PaymentsTable>,
  'address_id' | 'address' | 'fee_bps' | 'status' | 'paid_minor' | 'confirmed_minor' | 'confirmations' | 'exception' | 'fee_minor' | 'credited_minor' | 'settled_at' | 'accepted_at' | 'updated_at'
>;

// create_payments writes the same: a new payment, nothing paid, nothing settled.
const START = { status: 'new' as const, paid_minor: 0n, confirmed_minor: 0n, confirmations: 0, exception: null, fee_minor: null, credited_minor: null, settled_at: null, accepted_at: null };

/**
 * The row as it will be written, before it is: everything the event and the create's answer read is here.
 * Only what the database gives it is not (its id, its address row's id, the fee), and neither reads those.
 */
export function createdPaymentRow(values: CreatedPaymentValues, address: ReservedAddress | null, now: Date): PaymentRow {
  return { ...values, ...START, id: 0n, address_id: address ? 0n : null, address: address?.address ?? null, fee_bps: 0, created_at: now, updated_at: now } as PaymentRow;
}

export interface CreatedPaymentInput {
  values: CreatedPaymentValues;
  address: ReservedAddress | null;
  merchantPublicId: string;
  now: Date;
  /** The request's Idempotency-Key, written done with its answer in the same statement (idempotency-in-statement.ts). */
  key: { row: Insertable<IdempotencyKeysTable> } | null;
}

/** 'key_taken': the payment's Idempotency-Key was already stored, so nothing of it was written. */
export type CreatedPaymentOutcome = 'written' | 'key_taken';

/** The statement's arrays, one element per payment, in the order of `inputs`. */
function columnsOf(inputs: readonly CreatedPaymentInput[]) {
  const column = <T>(of: (input: CreatedPaymentInput) => T): T[] => inputs.map(of);
  const data = column((i) => paymentEventData(createdPaymentRow(i.values, i.address, i.now), i.merchantPublicId));
  return {
    ord: inputs.map((_, index) => index),
    publicId: column((i) => i.values.public_id),
    providerId: column((i) => i.values.provider_id),
    merchantId: column((i) => i.values.merchant_id),
    coin: column((i) => i.values.coin ?? null),
    fiatCurrency: column((i) => i.values.fiat_currency),
    fiatAmountMinor: column((i) => i.values.fiat_amount_minor),
    amountDueMinor: column((i) => i.values.amount_due_minor ?? null),
    rate: column((i) => i.values.rate ?? null),
    product: column((i) => i.values.product ?? ''),
    c1: column((i) => i.values.c1 ?? null),
    c2: column((i) => i.values.c2 ?? null),
    c3: column((i) => i.values.c3 ?? null),
    c4: column((i) => i.values.c4 ?? null),
    returnUrl: column((i) => i.values.return_url ?? null),
    requiredConfirmations: column((i) => i.values.required_confirmations ?? null),
    expiresAt: column((i) => i.values.expires_at),
    monitoringUntil: column((i) => i.values.monitoring_until),
    address: column((i) => i.address?.address ?? null),
    family: column((i) => (i.address && i.values.coin ? FAMILY_OF[i.values.coin] : null)),
    network: column((i) => i.address?.network ?? null),
    derivationIndex: column((i) => (i.address ? BigInt(i.address.index) : null)),
    eventData: data.map((eventData) => toJsonb(eventData)),
    webhookBody: inputs.map((i, index) => webhookBody({ merchantId: i.values.merchant_id, type: 'payment.created', data: data[index]! }, i.now)),
    webhookNow: column((i) => i.now),
    keyScope: column((i) => i.key?.row.scope ?? null),
    key: column((i) => i.key?.row.key ?? null),
    keyRequestHash: column((i) => i.key?.row.request_hash ?? null),
    keyState: column((i) => i.key?.row.state ?? null),
    keyResponseStatus: column((i) => i.key?.row.response_status ?? null),
    keyResponseBody: column((i) => (i.key?.row.response_body as string | null | undefined) ?? null),
    keyExpiresAt: column((i) => i.key?.row.expires_at ?? null),
  };
}

/** create_payments' parameters in its order (migration 0043): each is an array, one element per payment. */
const PARAMETERS = [
  ['ord', 'int'], ['publicId', 'text'], ['providerId', 'bigint'], ['merchantId', 'bigint'], ['coin', 'text'],
  ['fiatCurrency', 'text'], ['fiatAmountMinor', 'bigint'], ['amountDueMinor', 'bigint'], ['rate', 'text'],
  ['product', 'text'], ['c1', 'text'], ['c2', 'text'], ['c3', 'text'], ['c4', 'text'], ['returnUrl', 'text'],
  ['requiredConfirmations', 'int'], ['expiresAt', 'timestamptz'], ['monitoringUntil', 'timestamptz'],
  ['address', 'text'], ['family', 'text'], ['network', 'text'], ['derivationIndex', 'bigint'],
  ['eventData', 'text'], ['webhookBody', 'text'], ['webhookNow', 'timestamptz'],
  ['keyScope', 'text'], ['key', 'text'], ['keyRequestHash', 'text'], ['keyState', 'text'],
  ['keyResponseStatus', 'int'], ['keyResponseBody', 'text'], ['keyExpiresAt', 'timestamptz'],
] as const satisfies readonly (readonly [keyof ReturnType<typeof columnsOf>, string])[];

/** One text for every call, written once: nothing to compile per create. */
const STATEMENT = `SELECT written AS public_id FROM create_payments(${PARAMETERS.map(([, type], index) => `$${index + 1}::${type}[]`).join(', ')}) AS written`;

/**
 * Writes `inputs` (no two with the same key) and answers, for each in order, whether it was written or its
 * Idempotency-Key was already stored (then nothing of it was).
 */
export async function insertCreatedPayments(db: Kysely<Database>, inputs: readonly CreatedPaymentInput[]): Promise<CreatedPaymentOutcome[]> {
  if (inputs.length === 0) return [];
  const c = columnsOf(inputs);
  const { rows } = await db.executeQuery<{ public_id: string }>(CompiledQuery.raw(STATEMENT, PARAMETERS.map(([name]) => c[name])));
  const written = new Set(rows.map((row) => row.public_id));
  return inputs.map((input) => {
    if (written.has(input.values.public_id)) return 'written';
    // Only a taken key keeps a payment out of the statement; without a key it is written or the statement fails.
    if (input.key === null) throw new Error(`insertCreatedPayments: payment ${input.values.public_id} has no key and was not written`);
    return 'key_taken';
  });
}
