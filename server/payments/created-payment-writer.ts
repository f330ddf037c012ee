// Where a create's rows go: concurrent creates are written together, one statement for all of them
// (insert-created-payments.ts), through a group commit (server/db/group-commit.ts) per database handle.
// Under a burst each create then pays a share of one statement's fixed cost instead of all of it; alone, a
// create is written at the next turn of the event loop, as before.
//
// Each create keeps its own outcome. Two creates under one Idempotency-Key are never in one statement: the
// later waits for the next, where it finds the first's key stored, exactly as it would have one request
// later. A statement that fails for any other reason is written again one payment at a time, so a payment
// whose rows are refused fails alone and its neighbours are written.

import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { GroupCommit, type BatchOutcome } from '../db/group-commit.ts';
import { insertCreatedPayments, type CreatedPaymentInput, type CreatedPaymentOutcome } from './insert-created-payments.ts';

/** A statement of at most this many payments: about 50 KB of parameters, a few milliseconds of work. */
const MAX_BATCH = 64;

function keyOf(input: CreatedPaymentInput): string | null {
  return input.key ? `${input.key.row.scope}\u0000${input.key.row.key}` : null;
}

async function writeAlone(db: Kysely<Database>, input: CreatedPaymentInput): Promise<BatchOutcome<CreatedPaymentOutcome>> {
  try {
    return { ok: true, value: (await insertCreatedPayments(db, [input]))[0]! };
  } catch (error) {
    return { ok: false, error };
  }
}

/** Writes `inputs` in as few statements as their keys allow; one outcome each, in order. */
export async function writeCreatedPayments(db: Kysely<Database>, inputs: readonly CreatedPaymentInput[]): Promise<BatchOutcome<CreatedPaymentOutcome>[]> {
  const seen = new Set<string>();
  const now: number[] = [];
  const later: number[] = [];
  inputs.forEach((input, index) => {
    const key = keyOf(input);
    if (key !== null && seen.has(key)) later.push(index);
    else {
      if (key !== null) seen.add(key);
      now.push(index);
    }
  });

  const outcomes: BatchOutcome<CreatedPaymentOutcome>[] = new Array(inputs.length);
  const batch = now.map((index) => inputs[index]!);
  try {
    const written = await insertCreatedPayments(db, batch);
    now.forEach((index, position) => (outcomes[index] = { ok: true, value: written[position]! }));
  } catch (error) {
    if (batch.length === 1) outcomes[now[0]!] = { ok: false, error };
    else for (const index of now) outcomes[index] = await writeAlone(db, inputs[index]!);
  }
  if (later.length > 0) {
    const repeated = await writeCreatedPayments(db, later.map((index) => inputs[index]!));
    later.forEach((index, position) => (outcomes[index] = repeated[position]!));
  }
  return outcomes;
}

const writers = new WeakMap<Kysely<Database>, GroupCommit<CreatedPaymentInput, CreatedPaymentOutcome>>();

/**
 * Writes one created payment with whatever else is being created on this database handle (the app's root
 * Kysely). Inside a transaction it is written there and then, since its rows belong to that transaction.
 */
export function writeCreatedPayment(db: Kysely<Database>, input: CreatedPaymentInput): Promise<CreatedPaymentOutcome> {
  if (db.isTransaction) {
    return writeCreatedPayments(db, [input]).then(([outcome]) => {
      if (!outcome!.ok) throw outcome!.error;
      return outcome!.value;
    });
  }
  let writer = writers.get(db);
  if (!writer) writers.set(db, (writer = new GroupCommit((items) => writeCreatedPayments(db, items), { maxBatch: MAX_BATCH, maxInFlight: 1 })));
  return writer.submit(input);
}
