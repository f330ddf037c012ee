// The demo merchant's settlements, as the merchant meets them in the member app: it chooses to convert
// payments to EUR and enters its bank account, a buyer pays in the demo shop, the converted payment is
// ready to pay out, the merchant requests the payout, the test bank confirms it, and the report (CSV
// and PDF) lists the payment with the total the page showed. Screenshots at 1280 and 390 px.
import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { buy, checkoutOf, logged, openShop } from './checkout-helpers.ts';
import { checkoutAtPayment, checkoutState, enterCodes, payWithCard } from './flow-card-helpers.ts';
import { apiFor, signIn } from './identity-helpers.ts';

const MERCHANT = { email: 'merchant@demo.test', password: 'Demo-merchant-2026!' };
const SHOTS = 'test-results/merchant-settlements';

async function payInShop(page: Page): Promise<string> {
  await openShop(page);
  const order = await buy(page, 'walnut-lamp');
  const checkout = checkoutOf(page);
  await checkout.getByRole('button', { name: /\bBTC$/ }).click();
  await checkout.getByRole('button', { name: 'Pay with test coins' }).click();
  await expect(logged(page, 'payment-success')).toHaveCount(1, { timeout: 30_000 });
  return order.payment.transaction_token;
}

test('the demo merchant converts a shop payment to EUR, pays it out to its bank and downloads the report that lists it', async ({ page, context, baseURL }) => {
  test.setTimeout(150_000);
  await signIn(page, MERCHANT.email, MERCHANT.password);
  await expect(page).toHaveURL(/\/wallets$/);
  await page.goto('/sys-wallets/merchantSettlements');
  await expect(page.getByRole('heading', { level: 1, name: 'Merchant Settlements' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Payouts', exact: true })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByText('No payouts yet')).toBeVisible();

  // Policy: convert to EUR at settlement.
  await page.getByLabel('Convert it to my currency at the rate of that moment').check();
  await page.getByLabel('My currency', { exact: true }).selectOption('EUR');
  await page.getByRole('button', { name: 'Save policy' }).click();
  await expect(page.getByText('Settlement policy saved.')).toBeVisible();

  // Settlement info: a wrong IBAN is refused on its field, then the right one is saved.
  await page.getByLabel('Company name', { exact: true }).fill('Verdant Garden Supplies Ltd');
  await page.getByLabel('Company registered address').fill('1 High Street, London EC1A 1BB');
  await page.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 01');
  await page.getByLabel('SWIFT/BIC', { exact: true }).fill('DEUTDEFF');
  await page.getByLabel('Bank name', { exact: true }).fill('Deutsche Bank');
  await page.getByLabel('Bank address', { exact: true }).fill('Taunusanlage 12, 60325 Frankfurt');
  await page.getByRole('button', { name: 'Save settlement info' }).click();
  await expect(page.getByText('This IBAN is not valid: check it against your bank statement.')).toBeVisible();
  await expect(page.getByLabel('IBAN', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('IBAN', { exact: true }).fill('DE89 3704 0044 0532 0130 00');
  await page.getByRole('button', { name: 'Save settlement info' }).click();
  await expect(page.getByText('Settlement info saved.')).toBeVisible();

  // A buyer pays in the demo shop; the settlement converts it.
  const shop = await context.newPage();
  const token = await payInShop(shop);
  await shop.close();

  await page.reload();
  await expect(page.getByText('1 converted payment no payout covers yet.')).toBeVisible();
  const payable = (await page.getByTestId('payable-amount').textContent())?.trim() ?? '';
  expect(payable).toMatch(/^€\d/);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/overview-before-1280.png`, fullPage: true });

  await page.getByRole('button', { name: 'Pay out now' }).click();
  await expect(page.getByText(/^Payout po_.+ requested: .+ to Deutsche Bank\./)).toBeVisible();
  const row = page.getByTestId('payout-row').first();
  await expect(row).toContainText(payable);
  await expect(row).toContainText('DE89 •••• 3000');
  await expect(page.getByText('Nothing to pay out yet. Converted payments appear here when they settle.')).toBeVisible();
  // The test bank confirms after WITHDRAWAL_SETTLE_MS (2 s in the specs).
  await expect(async () => {
    await page.reload();
    await expect(page.getByTestId('payout-row').first()).toContainText('Paid', { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  const payoutId = ((await page.getByTestId('payout-row').first().locator('td.mono').textContent()) ?? '').trim();
  expect(payoutId).toMatch(/^po_/);

  // The reports: the CSV lists the payment and totals what the page showed; the PDF is a PDF.
  const csvDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download the report of payout ${payoutId} as CSV` }).click();
  const csv = await readFile((await (await csvDownload).path())!, 'utf8');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toBe('payment,conversion,order_id,product,settled_at,coin,received,payment_fee,conversion_fee,rate,currency,amount');
  expect(lines.filter((line) => line.startsWith(token))).toHaveLength(1);
  const total = lines.find((line) => line.startsWith('total,'))?.split(',').at(-1);
  expect(`€${total}`).toBe(payable);

  const pdfDownload = page.waitForEvent('download');
  await page.getByRole('link', { name: `Download the report of payout ${payoutId} as PDF` }).click();
  const pdf = await readFile((await (await pdfDownload).path())!);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect((await pdfDownload).suggestedFilename()).toBe(`payout-${payoutId}.pdf`);

  await page.screenshot({ path: `${SHOTS}/overview-paid-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: `${SHOTS}/overview-paid-390.png`, fullPage: true });

  // The widget sub-page: the BTC widget sums; creditcards and wire say what they list (a guest's purchase is the next test).
  await page.getByRole('link', { name: 'Widget', exact: true }).click();
  await expect(page).toHaveURL(/\/merchantSettlements\/widget$/);
  await expect(page.getByTestId('widget-sum-BTC')).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/widget-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.screenshot({ path: `${SHOTS}/widget-1280.png`, fullPage: true });
  await page.getByRole('link', { name: 'Credit cards', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Credit card receipts' })).toBeVisible();
  await page.getByRole('link', { name: 'Wire', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Wire receipts' })).toBeVisible();

  // The same pages in Spanish.
  await page.goto('/sys-wallets/merchantSettlements/wire?lang=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Liquidaciones de comercio' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Cobros por transferencia' })).toBeVisible();
  await page.goto('/sys-wallets/merchantSettlements?lang=es');
  await expect(page.getByRole('heading', { name: 'Datos de liquidación' })).toBeVisible();
  await expect(page.getByTestId('payout-row').first()).toContainText('Pagado');
  await page.screenshot({ path: `${SHOTS}/overview-es-1280.png`, fullPage: true });
  await page.goto('/sys-wallets/merchantSettlements?lang=en');

  // Leave the demo merchant as the other specs expect it: coins kept.
  const api = await apiFor(baseURL);
  const login = await api.post('/v1/users/login', { data: MERCHANT });
  expect(login.ok()).toBe(true);
  const reset = await api.patch('/v1/users/settlementPolicy', { data: { policy: 'keep', fiat_currency: 'EUR', schedule: 'off' } });
  expect(reset.ok()).toBe(true);
  await api.dispose();
});

test('a guest who buys by card on the merchant\'s buy link shows on Credit cards with the figures of their invoice', async ({ page, browser }) => {
  test.setTimeout(120_000);
  // The guest, in a browser of their own: the flow opened with the demo merchant's id, paid by card, the codes entered.
  const guest = await browser.newContext();
  const buyer = await guest.newPage();
  const person = await checkoutAtPayment(buyer, { tag: 'receipt', merchantId: 'mch_demo_verdant' });
  await payWithCard(buyer, '4242 4242 4242 4242');
  await enterCodes(buyer, person);
  await expect(buyer).toHaveURL(/\/sys-flow\/invoice$/, { timeout: 20_000 });
  const paid = await checkoutState(buyer);
  const invoice = (await (await buyer.request.get(`/v1/checkout/invoice/${paid._id}`)).json()) as { data: { invoice_number: string; paid: { amount: string; fee: string }; coins: { amount: string } } };
  await guest.close();

  await signIn(page, MERCHANT.email, MERCHANT.password);
  await expect(page).toHaveURL(/\/wallets$/);
  await page.goto('/sys-wallets/merchantSettlements/creditcards');
  const row = page.getByTestId('receipt-row').filter({ hasText: paid._id });
  await expect(row).toHaveCount(1);
  await expect(row).toContainText(invoice.data.invoice_number);
  await expect(row).toContainText(`${person.firstName} ${person.lastName}`);
  await expect(row).toContainText(invoice.data.paid.amount);
  await expect(row).toContainText(invoice.data.paid.fee);
  await expect(row).toContainText(invoice.data.coins.amount);
  await page.screenshot({ path: `${SHOTS}/creditcards-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  // Loaded again at this width: the phone layout from the start, not the sidebar's closing animation.
  await page.reload();
  await expect(row).toHaveCount(1);
  await page.screenshot({ path: `${SHOTS}/creditcards-390.png`, fullPage: true });
  // Not a bank transfer: the wire tab does not list it.
  await page.goto('/sys-wallets/merchantSettlements/wire');
  await expect(page.getByRole('heading', { level: 2, name: 'Wire receipts' })).toBeVisible();
  await expect(page.getByTestId('receipt-row').filter({ hasText: paid._id })).toHaveCount(0);
});

test('a plain member is told settlements are not for its account', async ({ page }) => {
  await signIn(page, 'member@demo.test', 'Demo-member-2026!');
  await expect(page).toHaveURL(/\/wallets$/);
  await page.goto('/sys-wallets/merchantSettlements/widget');
  await expect(page.getByRole('heading', { name: 'Settlements are not available' })).toBeVisible();
});
