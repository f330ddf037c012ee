// The money journey in the browser: a new member deposits 500 EUR with the
// test card 4242…, buys BTC for 200 EUR, trades part of the BTC to ETH, withdraws some ETH with the
// code from the outbox, and finds every step in /transactions with the labels of spec §4 while the
// balances add up to the figures of each step. Plus the 3-D Secure card and the declined cards.
import { expect, test } from '@playwright/test';
import { apiFor, hostOrigin, newPerson, nextFromOutbox, outboxMark } from './identity-helpers.ts';
import { balances, convert, decimal, details, ETH_ADDRESS, fillCard, minor, signedInMember, verifyIdentityForTests, withdrawalFeeOf } from './money-helpers.ts';

test('deposit by card -> buy BTC -> trade to ETH -> withdraw with a code -> every step in transactions', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  const person = await signedInMember(page, baseURL, 'money');
  const api = page.request;
  const outbox = await apiFor(baseURL);

  // 1. 500 EUR by the test card that succeeds.
  await fillCard(page, '500', '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Deposit approved' })).toBeVisible();
  await expect(page.getByTestId('deposit-status')).toHaveText('approved');
  const depositId = (await page.getByTestId('transaction-id').textContent()) ?? '';
  const deposit = await details(api, depositId);
  expect(minor(deposit.amount, 2) + minor(deposit.fee, 2)).toBe(50000n);

  // 2. Buy BTC for 200 EUR; more than the balance is refused before any quote.
  await page.goto('/sys-wallets/buy?from=EUR&to=BTC');
  await page.getByLabel(/^Amount to spend/).fill('100000');
  await expect(page.getByText(/The maximum is|You have .* available\. Enter/)).toBeVisible();
  const buyId = await convert(page, '/buy?from=EUR&to=BTC', '200');
  const buy = await details(api, buyId);
  expect(buy).toMatchObject({ currency_iso: 'EUR', amount: '197.00', fee: '3.00', currency_2_iso: 'BTC', status: 'completed' });

  // 3. Trade part of the BTC to ETH.
  const tradeId = await convert(page, '/trade?from=BTC&to=ETH', '0.001');
  const trade = await details(api, tradeId);
  expect(trade).toMatchObject({ currency_iso: 'BTC', currency_2_iso: 'ETH', status: 'completed' });
  expect(minor(trade.amount, 8) + minor(trade.fee, 8)).toBe(100000n);

  // 4. Withdraw 0.01 ETH: 2-FA Pending until the code from the outbox confirms it.
  await page.goto('/sys-wallets/withdrawal?currency=ETH');
  await page.getByLabel('ETH address to send to').fill(ETH_ADDRESS);
  await page.getByLabel('Amount to send (ETH)').fill('0.01');
  const mark = await outboxMark(outbox, person.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm the withdrawal' })).toBeVisible();
  await expect(page.getByText(/Enter the code we sent to \S+@example\.test\./)).toBeVisible();
  // The code step repeats what is being confirmed: what leaves (amount and fee), the fee, what arrives, where to.
  const ethFee = await withdrawalFeeOf(page, 'ETH');
  await expect(page.getByTestId('withdrawal-total')).toHaveText(`${decimal(1_000_000n + minor(ethFee, 8), 8)} ETH`);
  await expect(page.getByTestId('withdrawal-fee')).toHaveText(`${ethFee} ETH`);
  await expect(page.getByTestId('withdrawal-arrives')).toHaveText('0.01000000 ETH');
  await expect(page.getByTestId('withdrawal-to')).toHaveText(ETH_ADDRESS);
  // Meanwhile the transactions screen (another tab) shows it as 2-FA Pending.
  const other = await page.context().newPage();
  await other.goto('/sys-wallets/transactions');
  await expect(other.locator('[data-testid="tx-row"][data-status="2-FA Pending"]')).toHaveCount(1);
  await other.close();
  await page.getByLabel('Code', { exact: true }).fill(await nextFromOutbox(outbox, person.email, mark));
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByRole('heading', { name: 'Withdrawal on its way' })).toBeVisible();
  const withdrawalId = (await page.getByTestId('transaction-id').textContent()) ?? '';

  // 5. The transactions screen shows each step with the spec §4 labels.
  await expect.poll(async () => (await details(api, withdrawalId)).status, { timeout: 20_000 }).toBe('completed');
  await page.goto('/sys-wallets/transactions');
  const row = (id: string) => page.locator(`[data-testid="tx-row"][data-tx="${id}"]`);
  await expect(row(depositId)).toHaveAttribute('data-status', 'approved');
  for (const id of [buyId, tradeId]) {
    await expect(row(id)).toHaveCount(2);
    await expect(row(id).filter({ hasText: 'Debit' })).toHaveAttribute('data-status', 'approved');
    await expect(row(id).filter({ hasText: 'Credit' })).toHaveAttribute('data-status', 'approved');
  }
  await expect(row(withdrawalId)).toHaveAttribute('data-status', 'approved');

  // 6. The balances are exactly what the steps left.
  const withdrawal = await details(api, withdrawalId);
  const wallets = await balances(api);
  expect(minor(wallets.get('EUR')?.balance ?? '', 2)).toBe(minor(deposit.amount, 2) - 20000n);
  expect(minor(wallets.get('BTC')?.balance ?? '', 8)).toBe(minor(buy.amount_2 ?? '', 8) - 100000n);
  expect(minor(wallets.get('ETH')?.balance ?? '', 8)).toBe(minor(trade.amount_2 ?? '', 8) - minor(withdrawal.amount, 8) - minor(withdrawal.fee, 8));
  await outbox.dispose();
});

