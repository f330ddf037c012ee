// A payment link from end to end: the demo merchant makes one in the member app, a buyer opens it in a
// fresh browser (no session, another context), sees who is paid, for what and how much before choosing a
// coin, pays on the test network, and the merchant's list shows the link paid with the payment in it.
import { expect, test } from '@playwright/test';
import { signIn } from './identity-helpers.ts';

const MERCHANT = { email: 'merchant@demo.test', password: 'Demo-merchant-2026!', name: 'Fernhill Supply' };

test('the demo merchant makes a link, a buyer pays it, and the link shows paid', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, MERCHANT.email, MERCHANT.password);
  await page.waitForURL(/\/sys-wallets\/wallets/);
  await page.goto('/sys-wallets/generatePaymentLink');
  await expect(page.getByRole('heading', { level: 1, name: 'Payment links' })).toBeVisible();

  // An empty form is refused in words, before anything is sent.
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByLabel('Amount')).toHaveAttribute('aria-invalid', 'true');

  const orderId = `PL-${Date.now()}`;
  await page.getByLabel('Amount').fill('35.00');
  await page.getByLabel('Product').fill('Fern terrarium');
  await page.getByLabel('Order id (optional)').fill(orderId);
  await page.getByRole('button', { name: 'Create link' }).click();
  await expect(page.getByText('Link created.', { exact: false })).toBeVisible();

  const card = page.getByRole('listitem').filter({ hasText: `Order ${orderId}` });
  await expect(card.getByText('Open', { exact: true })).toBeVisible();
  await expect(card.getByText('35.00 EUR')).toBeVisible();
  await expect(card.getByRole('img', { name: /QR code of the link for Fern terrarium/ })).toBeVisible();
  const url = await card.getByRole('textbox').first().inputValue();
  expect(url).toMatch(/\/sys-widget\/home\?link=pl_[A-Za-z0-9_-]{32}$/);
  await page.screenshot({ path: '/tmp/payment-links-1280.png', fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/payment-links-390.png', fullPage: true, animations: 'disabled' });

  // The buyer: another browser context, no session, only the link.
  const buyerContext = await browser.newContext({ viewport: { width: 390, height: 844 }, baseURL });
  const buyer = await buyerContext.newPage();
  await buyer.goto(url);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
  // Under 50 the spec's header is hidden; the body still says who is paid, for what and how much.
  const summary = buyer.getByLabel('Payment summary');
  await expect(summary).toContainText(MERCHANT.name);
  await expect(summary).toContainText('Fern terrarium');
  await expect(summary).toContainText('€35.00');
  await buyer.screenshot({ path: '/tmp/payment-link-hosted-390.png', fullPage: true, animations: 'disabled' });
  await buyer.setViewportSize({ width: 1280, height: 900 });
  await buyer.screenshot({ path: '/tmp/payment-link-hosted-1280.png', fullPage: true, animations: 'disabled' });
  await buyer.setViewportSize({ width: 390, height: 844 });

  await buyer.getByRole('list', { name: 'Coins you can pay with' }).getByRole('button', { name: /\bBTC$/ }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Pay with BTC' })).toBeVisible();
  await expect(buyer.getByLabel('Payment summary')).toContainText('€35.00');
  // A phone gets the payment URI as a link to its wallet app.
  await expect(buyer.getByRole('link', { name: 'Open in wallet' })).toHaveAttribute('href', /^bitcoin:/);
  await buyer.screenshot({ path: '/tmp/payment-link-pay-390.png', fullPage: true, animations: 'disabled' });
  await buyer.getByRole('button', { name: 'Pay with test coins' }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible({ timeout: 45_000 });
  await expect(buyer.getByTestId('success-amount')).toContainText('€35.00');
  await expect(buyer.getByTestId('success-reference')).toHaveText(/^pay_/);
  await expect(buyer.getByText(orderId)).toBeVisible();
  await buyer.screenshot({ path: '/tmp/payment-link-success-390.png', fullPage: true, animations: 'disabled' });

  // Opened again, the paid link shows its payment's success, never a second bill.
  await buyer.goto(url);
  await expect(buyer.getByRole('heading', { level: 1, name: 'Payment received' })).toBeVisible();
  await buyerContext.close();

  // The merchant's list turns Paid by itself (read again every 10 s), with the payment in it.
  await page.setViewportSize({ width: 1280, height: 900 });
  await expect(card.getByText('Paid', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(card.getByText(/pay_[A-Za-z0-9_-]{22}/)).toBeVisible();
  await expect(card).toContainText('paid · BTC');
});
