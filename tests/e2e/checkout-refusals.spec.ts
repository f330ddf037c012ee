// When the checkout refuses what the merchant page opened it with, the buyer sees the spec's text and the
// merchant page hears an `error` event over the SDK's channel, once: an unknown merchant was already
// reported (widget-home.spec.ts); a token the platform does not know is reported as payment_not_found.
import { expect, test } from '@playwright/test';
import { MERCHANT, openShop } from './checkout-helpers.ts';

test('a token the platform does not know: the buyer sees the spec text, the merchant page gets error payment_not_found once', async ({ page }) => {
  await openShop(page);
  await page.evaluate((merchantId) => {
    const w = window as unknown as { refusals: unknown[] };
    w.refusals = [];
    // Well-formed, but no payment of this merchant has it.
    window.PayKit!.open({ merchantId, token: 'pay_AAAAAAAAAAAAAAAAAAAAAA' }).on('error', (data: unknown) => w.refusals.push(data));
  }, MERCHANT);
  const frame = page.frameLocator('iframe[title="Checkout"]');
  await expect(frame.getByText('Session Expired Please Make another transaction.').first()).toBeVisible({ timeout: 15_000 });
  const refusals = () => page.evaluate(() => (window as unknown as { refusals: unknown[] }).refusals);
  await expect.poll(refusals).toEqual([{ code: 'payment_not_found', message: expect.stringContaining('refused the token') }]);
  await page.waitForTimeout(500);
  expect(await refusals()).toHaveLength(1);
});
