// Inline mode with the real checkout: the frame in the merchant's page takes the checkout's own
// height (the SDK's 600 px is only where it starts), and follows it when the content changes.
import { expect, test } from '@playwright/test';

const SHOP = `http://127.0.0.1:${process.env.E2E_SHOP_PORT ?? 4180}`;

test('an inline checkout sizes its frame to its content', async ({ page }) => {
  await page.goto(SHOP);
  await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
  await page.evaluate(() => {
    const box = document.createElement('div');
    box.id = 'inline-box';
    box.style.width = '420px';
    document.body.prepend(box);
    window.PayKit!.open({ merchantId: 'mch_demo_verdant', amount: '60.00', currency: 'EUR', mode: 'inline', target: '#inline-box' });
  });
  const frameElement = page.locator('#inline-box > iframe');
  const checkout = page.frameLocator('#inline-box > iframe');
  await expect(checkout.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 15_000 });
  // The frame's height is the checkout's content height, not the SDK's starting 600 px.
  await expect
    .poll(async () => {
      const frameHeight = await frameElement.evaluate((element) => Math.round(element.getBoundingClientRect().height));
      const contentHeight = await checkout.locator('#root').evaluate((root) => Math.ceil(root.getBoundingClientRect().height));
      return frameHeight === contentHeight && frameHeight !== 600;
    })
    .toBe(true);
  // And the checkout shows no scrollbar of its own.
  const scrolls = await checkout.locator('html').evaluate((html) => html.scrollHeight > html.clientHeight + 1);
  expect(scrolls).toBe(false);
});
