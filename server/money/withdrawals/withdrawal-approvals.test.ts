// Maker-checker on large withdrawals, through the member's API and the approval functions the
// console calls (the console's endpoints and roles: server/admin-money/admin-money.test.ts).

import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { testDatabases, useTestApp } from '../../test-helper.ts';
import { checkLedger } from '../../ledger/index.ts';
import { listOutbox } from '../../notifications/outbox.ts';
import { makeEnhanced } from '../../compliance/compliance-test-kit.ts';
import { creditWallet, newestCode, newMember, send, walletBalance, type TestMember } from '../deposits/member-test-kit.ts';
import { midPrices } from '../member-context.ts';
import { saveApprovalThreshold } from './approval-threshold.ts';
import { reserveWithdrawal } from './confirm-withdrawal.ts';
import { runPayouts } from '../../chain/payouts/run-payouts-kit.ts';
import { processDueWithdrawals } from './payout-worker.ts';
import { mailWithdrawalRejected } from './withdrawal-rejected-mail.ts';
import { approveWithdrawal, rejectWithdrawal, type Approver } from './withdrawal-approvals.ts';

const IBAN = 'DE89370400440532013000';
const BTC_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

describe.each(testDatabases())('maker-checker withdrawals on $name', ({ name }) => {
  const t = useTestApp(name);
  const post = (member: TestMember, url: string, body: unknown) => send(t.app, member, 'POST', url, body);
  // Queued on the chain payouts, then taken to the end (sent, mined): completed or failed as the member sees it.
  const sendDue = async () => {
    const run = await processDueWithdrawals(t.app.db, t.app.chain.payouts, { settleMs: 0 });
    const paid = await runPayouts(t.app);
    return { completed: run.completed + paid.confirmed, failed: run.failed + paid.failed };
  };
  const statusOf = async (id: string) => (await t.app.db.selectFrom('money_transactions').select(['status', 'details']).where('public_id', '=', id).executeTakeFirstOrThrow()).status;
  const approve = (who: Approver, id: string) => t.app.db.transaction().execute((trx) => approveWithdrawal(trx, who, id));
  const reject = (who: Approver, id: string, reason: string) => t.app.db.transaction().execute((trx) => rejectWithdrawal(trx, who, id, reason));

  /** A member with EUR 15,000.00 and a saved EUR bank account, who starts and confirms a wire withdrawal of `amount`. */
  async function wireWithdrawal(amount: string): Promise<{ member: TestMember; id: string; status: string }> {
    const member = await newMember(t.app, { permissions: { send: 1, withdrawal: 1 } });
    // EUR 10,000 is above the verified level's daily withdrawal limit: the member is at the top level.
    await makeEnhanced(t.app, member);
    await creditWallet(t.app.db, member, 'EUR', 1_500_000n);
    const beneficiary = (await post(member, '/v1/users/addBeneficiary', { name: 'Test Member', bank_name: 'Test Bank', iban: IBAN, swift: 'COBADEFFXXX', currency: 'EUR' })).body.request_details.beneficiary;
    const started = await post(member, '/v1/transactions/withdrawal', { method: 'wire', currency: 'EUR', amount, beneficiary_id: beneficiary.id });
    const id: string = started.body.request_details.transaction.id;
    const confirmed = await post(member, '/v1/transactions/withdrawal/confirm', { transaction_id: id, code: await newestCode(t.app.db, member) });
    expect(confirmed.status).toBe(200);
    return { member, id, status: confirmed.body.request_details.transaction.status };
  }

  const operators = async (member: TestMember): Promise<[Approver, Approver]> => [
    { id: 9_001n, providerId: member.providerId },
    { id: 9_002n, providerId: member.providerId },
  ];

  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  it('a withdrawal below EUR 10,000 goes out as usual; one of EUR 10,000 or more waits, reserved, and the payout worker leaves it alone', async () => {
    const small = await wireWithdrawal('9999.99');
    expect(small.status).toBe('pending');
    const large = await wireWithdrawal('10000.00');
    expect(large.status).toBe('awaiting_approval');
    // Reserved (amount and the EUR 1.00 fee), nothing sent.
    expect(await walletBalance(t.app.db, large.member, 'EUR')).toEqual({ balance: 1_500_000n, available: 1_500_000n - 1_000_000n - 100n, pendingIn: 0n });
    await sendDue();
    expect(await statusOf(large.id)).toBe('awaiting_approval');
    expect(await statusOf(small.id)).toBe('completed');
    // The member's history shows it as awaiting approval.
    const history = await send(t.app, large.member, 'GET', '/v1/transactions/getTransactions?type=withdrawal');
    expect(history.body.request_details.transactions).toEqual([expect.objectContaining({ id: large.id, status: 'awaiting_approval' })]);
  });

  it('a first operator approves (maker); the same operator cannot confirm; a second one does (checker) and it is sent', async () => {
    const { member, id } = await wireWithdrawal('12000.00');
    const [maker, checker] = await operators(member);
    expect(await approve(maker, id)).toMatchObject({ ok: true, state: 'awaiting_second', before: { approval: 'awaiting_first' }, transaction: { status: 'awaiting_approval' } });
    expect(await approve(maker, id)).toMatchObject({ ok: false, error: { code: 'approval_same_operator' } });
    await sendDue();
    expect(await statusOf(id)).toBe('awaiting_approval');
    expect(await approve(checker, id)).toMatchObject({ ok: true, state: 'approved', after: { status: 'pending', approval: 'approved' }, transaction: { status: 'pending' } });
    expect(await approve(checker, id)).toMatchObject({ ok: false, error: { code: 'withdrawal_not_awaiting_approval' } });
    expect(await sendDue()).toMatchObject({ completed: 1 });
    expect(await statusOf(id)).toBe('completed');
    expect(await walletBalance(t.app.db, member, 'EUR')).toMatchObject({ balance: 1_500_000n - 1_200_000n - 100n });
    const row = await t.app.db.selectFrom('withdrawal_approvals').selectAll().innerJoin('money_transactions as m', 'm.id', 'withdrawal_approvals.transaction_id').where('m.public_id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'approved', first_operator_id: 9_001n, second_operator_id: 9_002n });
  });

  it("one operator's double click (two approvals at once) records one approval and never releases the withdrawal", async () => {
    const { member, id } = await wireWithdrawal('10000.00');
    const [maker] = await operators(member);
    const results = await Promise.all([approve(maker, id), approve(maker, id)]);
    expect(results.filter((r) => r.ok)).toEqual([expect.objectContaining({ state: 'awaiting_second' })]);
    expect(results.filter((r) => !r.ok)).toEqual([{ ok: false, error: expect.objectContaining({ code: 'approval_same_operator' }) }]);
    expect(await statusOf(id)).toBe('awaiting_approval');
  });

  it('the database itself refuses one operator as both maker and checker', async () => {
    const { member, id } = await wireWithdrawal('11000.00');
    const [maker] = await operators(member);
    await approve(maker, id);
    await expect(
      sql`UPDATE withdrawal_approvals SET state = 'approved', second_operator_id = first_operator_id, second_approved_at = now()
          WHERE transaction_id = (SELECT id FROM money_transactions WHERE public_id = ${id})`.execute(t.app.db),
    ).rejects.toThrow(/check constraint/);
  });

  it('a rejection voids the reservation, fails the withdrawal with the reason, and mails the member', async () => {
    const { member, id } = await wireWithdrawal('10500.00');
    const [maker, checker] = await operators(member);
    await approve(maker, id);
    const rejected = await reject(checker, id, 'The receiving account does not match your verified name.');
    expect(rejected).toMatchObject({ ok: true, state: 'rejected', transaction: { status: 'failed' }, before: { approval: 'awaiting_second' } });
    expect(await walletBalance(t.app.db, member, 'EUR')).toEqual({ balance: 1_500_000n, available: 1_500_000n, pendingIn: 0n });
    expect(await approve(checker, id)).toMatchObject({ ok: false, error: { code: 'withdrawal_not_awaiting_approval' } });
    expect(await reject(maker, id, 'again')).toMatchObject({ ok: false, error: { code: 'withdrawal_not_awaiting_approval' } });
    // The console mails after the commit; here the same function, by hand.
    if (!rejected.ok) throw new Error('rejected');
    await mailWithdrawalRejected(t.app.db, t.app.notifier, rejected.member, 'The receiving account does not match your verified name.');
    const [mail] = await listOutbox(t.app.db, { to: member.email, limit: 1 });
    expect(mail?.subject).toMatch(/withdrawal was not approved/);
    expect(mail?.text).toContain('10500.00 EUR');
    expect(mail?.text).toContain('does not match your verified name');
  });

  it('the member may call off a held withdrawal: voided, and it leaves the approval queue', async () => {
    const { member, id } = await wireWithdrawal('10000.00');
    const [maker] = await operators(member);
    const canceled = await post(member, '/v1/transactions/withdrawal/cancel', { transaction_id: id });
    expect(canceled.body.request_details.transaction.status).toBe('canceled');
    expect(await walletBalance(t.app.db, member, 'EUR')).toEqual({ balance: 1_500_000n, available: 1_500_000n, pendingIn: 0n });
    expect(await approve(maker, id)).toMatchObject({ ok: false, error: { code: 'withdrawal_not_awaiting_approval' } });
    const approval = await t.app.db.selectFrom('withdrawal_approvals as a').innerJoin('money_transactions as m', 'm.id', 'a.transaction_id').select('a.state').where('m.public_id', '=', id).executeTakeFirstOrThrow();
    expect(approval.state).toBe('canceled');
  });

  it("an operator of another provider finds no such withdrawal", async () => {
    const { id } = await wireWithdrawal('10000.00');
    const other = await t.app.db.selectFrom('providers').select('id').where('wl_id', '=', '2').executeTakeFirstOrThrow();
    expect(await approve({ id: 9_100n, providerId: other.id }, id)).toMatchObject({ ok: false, error: { code: 'transaction_not_found' } });
  });

  it("a crypto withdrawal is valued in EUR at the mid price against the provider's own threshold; without a price it waits", async () => {
    const member = await newMember(t.app, { wlId: '2' });
    await saveApprovalThreshold(t.app.db, member.providerId, 10_000n); // EUR 100.00
    await creditWallet(t.app.db, member, 'BTC', 10_000_000n);
    const start = async (amount: string) => (await post(member, '/v1/transactions/withdrawal', { method: 'crypto', currency: 'BTC', amount, address: BTC_ADDRESS })).body.request_details.transaction.id as string;
    // 0.001 BTC is far below EUR 100 at any test price; 0.01 BTC far above.
    const small = await start('0.00100000');
    expect((await reserveWithdrawal(t.app.db, member, small, midPrices(t.app, member.providerId))).ok).toBe(true);
    expect(await statusOf(small)).toBe('pending');
    const large = await start('0.01000000');
    expect((await reserveWithdrawal(t.app.db, member, large, midPrices(t.app, member.providerId))).ok).toBe(true);
    expect(await statusOf(large)).toBe('awaiting_approval');
    const unpriced = await start('0.00100000');
    expect((await reserveWithdrawal(t.app.db, member, unpriced, async () => null)).ok).toBe(true);
    expect(await statusOf(unpriced)).toBe('awaiting_approval');
    const held = await t.app.db.selectFrom('withdrawal_approvals as a').innerJoin('money_transactions as m', 'm.id', 'a.transaction_id').select(['m.public_id', 'a.value_minor', 'a.threshold_minor']).where('m.user_id', '=', member.userId).orderBy('a.id').execute();
    expect(held).toEqual([
      { public_id: large, value_minor: expect.any(BigInt), threshold_minor: 10_000n },
      { public_id: unpriced, value_minor: null, threshold_minor: 10_000n },
    ]);
    expect(held[0]?.value_minor).toBeGreaterThan(10_000n);
  });
});
