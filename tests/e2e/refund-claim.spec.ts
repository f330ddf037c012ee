// A refund from end to end: an order from the demo shop is overpaid on the test network and settles;
// the merchant refunds the excess to the buyer's e-mail (through the API, as the back office does);
// the buyer opens the link from the mail (read from the test-mode outbox) on the public refund page,
// without an account, is told a wrong address under the field, enters a good one and sees the refund
// sent with its transaction id; the link then only shows that confirmation. Screenshots at 1280 and 390 px.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { SHOP, MERCHANT } from './checkout-helpers.ts';
import { apiFor } from './identity-helpers.ts';

const BUYER_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const MERCHANT_LOGIN = { email: 'merchant@demo.test', password: 'Demo-merchant-2026!' };

async function ok(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<any> {
  const body = (await response.json()) as { request_status?: string; success?: boolean; request_details?: any; data?: any };
  expect(body.request_status ?? (body.success ? '1' : '0'), JSON.stringify(body)).toBe('1');
  return body.request_details ?? body.data;
}

/** An order of the demo shop paid with 0.0005 BTC more than due, settled (2 test blocks). */
async function overpaidOrder(api: APIRequestContext): Promise<{ token: string }> {
  const created = await api.post(`${SHOP}/api/orders`, { data: { product_id: 'walnut-lamp' } });
  expect(created.status()).toBe(201);
  const order = (await created.json()) as { payment: { transaction_token: string } };
  const token = order.payment.transaction_token;
  const priced = await ok(await api.post('/mapi/api/transaction/currency', { data: { merchant_id: MERCHANT, transaction_id: token, currency_1_iso: 'BTC' } }));
  const due = Number(priced.currency_1_amount);
  await ok(await api.post('/v1/test-network/pay', { data: { asset: 'BTC', address: priced.currency_1_address, amount: (due + 0.0005).toFixed(8) } }));
  await ok(await api.post('/v1/test-network/mine', { data: { blocks: 2 } }));
  await expect.poll(async () => (await ok(await api.post('/mapi/api/transaction/status', { data: { merchant_id: MERCHANT, transaction_id: token } }))).status, { timeout: 15_000 }).toBe('settled');
  return { token };
}

async function claimLinkFromMail(api: APIRequestContext, to: string): Promise<string> {
  let link = '';
  await expect
    .poll(
      async () => {
        const response = await api.get(`/dev/outbox/latest?to=${encodeURIComponent(to)}&format=json`);
        if (!response.ok()) return '';
        const text = ((await response.json()) as { request_details: { text: string } }).request_details.text;
        link = /https?:\/\/\S+\/sys-wallets\/refund\?token=[A-Za-z0-9_-]+/.exec(text)?.[0] ?? '';
        return link;
      },
      { timeout: 15_000 },
    )
    .not.toBe('');
  return link;
}

test('an overpayment refunded: the buyer opens the mailed link, a wrong address is refused under the field, a good one is sent with its txid', async ({ page, baseURL }) => {
  const api = await apiFor(baseURL);
  const { token } = await overpaidOrder(api);

  // The merchant, signed in (the session cookie), refunds the excess the server offers by default.
  await ok(await api.post('/v1/users/login', { data: MERCHANT_LOGIN }));
  const offered = await ok(await api.get(`/v1/merchant/payments/refunds?transaction_id=${token}`));
  expect(offered).toMatchObject({ exception: 'paid_over', can_refund: true, default_refund: '0.00050000', network_fee: '0.00000000' });
  const buyer = `buyer-${Date.now().toString(36)}@example.test`;
  const refund = await ok(await api.post('/v1/merchant/payments/refunds', { data: { transaction_id: token, amount: offered.default_refund, buyer_email: buyer, lang: 'en' }, headers: { 'Idempotency-Key': `e2e-${token}` } }));
  expect(refund).toMatchObject({ status: 'claimable', amount: '0.00050000', mailed: true });

  const link = await claimLinkFromMail(api, buyer);
  const url = new URL(link);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${url.pathname}${url.search}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your refund');
  await expect(page.getByText('Fernhill Supply is refunding you.')).toBeVisible();
  await expect(page.getByTestId('claim-amount')).toContainText('0.00050000 BTC');
  await expect(page.getByTestId('claim-fee')).toHaveText('0.00000000 BTC');
  await expect(page.getByTestId('claim-receives')).toHaveText('0.00050000 BTC');
  await page.screenshot({ path: 'test-results/screens/refund-claim-1280.png', fullPage: true });

  // One character wrong: the checksum catches it, and the field says so.
  const address = page.getByLabel('Your BTC address');
  await address.fill(`${BUYER_ADDRESS.slice(0, -1)}y`);
  await page.getByRole('button', { name: 'Send my refund' }).click();
  await expect(page.getByTestId('address-error')).toContainText('not a valid address');
  await expect(address).toHaveAttribute('aria-invalid', 'true');
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/refund-claim-error-390.png', fullPage: true });

  await address.fill(BUYER_ADDRESS);
  await page.getByRole('button', { name: 'Send my refund' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refund sent');
  await expect(page.getByTestId('claim-sent')).toHaveText('0.00050000 BTC was sent to your address.');
  // The coins leave through the payout worker after the claim is saved: the page shows the txid once broadcast.
  await expect(page.getByTestId('claim-txid')).toHaveText(/^[0-9a-f]{64}$/, { timeout: 15_000 });
  const txid = await page.getByTestId('claim-txid').textContent();
  await page.screenshot({ path: 'test-results/screens/refund-claim-sent-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/screens/refund-claim-sent-1280.png', fullPage: true });

  // The merchant sees it sent with the same txid; the link now only shows the confirmation.
  const after = await ok(await api.get(`/v1/merchant/payments/refunds?transaction_id=${token}`));
  expect(after.refunds).toEqual([expect.objectContaining({ status: 'sent', txid, address: BUYER_ADDRESS, claim_url: null })]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Refund sent');
  await expect(page.getByRole('button', { name: 'Send my refund' })).toHaveCount(0);
  await api.dispose();
});

test('a refund link cut short is explained in words', async ({ page }) => {
  await page.goto('/sys-wallets/refund?token=not-a-real-token');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('This refund link does not work');
  await expect(page.getByRole('alert')).toContainText('not valid');
  await page.goto('/sys-wallets/refund');
  await expect(page.getByRole('alert')).toContainText('incomplete');
});

test('in the payment detail of merchantTransactions, the merchant refunds part of an overpayment with a confirmation step and sees the refund with its claim link', async ({ page, baseURL }) => {
  const api = await apiFor(baseURL);
  const { token } = await overpaidOrder(api);
  await api.dispose();
  // The page's own context signs in, so the browser holds the merchant's session cookie.
  const login = await page.request.post('/v1/users/login', { data: MERCHANT_LOGIN, headers: { Origin: new URL(baseURL ?? '').origin } });
  expect(login.ok()).toBe(true);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/sys-wallets/merchantTransactions?payment=${token}`);
  await expect(page.getByTestId('mtx-detail')).toBeVisible();
  const actions = page.getByTestId('payment-actions');
  await expect(actions.getByRole('heading', { name: 'Decide on this payment' })).toBeVisible();
  await expect(page.getByTestId('actions-refunded')).toHaveText('0.00000000 BTC');
  await expect(actions.getByRole('button', { name: 'Accept payment' })).toHaveCount(0);
  await actions.getByRole('button', { name: 'Refund' }).click();

  const amount = page.getByLabel('Amount to refund (BTC)');
  await expect(amount).toHaveValue('0.00050000');
  await expect(actions.getByText(/^At most [0-9.]+ BTC: what was received/)).toBeVisible();
  await expect(actions.getByText('The network fee (0.00000000 BTC) is taken from the refund')).toBeVisible();
  await amount.fill('5');
  await actions.getByRole('button', { name: 'Review refund' }).click();
  await expect(actions.getByText(/^Enter an amount like 0.0005, above zero and at most/)).toBeVisible();
  await amount.fill('0.0003');
  await page.screenshot({ path: 'test-results/screens/payment-actions-form-1280.png', fullPage: true });
  await actions.getByRole('button', { name: 'Review refund' }).click();

  await expect(actions.getByRole('heading', { name: 'Confirm the refund' })).toBeVisible();
  await expect(page.getByTestId('refund-confirm-amount')).toContainText('0.00030000 BTC');
  await expect(actions.getByText('You (pass the link on)')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/screens/payment-actions-confirm-390.png', fullPage: true });
  await actions.getByRole('button', { name: 'Refund 0.00030000 BTC' }).click();

  await expect(page.getByTestId('created-claim-url')).toHaveText(/\/sys-wallets\/refund\?token=[A-Za-z0-9_-]{43}$/);
  await expect(page.getByTestId('actions-refunded')).toHaveText('0.00030000 BTC');
  await expect(page.getByTestId('refund-item')).toHaveCount(1);
  await expect(page.getByTestId('refund-status')).toHaveText('Waiting for the buyer’s address');
  await page.screenshot({ path: 'test-results/screens/payment-actions-created-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/screens/payment-actions-created-1280.png', fullPage: true });

  // The link the merchant passes on works on the buyer's page.
  const link = new URL((await page.getByTestId('created-claim-url').textContent()) ?? '');
  await page.goto(`${link.pathname}${link.search}`);
  await expect(page.getByTestId('claim-receives')).toHaveText('0.00030000 BTC');
});
