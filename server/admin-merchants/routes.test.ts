// The console's merchants and fees endpoints on both databases: who may call each, onboarding end to end
// (the key answered once and working on the merchant API, the password link mailed, the audit without
// the secret), fee changes audited and used by the next payment only, a merchant's API limit validated
// and audited, and the provider boundary.
import { describe, expect, it } from 'vitest';
import type { OperatorRole } from '#core/operators/roles.ts';
import { signIn } from '../identity/session-test-kit.ts';
import { operatorSession } from '../operators/test-kit.ts';
import { createOrder } from '../payments/payment-test-kit.ts';
import { DEMO_MEMBER } from '../seed/seed.ts';
import { setMerchantFee, setProviderFee } from '../fees/merchant-fees.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

type Call = { method: 'GET' | 'POST' | 'PUT'; url: string; payload?: unknown };

const ONBOARD = (tag: string) => ({
  business_name: `Lantern Books ${tag}`,
  merchant_id: `mch_lantern_${tag}`,
  email: `owner-${tag}@lantern.test`,
  first_name: 'Rosa',
  last_name: 'Lind',
  mobile: '+447700900777',
  policy: 'keep',
  fiat_currency: 'EUR',
  schedule: 'off',
});

const CALLS: { name: string; call: Call; roles: readonly OperatorRole[] }[] = [
  { name: 'list merchants', call: { method: 'GET', url: '/v1/admin/merchants' }, roles: ['admin', 'support'] },
  { name: 'open a merchant', call: { method: 'GET', url: '/v1/admin/merchants/mch_demo_verdant' }, roles: ['admin', 'support'] },
  { name: 'onboard a merchant', call: { method: 'POST', url: '/v1/admin/merchants', payload: { ...ONBOARD('roles'), email: 'not-an-email' } }, roles: ['admin'] },
  { name: 'set a merchant API limit', call: { method: 'PUT', url: '/v1/admin/merchants/mch_demo_verdant/rate-limit', payload: { api_rate_limit_per_second: null } }, roles: ['admin'] },
  { name: 'read the fees', call: { method: 'GET', url: '/v1/admin/fees' }, roles: ['admin', 'finance'] },
  { name: 'set the default fee', call: { method: 'PUT', url: '/v1/admin/fees/default', payload: { fee_bps: 100 } }, roles: ['admin'] },
  { name: 'set a merchant fee', call: { method: 'PUT', url: '/v1/admin/fees/merchants/mch_demo_verdant', payload: { fee_bps: null } }, roles: ['admin'] },
];
const ROLES: readonly OperatorRole[] = ['admin', 'compliance', 'finance', 'support'];

