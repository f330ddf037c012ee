// What the money screens say, held against the ledger: the sidebar's Account Value follows a card
// deposit at once (no reload, no waiting for the 10 s poll); the buy preview, quote and result say
// what left the wallet with the fee included; /transactions counts transactions (a conversion is
// one group of two lines) and shows a declined deposit as not credited; the sidebar words its
// add-a-wallet action for whether there is a wallet yet and offers Deposit and Withdraw.
import { expect, test } from '@playwright/test';
import { balances, convert, decimal, details, fillCard, minor, signedInMember } from './money-helpers.ts';

test.describe.configure({ timeout: 90_000 });

test('a deposit moves the sidebar at once; the buy says what left the wallet; transactions count transactions and mark the declined deposit not credited', async ({ page, baseURL }) => {
  await signedInMember(page, baseURL, 'display');
  const sidebar = page.getByRole('navigation', { name: /main/i });
  let loads = 0;
  page.on('load', () => {
    loads += 1;
  });

  // 1. A card deposit: the sidebar figure changes on this page, well before the next 10 s poll.
  await fillCard(page, '500', '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Deposit approved' })).toBeVisible();
  const depositId = (await page.getByTestId('transaction-id').textContent()) ?? '';
  const deposit = await details(page.request, depositId);
  await expect(page.getByTestId('account-value-EUR')).toHaveText(`€${deposit.amount}`, { timeout: 5_000 });
  expect(loads).toBe(1); // the deposit page's own load: no reload since

  // 2. A declined card: the alert says so, nothing is credited.
  await fillCard(page, '100', '4000 0000 0000 0002');
  await expect(page.getByRole('alert')).toContainText('declined');

  // 3. Buy for 200 EUR: the preview, the quote and the result agree on the fee and on what left.
  await page.goto('/sys-wallets/buy?from=EUR&to=BTC');
  await page.getByLabel(/^Amount to spend/).fill('200');
  await expect(page.getByTestId('conversion-preview')).toContainText('(fee €3.00 included)');
  await page.getByRole('button', { name: 'Get quote' }).click();
  await expect(page.getByTestId('quote-pay')).toHaveText('€200.00');
  await expect(page.getByTestId('quote-fee')).toHaveText('€3.00');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Done' })).toBeVisible();
  const buyId = (await page.getByTestId('transaction-id').textContent()) ?? '';
  const buy = await details(page.request, buyId);
  expect(buy).toMatchObject({ amount: '197.00', fee: '3.00', fee_currency: 'EUR' });
  await expect(page.getByTestId('done-paid')).toHaveText('€200.00');
  await expect(page.getByTestId('done-fee')).toHaveText('€3.00');
  await expect(page.getByTestId('done-got')).toHaveText(`${buy.amount_2} BTC`);
  await expect(page.getByRole('status').filter({ hasText: 'You paid' })).toHaveText(`You paid €200.00, fee included, and got ${buy.amount_2} BTC.`);
  // What the member saw leave is what the ledger took: 500 deposited, 200 spent.
  expect((await balances(page.request)).get('EUR')?.balance).toBe(decimal(minor(deposit.amount, 2) - 20_000n, 2));

  // 4. A trade, so the list mixes two conversions with two deposits.
  const tradeId = await convert(page, '/trade?from=BTC&to=ETH', '0.001');

  // 5. Transactions: 4 transactions, 6 lines; the pager counts transactions too.
  await sidebar.getByRole('link', { name: 'Transactions' }).click();
  await expect(page.getByTestId('tx-count')).toHaveText('4 transactions');
  await expect(page.getByText('A conversion is one transaction shown in two lines')).toBeVisible();
  await expect(page.getByTestId('tx-group')).toHaveCount(4);
  await expect(page.getByTestId('tx-row')).toHaveCount(6);
  await expect(page.getByText('1–4 of 4')).toBeVisible();
  for (const id of [buyId, tradeId]) await expect(page.locator(`[data-testid="tx-group"][data-tx="${id}"] [data-testid="tx-row"]`)).toHaveCount(2);

  const row = (id: string, side: string) => page.locator(`[data-testid="tx-row"][data-tx="${id}"]`).filter({ hasText: side });
  await expect(row(buyId, 'Debit').getByTestId('tx-amount')).toHaveText('-€200.00');
  await expect(row(buyId, 'Debit')).toContainText('incl. €3.00 fee');
  await expect(row(buyId, 'Credit').getByTestId('tx-amount')).toHaveText(`+${buy.amount_2} BTC`);
  await expect(row(tradeId, 'Debit').getByTestId('tx-amount')).toHaveText('-0.00100000 BTC');

  // The declined deposit: the €100.00 the member typed, no plus sign, not the colour of money that arrived, and says not credited.
  const declined = page.locator('[data-testid="tx-row"][data-status="failed"]');
  await expect(declined).toHaveCount(1);
  await expect(declined.getByTestId('tx-amount')).toHaveText('€100.00');
  await expect(declined).toContainText('not credited');
  const approved = page.locator(`[data-testid="tx-row"][data-tx="${depositId}"]`).getByTestId('tx-amount');
  await expect(approved).toHaveText(`+€${deposit.amount}`);
  const style = (locator: typeof approved) => locator.evaluate((node) => ({ color: getComputedStyle(node).color, line: getComputedStyle(node).textDecorationLine }));
  const [declinedStyle, approvedStyle] = [await style(declined.getByTestId('tx-amount')), await style(approved)];
  expect(declinedStyle.color).not.toBe(approvedStyle.color);
  expect(declinedStyle.line).toBe('line-through');

  // The details of the buy say the same as its lines.
  await row(buyId, 'Debit').getByRole('button', { name: /^Details/ }).click();
  const dialog = page.getByRole('dialog', { name: 'Transaction details' });
  await expect(dialog.getByTestId('tx-detail')).toContainText('From your wallet-€200.00incl. €3.00 fee');
  await expect(dialog.getByTestId('tx-detail')).toContainText(`To your wallet+${buy.amount_2} BTC`);
});

