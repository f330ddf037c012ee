// The console's money area through its endpoints: who may call each (finance and admin; support,
// compliance, members and strangers refused), and the journeys: a wire matched credits the member
// once; a large withdrawal waits for two different operators; a rejected payout is sent again; the
// ledger check's report. Every change leaves its audit row.

import { randomUUID } from 'node:crypto';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OPERATOR_ROLES, type OperatorRole } from '#core/operators/roles.ts';
import { checkLedger } from '../ledger/index.ts';
import { signIn } from '../identity/session-test-kit.ts';
import { makeEnhanced } from '../compliance/compliance-test-kit.ts';
import { creditWallet, newestCode, newMember, send, walletBalance, type TestMember } from '../money/deposits/member-test-kit.ts';
import { listOutbox } from '../notifications/outbox.ts';
import { createTestOperator, type TestOperator } from '../operators/test-kit.ts';
import { TEST_BANK_REJECTED_IBAN } from '../money/withdrawals/payout.ts';
import { processDuePayouts } from '../settlements/payout-worker.ts';
import { inject, settledPayment } from '../settlements/settlement-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

const IBAN = 'DE89370400440532013000';

describe.each(testDatabases())('the console money area on $name', ({ name }) => {
  const t = useTestApp(name);
  const ops = {} as Record<OperatorRole, TestOperator>;
  let secondFinance: TestOperator;

  beforeAll(async () => {
    for (const role of OPERATOR_ROLES) ops[role] = await createTestOperator(t.app, role);
    secondFinance = await createTestOperator(t.app, 'finance');
  });
  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  async function op(who: TestOperator, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) {
    const response = await t.app.inject({
      method,
      url,
      headers: { ...who.headers, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    return { status: response.statusCode, body: response.json<any>() };
  }
  const auditOf = (action: string, targetId: string) =>
    t.app.db.selectFrom('audit_log').select(['operator_id', 'action', 'before', 'after']).where('action', '=', action).where('target_id', '=', targetId).orderBy('id').execute();

  const CALLS: [string, 'GET' | 'POST' | 'PUT', string, unknown][] = [
    ['pending wires', 'GET', '/v1/admin/money/wires', undefined],
    ['match a wire', 'POST', '/v1/admin/money/wires/match', { reference: 'VRD-XXXX-XXXX' }],
    ['reject a wire', 'POST', '/v1/admin/money/wires/reject', { reference: 'VRD-XXXX-XXXX' }],
    ['held withdrawals', 'GET', '/v1/admin/money/withdrawals', undefined],
    ['approve a withdrawal', 'POST', '/v1/admin/money/withdrawals/approve', { transaction_id: 'txn_nope' }],
    ['reject a withdrawal', 'POST', '/v1/admin/money/withdrawals/reject', { transaction_id: 'txn_nope', reason: 'Not in your name.' }],
    ['the approval threshold', 'GET', '/v1/admin/money/approval-threshold', undefined],
    ['payouts', 'GET', '/v1/admin/money/payouts', undefined],
    ['retry a payout', 'POST', '/v1/admin/money/payouts/retry', { payout_id: 'po_doesnotexist' }],
    ['the ledger check', 'GET', '/v1/admin/money/ledger-check', undefined],
  ];

  it.each(CALLS)('%s: finance and admin may call it; support and compliance are refused with 403', async (_name, method, url, body) => {
    for (const role of OPERATOR_ROLES) {
      const answer = await op(ops[role], method, url, body);
      if (role === 'finance' || role === 'admin') expect([200, 404], `${role} ${url}`).toContain(answer.status);
      else expect({ role, status: answer.status, code: answer.body.error_message?.code }).toEqual({ role, status: 403, code: 'operator_forbidden' });
    }
  });

  it('changing the approval threshold is for admins only: finance, support and compliance are refused', async () => {
    for (const role of ['finance', 'support', 'compliance'] as const) {
      expect((await op(ops[role], 'PUT', '/v1/admin/money/approval-threshold', { threshold_eur: '1.00' })).status).toBe(403);
    }
  });

  it('a member session or no session at all gets nothing from the money area', async () => {
    const member = await newMember(t.app);
    for (const [, method, url, body] of CALLS) {
      const asMember = await send(t.app, member, method === 'GET' ? 'GET' : 'POST', url, body);
      expect(asMember.status, url).toBe(method === 'GET' || method === 'POST' ? 401 : 405);
      const anonymous = await t.app.inject({ method, url, headers: { host: 'localhost', origin: 'http://localhost:8182' } });
      expect(anonymous.statusCode, url).toBe(401);
    }
  });

  it('a wire matched in the console credits what arrived once, says it differs, and is audited; another provider cannot see or match it', async () => {
    const member = await newMember(t.app);
    const started = await send(t.app, member, 'POST', '/v1/transactions/deposit', { method: 'wire', currency: 'EUR', amount: '250.00' });
    const reference: string = started.body.request_details.wire_instructions.reference;
    const part = reference.slice(4, 8).toLowerCase();
    const listed = await op(ops.finance, 'GET', `/v1/admin/money/wires?reference=${part}`);
    expect(listed.body.request_details.wires).toEqual([
      expect.objectContaining({ reference, expected_amount: '250.00', currency: 'EUR', member: { member_id: member.userId.toString(), email: member.email, name: 'Test Member' } }),
    ]);

    const wl2 = await t.app.db.selectFrom('providers').select('id').where('wl_id', '=', '2').executeTakeFirstOrThrow();
    const stranger = await createTestOperator(t.app, 'admin', wl2.id);
    expect((await op(stranger, 'GET', `/v1/admin/money/wires?reference=${part}`)).body.request_details.wires).toEqual([]);
    expect((await op(stranger, 'POST', '/v1/admin/money/wires/match', { reference })).body.error_message.code).toBe('wire_not_found');

    const matched = await op(ops.finance, 'POST', '/v1/admin/money/wires/match', { reference, amount: '245.00' });
    expect(matched.status).toBe(200);
    expect(matched.body.request_details).toMatchObject({ expected_amount: '250.00', credited_amount: '245.00', differs: true, transaction: { status: 'completed', amount: '245.00' } });
    expect(await walletBalance(t.app.db, member, 'EUR')).toMatchObject({ balance: 24_500n });
    const again = await op(ops.admin, 'POST', '/v1/admin/money/wires/match', { reference });
    expect([again.status, again.body.error_message.code]).toEqual([404, 'wire_not_found']);
    expect(await walletBalance(t.app.db, member, 'EUR')).toMatchObject({ balance: 24_500n });
    const audit = await auditOf('wire.match', matched.body.request_details.transaction.id);
    expect(audit).toEqual([expect.objectContaining({ operator_id: ops.finance.id, after: expect.objectContaining({ credited_amount: '245.00' }) })]);
  });

  it('a rejected wire credits nothing and is audited', async () => {
    const member = await newMember(t.app);
    const reference: string = (await send(t.app, member, 'POST', '/v1/transactions/deposit', { method: 'wire', currency: 'EUR', amount: '80.00' })).body.request_details.wire_instructions.reference;
    const rejected = await op(ops.admin, 'POST', '/v1/admin/money/wires/reject', { reference });
    expect(rejected.body.request_details.transaction).toMatchObject({ status: 'canceled' });
    expect((await auditOf('wire.reject', rejected.body.request_details.transaction.id)).map((row) => row.operator_id)).toEqual([ops.admin.id]);
    expect((await walletBalance(t.app.db, member, 'EUR')).balance).toBe(0n);
  });

  /** A member's confirmed EUR wire withdrawal of `amount`, from a wallet of EUR 20,000.00. */
  async function confirmedWithdrawal(amount: string): Promise<{ member: TestMember; id: string; status: string }> {
    const member = await newMember(t.app, { permissions: { send: 1, withdrawal: 1 } });
    // Above the verified level's daily withdrawal limit: the member is at the top level.
    await makeEnhanced(t.app, member);
    await creditWallet(t.app.db, member, 'EUR', 2_000_000n);
    const beneficiary = (await send(t.app, member, 'POST', '/v1/users/addBeneficiary', { name: 'Test Member', bank_name: 'Test Bank', iban: IBAN, swift: 'COBADEFFXXX', currency: 'EUR' })).body.request_details.beneficiary;
    const id: string = (await send(t.app, member, 'POST', '/v1/transactions/withdrawal', { method: 'wire', currency: 'EUR', amount, beneficiary_id: beneficiary.id })).body.request_details.transaction.id;
    const confirmed = await send(t.app, member, 'POST', '/v1/transactions/withdrawal/confirm', { transaction_id: id, code: await newestCode(t.app.db, member) });
    return { member, id, status: confirmed.body.request_details.transaction.status };
  }

  it('a large withdrawal waits for a second operator: the maker cannot confirm it, a second operator releases it, both audited', async () => {
    const { id, status } = await confirmedWithdrawal('15000.00');
    expect(status).toBe('awaiting_approval');
    const queue = await op(ops.finance, 'GET', '/v1/admin/money/withdrawals');
    expect(queue.body.request_details.withdrawals).toContainEqual(expect.objectContaining({ step: 'awaiting_first', value_eur: '15000.00', threshold_eur: '10000.00', first_approval: null, transaction: expect.objectContaining({ id }) }));

    const first = await op(ops.finance, 'POST', '/v1/admin/money/withdrawals/approve', { transaction_id: id });
    expect(first.body.request_details).toMatchObject({ state: 'awaiting_second', transaction: { status: 'awaiting_approval' } });
    const mine = (await op(ops.finance, 'GET', '/v1/admin/money/withdrawals')).body.request_details.withdrawals.find((w: { transaction: { id: string } }) => w.transaction.id === id);
    expect(mine).toMatchObject({ step: 'awaiting_second', first_approval: { operator: 'Test finance', by_you: true } });
    const refused = await op(ops.finance, 'POST', '/v1/admin/money/withdrawals/approve', { transaction_id: id });
    expect([refused.status, refused.body.error_message.code]).toEqual([403, 'approval_same_operator']);

    const second = await op(secondFinance, 'POST', '/v1/admin/money/withdrawals/approve', { transaction_id: id });
    expect(second.body.request_details).toMatchObject({ state: 'approved', transaction: { status: 'pending' } });
    const audit = await auditOf('withdrawal.approve', id);
    expect(audit.map((row) => row.operator_id)).toEqual([ops.finance.id, secondFinance.id]);
    expect(audit.map((row) => (row.after as { approval: string }).approval)).toEqual(['awaiting_second', 'approved']);
  });

  it('a rejected withdrawal gives the money back, mails the member the reason, and is audited', async () => {
    const { member, id } = await confirmedWithdrawal('12000.00');
    const reason = 'The receiving account is not in your name. Add an account in your name and withdraw again.';
    const rejected = await op(ops.admin, 'POST', '/v1/admin/money/withdrawals/reject', { transaction_id: id, reason });
    expect(rejected.body.request_details).toMatchObject({ state: 'rejected', transaction: { status: 'failed' } });
    expect(await walletBalance(t.app.db, member, 'EUR')).toEqual({ balance: 2_000_000n, available: 2_000_000n, pendingIn: 0n });
    const [mail] = await listOutbox(t.app.db, { to: member.email, limit: 1 });
    expect(mail?.text).toContain('not in your name');
    expect(await auditOf('withdrawal.reject', id)).toEqual([expect.objectContaining({ operator_id: ops.admin.id, after: expect.objectContaining({ reason }) })]);
    const short = await op(ops.admin, 'POST', '/v1/admin/money/withdrawals/reject', { transaction_id: id, reason: 'no' });
    expect(short.status).toBe(400);
  });

  it('an admin lowers the threshold (audited); a withdrawal above it then waits', async () => {
    const saved = await op(ops.admin, 'PUT', '/v1/admin/money/approval-threshold', { threshold_eur: '500.00' });
    expect(saved.body.request_details).toEqual({ threshold_eur: '500.00', is_default: false });
    expect((await op(ops.finance, 'GET', '/v1/admin/money/approval-threshold')).body.request_details).toEqual({ threshold_eur: '500.00', is_default: false });
    const audit = await auditOf('withdrawal_threshold.update', ops.admin.providerId.toString());
    expect(audit.at(-1)).toMatchObject({ before: { threshold_eur: '10000.00', is_default: true }, after: { threshold_eur: '500.00' } });
    expect((await confirmedWithdrawal('600.00')).status).toBe('awaiting_approval');
    expect((await confirmedWithdrawal('400.00')).status).toBe('pending');
    await op(ops.admin, 'PUT', '/v1/admin/money/approval-threshold', { threshold_eur: '10000.00' });
  });

  it('a rejected merchant payout is sent again as a new payout, once; a paid or pending one is not retried', async () => {
    const merchant = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
    const patch = (url: string, body: unknown) => inject(t.app, 'PATCH', url, { credential: merchant, body });
    const info = { bank_iban: TEST_BANK_REJECTED_IBAN, bank_swift: 'WESTGB2L', bank_name: 'Westminster Bank', bank_address: '1 Bank Street, London', bank_company_name: 'Verdant Garden Supplies Ltd', bank_company_registered_address: '1 High Street, London EC1A 1BB' };
    expect((await patch('/v1/users/updateSettlementInfo', info)).status).toBe(200);
    expect((await patch('/v1/users/settlementPolicy', { policy: 'convert', fiat_currency: 'EUR', schedule: 'off' })).status).toBe(200);
    await settledPayment(t.app, t.seed!.merchant.secretKey ?? '');
    const payout = (await inject(t.app, 'POST', '/v1/transactions/merchantPayout', { credential: merchant, idempotencyKey: randomUUID() })).json().request_details;
    await processDuePayouts(t.app.db, { settleMs: 0, now: new Date(Date.now() + 60_000) });

    const rejected = (await op(ops.finance, 'GET', '/v1/admin/money/payouts?status=rejected')).body.request_details.payouts;
    expect(rejected).toContainEqual(expect.objectContaining({ payout_id: payout.payout_id, status: 'rejected', merchant_id: t.seed!.merchant.merchantId }));
    const retried = await op(ops.finance, 'POST', '/v1/admin/money/payouts/retry', { payout_id: payout.payout_id });
    expect(retried.status).toBe(200);
    expect(retried.body.request_details).toMatchObject({ status: 'pending', trigger: 'on_demand', amount: payout.amount, merchant_id: t.seed!.merchant.merchantId });
    expect(retried.body.request_details.payout_id).not.toBe(payout.payout_id);
    const twice = await op(ops.finance, 'POST', '/v1/admin/money/payouts/retry', { payout_id: payout.payout_id });
    expect([twice.status, twice.body.error_message.code]).toEqual([409, 'nothing_to_pay_out']);
    const notRejected = await op(ops.finance, 'POST', '/v1/admin/money/payouts/retry', { payout_id: retried.body.request_details.payout_id });
    expect(notRejected.body.error_message.code).toBe('payout_not_retryable');
    expect((await auditOf('payout.retry', payout.payout_id)).map((row) => row.operator_id)).toEqual([ops.finance.id]);
    // Leave the demo merchant as the other suites expect it.
    await processDuePayouts(t.app.db, { settleMs: 0, now: new Date(Date.now() + 60_000) });
    await patch('/v1/users/settlementPolicy', { policy: 'keep', fiat_currency: 'EUR', schedule: 'off' });
  });

  it("the ledger check reports the provider's books balanced, with totals per asset", async () => {
    const report = (await op(ops.admin, 'GET', '/v1/admin/money/ledger-check')).body.request_details;
    expect(report).toMatchObject({ ok: true, violations: [] });
    expect(report.accounts).toBeGreaterThan(0);
    const eur = report.assets.find((row: { asset: string }) => row.asset === 'EUR');
    expect(eur).toMatchObject({ difference_posted: '0.00', difference_pending: '0.00' });
    expect(eur.debits_posted).toBe(eur.credits_posted);
  });
});
