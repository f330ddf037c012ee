import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { paymentUri } from '#core/chain/payment-uri.ts';
import { formatMinor, parseAmount } from '#core/money.ts';
import { amountDue } from '#core/payments/payment-rules.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { qrDataUrl } from '../payments/payment-qr.ts';
import { createCoinlessOrder, createOrder, mapi, orderBody, seededSecretKey } from '../payments/payment-test-kit.ts';
import { issueApiKey } from '../merchants/api-keys.ts';
import { toJsonb } from '../db/jsonb.ts';
import { DEMO_MERCHANT } from '../seed/seed.ts';

const OTHER_KEY = `sk_test_${'A'.repeat(43)}`;

describe.each(testDatabases())('merchant API on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => seededSecretKey(t.seed);

  it.each([
    { case: 'no Authorization header', headers: {}, status: 401, code: 'invalid_api_key' },
    { case: 'a key that is not a secret key', headers: { key: 'pk_live_nope' }, status: 401, code: 'invalid_api_key' },
    { case: 'a well-formed key nobody has', headers: { key: OTHER_KEY }, status: 401, code: 'invalid_api_key' },
  ])('create refuses $case with $status $code and creates nothing', async ({ headers, status, code }) => {
    const before = await t.app.db.selectFrom('payments').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
    const answer = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(), { ...headers, idempotencyKey: randomUUID() });
    expect(answer.status).toBe(status);
    expect(answer.body.error_message.code).toBe(code);
    const after = await t.app.db.selectFrom('payments').select((eb) => eb.fn.countAll<bigint>().as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('create with a valid key for an unknown merchant_id answers 404 "Merchant not recognized!"', async () => {
    const answer = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody({ merchant_id: 'mch_nobody_here' }), { key: key(), idempotencyKey: randomUUID() });
    expect(answer.status).toBe(404);
    expect(answer.body.error_message).toMatchObject({ code: 'merchant_not_recognized', message: 'Merchant not recognized!' });
  });

  it("a key works for its own merchant only, and two merchants' Idempotency-Keys never collide", async () => {
    const demo = await t.app.db.selectFrom('users').select(['provider_id', 'password_hash']).where('email', '=', DEMO_MERCHANT.email).executeTakeFirstOrThrow();
    const user = await t.app.db
      .insertInto('users')
      .values({ provider_id: demo.provider_id, email: `m-${randomUUID().slice(0, 8)}@shop.test`, password_hash: demo.password_hash, role: 'merchant', first_name: 'Other', last_name: 'Shop', permissions: toJsonb({ send: 0, withdrawal: 0, widget: 1, fiat_withdrawals: 1 }), email_verified: true })
      .returning('id')
      .executeTakeFirstOrThrow();
    const otherId = `mch_other_${randomUUID().slice(0, 8).replace(/-/g, '')}`;
    const other = await t.app.db.insertInto('merchants').values({ user_id: user.id, merchant_id: otherId, name: 'Other Shop' }).returning('id').executeTakeFirstOrThrow();
    const { key: otherKey } = await issueApiKey(t.app.db, other.id, 'other shop');

    const crossed = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(), { key: otherKey, idempotencyKey: randomUUID() });
    expect(crossed.status).toBe(401);
    expect(crossed.body.error_message.code).toBe('invalid_api_key');

    const shared = randomUUID();
    const mine = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(), { key: key(), idempotencyKey: shared });
    const theirs = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody({ merchant_id: otherId }), { key: otherKey, idempotencyKey: shared });
    expect(theirs.status).toBe(200);
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.request_details.transaction_token).not.toBe(mine.body.request_details.transaction_token);
    // Its status is not readable under the other merchant's id.
    const foreign = await mapi(t.app, 'POST', '/mapi/api/transaction/status', { merchant_id: 'mch_demo_verdant', transaction_id: theirs.body.request_details.transaction_token });
    expect(foreign.status).toBe(404);
  });

  it('the secret key never reaches the logs', async () => {
    await createOrder(t.app, key());
    await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(), { key: `${key()}x`, idempotencyKey: randomUUID() });
    expect(t.logs.text()).not.toContain(key());
  });

  it('a BTC order of 120.00 EUR is priced through the merchant rate, rounded up to 8 decimals so the merchant is never short', async () => {
    const order = await createOrder(t.app, key());
    expect(order).toMatchObject({ currency_1_iso: 'BTC', amount: '120.00', currency: 'EUR', status: 'new', currency_1_tag: null, product: 'Rake', test_mode: true });
    const fiat = parseAmount('120.00', 'EUR');
    if (!fiat.ok) throw new Error('bad fixture');
    const due = amountDue(fiat.minor, 'EUR', 'BTC', order.rate);
    expect(order.currency_1_amount).toBe(formatMinor(due, 'BTC'));
    expect(order.currency_1_amount).toMatch(/^\d+\.\d{8}$/);
    // due coins at the merchant's rate buy at least the order's value; one satoshi less does not.
    const [int = '', frac = ''] = (order.rate as string).split('.');
    const rateDigits = BigInt(int + frac);
    const worth = (coinMinor: bigint) => coinMinor * rateDigits * 100n; // fiat minor * 10^(8 + frac.length)
    const target = fiat.minor * 10n ** BigInt(8 + frac.length);
    expect(worth(due) >= target).toBe(true);
    expect(worth(due - 1n) < target).toBe(true);
    const expiresIn = Date.parse(order.expires_at) - Date.now();
    expect(expiresIn).toBeGreaterThan(890_000);
    expect(expiresIn).toBeLessThanOrEqual(900_000);
  });

  it('a merchant-named coin amount for USDT is rounded up to the 6 decimals the token has on chain', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'USDT', currency_1_amount: '10.12345601' });
    expect(order.currency_1_amount).toBe('10.12345700');
    expect(order.rate).toBeNull();
  });

  it.each([
    { asset: 'BTC', scheme: /^bitcoin:tb1/ },
    { asset: 'LTC', scheme: /^litecoin:tltc1/ },
    { asset: 'BCH', scheme: /^bchtest:q/ },
    { asset: 'ETH', scheme: /^ethereum:0x[0-9a-fA-F]{40}@31337\?value=\d+$/ },
    { asset: 'USDC', scheme: /^ethereum:0x[0-9a-fA-F]{40}@31337\/transfer\?address=0x[0-9a-fA-F]{40}&uint256=\d+$/ },
  ])('a $asset order gets a fresh address and a link to the server-drawn SVG QR code of its payment URI', async ({ asset, scheme }) => {
    const first = await createOrder(t.app, key(), { currency_1_iso: asset });
    const second = await createOrder(t.app, key(), { currency_1_iso: asset });
    expect(first.currency_1_address).not.toBe(second.currency_1_address);
    const due = parseAmount(first.currency_1_amount, asset as 'BTC');
    if (!due.ok) throw new Error('bad amount');
    expect(first.payment_uri).toBe(paymentUri(asset as 'BTC', first.currency_1_address, due.minor, 'test'));
    expect(first.payment_uri).toMatch(scheme);
    // The create links to the image; the link draws the code of exactly this payment URI.
    const link = new URL(first.qr);
    expect(`${link.origin}${link.pathname}`).toBe('http://localhost:8182/mapi/api/transaction/qr');
    expect(Object.fromEntries(link.searchParams)).toEqual({ merchant_id: DEMO_MERCHANT.merchantId, transaction_id: first.transaction_token });
    const image = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}`, headers: { host: 'localhost' } });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(image.body).toMatch(/^<svg /);
    expect(`data:image/svg+xml;base64,${Buffer.from(image.body, 'utf8').toString('base64')}`).toBe(await qrDataUrl(first.payment_uri));
    const rows = await t.app.db.selectFrom('chain_addresses').select(['purpose', 'owner_ref']).where('address', 'in', [first.currency_1_address, second.currency_1_address]).orderBy('id').execute();
    expect(rows).toEqual([
      { purpose: 'payment', owner_ref: first.transaction_token },
      { purpose: 'payment', owner_ref: second.transaction_token },
    ]);
  });

  it("the QR image is cached for a day and embeddable by a shop's page; a payment without a coin has none, and a made-up token is unknown", async () => {
    const order = await createOrder(t.app, key());
    const image = await t.app.inject({ method: 'GET', url: new URL(order.qr).pathname + new URL(order.qr).search, headers: { host: 'localhost' } });
    expect(image.headers['cache-control']).toBe('public, max-age=86400, immutable');
    expect(image.headers['cross-origin-resource-policy']).toBe('cross-origin');

    const coinless = await createCoinlessOrder(t.app, key());
    expect(coinless.qr).toBeNull();
    const none = await mapi(t.app, 'GET', `/mapi/api/transaction/qr?merchant_id=${DEMO_MERCHANT.merchantId}&transaction_id=${coinless.transaction_token}`);
    expect({ status: none.status, code: none.body.error_message?.code }).toEqual({ status: 409, code: 'payment_coin_not_chosen' });
    const unknown = await mapi(t.app, 'GET', `/mapi/api/transaction/qr?merchant_id=${DEMO_MERCHANT.merchantId}&transaction_id=pay_${'A'.repeat(22)}`);
    expect({ status: unknown.status, code: unknown.body.error_message?.code }).toEqual({ status: 404, code: 'payment_not_found' });
  });

  it('Idempotency-Key: the same key and body answer the same payment; another body under that key is 422', async () => {
    const idempotencyKey = randomUUID();
    const first = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(), { key: key(), idempotencyKey });
    const again = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(), { key: key(), idempotencyKey });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.body.request_details.transaction_token).toBe(first.body.request_details.transaction_token);
    const rows = await t.app.db.selectFrom('payments').select('id').where('public_id', '=', first.body.request_details.transaction_token).execute();
    expect(rows).toHaveLength(1);
    const other = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody({ amount: '121.00' }), { key: key(), idempotencyKey });
    expect(other.status).toBe(422);
    expect(other.body.error_message.code).toBe('idempotency_key_reused');
    const scopes = await t.app.db.selectFrom('idempotency_keys').select('scope').where('key', '=', idempotencyKey).execute();
    expect(scopes).toEqual([{ scope: expect.stringMatching(/^merchant:\d+$/) }]);
  });

  it.each([
    { case: 'a fiat coin', body: { currency_1_iso: 'EUR' }, field: 'currency_1_iso' },
    { case: 'a zero amount', body: { amount: '0.00' }, field: 'amount' },
    { case: 'three decimals of EUR', body: { amount: '1.005' }, field: 'amount' },
    { case: 'an amount as a number', body: { amount: 12 }, field: 'amount' },
  ])('create refuses $case with 400 naming the field', async ({ body, field }) => {
    const answer = await mapi(t.app, 'POST', '/mapi/api/transaction', orderBody(body), { key: key(), idempotencyKey: randomUUID() });
    expect(answer.status).toBe(400);
    expect(answer.body.error_message.code).toBe('validation_failed');
    expect(Object.keys(answer.body.error_message.fields)).toEqual([field]);
  });

  it('status is public by merchant_id and token, and reveals no address, key or internal id', async () => {
    const order = await createOrder(t.app, key());
    const answer = await mapi(t.app, 'POST', '/mapi/api/transaction/status', { merchant_id: 'mch_demo_verdant', transaction_id: order.transaction_token });
    expect(answer.status).toBe(200);
    const details = answer.body.request_details;
    expect(Object.keys(details).sort()).toEqual(
      ['amount', 'confirmations', 'currency', 'currency_1_amount', 'currency_1_confirmed', 'currency_1_iso', 'currency_1_paid', 'exception', 'expires_at', 'required_confirmations', 'settled_at', 'status', 'transaction_token'].sort(),
    );
    expect(details).toMatchObject({ status: 'new', exception: null, currency_1_paid: '0.00000000', confirmations: 0, required_confirmations: 2 });
    expect(JSON.stringify(answer.body)).not.toContain('sk_');
  });

  it('sendlink mails the buyer a link to the hosted payment page, in Spanish when asked; once per Idempotency-Key; not for a payment that is no longer new', async () => {
    const order = await createOrder(t.app, key());
    const email = `buyer-${randomUUID().slice(0, 8)}@shop.test`;
    const idempotencyKey = randomUUID();
    const body = { merchant_id: 'mch_demo_verdant', transaction_id: order.transaction_token, email, lang: 'es' };
    const sent = await mapi(t.app, 'POST', '/mapi/api/sendlink', body, { key: key(), idempotencyKey });
    expect(sent.status).toBe(200);
    const link = new URL(sent.body.request_details.link);
    expect(link.pathname).toBe('/sys-widget/payment');
    expect(Object.fromEntries(link.searchParams)).toEqual({ merchant_id: 'mch_demo_verdant', transaction_id: order.transaction_token });
    await mapi(t.app, 'POST', '/mapi/api/sendlink', body, { key: key(), idempotencyKey });
    const mails = await t.app.db.selectFrom('dev_outbox').select(['subject', 'text']).where('recipient', '=', email).execute();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Fernhill Supply: tu enlace de pago');
    expect(mails[0]!.text).toContain(sent.body.request_details.link);
    expect(mails[0]!.text).toContain('120.00 EUR');
    const noKey = await mapi(t.app, 'POST', '/mapi/api/sendlink', body, { idempotencyKey: randomUUID() });
    expect(noKey.status).toBe(401);
    await t.app.db.updateTable('payments').set({ status: 'expired' }).where('public_id', '=', order.transaction_token).execute();
    const late = await mapi(t.app, 'POST', '/mapi/api/sendlink', { ...body, lang: 'en' }, { key: key(), idempotencyKey: randomUUID() });
    expect(late.status).toBe(409);
    expect(late.body.error_message.code).toBe('transaction_not_pending');
  });

  it('details by token answer what create answered (address, amounts, QR) for the widget, without the secret key, with the QR image inline', async () => {
    const order = await createOrder(t.app, key(), { currency_1_iso: 'LTC' });
    const answer = await mapi(t.app, 'POST', '/mapi/api/transaction/details', { merchant_id: 'mch_demo_verdant', transaction_id: order.transaction_token });
    expect(answer.status).toBe(200);
    // The same code either way: the create links to the image, the widget's read carries it.
    expect(answer.body.request_details).toEqual({ ...order, qr: await qrDataUrl(order.payment_uri) });
    const unknown = await mapi(t.app, 'POST', '/mapi/api/transaction/details', { merchant_id: 'mch_demo_verdant', transaction_id: 'pay_AAAAAAAAAAAAAAAAAAAAAA' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_message.message).toBe('Session Expired Please Make another transaction.');
  });

  it.each([
    { case: 'an unknown token', body: { merchant_id: 'mch_demo_verdant', transaction_id: 'pay_AAAAAAAAAAAAAAAAAAAAAA' }, status: 404, code: 'payment_not_found' },
    { case: 'an unknown merchant', body: { merchant_id: 'mch_nobody_here', transaction_id: 'pay_AAAAAAAAAAAAAAAAAAAAAA' }, status: 404, code: 'merchant_not_recognized' },
    { case: 'a malformed token', body: { merchant_id: 'mch_demo_verdant', transaction_id: 'txn_1' }, status: 400, code: 'validation_failed' },
  ])('status of $case answers $status $code', async ({ body, status, code }) => {
    const answer = await mapi(t.app, 'POST', '/mapi/api/transaction/status', body);
    expect(answer.status).toBe(status);
    expect(answer.body.error_message.code).toBe(code);
  });

  it('GET merchant answers the public profile with the widget settings and the supported coins; unknown is "Merchant not recognized!"', async () => {
    const answer = await mapi(t.app, 'GET', '/mapi/api/merchant?merchant_id=mch_demo_verdant');
    expect(answer.status).toBe(200);
    expect(answer.body.request_details).toMatchObject({
      merchant_id: 'mch_demo_verdant',
      name: 'Fernhill Supply',
      widget: { widget_merchant_name: 'Fernhill Supply', widget_product_name: 'Garden supplies', widget_logo_size: 'Medium', widget_theme_logo_url: null },
      test_mode: true,
    });
    expect(answer.body.request_details.supported_coins.map((coin: { iso: string }) => coin.iso)).toEqual(['BTC', 'LTC', 'ETH', 'BCH', 'USDT', 'USDC']);
    expect(JSON.stringify(answer.body)).not.toMatch(/secret|sk_test/);
    const unknown = await mapi(t.app, 'GET', '/mapi/api/merchant?merchant_id=mch_nobody_here');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error_message.message).toBe('Merchant not recognized!');
  });

  it('rates: GET answers every pair; POST answers only the pairs asked for; an unknown pair is refused', async () => {
    const all = await mapi(t.app, 'GET', '/mapi/api/rates?merchant_id=mch_demo_verdant');
    expect(all.status).toBe(200);
    expect(all.body.request_details.rates.BTC_EUR).toMatch(/^\d+(\.\d+)?$/);
    const some = await mapi(t.app, 'POST', '/mapi/api/rates', { merchant_id: 'mch_demo_verdant', currencies: ['EUR_BTC', 'USD_ETH'] });
    expect(Object.keys(some.body.request_details.rates)).toEqual(['EUR_BTC', 'USD_ETH']);
    const bad = await mapi(t.app, 'POST', '/mapi/api/rates', { merchant_id: 'mch_demo_verdant', currencies: ['EUR_XYZ'] });
    expect(bad.status).toBe(400);
    expect(bad.body.error_message.code).toBe('pair_not_supported');
  });

  it('currencies and markets answer the coins and each coin priced in the fiat', async () => {
    const currencies = await mapi(t.app, 'POST', '/mapi/api/currencies', { merchant_id: 'mch_demo_verdant' });
    expect(currencies.body.request_details.fiat).toContainEqual({ iso: 'EUR', sign: '€' });
    const markets = await mapi(t.app, 'POST', '/mapi/api/markets', { merchant_id: 'mch_demo_verdant', currency: 'GBP' });
    expect(markets.status).toBe(200);
    expect(markets.body.request_details.markets).toHaveLength(6);
    expect(markets.body.request_details.markets[0]).toMatchObject({ pair: 'BTC_GBP', coin: 'BTC' });
    const unknown = await mapi(t.app, 'POST', '/mapi/api/markets', { merchant_id: 'mch_nobody_here' });
    expect(unknown.status).toBe(404);
  });
});
