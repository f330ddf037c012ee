// Accepting a late payment from the back office: the developers' simulator (test mode) makes a BTC payment
// and pays it after its window closed, so the lifecycle leaves it invalid and paid late, never credited.
// In merchantTransactions the merchant opens it, accepts it after a step that repeats what will be
// credited, and the detail then shows it settled with that credit, once.
import { expect, test, type APIResponse } from '@playwright/test';
import { randomUUID } from 'node:crypto';

const MERCHANT_LOGIN = { email: 'merchant@demo.test', password: 'Demo-merchant-2026!' };

async function details(response: APIResponse): Promise<any> {
  const body = (await response.json()) as { request_status?: string; request_details?: any };
  expect(body.request_status, JSON.stringify(body)).toBe('1');
  return body.request_details;
}

test('the merchant accepts a late payment from its detail: credited once, after the fee, and shown settled', async ({ page, baseURL }) => {
  const origin = { Origin: new URL(baseURL ?? '').origin };
  await details(await page.request.post('/v1/users/login', { data: MERCHANT_LOGIN, headers: origin }));
  const created = await details(
    await page.request.post('/v1/users/merchant/simulator/payments', { data: { coin: 'BTC', amount: '25.00' }, headers: { ...origin, 'Idempotency-Key': randomUUID() } }),
  );
  const token = created.transaction_token as string;
  await details(
    await page.request.post('/v1/users/merchant/simulator/drive', { data: { transaction_token: token, outcome: 'late' }, headers: { ...origin, 'Idempotency-Key': randomUUID() } }),
  );
  await expect
    .poll(async () => (await details(await page.request.get(`/v1/users/merchant/simulator/payment?transaction_token=${token}`))).status, { timeout: 20_000 })
    .toBe('invalid');

  await page.goto(`/sys-wallets/merchantTransactions?payment=${token}`);
  const detail = page.getByTestId('mtx-detail');
  await expect(detail).toBeVisible();
  // Never credited: the detail says so with a dash, not a zero amount.
  await expect(page.getByTestId('mtx-detail-credited')).toHaveText('—');
  const actions = page.getByTestId('payment-actions');
  await actions.getByRole('button', { name: 'Accept payment' }).click();
  const confirm = actions.getByRole('button', { name: /^Yes, credit [0-9.]+ BTC$/ });
  const credit = /credit ([0-9.]+) BTC/.exec((await confirm.textContent()) ?? '')?.[1] ?? '';
  expect(Number(credit)).toBeGreaterThan(0);
  await confirm.click();

  await expect(actions.getByText(`Accepted: ${credit} BTC was credited to your balance.`)).toBeVisible();
  await expect(page.getByTestId('mtx-detail-credited')).toHaveText(`${credit} BTC`);
  await expect(detail.getByText('Settled').first()).toBeVisible();
  await expect(actions.getByRole('button', { name: 'Accept payment' })).toHaveCount(0);
});
