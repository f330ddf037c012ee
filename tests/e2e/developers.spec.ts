// profile#developers as the demo merchant: a secret key created (shown once) and revoked, a test event
// sent and seen in the delivery log, and the test-mode simulator driving a payment to overpaid.
import { expect, test, type Page } from '@playwright/test';
import { signIn } from './identity-helpers.ts';

const MERCHANT = { email: 'merchant@demo.test', password: 'Demo-merchant-2026!' };

async function openDevelopers(page: Page): Promise<void> {
  await signIn(page, MERCHANT.email, MERCHANT.password);
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await page.goto('/sys-wallets/profile#developers');
  await expect(page.getByRole('heading', { level: 2, name: 'Developers' })).toBeVisible();
}

test('the demo merchant creates a key (shown once), revokes it, sends a test event and runs the simulator to overpaid', async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await openDevelopers(page);
  const section = page.locator('#developers');

  // A new key: its secret once, with the warning and a copy button.
  const label = `e2e key ${Date.now()}`;
  await section.getByLabel('Label of the new key').fill(label);
  await section.getByRole('button', { name: 'Create key' }).click();
  const reveal = section.getByRole('region', { name: 'Your new key' });
  await expect(reveal.getByTestId('secret-value')).toHaveText(/^sk_test_[A-Za-z0-9_-]{43}$/);
  await expect(reveal).toContainText('you will not see it again');
  await expect(reveal.getByRole('button', { name: /Copy/ })).toBeVisible();
  const secret = (await reveal.getByTestId('secret-value').textContent()) ?? '';
  await reveal.getByRole('button', { name: 'I have copied it' }).click();
  await expect(reveal).toHaveCount(0);
  const row = section.getByTestId('api-key-row').filter({ hasText: label });
  await expect(row).toHaveAttribute('data-state', 'active');
  await expect(row).toContainText(secret.slice(0, 12));
  await expect(row).toContainText('Never');
  // The list never shows the secret again.
  await expect(section).not.toContainText(secret);

  const prefix = `${secret.slice(0, 12)}…`;
  await row.getByRole('button', { name: `Revoke ${prefix}` }).click();
  await expect(row).toContainText(`Revoke ${prefix}? Calls with it are refused at once.`);
  await row.getByRole('button', { name: 'Yes, revoke it' }).click();
  await expect(row).toHaveAttribute('data-state', 'revoked');
  await expect(section.getByRole('status').filter({ hasText: `Key ${prefix} is revoked.` })).toBeVisible();

  // A test event, delivered to the demo shop's endpoint, in the log.
  await section.getByRole('button', { name: 'Send a test event' }).click();
  await expect(section.getByRole('status').filter({ hasText: /Test event msg_[A-Za-z0-9_-]+ queued/ })).toBeVisible();
  const testRow = section.getByTestId('delivery-row').filter({ has: page.locator('code', { hasText: /^test$/ }) }).first();
  await expect(testRow).toBeVisible();
  await expect(testRow).toHaveAttribute('data-status', /delivered|failed/, { timeout: 15_000 });
  await expect(testRow).toContainText(/HTTP \d{3}/);

  // The simulator: a payment driven to overpaid settles with the paid_over exception, its webhooks listed.
  const simulator = section.getByRole('group', { name: /Payment simulator/ });
  await simulator.getByLabel('Amount in EUR').fill('25.00');
  await simulator.getByRole('button', { name: 'Create test payment' }).click();
  const payment = simulator.getByTestId('simulated-payment');
  await expect(payment.getByTestId('simulated-status')).toHaveText('new');
  await simulator.getByRole('button', { name: 'Overpaid' }).click();
  await expect(payment.getByTestId('simulated-status')).toHaveText('settled', { timeout: 15_000 });
  await expect(payment.getByTestId('simulated-exception')).toHaveText('paid_over');
  await expect(payment.getByTestId('simulated-events')).toContainText('payment.settled');
  await expect(payment.getByTestId('simulated-webhooks')).toContainText('payment.settled');
  await expect(payment.getByTestId('simulated-webhooks').getByText('Delivered').first()).toBeVisible({ timeout: 15_000 });

  await section.screenshot({ path: 'test-results/developers-1280.png' });
  await page.setViewportSize({ width: 390, height: 844 });
  // A phone opens the page afresh (not a desktop page mid-resize, whose drawer is still sliding away) and
  // drives another payment, to underpaid.
  await page.reload();
  await expect(page.getByRole('heading', { level: 2, name: 'Developers' })).toBeVisible();
  await simulator.getByRole('button', { name: 'Create test payment' }).click();
  await expect(payment.getByTestId('simulated-status')).toHaveText('new');
  await simulator.getByRole('button', { name: 'Underpaid' }).click();
  await expect(payment.getByTestId('simulated-status')).toHaveText('processing', { timeout: 15_000 });
  await expect(payment.getByTestId('simulated-exception')).toHaveText('paid_partial');
  await page.locator('#developers').scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/developers-390-viewport.png' });
  const panels = section.locator('.developers__panel');
  await expect(panels).toHaveCount(4);
  for (let i = 0; i < 4; i += 1) await panels.nth(i).screenshot({ path: `test-results/developers-390-${i}.png` });
  // Nothing is wider than the phone's screen.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});

test('a member without a merchant account has no developers section', async ({ page }) => {
  await signIn(page, 'member@demo.test', 'Demo-member-2026!');
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await page.goto('/sys-wallets/profile');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.locator('#developers')).toHaveCount(0);
});
