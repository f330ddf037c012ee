// The console's money area as finance and admin operators meet it: a member's wire deposit is matched
// in the Wires tab and the member is credited what arrived; a member's large withdrawal waits as
// "pending approval" until a first operator approves it and a second, different one confirms it (the
// first is offered no second approval). Screenshots of every tab at 1280 and 390 px.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInOperator } from './admin-helpers.ts';
import { apiFor, nextFromOutbox, outboxMark } from './identity-helpers.ts';
import { balances, convert, fillCard, signedInMember } from './money-helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? 'test-results/admin-money';
const BTC_ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';

async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function operatorPage(browser: Browser, role: 'finance' | 'admin'): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  const page = await context.newPage();
  await signInOperator(page, role);
  return page;
}

test('a wire matched in the console credits the member what arrived', async ({ page, browser, baseURL }) => {
  test.setTimeout(90_000);
  await signedInMember(page, baseURL, 'wire');
  const started = await page.request.post('/v1/transactions/deposit', { data: { method: 'wire', currency: 'EUR', amount: '250.00' }, headers: { Origin: new URL(baseURL ?? '').origin } });
  const reference = ((await started.json()) as { request_details: { wire_instructions: { reference: string } } }).request_details.wire_instructions.reference;

  const finance = await operatorPage(browser, 'finance');
  await finance.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Money', exact: true }).click();
  await expect(finance).toHaveURL(/\/sys-admin\/money$/);
  await expect(finance.getByRole('link', { name: 'Wires', exact: true })).toHaveAttribute('aria-current', 'page');
  await finance.getByLabel('Search by reference').fill(reference.slice(4, 8).toLowerCase());
  await finance.getByRole('button', { name: 'Search' }).click();
  const row = finance.getByTestId('wire-row').filter({ hasText: reference });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText('€250.00');
  await shots(finance, 'wires');

  await row.getByRole('button', { name: `Match ${reference}` }).click();
  await expect(finance.getByRole('heading', { name: `Match wire ${reference}` })).toBeFocused();
  const amount = finance.getByLabel('Amount received (EUR)');
  await expect(amount).toHaveValue('250.00');
  await amount.fill('245.00');
  await expect(finance.getByText(/differs from the €250\.00 expected/)).toBeVisible();
  await shots(finance, 'wire-match');
  await finance.getByRole('button', { name: 'Credit €245.00' }).click();
  await expect(finance.getByRole('status').filter({ hasText: `Credited €245.00` })).toContainText('(€250.00 was expected)');
  await expect(finance.getByTestId('wire-row').filter({ hasText: reference })).toHaveCount(0);

  // The member has the money that arrived.
  await expect.poll(async () => (await balances(page.request)).get('EUR')?.balance).toBe('245.00');
  await finance.context().close();
});

test('a large withdrawal waits for a second operator', async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  // EUR 15,000 in and about EUR 14,000 out are above the verified level's limits: the top level.
  const person = await signedInMember(page, baseURL, 'large', { level: 'enhanced' });
  const outbox = await apiFor(baseURL);
  await fillCard(page, '15000', '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Deposit approved' })).toBeVisible();
  await convert(page, '/buy?from=EUR&to=BTC', '14000');

  // 0.24 BTC is worth well over EUR 10,000 at any test price: it is held once confirmed.
  await page.goto('/sys-wallets/withdrawal?currency=BTC');
  await page.getByLabel('BTC address to send to').fill(BTC_ADDRESS);
  await page.getByLabel('Amount to send (BTC)').fill('0.24');
  const mark = await outboxMark(outbox, person.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await page.getByLabel('Code', { exact: true }).fill(await nextFromOutbox(outbox, person.email, mark));
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByRole('heading', { name: 'Withdrawal waiting for approval' })).toBeVisible();
  await expect(page.getByTestId('withdrawal-status')).toHaveText('pending approval');
  const withdrawalId = (await page.getByTestId('transaction-id').textContent()) ?? '';
  await page.goto('/sys-wallets/transactions');
  await expect(page.locator('[data-testid="tx-row"][data-status="pending approval"]')).toHaveCount(1);

  // The maker: finance approves first, and is then offered no second approval.
  const maker = await operatorPage(browser, 'finance');
  await maker.goto('/sys-admin/money/withdrawals');
  const held = maker.getByTestId('held-row').filter({ hasText: person.email });
  await expect(held).toContainText('Needs a first approval');
  await expect(held).toContainText('0.24000000 BTC');
  await shots(maker, 'withdrawals');
  await held.getByRole('button', { name: /^Approve:/ }).click();
  await maker.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(maker.getByRole('status').filter({ hasText: 'A second operator must now confirm' })).toBeVisible();
  await expect(held).toContainText('You approved it; a second operator must confirm');
  await expect(held.getByRole('button', { name: /^Confirm and send:/ })).toHaveCount(0);

  // Still held: nothing left the member's wallet.
  await page.reload();
  await expect(page.locator('[data-testid="tx-row"][data-status="pending approval"]')).toHaveCount(1);

  // The checker: a different operator (admin) confirms, and the withdrawal is released.
  const checker = await operatorPage(browser, 'admin');
  await checker.goto('/sys-admin/money/withdrawals');
  const same = checker.getByTestId('held-row').filter({ hasText: person.email });
  await expect(same).toContainText(/Approved by .+; needs a second operator/);
  await shots(checker, 'withdrawals-second');
  await same.getByRole('button', { name: /^Confirm and send:/ }).click();
  await checker.getByRole('button', { name: 'Confirm and send', exact: true }).click();
  await expect(checker.getByRole('status').filter({ hasText: 'is released' })).toBeVisible();
  await expect(checker.getByTestId('held-row').filter({ hasText: person.email })).toHaveCount(0);

  // Released: the payout worker sends it like any other withdrawal.
  await expect
    .poll(async () => {
      const response = await page.request.post('/v1/transactions/getTransactionStatus', { data: { transaction_id: withdrawalId }, headers: { Origin: new URL(baseURL ?? '').origin } });
      return ((await response.json()) as { request_details: { status: string } }).request_details.status;
    }, { timeout: 30_000 })
    .toMatch(/^(pending|completed)$/);

  // The other tabs, for the record.
  await checker.goto('/sys-admin/money/payouts');
  await expect(checker.getByRole('heading', { name: 'Merchant payouts' })).toBeVisible();
  await shots(checker, 'payouts');
  await checker.goto('/sys-admin/money/ledger');
  await checker.getByRole('button', { name: 'Run the ledger check' }).click();
  await expect(checker.getByRole('heading', { name: 'The ledger is balanced' })).toBeVisible();
  await expect(checker.getByTestId('ledger-asset').filter({ hasText: 'EUR' })).toContainText('balanced');
  await shots(checker, 'ledger');
  await Promise.all([maker.context().close(), checker.context().close(), outbox.dispose()]);
});
