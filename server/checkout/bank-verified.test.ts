// The flow user is verified (verified.id 1) only by the whole verify account step: the email code, the
// mobile code and the identity. Every answer that carries verified.id (getCheckout, getCheckoutCookie,
// checkVerify, verify/id) and the bank payments' refusal read the one rule, on every test database: an
// identity approved before the codes leaves the guest on /compliance (core's flowRedirect on the answer)
// and wirePreAuth / onlineBanking refused; with the codes too, /review and the wire given. A remittance
// paid by bank must name its recipient first, as the card checks. Ledger checked after each.

import { afterEach, describe, expect, it } from 'vitest';
import { flowRedirect } from '#core/rules/flow-redirect.ts';
import { ORIGIN, randomIp } from '../identity/session-test-kit.ts';
import { checkLedger } from '../ledger/index.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { ADDRESS, BILLING, flowSend as send } from './checkout-test-kit.ts';

let keys = 0;
const newKey = () => `bank-verified-${Date.now()}-${(keys += 1)}`;

type Proven = { email: boolean; mobile: boolean; identity: boolean };

describe.each(testDatabases())('the flow user verified by codes and identity on $name', ({ name }) => {
  const t = useTestApp(name);
  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  async function started(init: Record<string, unknown>) {
    const answer = await t.app.inject({ method: 'POST', url: '/v1/checkout/init', headers: { host: 'localhost', origin: ORIGIN, 'content-type': 'application/json' }, remoteAddress: randomIp(), payload: JSON.stringify({ test: true, ...init }) });
    expect(answer.statusCode).toBe(200);
    const data = answer.json<{ data: { flow_token: string; checkout: { _id: string } } }>().data;
    expect((await send(t.app, 'POST', '/v1/checkout/billing', data.flow_token, BILLING)).status).toBe(200);
    return { id: data.checkout._id, token: data.flow_token };
  }
  /** What the codes and the identity steps store (verify-account.ts, guest-identity.ts), set directly. */
  const prove = (id: string, proven: Proven) =>
    t.app.db.updateTable('guest_checkouts').set({ email_verified: proven.email, mobile_verified: proven.mobile, verified_id: proven.identity ? 1 : 3 }).where('public_id', '=', id).execute();
  /** verified.id as each answer carries it. */
  async function verifiedIds(id: string, token: string) {
    const checkout = await send(t.app, 'GET', `/v1/checkout/getCheckout/${id}`, token);
    const cookie = await send(t.app, 'GET', '/v1/getCheckoutCookie?is_flow=1', token);
    const verify = await send(t.app, 'GET', `/v1/verify/checkVerify/${id}`, token);
    const verifyId = await send(t.app, 'GET', `/v1/verify/id/${id}`, token);
    return [checkout.body.data.verified.id, (cookie.body.data ?? cookie.body.request_details).checkout_cookie.verified.id, verify.body.data.verified.id, verifyId.body.data.verified.id];
  }
  const payments = async (id: string) => {
    const row = await t.app.db.selectFrom('guest_checkouts').select('id').where('public_id', '=', id).executeTakeFirstOrThrow();
    return t.app.db.selectFrom('checkout_payments').select('id').where('checkout_id', '=', row.id).execute();
  };

  it.each([
    { case: 'nothing proven', proven: { email: false, mobile: false, identity: false }, verified: 3 },
    { case: 'the identity approved before the codes', proven: { email: false, mobile: false, identity: true }, verified: 3 },
    { case: 'the identity and the email, not the mobile', proven: { email: true, mobile: false, identity: true }, verified: 3 },
    { case: 'both codes, not the identity', proven: { email: true, mobile: true, identity: false }, verified: 3 },
    { case: 'both codes and the identity', proven: { email: true, mobile: true, identity: true }, verified: 1 },
  ])('with $case every answer says verified.id $verified, and the guard agrees', async ({ proven, verified }) => {
    const { id, token } = await started({ cryptoAddress: ADDRESS, payment_method: 'SEPA' });
    await prove(id, proven);
    expect(await verifiedIds(id, token)).toEqual([verified, verified, verified, verified]);
    const compliance = (await send(t.app, 'GET', `/v1/verify/id/${id}`, token)).body.data.compliance;
    expect(compliance).toBe(verified === 1 ? 'successful' : 'review');
    // Where the flow's guard (core's flowRedirect) sends a guest on /compliance.
    expect(flowRedirect({ hasFlowToken: true, paymentMethod: 'SEPA', paymentStatus: null, verifiedId: verified, currentPath: '/compliance' })).toBe(verified === 1 ? '/review' : null);
    expect(flowRedirect({ hasFlowToken: true, paymentMethod: 'SEPA', paymentStatus: null, verifiedId: verified, currentPath: '/review' })).toBe(verified === 1 ? null : '/compliance');
  });

  it.each([
    { method: 'SEPA', url: '/v1/paynet/wirePreAuth', body: {} },
    { method: 'Online Banking', url: '/v1/paynet/onlineBanking', body: { module: 'sys-flow' } },
  ])('$method is refused while the identity alone is approved, recording nothing', async ({ method, url, body }) => {
    const { id, token } = await started({ cryptoAddress: ADDRESS, payment_method: method });
    for (const proven of [{ email: false, mobile: false, identity: true }, { email: true, mobile: false, identity: true }, { email: false, mobile: true, identity: true }]) {
      await prove(id, proven);
      const refused = await send(t.app, 'POST', url, token, body, newKey());
      expect(refused.status).toBe(403);
      expect(refused.body.error_message.code).toBe('checkout_verification_required');
    }
    expect(await payments(id)).toEqual([]);
  });

  it('the wire is given once the codes follow the approved identity', async () => {
    const { id, token } = await started({ cryptoAddress: ADDRESS, payment_method: 'Wire' });
    await prove(id, { email: false, mobile: false, identity: true });
    expect((await send(t.app, 'POST', '/v1/paynet/wirePreAuth', token, {}, newKey())).status).toBe(403);
    await prove(id, { email: true, mobile: true, identity: true });
    const given = await send(t.app, 'POST', '/v1/paynet/wirePreAuth', token, {}, newKey());
    expect(given.status).toBe(200);
    expect(given.body.data).toMatchObject({ outcome: 'wire', wire: { status: 'awaiting', amount: '30.00', currency: 'EUR' }, checkout: { _id: id, status: 'pending', verified: { id: 1 } } });
    expect(await payments(id)).toHaveLength(1);
  });

  it.each([
    { method: 'SEPA', url: '/v1/paynet/wirePreAuth', body: {} },
    { method: 'Online Banking', url: '/v1/paynet/onlineBanking', body: { module: 'sys-remitflow' } },
  ])('a remittance paid by $method without its recipient is refused before any money is asked for', async ({ method, url, body }) => {
    const { id, token } = await started({ flow: 'remit', payment_method: method });
    await prove(id, { email: true, mobile: true, identity: true });
    const refused = await send(t.app, 'POST', url, token, body, newKey());
    expect(refused.status).toBe(400);
    expect(refused.body.error_message.code).toBe('checkout_recipient_required');
    expect(await payments(id)).toEqual([]);
    // With the recipient named, the same call goes past that check (the wire is given; the bank is not running here).
    const named = await send(t.app, 'POST', '/v1/checkout/recipient', token, { name: 'Luis Pérez', notify_by: 'email', email: 'luis@example.com', locale: 'es', receives: 'crypto', coin: 'BTC', cryptoAddress: ADDRESS });
    expect(named.status).toBe(200);
    const again = await send(t.app, 'POST', url, token, body, newKey());
    expect(again.body.error_message?.code).not.toBe('checkout_recipient_required');
    if (method === 'SEPA') expect(again.body.data).toMatchObject({ outcome: 'wire' });
  });
});
