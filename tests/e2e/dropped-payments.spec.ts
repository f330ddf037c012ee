import { expect, test, type APIRequestContext } from '@playwright/test';
import { signedInMember } from './money-helpers.ts';

// What a transaction the network drops before it confirms (replaced, double spent) looks like to the
// people it concerns. A buyer: a payment the widget showed detected goes back to the pay screen, which
// says so, and the buyer can pay again. A member: the deposit fails, not credited, saying why. The test network mines
// a block a second here, so the transaction is first put back in the mempool (POST /v1/test-network/reorg)
// and then dropped (POST /v1/test-network/drop). ETH needs 6 confirmations: time enough to do both
// before it would settle.
const SHOP = `http://127.0.0.1:${process.env.E2E_SHOP_PORT ?? 4180}`;
const MERCHANT = 'mch_demo_verdant';
const DROPPED_EN = 'The network dropped the payment we saw: it was replaced or double spent before it confirmed. Nothing was charged. Send the amount again.';

const widget = (path: string, token: string, extra = '') => `/sys-widget${path}?merchant_id=${MERCHANT}&transaction_id=${token}${extra}`;

async function newEthPayment(request: APIRequestContext): Promise<string> {
  const created = await request.post(`${SHOP}/api/orders`, { data: { product_id: 'moss-terrarium', coin: 'ETH' } });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { payment: { transaction_token: string } }).payment.transaction_token;
}

async function statusOf(request: APIRequestContext, token: string): Promise<{ status: string; confirmations: number }> {
  const answer = await request.post('/mapi/api/transaction/status', { data: { merchant_id: MERCHANT, transaction_id: token } });
  return ((await answer.json()) as { request_details: { status: string; confirmations: number } }).request_details;
}

/** Undo the blocks above the transaction and drop it before the next block mines it again (retried if one does). */
async function dropFromTheNetwork(request: APIRequestContext, token: string, txid: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const { status, confirmations } = await statusOf(request, token);
    expect(status).toBe('processing');
    if (confirmations > 0) expect((await request.post('/v1/test-network/reorg', { data: { depth: confirmations } })).status()).toBe(200);
    const dropped = await request.post('/v1/test-network/drop', { data: { txid } });
    if (dropped.status() === 200) return;
    // A block came between the two calls and mined it again: undo that one too.
    expect(((await dropped.json()) as { error_message: { code: string } }).error_message.code).toBe('test_transaction_mined');
  }
  throw new Error('the test network mined the transaction again before every drop');
}

test('a payment the network drops after it was detected sends the buyer back to the pay screen, saying so; paying again is detected', async ({ page, request }) => {
  test.setTimeout(60_000);
  const token = await newEthPayment(request);
  await page.goto(widget('/payment', token));
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with ETH' })).toBeVisible();
  await expect(page.getByText(DROPPED_EN)).toHaveCount(0);

  const details = await request.post('/mapi/api/transaction/details', { data: { merchant_id: MERCHANT, transaction_id: token } });
  const { currency_1_address: address, currency_1_amount: due } = ((await details.json()) as { request_details: { currency_1_address: string; currency_1_amount: string } }).request_details;
  const paid = await request.post('/v1/test-network/pay', { data: { asset: 'ETH', address, amount: due } });
  expect(paid.status()).toBe(200);
  const { txid } = ((await paid.json()) as { request_details: { txid: string } }).request_details;
  await expect(page.getByRole('heading', { level: 1, name: 'Payment detected' })).toBeVisible({ timeout: 10_000 });

  await dropFromTheNetwork(request, token, txid);
  await expect(page.getByRole('alert').filter({ hasText: DROPPED_EN })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByRole('heading', { level: 1, name: 'Pay with ETH' })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe('/sys-widget/payment');
  await expect(page.getByRole('timer')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay with test coins' })).toBeVisible();
  expect((await statusOf(request, token)).status).toBe('new');
  await page.screenshot({ path: test.info().outputPath('dropped-1280.png'), fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: test.info().outputPath('dropped-390.png'), fullPage: true });

  // The buyer sends again: detected again, and the message is gone with the page it was on.
  await page.getByRole('button', { name: 'Pay with test coins' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Payment detected' })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByText(DROPPED_EN)).toHaveCount(0);
});

test('a member deposit the network drops fails, not credited, and says why in the list and the details', async ({ page, baseURL, request }) => {
  test.setTimeout(90_000);
  await signedInMember(page, baseURL, 'dropped', { identity: false });
  await page.getByRole('button', { name: 'Add all coins' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your wallets are ready.' })).toBeVisible();
  await page.goto('/sys-wallets/wallets/LTC');
  await expect(page.getByTestId('deposit-address')).toHaveText(/^tltc1/);
  const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
  const paid = await request.post('/v1/test-network/pay', { data: { asset: 'LTC', address, amount: '0.25' } });
  expect(paid.status()).toBe(200);
  const { txid } = ((await paid.json()) as { request_details: { txid: string } }).request_details;
  let dropped = await request.post('/v1/test-network/drop', { data: { txid } });
  // A block (one a second here) came between the two calls: undo it and drop again.
  if (dropped.status() === 409) {
    expect((await request.post('/v1/test-network/reorg', { data: { depth: 1 } })).status()).toBe(200);
    dropped = await request.post('/v1/test-network/drop', { data: { txid } });
  }
  expect(dropped.status()).toBe(200);

  await page.goto('/sys-wallets/transactions');
  const row = page.getByTestId('tx-row').first();
  await expect(row).toContainText('Deposit');
  await expect(row).toContainText('Dropped by the network');
  await expect(row).toHaveAttribute('data-status', /failed/i);
  await expect(row).toContainText('not credited');
  await row.getByRole('button', { name: /^Details/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(dialog).toContainText('The network dropped this transaction before it confirmed. Nothing was credited. To deposit, send again to the same address.');
  await page.screenshot({ path: test.info().outputPath('member-dropped-1280.png'), fullPage: true });
});

test('the pay screen says the same in Spanish', async ({ page, request }) => {
  const token = await newEthPayment(request);
  // The address the widget moves to when the poll sees the payment back to new (payment-view.ts moveQuery).
  await page.goto(widget('/payment', token, '&lang=es&reason=dropped'));
  await expect(page.getByRole('heading', { level: 1, name: 'Paga con ETH' })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('La red descartó el pago que vimos: fue reemplazado o gastado dos veces antes de confirmarse. No se ha cobrado nada. Envía el importe de nuevo.');
});
