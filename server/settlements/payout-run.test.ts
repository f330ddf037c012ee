// The settlement payout run resolves every due payout in one database transaction: one ledger batch
// posts the confirmed ones and voids the rejected ones, and the rows follow. Through the app, on
// PGlite and PostgreSQL, with the ledger checked after.

import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatMinor } from '#core/money.ts';
import { signIn } from '../identity/session-test-kit.ts';
import { balanceOf, checkLedger, findAccount } from '../ledger/index.ts';
import { TEST_BANK_REJECTED_IBAN } from '../money/withdrawals/payout.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { processDuePayouts } from './payout-worker.ts';
import { inject, settledPayment } from './settlement-test-kit.ts';

const INFO = {
  bank_iban: 'DE89 3704 0044 0532 0130 00',
  bank_swift: 'deutdeff',
  bank_name: 'Deutsche Bank',
  bank_address: 'Taunusanlage 12, 60325 Frankfurt',
  bank_company_name: 'Verdant Garden Supplies Ltd',
  bank_company_registered_address: '1 High Street, London EC1A 1BB',
};
/** The app's own worker waits an hour, so only the test's run (its clock two hours ahead) resolves these payouts. */
const SETTLE_MS = 3_600_000;
const LATER = () => new Date(Date.now() + 2 * SETTLE_MS);

describe.each(testDatabases())('the settlement payout run on $name', ({ name }) => {
  const t = useTestApp(name, { env: { WITHDRAWAL_SETTLE_MS: SETTLE_MS } });
  let merchant: string;
  let demoId: bigint;
  const key = () => t.seed?.merchant.secretKey ?? '';

  beforeAll(async () => {
    merchant = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
    demoId = (await t.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', t.seed!.merchant.merchantId).executeTakeFirstOrThrow()).id;
  });

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, body?: unknown) =>
    inject(t.app, method, url, { credential: merchant, ...(body === undefined ? {} : { body }), ...(method === 'POST' ? { idempotencyKey: randomUUID() } : {}) });
  const eurBalance = async () => {
    const account = await findAccount(t.app.db, { providerId: 1n, owner: { type: 'merchant', merchantId: demoId }, asset: 'EUR', kind: 'merchant_balance' });
    return account ? balanceOf(account) : { balance: 0n, available: 0n, pendingIn: 0n };
  };

  /** A settled, converted payment, then a payout of it to this IBAN: answers the payout as the API does. */
  async function payoutTo(iban: string): Promise<{ payout_id: string; amount: string }> {
    expect((await call('PATCH', '/v1/users/updateSettlementInfo', { ...INFO, bank_iban: iban })).status).toBe(200);
    await settledPayment(t.app, key());
    const answer = await call('POST', '/v1/transactions/merchantPayout');
    expect(answer.status).toBe(200);
    return answer.json().request_details;
  }

  it('posts the confirmed payouts and voids the rejected one in one ledger batch, one database transaction, and the books balance', async () => {
    expect((await call('PATCH', '/v1/users/settlementPolicy', { policy: 'convert', fiat_currency: 'EUR', schedule: 'off' })).status).toBe(200);
    const payouts = [await payoutTo(INFO.bank_iban), await payoutTo(TEST_BANK_REJECTED_IBAN), await payoutTo(INFO.bank_iban), await payoutTo(INFO.bank_iban)];
    const before = await eurBalance();
    const reserved = payouts.reduce((sum, payout) => sum + BigInt(payout.amount.replace('.', '')), 0n);
    expect(before.balance - before.available).toBe(reserved);

    expect(await processDuePayouts(t.app.db, { settleMs: SETTLE_MS, now: LATER() })).toEqual({ scheduled: 0, paid: 3, rejected: 1 });

    const rows = await t.app.db.selectFrom('settlement_payouts').select(['public_id', 'status']).where('public_id', 'in', payouts.map((p) => p.payout_id)).execute();
    expect(Object.fromEntries(rows.map((row) => [row.public_id, row.status]))).toEqual(
      Object.fromEntries(payouts.map((p, i) => [p.payout_id, i === 1 ? 'rejected' : 'paid'])),
    );
    const resolutions = await t.app.db
      .selectFrom('ledger_transfers')
      .select(['id', 'amount', 'created_at'])
      .where('pending_id', 'in', payouts.map((p) => `${p.payout_id}:payout`))
      .orderBy('seq')
      .execute();
    expect(resolutions.map((row) => row.id)).toEqual(payouts.map((p, i) => `${p.payout_id}:payout:${i === 1 ? 'void' : 'post'}`));
    expect(resolutions.map((row) => formatMinor(row.amount, 'EUR'))).toEqual(payouts.map((p) => p.amount));
    // now() is the transaction's start: every resolution was written by the one transaction of the run.
    expect(new Set(resolutions.map((row) => row.created_at.getTime())).size).toBe(1);

    const paidMinor = payouts.filter((_, i) => i !== 1).reduce((sum, payout) => sum + BigInt(payout.amount.replace('.', '')), 0n);
    const after = await eurBalance();
    expect(before.balance - after.balance).toBe(paidMinor);
    expect(after.available).toBe(after.balance);
    const records = await t.app.db.selectFrom('money_transactions').select(['reference', 'status', 'details']).where('type', '=', 'settlement').where('reference', 'in', payouts.map((p) => p.payout_id)).execute();
    for (const [i, payout] of payouts.entries()) {
      const record = records.find((row) => row.reference === payout.payout_id);
      expect(record?.status).toBe(i === 1 ? 'failed' : 'completed');
      if (i === 1) expect(record?.details).toMatchObject({ payout_id: payout.payout_id, rejected: expect.stringContaining('rejected') });
    }
    // The rejected payout's conversion is payable again; nothing else is.
    const settings = (await call('GET', '/v1/users/settlementSettings')).json().request_details;
    expect(settings.payable).toBe(payouts[1]?.amount);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('a second run finds nothing due and writes nothing', async () => {
    const count = async () => (await t.app.db.selectFrom('ledger_transfers').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow()).n;
    const transfers = await count();
    expect(await processDuePayouts(t.app.db, { settleMs: SETTLE_MS, now: LATER() })).toEqual({ scheduled: 0, paid: 0, rejected: 0 });
    expect(await count()).toBe(transfers);
  });
});
