// Online banking against the test bank, in the browser across two origins: the platform starts a bank
// payment (the test-mode call the checkout's step will replace), the buyer approves or refuses it on the
// bank's own page, lands back on the platform's return URL, and the platform shows the result it stored
// from the bank's signed callback. Screenshots of the bank's page at 1280 and 390 px land in /tmp/shots-test-bank/.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-test-bank';
const BANK_ORIGIN = `http://127.0.0.1:${process.env.E2E_BANK_PORT ?? 4185}`;

async function startPayment(request: APIRequestContext, amount: string): Promise<{ payment_id: string; approval_url: string }> {
  const response = await request.post('/v1/paynet/onlineBanking/testPayment', { data: { amount, currency: 'EUR', description: 'Blue ceramic mug' } });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()).request_details;
}

/** The stored payment, as the return URL shows it (JSON). */
async function landedPayment(page: Page): Promise<{ status: string; payment_id: string; callback_received_at: string | null }> {
  return JSON.parse((await page.locator('body').innerText()).trim()).request_details;
}

test('the buyer approves on the test bank and comes back to a payment stored as approved', async ({ page, request }) => {
  const payment = await startPayment(request, '1250');
  expect(new URL(payment.approval_url).origin).toBe(BANK_ORIGIN);
  await page.goto(payment.approval_url);
  await expect(page.getByRole('banner').getByText('TEST BANK', { exact: true })).toBeVisible();
  await expect(page.getByText('no real money')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Approve this payment?' })).toBeVisible();
  await expect(page.getByText('PayKit demo shop')).toBeVisible();
  await expect(page.getByText('Blue ceramic mug')).toBeVisible();
  await expect(page.getByText('€12.50')).toBeVisible();

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.screenshot({ path: `${SHOTS}/bank-approval-1280.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/bank-approval-390.png`, fullPage: true, animations: 'disabled' });

  // By keyboard: the first Tab reaches "Approve payment", Enter chooses it.
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Approve payment' })).toBeFocused();
  await page.keyboard.press('Enter');
  await page.waitForURL((url) => url.origin !== BANK_ORIGIN);
  expect(page.url()).toContain(`/v1/paynet/onlineBanking/testPayment?payment_id=${payment.payment_id}`);
  // The address carries the id only; the status comes from the platform's store.
  expect(page.url()).not.toContain('approved');
  const landed = await landedPayment(page);
  expect(landed).toMatchObject({ payment_id: payment.payment_id, status: 'approved' });
  expect(landed.callback_received_at).not.toBeNull();

  // Back on the bank's page: the first choice stands.
  await page.goto(payment.approval_url);
  await expect(page.getByRole('heading', { level: 1, name: 'This payment was already approved' })).toBeVisible();
});

test('the buyer refuses, or the bank fails: the platform stores that, nothing else', async ({ page, request }) => {
  for (const [button, status] of [['Refuse', 'refused'], ['The bank fails', 'failed']] as const) {
    const payment = await startPayment(request, '990');
    await page.goto(payment.approval_url);
    await page.getByRole('button', { name: button }).click();
    await page.waitForURL((url) => url.origin !== BANK_ORIGIN);
    expect(await landedPayment(page)).toMatchObject({ payment_id: payment.payment_id, status });
  }
});
