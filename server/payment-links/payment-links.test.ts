// Payment links through the app: making, listing (paged, only the merchant's own), mailing, and the
// hosted page's open, which starts a payment through the ordinary lifecycle and shows the link paid once
// that payment settles. Across two merchants of one provider and a merchant of the second provider.

import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { toJsonb } from '../db/jsonb.ts';
import { call, ORIGIN, randomIp, signIn } from '../identity/session-test-kit.ts';
import { checkLedger } from '../ledger/check-ledger.ts';
import { addMerchant, chooseCoin, mine, payOnTestNetwork, paymentStatus } from '../payments/payment-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';

const LINKS = '/v1/users/merchant/paymentLinks';
const OPEN = '/mapi/api/link/open';
const ORDER = { amount: '120.00', currency: 'EUR', product: 'Walnut Desk Lamp', order_id: 'A-1042' };

describe.each(testDatabases())('payment links on $name', ({ name }) => {
  const t = useTestApp(name);
  let merchant: string;
  let other: string;
  let member: string;

  beforeAll(async () => {
    merchant = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
    member = (await signIn(t.app, t.seed!.member.email, t.seed!.member.password)).credential;
    const second = await addMerchant(t.app.db);
    const email = (await t.app.db.selectFrom('users').innerJoin('merchants', 'merchants.user_id', 'users.id').select('users.email').where('merchants.id', '=', second.id).executeTakeFirstOrThrow()).email;
    other = (await signIn(t.app, email, t.seed!.merchant.password)).credential;
  });

  afterEach(async () => {
    expect((await checkLedger(t.app.db)).violations).toEqual([]);
  });

  const create = (body: unknown, credential = merchant, key?: string) =>
    t.app.inject({
      method: 'POST',
      url: LINKS,
      headers: { host: 'localhost', origin: ORIGIN, authorization: `Bearer ${credential}`, 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      payload: JSON.stringify(body),
      remoteAddress: randomIp(),
    });
  const list = (query = '', credential = merchant) => call(t.app, 'GET', `${LINKS}${query}`, undefined, { credential });
  const open = (link: string) => call(t.app, 'POST', OPEN, { link }, { origin: null });

  it('makes a link with its hosted page, QR code and open state, and the same Idempotency-Key makes no second link', async () => {
    const first = await create(ORDER, merchant, 'link-key-1');
    expect(first.statusCode).toBe(200);
    const link = first.json().request_details;
    expect(link).toMatchObject({ amount: '120.00', currency: 'EUR', product: 'Walnut Desk Lamp', order_id: 'A-1042', coin: null, expires_at: null, state: 'open', payments: [] });
    expect(link.link_id).toMatch(/^pl_[A-Za-z0-9_-]{32}$/);
    expect(link.url).toContain(`/sys-widget/home?link=${link.link_id}`);
    expect(link.qr).toMatch(/^data:image\/svg\+xml;base64,/);

    const again = await create(ORDER, merchant, 'link-key-1');
    expect(again.json().request_details.link_id).toBe(link.link_id);
    expect(again.headers['idempotent-replayed']).toBe('true');
    const count = await t.app.db.selectFrom('payment_links').select((eb) => eb.fn.countAll<string>().as('n')).where('token', '=', link.link_id).executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(1);
  });

  it.each([
    ['an amount as a number', { ...ORDER, amount: 120 }, 'amount'],
    ['a zero amount', { ...ORDER, amount: '0' }, 'amount'],
    ['an unknown currency', { ...ORDER, currency: 'XYZ' }, 'currency'],
    ['no product', { ...ORDER, product: ' ' }, 'product'],
    ['an unknown coin', { ...ORDER, coin: 'DOGE' }, 'coin'],
    ['an expiry in the past', { ...ORDER, expires_at: '2020-01-01T00:00:00Z' }, 'expires_at'],
    ['an expiry two years ahead', { ...ORDER, expires_at: new Date(Date.now() + 730 * 86_400_000).toISOString() }, 'expires_at'],
    ['an unknown field', { ...ORDER, price: '1' }, 'price'],
  ])('refuses %s with a field error', async (_name, body, field) => {
    const answer = await create(body);
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error_message.fields).toHaveProperty(field);
  });

  it('a member without a merchant, and a request without a session, are refused', async () => {
    expect((await create(ORDER, member)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', LINKS)).status).toBe(401);
  });

  it('a merchant sees only its own links, paged on the server', async () => {
    for (let i = 0; i < 3; i += 1) expect((await create({ ...ORDER, order_id: `O-${i}` }, other)).statusCode).toBe(200);
    const mine1 = await list('?page=1&per_page=2', other);
    expect(mine1.body.request_details).toMatchObject({ page: 1, per_page: 2, total: 3 });
    expect(mine1.body.request_details.links.map((link: { order_id: string }) => link.order_id)).toEqual(['O-2', 'O-1']);
    const page2 = await list('?page=2&per_page=2', other);
    expect(page2.body.request_details.links.map((link: { order_id: string }) => link.order_id)).toEqual(['O-0']);

    const demo = await list('?per_page=100');
    const orders = demo.body.request_details.links.map((link: { order_id: string }) => link.order_id);
    expect(orders).not.toContain('O-0');
    // Nor can the other merchant mail the demo merchant's link.
    const demoLink = demo.body.request_details.links[0].link_id;
    const mailed = await call(t.app, 'POST', `${LINKS}/send`, { link_id: demoLink, email: 'buyer@example.com' }, { credential: other });
    expect(mailed.status).toBe(404);
    expect(mailed.body.error_message.code ?? mailed.body.error_message).toBeTruthy();
  });

  it('a merchant of the second provider (enable_widget off) is refused, and the demo session does not work on its host', async () => {
    const provider2 = await t.app.db.selectFrom('providers').select('id').where('wl_id', '=', '2').executeTakeFirstOrThrow();
    const demo = await t.app.db.selectFrom('users').select('password_hash').where('email', '=', t.seed!.merchant.email).executeTakeFirstOrThrow();
    const user = await t.app.db
      .insertInto('users')
      .values({ provider_id: provider2.id, email: 'shop@wl2.test', password_hash: demo.password_hash, role: 'merchant', first_name: 'Wl', last_name: 'Two', permissions: toJsonb({ widget: 1, fiat_withdrawals: 1 }), email_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    await t.app.db.insertInto('merchants').values({ user_id: user.id, merchant_id: 'mch_wl2_shop', name: 'Wl Two Shop' }).execute();
    const wl2 = (await signIn(t.app, 'shop@wl2.test', t.seed!.merchant.password, 'wl2.localhost')).credential;
    const refused = await call(t.app, 'GET', LINKS, undefined, { credential: wl2, host: 'wl2.localhost' });
    expect(refused.status).toBe(403);
    const crossHost = await call(t.app, 'GET', LINKS, undefined, { credential: merchant, host: 'wl2.localhost' });
    expect(crossHost.status).toBe(401);
  });

  it('opening a link starts one coin-less payment that every buyer shares; paid, the link shows paid and keeps answering that payment', async () => {
    const link = (await create({ ...ORDER, order_id: 'PAY-1' })).json().request_details;
    const [first, second] = await Promise.all([open(link.link_id), open(link.link_id)]);
    expect(first.status).toBe(200);
    expect(first.body.request_details.merchant_id).toBe(t.seed!.merchant.merchantId);
    expect(second.body.request_details.transaction_id).toBe(first.body.request_details.transaction_id);
    const token = first.body.request_details.transaction_id;
    const payment = await t.app.db.selectFrom('payments').selectAll().where('public_id', '=', token).executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ coin: null, fiat_currency: 'EUR', fiat_amount_minor: 12000n, product: 'Walnut Desk Lamp', c1: 'PAY-1' });

    const chosen = await chooseCoin(t.app, token, 'BTC');
    await payOnTestNetwork(t.app, 'BTC', chosen.body.request_details.currency_1_address, chosen.body.request_details.currency_1_amount);
    await mine(t.app, 2);
    expect(await paymentStatus(t.app, token)).toMatchObject({ status: 'settled' });

    const listed = (await list('?per_page=100')).body.request_details.links.find((row: { link_id: string }) => row.link_id === link.link_id);
    expect(listed.state).toBe('paid');
    expect(listed.payments).toEqual([expect.objectContaining({ transaction_id: token, status: 'settled', coin: 'BTC' })]);
    expect((await open(link.link_id)).body.request_details.transaction_id).toBe(token);
  });

  it('a link with a fixed coin starts a payment priced in that coin', async () => {
    const link = (await create({ ...ORDER, coin: 'LTC' })).json().request_details;
    const opened = await open(link.link_id);
    const payment = await t.app.db.selectFrom('payments').select(['coin', 'amount_due_minor']).where('public_id', '=', opened.body.request_details.transaction_id).executeTakeFirstOrThrow();
    expect(payment.coin).toBe('LTC');
    expect(payment.amount_due_minor).toBeGreaterThan(0n);
  });

  it('an expired link is closed: the hosted page gets 410, the list says expired, and it cannot be mailed', async () => {
    const link = (await create({ ...ORDER, expires_at: new Date(Date.now() + 60_000).toISOString() })).json().request_details;
    await t.app.db.updateTable('payment_links').set({ expires_at: new Date(Date.now() - 1000) }).where('token', '=', link.link_id).execute();
    const opened = await open(link.link_id);
    expect(opened.status).toBe(410);
    const listed = (await list('?per_page=100')).body.request_details.links.find((row: { link_id: string }) => row.link_id === link.link_id);
    expect(listed.state).toBe('expired');
    expect((await call(t.app, 'POST', `${LINKS}/send`, { link_id: link.link_id, email: 'buyer@example.com' }, { credential: merchant })).status).toBe(410);
  });

  it('an unknown or malformed link is refused without a payment', async () => {
    expect((await open('pl_AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(404);
    expect((await open('pay_notalink')).status).toBe(400);
  });

  it('mails an open link to the buyer in their language', async () => {
    const link = (await create(ORDER)).json().request_details;
    const sent = await call(t.app, 'POST', `${LINKS}/send`, { link_id: link.link_id, email: 'buyer@example.com', lang: 'es' }, { credential: merchant });
    expect(sent.status).toBe(200);
    expect(sent.body.request_details).toEqual({ link_id: link.link_id, sent_to: 'buyer@example.com' });
    const mail = await t.app.db.selectFrom('dev_outbox').selectAll().orderBy('id', 'desc').executeTakeFirstOrThrow();
    const text = JSON.stringify(mail, (_key, value) => (typeof value === 'bigint' ? String(value) : value));
    expect(text).toContain(link.link_id);
    expect(text).toContain('buyer@example.com');
    expect(text).toContain('enlace de pago');
  });
});
