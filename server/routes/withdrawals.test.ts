import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { REJECTED_PAYOUT_ADDRESSES } from '../chain/index.ts';
import { checkLedger } from '../ledger/index.ts';
import { creditWallet, fundByCard, houseBalance, newestCode, newMember, send, walletBalance, type TestMember } from '../money/deposits/member-test-kit.ts';
import { reserveWithdrawal } from '../money/withdrawals/confirm-withdrawal.ts';
import { midPrices } from '../money/member-context.ts';
import { runPayouts } from '../chain/payouts/run-payouts-kit.ts';
import { processDueWithdrawals } from '../money/withdrawals/payout-worker.ts';

const BTC_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const IBAN = 'DE89370400440532013000';
/** wl1 BTC: withdrawal fee 0.0001 (10 000 sat), minimum 0.0005. */
const BTC_FEE = 10_000n;

describe.each(testDatabases())('withdrawals on $name', ({ name }) => {
  const t = useTestApp(name);
  const post = (member: TestMember, url: string, body: unknown, key?: string) => send(t.app, member, 'POST', url, body, key);
  const withdrawBtc = (member: TestMember, amount: string, address = BTC_ADDRESS) =>
    post(member, '/v1/transactions/withdrawal', { method: 'crypto', currency: 'BTC', amount, address });
  const confirm = async (member: TestMember, transactionId: string) =>
    post(member, '/v1/transactions/withdrawal/confirm', { transaction_id: transactionId, code: await newestCode(t.app.db, member) });
  // The app's own worker waits WITHDRAWAL_SETTLE_MS (10 s by default); the tests send by hand.
  // Queued on the chain payouts, then taken to the end (sent, mined): completed or failed as the member sees it.
  const sendDue = async () => {
    const run = await processDueWithdrawals(t.app.db, t.app.chain.payouts, { settleMs: 0 });
    const paid = await runPayouts(t.app);
    return { completed: run.completed + paid.confirmed, failed: run.failed + paid.failed };
  };
  const statusOf = async (id: string) =>
    (await t.app.db.selectFrom('money_transactions').select(['status', 'payment_status', 'reference']).where('public_id', '=', id).executeTakeFirstOrThrow());

  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('a crypto withdrawal goes 2-FA Pending -> wrong code -> right code -> pending (funds reserved) -> sent (completed, fee to the house)', async () => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'BTC', 1_000_000n);
    const feesBefore = await houseBalance(t.app.db, member.providerId, 'BTC', 'fees');

    const started = await withdrawBtc(member, '0.00500000');
    expect(started.status).toBe(200);
    const { transaction, code_sent_to } = started.body.request_details;
    expect(transaction).toMatchObject({ type: 'withdrawal', method: 'crypto', status: 'initial', amount: '0.00500000', fee: '0.00010000', counterparty: 'tb1qw508…xpjzsx' });
    expect(transaction.counterparty).not.toContain(BTC_ADDRESS);
    expect(code_sent_to).toBe(`m•••@money.test`);
    expect(await walletBalance(t.app.db, member, 'BTC')).toEqual({ balance: 1_000_000n, available: 1_000_000n, pendingIn: 0n });

    const right = await newestCode(t.app.db, member);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await post(member, '/v1/transactions/withdrawal/confirm', { transaction_id: transaction.id, code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.error_message.code).toBe('invalid_code');
    expect((await statusOf(transaction.id)).status).toBe('initial');

    const confirmed = await post(member, '/v1/transactions/withdrawal/confirm', { transaction_id: transaction.id, code: right });
    expect(confirmed.status).toBe(200);
    expect(confirmed.body.request_details.transaction.status).toBe('pending');
    expect(await walletBalance(t.app.db, member, 'BTC')).toEqual({ balance: 1_000_000n, available: 1_000_000n - 500_000n - BTC_FEE, pendingIn: 0n });

    expect(await sendDue()).toEqual({ completed: 1, failed: 0 });
    const done = await statusOf(transaction.id);
    expect(done.status).toBe('completed');
    expect(done.reference).toMatch(/^[0-9a-f]{64}$/);
    expect(await walletBalance(t.app.db, member, 'BTC')).toEqual({ balance: 490_000n, available: 490_000n, pendingIn: 0n });
    expect((await houseBalance(t.app.db, member.providerId, 'BTC', 'fees')) - feesBefore).toBe(BTC_FEE);
    expect(await sendDue()).toEqual({ completed: 0, failed: 0 });
  });

  it("one withdrawal's code never confirms another; a resend gives the earlier one a code of its own", async () => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'BTC', 2_000_000n);
    const first = (await withdrawBtc(member, '0.00100000')).body.request_details.transaction;
    const second = (await withdrawBtc(member, '0.00200000')).body.request_details.transaction;
    // The newest code belongs to the second withdrawal: it must not confirm the first.
    const secondsCode = await newestCode(t.app.db, member);
    const crossed = await post(member, '/v1/transactions/withdrawal/confirm', { transaction_id: first.id, code: secondsCode });
    expect(crossed.status).toBe(400);
    expect(crossed.body.error_message.code).toBe('code_expired');
    expect((await statusOf(first.id)).status).toBe('initial');

    const tooSoon = await post(member, '/v1/transactions/withdrawal/resend', { transaction_id: first.id });
    expect(tooSoon.status).toBe(429);
    // A minute later (the resend limit), the first withdrawal gets a code of its own.
    await sql`update one_time_codes set created_at = created_at - interval '2 minutes' where user_id = ${member.userId}`.execute(t.app.db);
    const resent = await post(member, '/v1/transactions/withdrawal/resend', { transaction_id: first.id });
    expect(resent.status).toBe(200);
    expect(resent.body.request_details.code_sent_to).toBe('m•••@money.test');
    expect((await confirm(member, first.id)).status).toBe(200);
    expect((await statusOf(first.id)).status).toBe('pending');
    // The second withdrawal's code was replaced by the resend: it asks for its own again.
    expect((await post(member, '/v1/transactions/withdrawal/confirm', { transaction_id: second.id, code: secondsCode })).body.error_message.code).toBe('code_expired');
    expect((await post(member, '/v1/transactions/withdrawal/resend', { transaction_id: first.id })).body.error_message.code).toBe('transaction_not_pending');
    expect(await sendDue()).toEqual({ completed: 1, failed: 0 });
  });

  it('a payout the network rejects fails the withdrawal and gives the funds back', async () => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'BTC', 1_000_000n);
    const started = await withdrawBtc(member, '0.00500000', REJECTED_PAYOUT_ADDRESSES.bitcoin);
    const id = started.body.request_details.transaction.id;
    expect((await confirm(member, id)).status).toBe(200);
    expect(await sendDue()).toEqual({ completed: 0, failed: 1 });
    expect((await statusOf(id)).status).toBe('failed');
    expect(await walletBalance(t.app.db, member, 'BTC')).toEqual({ balance: 1_000_000n, available: 1_000_000n, pendingIn: 0n });
  });

  it('canceling: a 2-FA Pending withdrawal is canceled with nothing reserved; a pending one voids its reservation; a sent one cannot be', async () => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'BTC', 2_000_000n);
    const early = (await withdrawBtc(member, '0.00100000')).body.request_details.transaction.id;
    const canceledEarly = await post(member, '/v1/transactions/withdrawal/cancel', { transaction_id: early });
    expect(canceledEarly.body.request_details.transaction.status).toBe('canceled');

    const reserved = (await withdrawBtc(member, '0.00100000')).body.request_details.transaction.id;
    await confirm(member, reserved);
    expect((await walletBalance(t.app.db, member, 'BTC')).available).toBe(2_000_000n - 110_000n);
    const canceledReserved = await post(member, '/v1/transactions/withdrawal/cancel', { transaction_id: reserved });
    expect(canceledReserved.body.request_details.transaction.status).toBe('canceled');
    expect(await walletBalance(t.app.db, member, 'BTC')).toEqual({ balance: 2_000_000n, available: 2_000_000n, pendingIn: 0n });
    expect(await sendDue()).toEqual({ completed: 0, failed: 0 });

    const sent = (await withdrawBtc(member, '0.00100000')).body.request_details.transaction.id;
    await confirm(member, sent);
    await sendDue();
    const late = await post(member, '/v1/transactions/withdrawal/cancel', { transaction_id: sent });
    expect(late.status).toBe(409);
    expect(late.body.error_message.code).toBe('transaction_not_pending');
    expect((await walletBalance(t.app.db, member, 'BTC')).balance).toBe(2_000_000n - 110_000n);

    // Handed to the chain payouts but not yet mined: the coins may be on their way, so it cannot be called off either.
    const queued = (await withdrawBtc(member, '0.00100000')).body.request_details.transaction.id;
    await confirm(member, queued);
    expect(await processDueWithdrawals(t.app.db, t.app.chain.payouts, { settleMs: 0 })).toEqual({ completed: 0, failed: 0, queued: 1 });
    const inFlight = await post(member, '/v1/transactions/withdrawal/cancel', { transaction_id: queued });
    expect(inFlight.status).toBe(409);
    expect(inFlight.body.error_message.code).toBe('transaction_not_pending');
    expect(await runPayouts(t.app)).toMatchObject({ confirmed: 1, failed: 0 });
    expect((await statusOf(queued)).status).toBe('completed');
    expect((await walletBalance(t.app.db, member, 'BTC')).balance).toBe(2_000_000n - 220_000n);
  });

  it('two withdrawals confirmed at the same time that together exceed the balance: exactly one reserves, the other fails', async () => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'BTC', 1_000_000n);
    // Each needs 0.0061 BTC with its fee; both were possible alone when requested.
    const a = (await withdrawBtc(member, '0.00600000')).body.request_details.transaction.id;
    const b = (await withdrawBtc(member, '0.00600000')).body.request_details.transaction.id;
    const owner = { providerId: member.providerId, userId: member.userId };
    const prices = midPrices(t.app, member.providerId);
    const results = await Promise.all([reserveWithdrawal(t.app.db, owner, a, prices), reserveWithdrawal(t.app.db, owner, b, prices)]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error.code)).toEqual(['insufficient_funds']);
    expect([(await statusOf(a)).status, (await statusOf(b)).status].sort()).toEqual(['failed', 'pending']);
    expect(await walletBalance(t.app.db, member, 'BTC')).toEqual({ balance: 1_000_000n, available: 1_000_000n - 610_000n, pendingIn: 0n });
  });

  it('the same code sent twice at once (a double click) confirms the withdrawal once', async () => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'BTC', 1_000_000n);
    const id = (await withdrawBtc(member, '0.00500000')).body.request_details.transaction.id;
    const code = await newestCode(t.app.db, member);
    const answers = await Promise.all([0, 1].map(() => post(member, '/v1/transactions/withdrawal/confirm', { transaction_id: id, code })));
    // The loser is refused either at the code (already used: 400) or at the row (no longer 2-FA Pending: 409).
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.map((a) => a.body.error_message?.code).filter(Boolean)).toEqual([expect.stringMatching(/^(code_expired|transaction_not_pending)$/)]);
    expect((await walletBalance(t.app.db, member, 'BTC')).available).toBe(1_000_000n - 510_000n);
  });

  it('a retried confirm with the same Idempotency-Key replays the answer and reserves once', async () => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'BTC', 1_000_000n);
    const id = (await withdrawBtc(member, '0.00500000')).body.request_details.transaction.id;
    const body = { transaction_id: id, code: await newestCode(t.app.db, member) };
    const first = await post(member, '/v1/transactions/withdrawal/confirm', body, 'confirm-1');
    const retry = await post(member, '/v1/transactions/withdrawal/confirm', body, 'confirm-1');
    expect([first.status, retry.status]).toEqual([200, 200]);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect((await walletBalance(t.app.db, member, 'BTC')).available).toBe(1_000_000n - 510_000n);
  });

  it.each([
    { case: 'more than the available balance with the fee', amount: '0.00995000', address: BTC_ADDRESS, code: 'insufficient_funds', message: /available balance is 0\.01000000 BTC; this withdrawal needs 0\.01005000 BTC including the 0\.00010000 BTC fee/ },
    { case: 'below the minimum', amount: '0.00040000', address: BTC_ADDRESS, code: 'amount_below_minimum', message: /minimum is 0\.00050000 BTC/ },
    { case: 'to an address of another network', amount: '0.00100000', address: '1BoatSLRHtKNngkdXEeobR76b53LETtpyT', code: 'address_invalid', message: /tb1q/ },
  ])('a crypto withdrawal $case is refused with $code and sends no code', async ({ amount, address, code, message }) => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'BTC', 1_000_000n);
    const answer = await withdrawBtc(member, amount, address);
    expect(answer.body.error_message.code).toBe(code);
    expect(answer.body.error_message.message).toMatch(message);
    const rows = await t.app.db.selectFrom('money_transactions').select('id').where('user_id', '=', member.userId).where('type', '=', 'withdrawal').execute();
    expect(rows).toEqual([]);
    await expect(newestCode(t.app.db, member)).rejects.toThrow(/no code/);
  });

  it('a fiat wire withdrawal to a saved bank account is sent by the test bank', async () => {
    const member = await newMember(t.app, { permissions: { send: 1, withdrawal: 1 } });
    await fundByCard(t.app, member, 'EUR', '200.00'); // 195.00 after the 2.50 % card fee
    const added = await post(member, '/v1/users/addBeneficiary', { name: 'Test Member', bank_name: 'Test Bank', iban: IBAN, swift: 'COBADEFFXXX', currency: 'EUR' });
    const beneficiary = added.body.request_details.beneficiary;
    const started = await post(member, '/v1/transactions/withdrawal', { method: 'wire', currency: 'EUR', amount: '100.00', beneficiary_id: beneficiary.id });
    expect(started.body.request_details.transaction).toMatchObject({ method: 'wire', status: 'initial', amount: '100.00', fee: '1.00', counterparty: 'DE89 •••• 3000' });
    const id = started.body.request_details.transaction.id;
    expect((await confirm(member, id)).body.request_details.transaction.status).toBe('pending');
    await sendDue();
    expect(await statusOf(id)).toMatchObject({ status: 'completed', payment_status: 'successful' });
    expect(await walletBalance(t.app.db, member, 'EUR')).toEqual({ balance: 9400n, available: 9400n, pendingIn: 0n });
  });

  it.each([
    { case: 'withdrawal = 1 on wl1', wlId: '1' as const, withdrawal: 1 as const, allowed: true },
    { case: 'withdrawal = 0 on wl1 (enable_withdraw off)', wlId: '1' as const, withdrawal: 0 as const, allowed: false },
    { case: 'withdrawal = 0 on wl2 (enable_withdraw on, wl_id 2)', wlId: '2' as const, withdrawal: 0 as const, allowed: true },
  ])('Withdraw Fiat gate (spec §6): $case -> allowed $allowed', async ({ wlId, withdrawal, allowed }) => {
    const member = await newMember(t.app, { wlId, permissions: { send: 1, withdrawal } });
    await creditWallet(t.app.db, member, 'EUR', 100_000n);
    const beneficiary = (await post(member, '/v1/users/addBeneficiary', { name: 'Me', bank_name: 'Bank', iban: IBAN, swift: 'COBADEFF', currency: 'EUR' })).body.request_details.beneficiary;
    const answer = await post(member, '/v1/transactions/withdrawal', { method: 'wire', currency: 'EUR', amount: '100.00', beneficiary_id: beneficiary.id });
    if (allowed) expect(answer.status).toBe(200);
    else expect(answer.body.error_message.code).toBe('operation_disabled');
  });

  it("another member's beneficiary, a beneficiary in another currency, and another member's withdrawal are not found", async () => {
    const owner = await newMember(t.app, { permissions: { send: 1, withdrawal: 1 } });
    const stranger = await newMember(t.app, { permissions: { send: 1, withdrawal: 1 } });
    await creditWallet(t.app.db, stranger, 'EUR', 100_000n);
    await creditWallet(t.app.db, owner, 'BTC', 1_000_000n);
    const theirs = (await post(owner, '/v1/users/addBeneficiary', { name: 'Owner', bank_name: 'Bank', iban: IBAN, swift: 'COBADEFF', currency: 'EUR' })).body.request_details.beneficiary;
    const gbp = (await post(stranger, '/v1/users/addBeneficiary', { name: 'Me', bank_name: 'Bank', iban: IBAN, swift: 'COBADEFF', currency: 'GBP' })).body.request_details.beneficiary;
    const foreign = await post(stranger, '/v1/transactions/withdrawal', { method: 'wire', currency: 'EUR', amount: '50.00', beneficiary_id: theirs.id });
    expect(foreign.body.error_message.code).toBe('beneficiary_not_found');
    const mismatch = await post(stranger, '/v1/transactions/withdrawal', { method: 'wire', currency: 'EUR', amount: '50.00', beneficiary_id: gbp.id });
    expect(mismatch.body.error_message).toMatchObject({ code: 'beneficiary_not_found', message: expect.stringContaining('receives GBP') });

    const id = (await withdrawBtc(owner, '0.00100000')).body.request_details.transaction.id;
    for (const url of ['/v1/transactions/withdrawal/confirm', '/v1/transactions/withdrawal/cancel']) {
      const answer = await post(stranger, url, { transaction_id: id, code: '123456' });
      expect(answer.status).toBe(404);
      expect(answer.body.error_message.code).toBe('transaction_not_found');
    }
    expect((await statusOf(id)).status).toBe('initial');
  });
});

