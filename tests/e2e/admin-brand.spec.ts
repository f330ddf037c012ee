// The console's merchants, fees and white-label editor, as an admin: onboarding a merchant shows its
// secret key once (and never again), the merchant's own fee is what its next payment is created with,
// its own merchant API limit holds its key's next call, and a colour changed in the white-label editor shows live in the preview and, once saved, in the
// member app. Everything changed is put back. Screenshots at 1280 and 390 px land in /tmp/shots-brand-console/.
import { expect, test, type Page } from '@playwright/test';
import { signInOperator } from './admin-helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-brand-console';

async function shoot(page: Page, name: string): Promise<void> {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/${name}-1280.png`, fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true, animations: 'disabled' });
  const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
  expect(widths.scroll, `${name} scrolls sideways at 390 px`).toBeLessThanOrEqual(widths.client);
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('onboard a merchant, see its key once, give it its own fee, and its next payment is created with that fee', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, 'admin');
  const tag = `${Date.now() % 1_000_000}`;
  const merchantId = `mch_e2e_books_${tag}`;

  await page.goto('/sys-admin/merchants');
  await expect(page.getByRole('heading', { level: 1, name: 'Merchants' })).toBeVisible();
  await page.getByRole('button', { name: 'Onboard a merchant' }).click();
  const form = page.locator('form', { has: page.getByRole('heading', { name: 'Onboard a merchant' }) });
  await form.getByLabel('Business name').fill(`E2E Books ${tag}`);
  await form.getByLabel('Merchant id (optional)').fill(merchantId);
  await form.getByLabel('First name').fill('Rosa');
  await form.getByLabel('Last name').fill('Lind');
  await form.getByLabel('Owner e-mail').fill(`owner-${tag}@e2e-books.test`);
  await form.getByLabel('Mobile').fill('+447700900777');
  await form.getByLabel('Own fee in basis points (optional)').fill('abc');
  await form.getByRole('button', { name: 'Onboard merchant' }).click();
  await expect(form.getByText('Enter the fee in basis points as a whole number, like 150 for 1.5 %.')).toBeVisible();
  await expect(form.getByLabel('Own fee in basis points (optional)')).toHaveAttribute('aria-invalid', 'true');
  await form.getByLabel('Own fee in basis points (optional)').fill('');
  await shoot(page, 'merchants-onboard');
  await form.getByRole('button', { name: 'Onboard merchant' }).click();

  const panel = page.getByTestId('secret-key-panel');
  await expect(panel.getByRole('heading', { name: `Merchant ${merchantId} is onboarded` })).toBeFocused();
  const secret = (await panel.getByTestId('secret-key').textContent()) ?? '';
  expect(secret).toMatch(/^sk_test_/);
  await expect(panel.getByText('A link to choose a password was mailed to the owner.')).toBeVisible();
  await shoot(page, 'merchants-secret');
  await panel.getByRole('button', { name: 'I have copied it' }).click();
  await expect(panel).toBeHidden();
  await expect(page.getByRole('link', { name: `E2E Books ${tag}` })).toBeVisible();
  await shoot(page, 'merchants-list');

  // Once: neither the list nor the merchant's page shows the key again.
  await page.reload();
  await expect(page.getByRole('link', { name: `E2E Books ${tag}` })).toBeVisible();
  expect(await page.content()).not.toContain(secret);
  await page.getByRole('link', { name: `E2E Books ${tag}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: `E2E Books ${tag}` })).toBeVisible();
  const keys = page.getByTestId('merchant-keys');
  await expect(keys).toContainText(secret.slice(0, 12));
  await expect(keys).toContainText('Active');
  expect(await page.content()).not.toContain(secret);

  // Its own fee on the fees page.
  await page.goto('/sys-admin/fees');
  await expect(page.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();
  const row = page.getByTestId(`fee-${merchantId}`);
  await row.getByRole('textbox').fill('250');
  await expect(row.getByText('= 2.50 %')).toBeVisible();
  await row.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Saved. New payments use it from now.')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Use default' })).toBeVisible();
  await shoot(page, 'fees');

  // The merchant's server creates a payment with the key it was given: the payment carries 2.50 %.
  const created = await page.request.post('/mapi/api/transaction', {
    headers: { authorization: `Bearer ${secret}`, 'idempotency-key': `e2e-${tag}` },
    data: { merchant_id: merchantId, currency_1_iso: 'BTC', currency: 'EUR', amount: '60.00', transaction_product: 'Atlas' },
  });
  expect(created.status(), await created.text()).toBe(200);
  const token = (await created.json()).request_details.transaction_token as string;
  await page.goto(`/sys-admin/merchants/${merchantId}`);
  const recent = page.getByTestId('recent-payments');
  await expect(recent.getByRole('row', { name: new RegExp(token) })).toContainText('2.50 %');
  await expect(page.getByTestId('merchant-fee')).toHaveText('2.50 %');

  // Its own merchant API limit: refused when not a whole number, then saved, and its key's next call is held to it.
  const limit = page.getByTestId('merchant-rate-limit');
  await expect(limit.getByTestId('merchant-rate-limit-now')).toHaveText('100 a second (platform default)');
  await limit.getByLabel('Own limit, requests a second').fill('2.5');
  await limit.getByRole('button', { name: 'Save limit' }).click();
  await expect(limit.getByText('Enter a whole number of requests a second from 1 to 1000, or leave it empty for the platform default.')).toBeVisible();
  await expect(limit.getByLabel('Own limit, requests a second')).toHaveAttribute('aria-invalid', 'true');
  await limit.getByLabel('Own limit, requests a second').fill('40');
  await limit.getByRole('button', { name: 'Save limit' }).click();
  await expect(limit.getByText('Saved. The merchant API applies it within 5 seconds.')).toBeVisible();
  await expect(limit.getByTestId('merchant-rate-limit-now')).toHaveText('40 a second');
  await shoot(page, 'merchant-detail');
  const expired = await page.request.post('/mapi/api/transaction/expire', {
    headers: { authorization: `Bearer ${secret}`, 'idempotency-key': `e2e-expire-${tag}` },
    data: { merchant_id: merchantId, transaction_id: token },
  });
  expect(expired.status(), await expired.text()).toBe(200);
  expect(expired.headers()['ratelimit-limit']).toBe('40');
  await limit.getByRole('button', { name: 'Use the default' }).click();
  await expect(limit.getByTestId('merchant-rate-limit-now')).toHaveText('100 a second (platform default)');
});

