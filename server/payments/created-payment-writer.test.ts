// Creates written together (created-payment-writer.ts, one call of create_payments for many): each payment
// keeps its own outcome whatever its neighbours do, exactly as if it had been written alone.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { merchantByPublicId } from '../merchants/merchant-context.ts';
import { newPaymentToken } from './create-payment.ts';
import { writeCreatedPayment, writeCreatedPayments } from './created-payment-writer.ts';
import type { CreatedPaymentInput } from './insert-created-payments.ts';

// Far above what the app's own reserve hands out in a test run, so these rows never meet its addresses.
let nextIndex = 1_900_000_000;

describe.each(testDatabases())('creates written together on $name', ({ name }) => {
  const t = useTestApp(name);

  async function payment(options: { key?: string; address?: string } = {}): Promise<CreatedPaymentInput> {
    const { context } = await merchantByPublicId(t.app.db, 'mch_demo_verdant');
    const token = newPaymentToken();
    const index = nextIndex++;
    const now = new Date();
    return {
      address: { family: 'bitcoin', network: 'test', index, address: options.address ?? `tb1qwriter${index}` },
      merchantPublicId: context.merchantId,
      now,
      values: {
        public_id: token, provider_id: context.providerId, merchant_id: context.id, coin: 'BTC', fiat_currency: 'EUR', fiat_amount_minor: 4900n,
        amount_due_minor: 88_000n, rate: '55681.81818', product: 'Rake', c1: null, c2: null, c3: null, c4: null, return_url: null,
        required_confirmations: 2, expires_at: new Date(now.getTime() + 900_000), monitoring_until: new Date(now.getTime() + 4_500_000),
      },
      key: options.key
        ? { row: { scope: `merchant:${context.id}`, key: options.key, request_hash: 'a'.repeat(64), state: 'done', response_status: 200, response_body: JSON.stringify({ token }), expires_at: new Date(now.getTime() + 86_400_000) } }
        : null,
    };
  }

  async function rowsOf(token: string) {
    const [payments, addresses, events, outbox] = await Promise.all([
      t.app.db.selectFrom('payments').select('id').where('public_id', '=', token).execute(),
      t.app.db.selectFrom('chain_addresses').select('id').where('owner_ref', '=', token).execute(),
      t.app.db.selectFrom('payment_events').innerJoin('payments', 'payments.id', 'payment_events.payment_id').select('payment_events.id').where('payments.public_id', '=', token).execute(),
      t.app.db.selectFrom('webhook_events').select('id').where('body', 'like', `%${token}%`).execute(),
    ]);
    return { payments: payments.length, addresses: addresses.length, events: events.length, outbox: outbox.length };
  }
  const ALL_ROWS = { payments: 1, addresses: 1, events: 1, outbox: 1 };
  const NO_ROWS = { payments: 0, addresses: 0, events: 0, outbox: 0 };

  it('a set of payments is written whole: every row of each, each answered written', async () => {
    const set = await Promise.all([payment({ key: randomUUID() }), payment(), payment({ key: randomUUID() })]);
    expect(await writeCreatedPayments(t.app.db, set)).toEqual(set.map(() => ({ ok: true, value: 'written' })));
    for (const input of set) expect(await rowsOf(input.values.public_id)).toEqual(ALL_ROWS);
  });

  it('a payment whose key is already stored writes nothing; the others of its set are written', async () => {
    const taken = randomUUID();
    expect(await writeCreatedPayments(t.app.db, [await payment({ key: taken })])).toEqual([{ ok: true, value: 'written' }]);
    const set = await Promise.all([payment({ key: randomUUID() }), payment({ key: taken }), payment()]);
    expect(await writeCreatedPayments(t.app.db, set)).toEqual([
      { ok: true, value: 'written' },
      { ok: true, value: 'key_taken' },
      { ok: true, value: 'written' },
    ]);
    expect(await rowsOf(set[0]!.values.public_id)).toEqual(ALL_ROWS);
    expect(await rowsOf(set[1]!.values.public_id)).toEqual(NO_ROWS);
    expect(await rowsOf(set[2]!.values.public_id)).toEqual(ALL_ROWS);
  });

  it('two payments under one key in one set: the first is written, the second finds its key taken', async () => {
    const key = randomUUID();
    const set = await Promise.all([payment({ key }), payment({ key })]);
    expect(await writeCreatedPayments(t.app.db, set)).toEqual([
      { ok: true, value: 'written' },
      { ok: true, value: 'key_taken' },
    ]);
    expect(await rowsOf(set[0]!.values.public_id)).toEqual(ALL_ROWS);
    expect(await rowsOf(set[1]!.values.public_id)).toEqual(NO_ROWS);
  });

  it('a payment the database refuses fails alone: its neighbours are written, and nothing of it is', async () => {
    const used = await payment();
    await writeCreatedPayments(t.app.db, [used]);
    // The same address twice breaks chain_addresses' UNIQUE (asset, address): the set's statement fails, so
    // each payment is written again on its own.
    const set = await Promise.all([payment(), payment({ address: used.address!.address }), payment()]);
    const outcomes = await writeCreatedPayments(t.app.db, set);
    expect(outcomes[0]).toEqual({ ok: true, value: 'written' });
    expect(outcomes[1]).toMatchObject({ ok: false });
    expect(String((outcomes[1] as { error: unknown }).error)).toMatch(/duplicate key|unique/i);
    expect(outcomes[2]).toEqual({ ok: true, value: 'written' });
    expect(await rowsOf(set[1]!.values.public_id)).toEqual(NO_ROWS);
  });

  it('creates submitted at once share a statement and each still answers its own outcome', async () => {
    const key = randomUUID();
    const inputs = await Promise.all([payment({ key }), payment(), payment({ key }), payment()]);
    const outcomes = await Promise.all(inputs.map((input) => writeCreatedPayment(t.app.db, input)));
    expect(outcomes).toEqual(['written', 'written', 'key_taken', 'written']);
    expect(await rowsOf(inputs[2]!.values.public_id)).toEqual(NO_ROWS);
    // One statement is one transaction, and its rows share its start time (now(), to the microsecond).
    const written = [inputs[0]!, inputs[1]!, inputs[3]!].map((input) => input.values.public_id);
    const times = await t.app.db.selectFrom('payments').select((eb) => eb.fn<string>('to_char', [eb.ref('created_at'), eb.val('YYYY-MM-DD HH24:MI:SS.US')]).as('at')).where('public_id', 'in', written).execute();
    expect(times).toHaveLength(3);
    expect(new Set(times.map((row) => row.at)).size).toBe(1);
  });

  it('inside a transaction a create is written there, and rolled back with it', async () => {
    const input = await payment();
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        expect(await writeCreatedPayment(trx, input)).toBe('written');
        expect((await trx.selectFrom('payments').select('id').where('public_id', '=', input.values.public_id).execute()).length).toBe(1);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await rowsOf(input.values.public_id)).toEqual(NO_ROWS);
  });
});
