// The signed receipt of a settled payment (POST /mapi/api/transaction/receipt), verified
// the way a merchant's server does it: the standardwebhooks package with the secret from
// PATCH /v1/users/updateWebhook.

import { Webhook } from 'standardwebhooks';
import { beforeAll, describe, expect, it } from 'vitest';
import { receiptPayload, type PaymentReceipt } from '#core/protocol.ts';
import { call, signIn } from '../identity/session-test-kit.ts';
import { testDatabases, useTestApp } from '../test-helper.ts';
import { secretBoxFor } from '../webhooks/secret-box.ts';
import { chooseCoin, createCoinlessOrder, createOrder, eventTypes, mapi, mine, payOnTestNetwork } from './payment-test-kit.ts';

const MERCHANT = 'mch_demo_verdant';

/** What the merchant's server runs; throws when the receipt was not signed with `secret` or was altered. */
function verify(secret: string, receipt: PaymentReceipt): unknown {
  return new Webhook(secret).verify(receiptPayload(receipt), {
    'webhook-id': receipt.transaction_id,
    'webhook-timestamp': String(receipt.timestamp),
    'webhook-signature': receipt.signature,
  });
}

describe.each(testDatabases())('payment receipts on $name', ({ name }) => {
  const t = useTestApp(name);
  const key = () => t.seed?.merchant.secretKey ?? '';
  let session: string;

  beforeAll(async () => {
    session = (await signIn(t.app, t.seed!.merchant.email, t.seed!.merchant.password)).credential;
  });

  const receiptOf = (token: string, merchantId = MERCHANT) => mapi(t.app, 'POST', '/mapi/api/transaction/receipt', { merchant_id: merchantId, transaction_id: token });

  /** Buyer's path: the pay button's payment, BTC chosen in the widget, paid with test coins, confirmed. */
  async function settledPayment(): Promise<string> {
    const order = await createCoinlessOrder(t.app, key());
    const chosen = (await chooseCoin(t.app, order.transaction_token, 'BTC')).body.request_details;
    await payOnTestNetwork(t.app, 'BTC', chosen.currency_1_address, chosen.currency_1_amount);
    await mine(t.app, 2);
    expect(await eventTypes(t.app.db, order.transaction_token)).toEqual(['payment.created', 'payment.detected', 'payment.settled']);
    return order.transaction_token;
  }

  it('a merchant without a signing secret yet still gets a signed receipt: one secret is created for it, and kept', async () => {
    const merchant = await t.app.db.selectFrom('merchants').select('id').where('merchant_id', '=', MERCHANT).executeTakeFirstOrThrow();
    expect(await t.app.db.selectFrom('merchant_webhooks').select('secret_ciphertext').where('merchant_id', '=', merchant.id).execute()).toEqual([]);
    const token = await settledPayment();
    const [first, second] = await Promise.all([receiptOf(token), receiptOf(token)]);
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    const rows = await t.app.db.selectFrom('merchant_webhooks').select(['secret_ciphertext', 'url']).where('merchant_id', '=', merchant.id).execute();
    expect(rows).toEqual([{ secret_ciphertext: expect.stringMatching(/^v1\./), url: null }]);
    // Both were signed with that one secret (the test app runs without APP_SECRET, so the box opens with the development key).
    const secret = secretBoxFor({ APP_SECRET: undefined, MODE: 'test' }).open(merchant.id, rows[0]!.secret_ciphertext!);
    expect(verify(secret, first.body.request_details.receipt)).toMatchObject({ transaction_id: token });
    expect(verify(secret, second.body.request_details.receipt)).toMatchObject({ transaction_id: token });
    // The secret was never shown, so rotating is how the merchant gets one; PATCH without rotate shows none.
    const patched = await call(t.app, 'PATCH', '/v1/users/updateWebhook', { webhook_url: null }, { credential: session });
    expect(patched.body.request_details.webhook_secret).toBeUndefined();
  });

  it('a settled payment\'s receipt verifies with the secret from PATCH /v1/users/updateWebhook; a tampered amount or another secret does not', async () => {
    const patched = await call(t.app, 'PATCH', '/v1/users/updateWebhook', { webhook_url: null, rotate_secret: true }, { credential: session });
    expect(patched.status).toBe(200);
    const secret: string = patched.body.request_details.webhook_secret;
    expect(secret).toMatch(/^whsec_/);

    const token = await settledPayment();
    const answer = await receiptOf(token);
    expect(answer.status).toBe(200);
    const receipt: PaymentReceipt = answer.body.request_details.receipt;
    expect(receipt).toMatchObject({ transaction_id: token, amount: '120.00', currency: 'EUR', status: 'settled' });
    expect(Math.abs(receipt.timestamp - Date.now() / 1000)).toBeLessThan(60);
    expect(verify(secret, receipt)).toEqual({ transaction_id: token, amount: '120.00', currency: 'EUR', status: 'settled' });

    expect(() => verify(secret, { ...receipt, amount: '1.00' })).toThrow();
    expect(() => verify(secret, { ...receipt, transaction_id: 'pay_AAAAAAAAAAAAAAAAAAAAAA' })).toThrow();
    const rotated = await call(t.app, 'PATCH', '/v1/users/updateWebhook', { webhook_url: null, rotate_secret: true }, { credential: session });
    expect(() => verify(rotated.body.request_details.webhook_secret, receipt)).toThrow();
    // A new receipt is signed with the new secret.
    expect(verify(rotated.body.request_details.webhook_secret, (await receiptOf(token)).body.request_details.receipt)).toMatchObject({ status: 'settled' });
  });

  it.each([
    { case: 'new (no coin yet)', prepare: async () => (await createCoinlessOrder(t.app, key())).transaction_token as string },
    { case: 'new (coin chosen, nothing paid)', prepare: async () => (await createOrder(t.app, key())).transaction_token as string },
    {
      case: 'processing (paid, not confirmed)',
      prepare: async () => {
        const order = await createOrder(t.app, key());
        await payOnTestNetwork(t.app, 'BTC', order.currency_1_address, order.currency_1_amount);
        return order.transaction_token as string;
      },
    },
  ])('a payment that is $case has no receipt: 409 payment_not_settled', async ({ prepare }) => {
    const answer = await receiptOf(await prepare());
    expect(answer.status).toBe(409);
    expect(answer.body.error_message).toMatchObject({ code: 'payment_not_settled', message: expect.stringContaining('settled') });
  });

  it.each([
    { case: 'an unknown token', body: { merchant_id: MERCHANT, transaction_id: 'pay_AAAAAAAAAAAAAAAAAAAAAA' }, status: 404, code: 'payment_not_found' },
    { case: 'an unknown merchant', body: { merchant_id: 'mch_nobody_here', transaction_id: 'pay_AAAAAAAAAAAAAAAAAAAAAA' }, status: 404, code: 'merchant_not_recognized' },
    { case: 'a malformed token', body: { merchant_id: MERCHANT, transaction_id: 'txn_1' }, status: 400, code: 'validation_failed' },
  ])('a receipt for $case answers $status $code', async ({ body, status, code }) => {
    const answer = await mapi(t.app, 'POST', '/mapi/api/transaction/receipt', body);
    expect(answer.status).toBe(status);
    expect(answer.body.error_message.code).toBe(code);
  });
});