test('a colour changed in the white-label editor shows live in the preview and, once saved, in the member app', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInOperator(page, 'admin');
  await page.goto('/sys-admin/whitelabel');
  await expect(page.getByRole('heading', { level: 1, name: 'White-label' })).toBeVisible();
  const primary = page.getByRole('textbox', { name: 'Primary colour', exact: true });
  const original = await primary.inputValue();
  const button = page.getByTestId('brand-preview-button');

  // A pale colour is flagged, and an invalid one is refused with the field named.
  await primary.fill('#ffe066');
  await expect(page.getByText(/Contrast of its text: 1\.\d\d:1\. Below 4\.5:1/)).toBeVisible();
  await primary.fill('purple');
  await page.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText('Some fields need attention: see the messages below them.')).toBeVisible();
  await expect(page.getByText('must be a hex colour like #053f2e')).toBeVisible();
  await expect(primary).toHaveAttribute('aria-invalid', 'true');

  // Live: the preview follows the unsaved colour.
  await primary.fill('#7a1f5c');
  await expect(button).toHaveCSS('background-color', 'rgb(122, 31, 92)');
  await shoot(page, 'whitelabel');
  await page.getByRole('button', { name: 'Save configuration' }).click();
  await expect(page.getByText('Saved. The member app and the checkout show it from now.')).toBeVisible();

  try {
    // A visitor of the member app, in its own context: the sign-in page wears the saved colour.
    const visitor = await browser.newContext({ baseURL });
    const app = await visitor.newPage();
    await app.goto('/sys-wallets/login');
    await expect(app.getByRole('button', { name: 'Sign in' })).toHaveCSS('background-color', 'rgb(122, 31, 92)');
    await app.screenshot({ path: `${SHOTS}/member-login-after-1280.png` });
    await visitor.close();
  } finally {
    await primary.fill(original);
    await page.getByRole('button', { name: 'Save configuration' }).click();
    await expect(page.getByText('Saved. The member app and the checkout show it from now.')).toBeVisible();
  }
});

test('finance reads the fees but is offered no input to change them', async ({ page }) => {
  await signInOperator(page, 'finance');
  await page.goto('/sys-admin/fees');
  await expect(page.getByRole('heading', { level: 1, name: 'Fees' })).toBeVisible();
  await expect(page.getByText('Your role may read the fees; only an admin may change them.')).toBeVisible();
  await expect(page.getByTestId('fee-default').getByRole('textbox')).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Save' })).toHaveCount(0);
});