test('the sidebar says Add a wallet until there is one, then Add another wallet, and offers Deposit and Withdraw in English and Spanish', async ({ page, baseURL }) => {
  await signedInMember(page, baseURL, 'sidebar');
  // "Main" in English, "Principal" in Spanish.
  const sidebar = page.getByRole('navigation', { name: /^(main|principal)$/i });
  await expect(sidebar.getByText('No crypto accounts yet')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Add a wallet' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Add another wallet' })).toHaveCount(0);

  await sidebar.getByRole('link', { name: 'Withdraw', exact: true }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/withdrawal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Withdraw' })).toBeVisible();

  await sidebar.getByRole('link', { name: 'Deposit', exact: true }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/deposit$/);
  await expect(sidebar.getByRole('link', { name: 'Deposit', exact: true })).toHaveAttribute('aria-current', 'page');

  // A wallet made on the deposit page shows in the sidebar at once, and the action changes its words.
  await page.getByRole('button', { name: 'Add a BTC wallet' }).click();
  await expect(page.getByTestId('deposit-address')).toBeVisible();
  await expect(sidebar.getByRole('link', { name: /BTC/ })).toBeVisible({ timeout: 5_000 });
  await expect(sidebar.getByRole('link', { name: 'Add another wallet' })).toBeVisible();
  await expect(sidebar.getByRole('link', { name: 'Add a wallet' })).toHaveCount(0);

  await page.goto('/sys-wallets/wallets?lang=es');
  await expect(sidebar.getByRole('link', { name: 'Depositar', exact: true })).toHaveAttribute('href', '/sys-wallets/deposit');
  await expect(sidebar.getByRole('link', { name: 'Retirar', exact: true })).toHaveAttribute('href', '/sys-wallets/withdrawal');
  await expect(sidebar.getByRole('link', { name: 'Añadir otro monedero' })).toBeVisible();
});
