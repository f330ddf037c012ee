// The merchant's back office as the demo merchant uses it: a buyer pays in the demo shop, the payment
// appears in /merchantTransactions while it waits for the coin, settles after the test network's
// confirmations (the page reads the list again every 10 s), its details show the chain transfer and
// the webhook events, the volume counts it, and the wallets page's merchant balance rises by exactly
// what the payment credited. Screenshots at 1280 and 390 px.
import { expect, test, type Page } from '@playwright/test';
import { buy, checkoutOf, logged, openShop } from './checkout-helpers.ts';
import { signIn } from './identity-helpers.ts';

test.describe.configure({ timeout: 150_000 });

const MERCHANT_EMAIL = 'merchant@demo.test';
const MERCHANT_PASSWORD = 'Demo-merchant-2026!';

/** "0.00136441 BTC" -> 136441n: the shown figure in minor units, never recomputed as a float. */
function shownMinor(text: string, decimals: number): bigint {
  const match = /(\d[\d,]*)(?:\.(\d+))?/.exec(text);
  if (!match) throw new Error(`no amount in "${text}"`);
  const whole = match[1]!.replace(/,/g, '');
  const fraction = (match[2] ?? '').padEnd(decimals, '0').slice(0, decimals);
  return BigInt(whole + fraction);
}

async function merchantBalanceBtc(page: Page): Promise<bigint> {
  const card = page.getByTestId('merchant-balance-BTC-amount');
  if ((await card.count()) === 0) return 0n;
  return shownMinor(await card.innerText(), 8);
}

test('a payment from the demo shop appears in merchantTransactions, settles, and raises the merchant balance by what it credited', async ({ page, context }) => {
  await signIn(page, MERCHANT_EMAIL, MERCHANT_PASSWORD);
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  const section = page.getByTestId('merchant-balance');
  await expect(section.getByRole('heading', { name: 'Merchant balance' })).toBeVisible();
  const before = await merchantBalanceBtc(page);

  // The buyer starts a payment in the shop (the shop's server creates it without a coin).
  const shop = await context.newPage();
  await openShop(shop);
  const order = await buy(shop, 'walnut-lamp');
  const token = order.payment.transaction_token;

  // The merchant finds it by the shop's order id: new, no coin chosen yet.
  const sidebar = page.getByRole('navigation', { name: /main/i });
  await sidebar.getByRole('link', { name: 'Merchant Transactions' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/merchantTransactions$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant transactions' })).toBeVisible();
  await page.getByRole('searchbox', { name: 'Search' }).fill(order.id);
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(new RegExp(`q=${order.id}`));
  const row = page.locator(`[data-testid="mtx-row"][data-payment="${token}"]`);
  await expect(row).toBeVisible();
  await expect(row).toHaveAttribute('data-status', 'new');
  await expect(row.getByTestId('mtx-coin')).toHaveText('Coin not chosen yet');
  await expect(page.getByTestId('mtx-count')).toHaveText('1 payment');

  // The buyer chooses BTC and pays with test coins.
  const checkout = checkoutOf(shop);
  await checkout.getByRole('button', { name: /\bBTC$/ }).click();
  await checkout.getByRole('button', { name: 'Pay with test coins' }).click();
  await expect(logged(shop, 'payment-success')).toHaveCount(1, { timeout: 30_000 });

  // Without a reload, the list reads it again: settled, with its confirmations and fee.
  await expect(row).toHaveAttribute('data-status', 'settled', { timeout: 25_000 });
  await expect(row.getByTestId('mtx-status')).toHaveText('Settled');
  await expect(row.getByTestId('mtx-confirmations')).toHaveText(/^\d+ \/ 2$/);
  await expect(row.getByTestId('mtx-fiat')).toContainText('129.00');

  // Its details: the chain transfer, the webhook events, what reached the balance.
  await row.getByRole('button', { name: `Details of payment ${order.id}` }).click();
  await expect(page).toHaveURL(new RegExp(`payment=${token}`));
  const dialog = page.getByRole('dialog', { name: 'Payment' });
  const detail = dialog.getByTestId('mtx-detail');
  await expect(detail).toBeVisible();
  await expect(detail.getByTestId('mtx-chain').locator('li')).toHaveCount(1);
  await expect(detail.getByTestId('mtx-chain')).toContainText('Confirmed');
  const events = detail.getByTestId('mtx-webhooks').locator('li[data-event]');
  await expect(events.filter({ hasText: 'payment.settled' })).toHaveCount(1);
  await expect(events.filter({ hasText: 'payment.detected' })).toHaveCount(1);
  await expect(events.filter({ hasText: 'payment.created' })).toHaveCount(1);
  const credited = shownMinor(await detail.getByTestId('mtx-detail-credited').innerText(), 8);
  expect(credited).toBeGreaterThan(0n);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: 'test-results/merchant-transactions-detail-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: 'test-results/merchant-transactions-detail-390.png' });
  await page.setViewportSize({ width: 1280, height: 900 });
  await dialog.getByRole('button', { name: /close/i }).first().click();
  await expect(page).not.toHaveURL(/payment=/);

  // The volume counts it (this run's server starts empty; other specs may have paid too: at least 129.00).
  const total = page.getByTestId('volume-total');
  await expect(total).not.toHaveText(/^€0\.00$/, { timeout: 15_000 });
  await page.getByText('Show as a table').click();
  await expect(page.getByTestId('volume-table')).toContainText('BTC');

  await page.screenshot({ path: 'test-results/merchant-transactions-1280.png', fullPage: true });
  // A phone loads the page at its own width (resizing an open page would catch the drawer mid-slide).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(row).toHaveAttribute('data-status', 'settled');
  await page.screenshot({ path: 'test-results/merchant-transactions-390.png', fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });

  // The wallets page: the merchant balance rose by exactly what the payment credited, and counts in the total.
  await sidebar.getByRole('link', { name: 'Wallets' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await expect.poll(() => merchantBalanceBtc(page), { timeout: 15_000 }).toBe(before + credited);
  await expect(page.getByTestId('wallets-total')).not.toHaveText('€0.00');
  await expect(page.getByTestId('account-value-EUR')).not.toHaveText('€0.00');
  await page.screenshot({ path: 'test-results/merchant-wallets-1280.png', fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect.poll(() => merchantBalanceBtc(page)).toBe(before + credited);
  await page.screenshot({ path: 'test-results/merchant-wallets-390.png', fullPage: true });
});
