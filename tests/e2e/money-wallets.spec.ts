// Wallets, one wallet and the transactions list, as a member uses them: add a BTC wallet, send
// test coins to its deposit address on the test network, watch the deposit go from pending to
// approved, see the balance and the sidebar's Account Value follow, find it in /transactions with
// filters in the address, and read it all in Spanish.
import { expect, test, type Page } from '@playwright/test';
import { apiFor, createMember, newPerson, signIn } from './identity-helpers.ts';

test.describe.configure({ timeout: 120_000 });

async function signedInMember(page: Page, baseURL: string | undefined, tag: string) {
  // A fresh member per test: one live session per user, so sharing the demo member across
  // parallel specs would sign them out of each other.
  const person = newPerson(tag);
  await createMember(baseURL, person);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  return person;
}

test('add a BTC wallet, receive test coins: pending, then approved; balance, Account Value and transactions follow', async ({ page, baseURL, context }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signedInMember(page, baseURL, 'wallets');
  const sidebar = page.getByRole('navigation', { name: /main/i });

  // A new member: the EUR wallet only, no crypto yet, Account Value zero.
  await expect(page.getByRole('heading', { name: 'No wallets yet' })).toBeVisible();
  await expect(page.getByTestId('wallet-EUR')).toBeVisible();
  await expect(sidebar.getByText('No crypto accounts yet')).toBeVisible();
  await expect(page.getByTestId('account-value-BTC')).toHaveText('0.00000000 BTC');

  // Add BTC from the picker.
  await page.getByLabel('Coin').selectOption('BTC');
  await page.getByRole('button', { name: 'Add wallet' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your BTC wallet is ready.' })).toBeVisible();
  await expect(page.getByTestId('wallet-BTC')).toContainText('0.00000000 BTC');
  // The wallet wears Bitcoin's real icon; EUR its own.
  const btcIcon = page.getByTestId('wallet-BTC').locator('img.coin-mark');
  await expect(btcIcon).toHaveAttribute('src', '/static/coins/btc.svg');
  // The icon may still be on its way when the row paints: wait for it to load and decode to a real picture.
  await expect.poll(() => btcIcon.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(page.getByTestId('wallet-EUR').locator('img.coin-mark')).toHaveAttribute('src', '/static/coins/eur.svg');
  await page.screenshot({ path: test.info().outputPath('wallets-icons.png') });
  await expect(page.getByLabel('Coin').locator('option', { hasText: 'BTC' })).toHaveCount(0);
  await sidebar.getByRole('link', { name: /BTC/ }).click();

  // The wallet page: deposit address, its QR code, copy.
  await expect(page).toHaveURL(/\/sys-wallets\/wallets\/BTC$/);
  await expect(page.getByRole('heading', { level: 1, name: 'BTC wallet' })).toBeVisible();
  await expect(page.getByTestId('deposit-address')).toBeVisible();
  const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
  expect(address).toMatch(/^tb1q[0-9a-z]+$/);
  await expect(page.getByRole('img', { name: 'QR code of your BTC deposit address' })).toBeVisible();
  await page.getByRole('button', { name: 'Copy address' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Address copied' })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
  await expect(page.getByRole('link', { name: 'Buy', exact: true })).toHaveAttribute('href', '/sys-wallets/buy?to=BTC');

  // The test network panel sends coins: the deposit shows as pending at once.
  const panel = page.getByRole('region', { name: /Test network/ });
  await expect(panel).toContainText('2 blocks');
  await panel.getByLabel('Amount of test BTC').fill('0.00250000');
  await panel.getByRole('button', { name: 'Send test coins' }).click();
  await expect(panel.getByRole('status')).toContainText('Sent 0.00250000 BTC.');
  const activity = page.getByRole('region', { name: 'Activity' });
  const row = activity.getByTestId('tx-row').first();
  await expect(row).toContainText('Deposit');
  await expect(row).toContainText('+0.00250000 BTC');
  await expect(row).toHaveAttribute('data-status', /pending|approved/);

  // Blocks confirm it (mined by hand here, so the spec does not wait on the block timer).
  const api = await apiFor(baseURL);
  const mined = await api.post('/v1/test-network/mine', { data: { blocks: 2 } });
  expect(mined.ok()).toBe(true);
  await api.dispose();
  await expect(row).toHaveAttribute('data-status', 'approved', { timeout: 20_000 });
  await expect(row.getByText('approved')).toBeVisible();
  await expect(page.getByTestId('wallet-balance')).toHaveText('0.00250000 BTC', { timeout: 15_000 });
  await expect(page.getByTestId('wallet-pending')).toHaveText('0.00000000 BTC');
  // The sidebar follows: the 10 s refresh, then the 1.5 s animation.
  await expect(page.getByTestId('account-value-BTC')).toHaveText('0.00250000 BTC', { timeout: 20_000 });
  await expect(sidebar.getByRole('link', { name: /BTC/ })).toContainText('0.00250000');

  // /transactions lists it approved; its details open in a dialog.
  await sidebar.getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transactions');
  const txRow = page.getByTestId('tx-row').first();
  await expect(txRow).toContainText('Deposit');
  await expect(txRow).toContainText('BTC');
  await expect(txRow).toContainText('approved');
  await txRow.getByRole('button', { name: /^Details/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(dialog.getByTestId('tx-detail')).toContainText(address);
  await expect(dialog).toContainText(/Confirmed \(\d+ blocks\)/);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
});

test('transactions filters live in the address; Spanish labels with ?lang=es; statements download; an unknown coin is the 404 page', async ({ page, baseURL }) => {
  await signedInMember(page, baseURL, 'txfilters');
  await page.getByRole('button', { name: 'Add all coins' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your wallets are ready.' })).toBeVisible();
  await expect(page.getByText('You already have a wallet for every coin we support.')).toBeVisible();
  for (const coin of ['BTC', 'LTC', 'ETH', 'BCH', 'USDT', 'USDC']) await expect(page.getByTestId(`wallet-${coin}`)).toBeVisible();

  // Pay the ETH wallet so there is one deposit to filter.
  await page.goto('/sys-wallets/wallets/ETH');
  await expect(page.getByTestId('deposit-address')).toHaveText(/^0x[0-9a-fA-F]{40}$/);
  const address = (await page.getByTestId('deposit-address').textContent()) ?? '';
  const api = await apiFor(baseURL);
  expect((await api.post('/v1/test-network/pay', { data: { asset: 'ETH', address, amount: '0.01000000' } })).ok()).toBe(true);
  expect((await api.post('/v1/test-network/mine', { data: { blocks: 6 } })).ok()).toBe(true);
  await api.dispose();

  await page.goto('/sys-wallets/transactions');
  await expect(page.getByTestId('tx-row').first()).toContainText('approved', { timeout: 20_000 });

  await page.getByLabel('Type').selectOption('withdrawal');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/\/transactions\?type=withdrawal$/);
  await expect(page.getByRole('heading', { name: 'No transactions match these filters.' })).toBeVisible();

  await page.goBack();
  await expect(page.getByTestId('tx-row')).toHaveCount(1);

  await page.getByLabel('Currency').selectOption('ETH');
  await page.getByLabel('Status').selectOption('completed');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page).toHaveURL(/currency=ETH&status=completed/);
  await expect(page.getByTestId('tx-row')).toHaveCount(1);
  await expect(page.getByText('1–1 of 1')).toBeVisible();

  await page.getByLabel('From', { exact: true }).fill('2026-12-31');
  await page.getByLabel('To', { exact: true }).fill('2026-01-01');
  await page.getByRole('button', { name: 'Apply filters' }).click();
  await expect(page.getByRole('alert')).toHaveText('The start date must be on or before the end date.');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(page).toHaveURL(/\/transactions$/);

  await page.goto('/sys-wallets/transactions?lang=es&currency=ETH');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Transacciones');
  await expect(page.getByTestId('tx-row').first()).toContainText('Depósito');
  await expect(page.getByTestId('tx-row').first()).toContainText('aprobada');
  await expect(page.getByRole('button', { name: 'Aplicar filtros' })).toBeVisible();

  await page.goto('/sys-wallets/wallets?lang=es');
  await expect(page.getByRole('heading', { name: 'Monederos de cripto' })).toBeVisible();

  // profile#statements: a date range and a plain download link (the session rides in the cookie).
  // Back to English explicitly: the ?lang=es above is remembered for every later page.
  await page.goto('/sys-wallets/profile?lang=en#statements');
  const statements = page.getByRole('region', { name: 'Account statements' });
  await statements.getByLabel('From', { exact: true }).fill('2026-01-01');
  const download = statements.getByRole('link', { name: 'Download CSV' });
  await expect(download).toHaveAttribute('href', /^\/v1\/transactions\/statement\?from=2026-01-01&to=\d{4}-\d{2}-\d{2}$/);
  const csv = await page.request.get((await download.getAttribute('href')) ?? '');
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toContain('text/csv');
  expect(await csv.text()).toContain('ETH');
  await statements.getByLabel('To', { exact: true }).fill('2025-12-31');
  await expect(statements.getByRole('alert')).toHaveText('The first day must be on or before the last day.');
  await expect(download).toHaveCount(0);

  await page.goto('/sys-wallets/wallets/DOGE');
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();
});