describe.each(testDatabases())('the payout worker on $name', ({ name }) => {
  // The test network mines a block every 100 ms, so the payout is confirmed without anyone mining by hand.
  const t = useTestApp(name, { env: { WITHDRAWAL_SETTLE_MS: 0, TEST_NETWORK_BLOCK_MS: 100 } });

  it('runs with the app: a confirmed withdrawal is sent without anyone calling it', { timeout: 20_000 }, async () => {
    const member = await newMember(t.app);
    await creditWallet(t.app.db, member, 'ETH', 100_000_000n);
    const started = await send(t.app, member, 'POST', '/v1/transactions/withdrawal', { method: 'crypto', currency: 'ETH', amount: '0.50000000', address: '0x52908400098527886E0F7030069857D2E4169EE7' });
    const id = started.body.request_details.transaction.id;
    await send(t.app, member, 'POST', '/v1/transactions/withdrawal/confirm', { transaction_id: id, code: await newestCode(t.app.db, member) });
    let status = '';
    for (let waited = 0; waited < 10_000 && status !== 'completed'; waited += 200) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      status = (await t.app.db.selectFrom('money_transactions').select('status').where('public_id', '=', id).executeTakeFirstOrThrow()).status;
    }
    expect(status).toBe('completed');
    // wl1 ETH withdrawal fee: 0.002
    expect((await walletBalance(t.app.db, member, 'ETH')).balance).toBe(100_000_000n - 50_000_000n - 200_000n);
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });
});