test('a 3-D Secure card asks the test acquirer: approve credits, fail declines', async ({ page, baseURL }) => {
  await signedInMember(page, baseURL, '3ds');
  await fillCard(page, '50', '4000 0027 6000 3184');
  const dialog = page.getByRole('dialog', { name: 'Test acquirer — 3-D Secure' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Approve' }).click();
  await expect(page.getByRole('heading', { name: 'Deposit approved' })).toBeVisible();

  await fillCard(page, '60', '4000 0027 6000 3184');
  await page.getByRole('dialog', { name: 'Test acquirer — 3-D Secure' }).getByRole('button', { name: 'Fail' }).click();
  await expect(page.getByRole('alert')).toContainText('declined');
  await expect(page.getByRole('heading', { name: 'Deposit approved' })).toHaveCount(0);
});

test('declined cards say so and credit nothing', async ({ page, baseURL }) => {
  await signedInMember(page, baseURL, 'declined');
  for (const number of ['4000 0000 0000 0002', '4000 0000 0000 9995']) {
    await fillCard(page, '25', number);
    await expect(page.getByRole('alert')).toContainText('declined');
  }
  // A typo never reaches the acquirer: the Luhn check names the field.
  await fillCard(page, '25', '4242 4242 4242 4241');
  await expect(page.getByText('This card number is not valid. Check the digits.')).toBeVisible();
  const wallets = await balances(page.request);
  expect(wallets.get('EUR')?.balance).toBe('0.00');
});

test('wl2 (enable_withdraw, wl_id 2): no Trade page, and Withdraw Fiat to a new bank account with a code', async ({ page, baseURL }) => {
  test.setTimeout(60_000);
  const origin = hostOrigin(baseURL, 'wl2.localhost');
  const person = newPerson('wl2money');
  const outbox = await apiFor(baseURL);
  const emailMark = await outboxMark(outbox, person.email);
  const mobileMark = await outboxMark(outbox, person.mobile);
  await page.goto(`${origin}/sys-wallets/register`);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Mobile number').fill(person.mobile);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/verification$/);
  for (const [label, to, mark] of [[/^Code sent to .*@example\.test$/, person.email, emailMark], [/^Code sent to \+/, person.mobile, mobileMark]] as const) {
    const field = page.getByLabel(label);
    await field.fill(await nextFromOutbox(outbox, to, mark));
    await field.locator('xpath=ancestor::form').getByRole('button', { name: 'Verify', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await verifyIdentityForTests(page);

  // Trade is off for this provider: the page does not exist.
  await page.goto(`${origin}/sys-wallets/trade`);
  await expect(page.getByRole('heading', { name: 'This page could not be found' })).toBeVisible();

  await fillCard(page, '200', '5555 5555 5555 4444', origin);
  await expect(page.getByRole('heading', { name: 'Deposit approved' })).toBeVisible();

  await page.goto(`${origin}/sys-wallets/withdrawal?tab=fiat`);
  await expect(page.getByRole('tab', { name: 'Withdraw Fiat' })).toHaveAttribute('aria-selected', 'true');
  await page.getByLabel('Account holder name').fill('Dana Okafor');
  await page.getByLabel('Bank name').fill('Harbor Test Bank');
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 01');
  await page.getByLabel('SWIFT/BIC').fill('COBADEFFXXX');
  await page.getByRole('button', { name: 'Save the bank account' }).click();
  await expect(page.getByText(/This IBAN has a typo/)).toBeVisible();
  await page.getByLabel('IBAN').fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Save the bank account' }).click();
  await expect(page.getByRole('radio', { name: /Dana Okafor/ })).toBeChecked();

  await page.getByLabel('Amount to send (EUR)').fill('60');
  const mark = await outboxMark(outbox, person.email);
  await page.getByRole('button', { name: 'Continue' }).click();
  // The code step names the bank account and the figures before the code is asked for.
  const eurFee = await withdrawalFeeOf(page, 'EUR');
  await expect(page.getByTestId('withdrawal-to')).toContainText('Dana Okafor');
  await expect(page.getByTestId('withdrawal-to')).toContainText('DE89 •••• 3000'); // the IBAN as the server shows a saved one
  await expect(page.getByTestId('withdrawal-arrives')).toHaveText('€60.00');
  await expect(page.getByTestId('withdrawal-total')).toHaveText(`€${decimal(6_000n + minor(eurFee, 2), 2)}`);
  await page.getByLabel('Code', { exact: true }).fill('000000');
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByText(/The code is not correct/)).toBeVisible();
  await page.getByLabel('Code', { exact: true }).fill(await nextFromOutbox(outbox, person.email, mark));
  await page.getByRole('button', { name: 'Confirm withdrawal' }).click();
  await expect(page.getByRole('heading', { name: 'Withdrawal on its way' })).toBeVisible();
  await expect(page.getByTestId('withdrawal-status')).toHaveText(/pending|approved/);
  await outbox.dispose();
});