describe.each(testDatabases())('console merchants and fees endpoints on $name', ({ name }) => {
  const t = useTestApp(name);
  let n = 0;
  const tag = () => `${name.slice(0, 2)}${++n}${Date.now() % 100000}`;
  const send = async (call: Call, headers: Record<string, string>) => {
    const response = await t.app.inject({ method: call.method, url: call.url, headers, ...(call.payload === undefined ? {} : { payload: call.payload as object }) });
    return { status: response.statusCode, body: response.json() as Record<string, any> };
  };
  const audits = (action: string, targetId: string) =>
    t.database.db.selectFrom('audit_log').select(['operator_id', 'target_type', 'before', 'after', 'ip']).where('action', '=', action).where('target_id', '=', targetId).orderBy('id').execute();

  describe.each(CALLS)('$name', ({ call, roles }) => {
    it.each(ROLES)('as %s: allowed only to the roles it lists', async (role) => {
      const answer = await send(call, await operatorSession(t.app, role));
      if (roles.includes(role)) expect(answer.status, JSON.stringify(answer.body)).not.toBe(403);
      else expect(answer).toMatchObject({ status: 403, body: { error_message: { code: 'operator_forbidden' } } });
    });

    it('a member session or no credential is 401', async () => {
      const member = await signIn(t.app, DEMO_MEMBER.email, DEMO_MEMBER.password);
      expect((await send(call, { host: 'localhost', cookie: `token=${member.credential}` })).status).toBe(401);
      expect((await send(call, { host: 'localhost' })).status).toBe(401);
    });
  });

  it('onboarding answers the secret key once; the key works on the merchant API; the owner gets a password link; the audit holds no secret', async () => {
    const admin = await operatorSession(t.app, 'admin');
    const id = tag();
    const made = await send({ method: 'POST', url: '/v1/admin/merchants', payload: { ...ONBOARD(id), fee_bps: 80 } }, admin);
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const answer = made.body.request_details;
    expect(answer.merchant).toMatchObject({ merchant_id: `mch_lantern_${id}`, fee_bps: 80, effective_fee_bps: 80, active_keys: 1 });
    expect(answer.secret_key).toMatch(/^sk_test_/);
    expect(answer.password_link_sent).toBe(true);

    const order = await createOrder(t.app, answer.secret_key, { merchant_id: `mch_lantern_${id}` });
    const payment = await t.database.db.selectFrom('payments').select('fee_bps').where('public_id', '=', order.transaction_token).executeTakeFirstOrThrow();
    expect(payment.fee_bps).toBe(80);

    const detail = await send({ method: 'GET', url: `/v1/admin/merchants/mch_lantern_${id}` }, admin);
    expect(detail.body.request_details.keys).toHaveLength(1);
    expect(detail.body.request_details.recent_payments).toMatchObject([{ transaction_token: order.transaction_token, status: 'new', fee_bps: 80 }]);
    expect(JSON.stringify(detail.body)).not.toContain(answer.secret_key);

    const mail = await t.database.db.selectFrom('dev_outbox').select('text').where('recipient', '=', `owner-${id}@lantern.test`).executeTakeFirst();
    expect(mail?.text).toContain('/sys-wallets/change-password?reset=');

    const [audit] = await audits('merchant.create', `mch_lantern_${id}`);
    expect(audit).toMatchObject({ target_type: 'merchant', before: null, after: { merchant_id: `mch_lantern_${id}`, email: `owner-${id}@lantern.test` } });
    expect(JSON.stringify([audit?.before, audit?.after])).not.toContain(answer.secret_key);

    // A retried onboarding makes nothing and says why.
    const again = await send({ method: 'POST', url: '/v1/admin/merchants', payload: ONBOARD(id) }, admin);
    expect(again).toMatchObject({ status: 409, body: { error_message: { code: 'email_taken' } } });
    const clash = await send({ method: 'POST', url: '/v1/admin/merchants', payload: { ...ONBOARD(`${id}b`), merchant_id: `mch_lantern_${id}` } }, admin);
    expect(clash).toMatchObject({ status: 409, body: { error_message: { code: 'merchant_id_taken', fields: { merchant_id: [expect.any(String)] } } } });
    expect(await t.database.db.selectFrom('users').select('id').where('email', '=', `owner-${id}b@lantern.test`).executeTakeFirst()).toBeUndefined();
  });

  it('the list searches by name and finds the onboarded merchant; an unknown id is 404', async () => {
    const admin = await operatorSession(t.app, 'admin');
    const id = tag();
    await send({ method: 'POST', url: '/v1/admin/merchants', payload: ONBOARD(id) }, admin);
    const list = await send({ method: 'GET', url: `/v1/admin/merchants?q=${id}` }, admin);
    expect(list.body.request_details).toMatchObject({ total: 1, merchants: [{ merchant_id: `mch_lantern_${id}`, policy: 'keep', fee_bps: null }] });
    expect((await send({ method: 'GET', url: '/v1/admin/merchants/mch_nobody_here' }, admin)).status).toBe(404);
  });

  it('fee changes are validated, audited with before and after, and only new payments pay them', async () => {
    const admin = await operatorSession(t.app, 'admin');
    const key = t.seed?.merchant.secretKey ?? '';
    const earlier = await createOrder(t.app, key);
    try {
      const tooHigh = await send({ method: 'PUT', url: '/v1/admin/fees/default', payload: { fee_bps: 2001 } }, admin);
      expect(tooHigh).toMatchObject({ status: 400, body: { error_message: { code: 'validation_failed', fields: { fee_bps: [expect.stringContaining('2000')] } } } });
      const fraction = await send({ method: 'PUT', url: '/v1/admin/fees/default', payload: { fee_bps: 1.5 } }, admin);
      expect(fraction.status).toBe(400);

      const set = await send({ method: 'PUT', url: '/v1/admin/fees/default', payload: { fee_bps: 130 } }, admin);
      expect(set.body.request_details.provider_fee_bps).toBe(130);
      expect((await audits('fees.update', '1')).at(-1)).toMatchObject({ target_type: 'provider', before: { fee_bps: 100 }, after: { fee_bps: 130 } });

      const own = await send({ method: 'PUT', url: '/v1/admin/fees/merchants/mch_demo_verdant', payload: { fee_bps: 45 } }, admin);
      expect(own.body.request_details.merchants.find((m: { merchant_id: string }) => m.merchant_id === 'mch_demo_verdant')).toMatchObject({ fee_bps: 45, effective_fee_bps: 45 });
      expect((await audits('fees.update', 'mch_demo_verdant')).at(-1)).toMatchObject({ target_type: 'merchant', before: { fee_bps: null }, after: { fee_bps: 45 } });

      const later = await createOrder(t.app, key);
      const fees = await t.database.db.selectFrom('payments').select(['public_id', 'fee_bps']).where('public_id', 'in', [earlier.transaction_token, later.transaction_token]).execute();
      expect(Object.fromEntries(fees.map((row) => [row.public_id, row.fee_bps]))).toEqual({ [earlier.transaction_token]: 100, [later.transaction_token]: 45 });

      const finance = await operatorSession(t.app, 'finance');
      expect((await send({ method: 'GET', url: '/v1/admin/fees' }, finance)).body.request_details.provider_fee_bps).toBe(130);
    } finally {
      await setProviderFee(t.database.db, 1n, 100);
      const demo = await t.database.db.selectFrom('merchants').select('id').where('merchant_id', '=', 'mch_demo_verdant').executeTakeFirstOrThrow();
      await setMerchantFee(t.database.db, demo.id, null);
    }
  });

  it.each([
    { name: 'zero', value: 0, message: 'Enter at least 1 request a second.' },
    { name: 'above the maximum', value: 1001, message: 'Enter at most 1000 requests a second.' },
    { name: 'a fraction', value: 2.5, message: 'Enter a whole number of requests a second, like 100.' },
    { name: 'a string', value: '100', message: 'Enter the limit as a whole number of requests a second, like 100.' },
  ])('a merchant API limit of $name is refused with its field message, and nothing changes', async ({ value, message }) => {
    const admin = await operatorSession(t.app, 'admin');
    const refused = await send({ method: 'PUT', url: '/v1/admin/merchants/mch_demo_verdant/rate-limit', payload: { api_rate_limit_per_second: value } }, admin);
    expect(refused).toMatchObject({ status: 400, body: { error_message: { code: 'validation_failed', fields: { api_rate_limit_per_second: [message] } } } });
    const demo = await t.database.db.selectFrom('merchants').select('api_rate_limit_per_second').where('merchant_id', '=', 'mch_demo_verdant').executeTakeFirstOrThrow();
    expect(demo.api_rate_limit_per_second).toBeNull();
  });

  it('a merchant API limit is set and cleared, shown in the detail, and audited with before and after', async () => {
    const admin = await operatorSession(t.app, 'admin');
    const id = tag();
    await send({ method: 'POST', url: '/v1/admin/merchants', payload: ONBOARD(id) }, admin);
    const url = `/v1/admin/merchants/mch_lantern_${id}/rate-limit`;
    const set = await send({ method: 'PUT', url, payload: { api_rate_limit_per_second: 250 } }, admin);
    expect(set).toMatchObject({ status: 200, body: { request_details: { merchant_id: `mch_lantern_${id}`, api_rate_limit_per_second: 250, effective_api_rate_limit_per_second: 250 } } });
    const support = await operatorSession(t.app, 'support');
    const seen = await send({ method: 'GET', url: `/v1/admin/merchants/mch_lantern_${id}` }, support);
    expect(seen.body.request_details).toMatchObject({ api_rate_limit_per_second: 250, effective_api_rate_limit_per_second: 250 });
    const cleared = await send({ method: 'PUT', url, payload: { api_rate_limit_per_second: null } }, admin);
    expect(cleared.body.request_details).toMatchObject({ api_rate_limit_per_second: null, effective_api_rate_limit_per_second: 100 });
    expect(await audits('merchant.rate_limit', `mch_lantern_${id}`)).toMatchObject([
      { target_type: 'merchant', before: { api_rate_limit_per_second: null }, after: { api_rate_limit_per_second: 250 } },
      { target_type: 'merchant', before: { api_rate_limit_per_second: 250 }, after: { api_rate_limit_per_second: null } },
    ]);
    expect((await send({ method: 'PUT', url: '/v1/admin/merchants/mch_nobody_here/rate-limit', payload: { api_rate_limit_per_second: 5 } }, admin)).status).toBe(404);
  });

  it('an operator of another provider cannot see or price this provider\'s merchant', async () => {
    const elsewhere = await operatorSession(t.app, 'admin', 2n);
    expect((await send({ method: 'GET', url: '/v1/admin/merchants/mch_demo_verdant' }, elsewhere)).status).toBe(404);
    expect((await send({ method: 'PUT', url: '/v1/admin/fees/merchants/mch_demo_verdant', payload: { fee_bps: 1 } }, elsewhere)).status).toBe(404);
    expect((await send({ method: 'PUT', url: '/v1/admin/merchants/mch_demo_verdant/rate-limit', payload: { api_rate_limit_per_second: 1 } }, elsewhere)).status).toBe(404);
    const list = await send({ method: 'GET', url: '/v1/admin/merchants?per_page=100' }, elsewhere);
    expect(list.body.request_details.merchants.map((m: { merchant_id: string }) => m.merchant_id)).not.toContain('mch_demo_verdant');
    const demo = await t.database.db.selectFrom('merchants').select(['fee_bps', 'api_rate_limit_per_second']).where('merchant_id', '=', 'mch_demo_verdant').executeTakeFirstOrThrow();
    expect(demo).toEqual({ fee_bps: null, api_rate_limit_per_second: null });
  });
});
