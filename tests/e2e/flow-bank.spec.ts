// The guest pays by bank, each journey from the start page in the browser: the method chosen on /payment,
// then the whole verify account step (email and mobile codes read from the dev outbox, the identity on /kyc
// approved by the test KYC provider) before /review; then the wire's bank details, matched by a finance
// operator in the console's Incoming wires, or online banking at the test bank's own page (approved, or
// refused: the failure in words and nothing held). A SEPA wire with a mistyped reference is refused in the
// console, moving nothing. After each journey the console's ledger check runs. Screenshots at 1280 and 390
// wide in /tmp/shots-flow-bank.
import { mkdirSync } from 'node:fs';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { signInOperator } from './admin-helpers.ts';
import { checkoutAtPayment, checkoutState, enterCodes, photo } from './flow-card-helpers.ts';
import type { Person } from './identity-helpers.ts';

const SHOTS = '/tmp/shots-flow-bank';
// The test bank's own origin (playwright.config.ts gives it E2E_BANK_PORT).
const BANK_ORIGIN = `http://127.0.0.1:${process.env.E2E_BANK_PORT ?? 4185}`;

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** On /payment: the bank method chosen and confirmed; the guest is sent to verify their account. */
async function chooseMethod(page: Page, label: string): Promise<void> {
  await page.getByRole('radio', { name: label, exact: true }).check();
  await page.getByRole('button', { name: `Continue with ${label}` }).click();
  await expect(page).toHaveURL(/\/sys-flow\/compliance$/);
}

/**
 * The whole verify account step: the codes, then the identity on /kyc. Only with all three is the guest
 * sent on to /review; with the codes alone they stay on /compliance with the identity still to do.
 */
async function verifyAccount(page: Page, person: Person, shots = false): Promise<void> {
  await expect(page.getByText('Verify your email, mobile and identity to get the bank details for your transfer.')).toBeVisible();
  if (shots) await shoot(page, 'compliance');
  await enterCodes(page, person);
  await expect(page.getByText('Still to do: identity.')).toBeVisible();
  await expect(page).toHaveURL(/\/sys-flow\/compliance$/);
  expect(await checkoutState(page)).toMatchObject({ status: 'created', verified: { id: 3 } });
  await page.getByRole('link', { name: 'Verify your identity' }).click();
  await expect(page).toHaveURL(/\/sys-flow\/kyc$/);
  await page.getByLabel('Document number').fill('TEST-APPROVED');
  await page.getByLabel('Photo of the document (the page with your photo)').setInputFiles(photo(1));
  await page.getByLabel('Selfie').setInputFiles(photo(2));
  if (shots) await shoot(page, 'kyc');
  await page.getByRole('button', { name: 'Send for checking' }).click();
  await expect(page).toHaveURL(/\/sys-flow\/review$/);
  expect(await checkoutState(page)).toMatchObject({ status: 'created', verified: { id: 1 } });
}

/** /review says who is paid, for what and how much, and by which method (named as /payment named it). */
async function review(page: Page, method: string, shots = false): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Confirm your order' })).toBeVisible();
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order.getByText('30.00 EUR')).toBeVisible();
  await expect(order.getByText('Verdant Exchange')).toBeVisible();
  await expect(page.getByRole('definition').filter({ hasText: method })).toHaveText(method);
  if (shots) await shoot(page, `review-${method.toLowerCase().replace(/ /g, '-')}`);
}

/** On /wire: the reference and the amount the guest must send. */
async function wireShown(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Get the bank details' }).click();
  await expect(page).toHaveURL(/\/sys-flow\/wire$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Send your bank transfer' })).toBeVisible();
  await expect(page.getByText(/Send exactly 30\.00 EUR from an account in your name/)).toBeVisible();
  await expect(page.locator('.copy-field').filter({ hasText: 'Amount' }).locator('code')).toHaveText('30.00 EUR');
  await expect(page.getByText('Waiting for your transfer.', { exact: false })).toBeVisible();
  const reference = (await page.locator('.copy-field').filter({ hasText: 'Reference (write it exactly)' }).locator('code').textContent()) ?? '';
  expect(reference).toMatch(/^[A-Z]+-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
  expect(await checkoutState(page)).toMatchObject({ status: 'pending', payment_status: null });
  return reference;
}

/** A finance operator on the console's Incoming wires, in a browser of their own. */
async function financeOperator(browser: Browser): Promise<Page> {
  const operator = await (await browser.newContext()).newPage();
  await signInOperator(operator, 'finance');
  await operator.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Money', exact: true }).click();
  await operator.getByRole('link', { name: 'Incoming wires' }).click();
  await expect(operator).toHaveURL(/\/sys-admin\/money\/incoming-wires$/);
  return operator;
}

async function matchWire(operator: Page, reference: string, amount: string): Promise<void> {
  const form = operator.getByRole('form', { name: 'Record a wire from the bank statement' });
  await form.getByLabel('Reference').fill(reference);
  await form.getByLabel('Amount received').fill(amount);
  await form.getByLabel('Currency').selectOption('EUR');
  await form.getByRole('button', { name: 'Match the wire' }).click();
}

/** The console's ledger check: every account of every asset balances. */
async function ledgerBalanced(browser: Browser, operator?: Page): Promise<void> {
  const page = operator ?? (await (await browser.newContext()).newPage());
  if (!operator) await signInOperator(page, 'finance');
  await page.goto('/sys-admin/money/ledger');
  await page.getByRole('button', { name: 'Run the ledger check' }).click();
  await expect(page.getByRole('heading', { name: 'The ledger is balanced' })).toBeVisible();
  await expect(page.getByTestId('ledger-asset').filter({ hasText: 'EUR' })).toContainText('balanced');
  await page.context().close();
}

test('a wire: verified by codes and identity, the bank details, matched in the console, then the invoice and the coins delivered', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const person = await checkoutAtPayment(page, { tag: 'bank-wire' });
  await shoot(page, 'payment');
  await chooseMethod(page, 'Wire transfer');
  await verifyAccount(page, person, true);
  await review(page, 'Wire transfer', true);
  const reference = await wireShown(page);
  await shoot(page, 'wire');

  const operator = await financeOperator(browser);
  const row = operator.getByRole('row').filter({ hasText: reference });
  await expect(row).toContainText(person.email);
  await expect(row).toContainText('Wire');
  await shoot(operator, 'console-incoming');
  await matchWire(operator, reference, '30.00');
  await expect(operator.getByRole('status').filter({ hasText: `Wire ${reference} matched` })).toBeVisible();
  await expect(operator.getByRole('row').filter({ hasText: reference })).toHaveCount(0);
  await shoot(operator, 'console-matched');

  // The guest's page asks every 10 s whether the transfer arrived, then goes on to the invoice.
  await expect(page).toHaveURL(/\/sys-flow\/invoice$/, { timeout: 30_000 });
  await expect.poll(async () => (await checkoutState(page)).delivery.status, { timeout: 45_000 }).toBe('sent');
  expect(await checkoutState(page)).toMatchObject({ status: 'successful', payment_status: 'successful' });
  await page.reload();
  await expect(page.getByText('30.00 EUR').first()).toBeVisible();
  await shoot(page, 'wire-invoice');
  await ledgerBalanced(browser, operator);
});

test('online banking approved at the test bank: back on /processing_online, then the invoice', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const person = await checkoutAtPayment(page, { tag: 'bank-online-ok' });
  await chooseMethod(page, 'Online banking');
  await verifyAccount(page, person);
  await review(page, 'Online banking', true);
  await page.getByRole('link', { name: 'Continue to your bank' }).click();
  await page.waitForURL((url) => url.origin === BANK_ORIGIN);
  await expect(page.getByText('no real money')).toBeVisible();
  await expect(page.getByText('30.00', { exact: false }).first()).toBeVisible();
  await shoot(page, 'test-bank');
  await page.getByRole('button', { name: 'Approve payment' }).click();
  // The bank sends the guest back to /processing_online, which follows the payment to the invoice.
  await page.waitForURL(/\/sys-flow\/processing_online\?payment=cpay_/, { waitUntil: 'commit' });
  await expect(page).toHaveURL(/\/sys-flow\/invoice$/, { timeout: 30_000 });
  await expect.poll(async () => (await checkoutState(page)).delivery.status, { timeout: 45_000 }).toBe('sent');
  expect(await checkoutState(page)).toMatchObject({ status: 'successful', payment_status: 'successful' });
  await shoot(page, 'online-invoice');
  await ledgerBalanced(browser);
});

test('online banking refused at the test bank: the failure in words, the order closed, nothing held', async ({ page, browser }) => {
  test.setTimeout(150_000);
  const person = await checkoutAtPayment(page, { tag: 'bank-online-refused' });
  await chooseMethod(page, 'Online banking');
  await verifyAccount(page, person);
  await review(page, 'Online banking');
  await page.getByRole('link', { name: 'Continue to your bank' }).click();
  await page.waitForURL((url) => url.origin === BANK_ORIGIN);
  await page.getByRole('button', { name: 'Refuse' }).click();
  await expect(page).toHaveURL(/\/sys-flow\/processing_online\?payment=cpay_/);
  await expect(page.getByText('Your bank refused the payment. Nothing was taken; start a new order to try again or choose another way to pay.')).toBeVisible();
  await shoot(page, 'online-refused');
  expect(await checkoutState(page)).toMatchObject({ status: 'failed', payment_status: null, delivery: { status: null } });
  await ledgerBalanced(browser);
});

test('a SEPA wire with a mistyped reference is refused in the console, moving nothing; the right one is matched', async ({ page, browser }) => {
  test.setTimeout(180_000);
  const person = await checkoutAtPayment(page, { tag: 'bank-sepa-typo' });
  await chooseMethod(page, 'SEPA bank transfer');
  await verifyAccount(page, person);
  await review(page, 'SEPA bank transfer');
  const reference = await wireShown(page);

  const operator = await financeOperator(browser);
  // One character changed: the check character disagrees, so nothing is looked up.
  const i = reference.indexOf('-') + 1;
  const typo = reference.slice(0, i) + (reference[i] === 'A' ? 'B' : 'A') + reference.slice(i + 1);
  await matchWire(operator, typo, '30.00');
  const form = operator.getByRole('form', { name: 'Record a wire from the bank statement' });
  await expect(form.getByRole('alert')).toContainText('one character is mistyped');
  await shoot(operator, 'console-typo');
  await expect(operator.getByRole('row').filter({ hasText: reference })).toContainText('SEPA');
  expect(await checkoutState(page)).toMatchObject({ status: 'pending', payment_status: null });
  await expect(page.getByText('Waiting for your transfer.', { exact: false })).toBeVisible();

  // The same wire with the right reference but a wrong amount: refused too.
  await matchWire(operator, reference, '29.99');
  await expect(form.getByRole('alert')).toContainText('This order expects exactly 30.00 EUR');
  expect(await checkoutState(page)).toMatchObject({ status: 'pending' });

  await matchWire(operator, reference, '30.00');
  await expect(operator.getByRole('status').filter({ hasText: `Wire ${reference} matched` })).toBeVisible();
  await expect(page).toHaveURL(/\/sys-flow\/invoice$/, { timeout: 30_000 });
  await ledgerBalanced(browser, operator);
});
