import { coinPrice } from '../../core/coin-price.ts';
import { mkdirSync, readFileSync } from 'node:fs';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { signInOperator } from './admin-helpers.ts';
import { payAndClear, startCheckout } from './flow-api-helpers.ts';
import { signIn } from './identity-helpers.ts';

// After paying (sys-flow /invoice): a checkout made successful through the API (the test route, a test card
// authorised, then captured once the email and mobile codes from the dev outbox clear it) lands on /invoice, which shows the server's figures and follows the delivery until the
// transaction id; its PDF holds the same invoice number; the receipt mail carries it; the guest opens an
// account from the page, and that account's first sign-in lands on /buy (spec §4 registration attempt marker)
// with the purchase in its transactions.
const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const SHOTS = '/tmp/shots-flow-invoice';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function json(response: Awaited<ReturnType<APIRequestContext['get']>>) {
  const body = (await response.json()) as { success?: boolean; data?: any; request_status?: string; request_details?: any };
  expect(response.ok(), JSON.stringify(body)).toBe(true);
  return body.data ?? body.request_details;
}

test('a paid checkout\'s invoice, its PDF and receipt, and an account opened from it that lands on /buy', async ({ page, baseURL }) => {
  // The browser's own cookie jar: the flow cookie set here is the one the page then uses.
  const api = page.request;
  const checkout = await startCheckout(api, baseURL, { tag: 'invoice' });
  const { id } = checkout;
  const { email } = checkout.person;
  await payAndClear(api, checkout);

  // A paid checkout belongs on /invoice (spec §4): the start sends it there.
  await page.goto('/sys-flow/details');
  await expect(page).toHaveURL(/\/sys-flow\/invoice$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your invoice' })).toBeVisible();
  const invoice = await json(await api.get(`/v1/checkout/invoice/${id}`));
  await expect(page.getByRole('heading', { name: `Invoice ${invoice.invoice_number}` })).toBeVisible();
  const figures = page.getByRole('region', { name: 'What you paid' });
  await expect(figures.getByText(`${invoice.paid.amount} EUR`)).toBeVisible();
  await expect(figures.getByText(`${invoice.paid.fee} EUR`)).toBeVisible();
  await expect(figures.getByText(`${invoice.paid.net} EUR`)).toBeVisible();
  await expect(figures.getByText(`${invoice.coins.amount} BTC`)).toBeVisible();
  // The same price the order showed before paying: one coin in the fiat.
  await expect(figures.getByText(`1 BTC = ${coinPrice(invoice.rate, 'EUR')} EUR`)).toBeVisible();
  await expect(page.getByText('Ana García')).toBeVisible();

  // The worker sends the coins; the page follows until the transaction id shows.
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery.getByRole('status')).toContainText('Sent to your address on', { timeout: 15_000 });
  const sent = await json(await api.get(`/v1/checkout/invoice/${id}`));
  expect(sent.delivery.txid).toMatch(/\S+/);
  await expect(delivery.getByText(sent.delivery.txid)).toBeVisible();
  await shoot(page, 'invoice');
  // Printed, only the invoice remains (no header, buttons or the account box).
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('button', { name: 'Print' })).toBeHidden();
  await expect(page.getByRole('region', { name: 'Create an account to keep this purchase' })).toBeHidden();
  await page.screenshot({ path: `${SHOTS}/invoice-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // The PDF: a download named after the invoice, holding its number.
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download PDF' }).click()]);
  expect(download.suggestedFilename()).toBe(`invoice-${invoice.invoice_number}.pdf`);
  const pdf = readFileSync((await download.path())!).toString('latin1');
  expect(pdf.startsWith('%PDF')).toBe(true);
  expect(pdf).toContain(`Invoice ${invoice.invoice_number}`);

  // The receipt mail, once the coins are sent, with the invoice number and the transaction id (the newest
  // mail to the guest: the verification code came before it).
  const latestMail = async () => {
    const answer = await api.get(`/dev/outbox/latest?to=${encodeURIComponent(email)}&format=json`);
    return answer.ok() ? await json(answer) : null;
  };
  await expect.poll(async () => (await latestMail())?.subject ?? '', { timeout: 15_000 }).toContain(invoice.invoice_number);
  const receipt = await latestMail();
  expect(receipt.text).toContain(sent.delivery.txid);

  // Open an account from the invoice.
  const box = page.getByRole('region', { name: 'Create an account to keep this purchase' });
  await box.getByLabel('Choose a password').fill('short');
  await box.getByRole('button', { name: 'Create my account' }).click();
  await expect(box.getByLabel('Choose a password')).toHaveAttribute('aria-invalid', 'true');
  const password = `Kept-purchase-${Date.now()}`;
  await box.getByLabel('Choose a password').fill(password);
  await box.getByRole('button', { name: 'Create my account' }).click();
  await expect(box.getByRole('status')).toContainText(`Sign in with ${email}`);
  await shoot(page, 'invoice-registered');

  // The first sign-in: the e-mail and mobile were proven by code in the flow (paying needs them), so the
  // member asks for none again and lands on /buy.
  await page.context().clearCookies();
  await signIn(page, email, password);
  await expect(page).toHaveURL(/\/sys-wallets\/buy$/);
  // The purchase is in the member's history, with its invoice number.
  const history = await json(await api.get('/v1/transactions/getTransactions'));
  expect(history.transactions.map((t: { reference: string; operation: string }) => [t.operation, t.reference])).toContainEqual(['buy', invoice.invoice_number]);
});

test('an admin creates a coupon in the console and a guest applies it on /details: a lower fee, more coins', async ({ page, baseURL }) => {
  const code = `E2E${Date.now().toString(36).toUpperCase()}`;
  await signInOperator(page, 'admin');
  await page.goto('/sys-admin/fees');
  const panel = page.getByRole('region', { name: 'Coupons' });
  await panel.getByLabel('Code', { exact: true }).fill(code.toLowerCase());
  await panel.getByLabel('Percent off the buy fee').fill('50');
  await panel.getByLabel('Maximum uses (optional)').fill('10');
  await panel.getByRole('button', { name: 'Create coupon' }).click();
  await expect(panel.getByRole('status')).toHaveText(`Coupon ${code} created.`);
  const row = panel.getByRole('row').filter({ hasText: code });
  await expect(row).toContainText('50 %');
  await expect(row).toContainText('0 / 10');
  await expect(row).toContainText('Usable');
  await shoot(page, 'console-coupons');
  await page.context().clearCookies();

  // A guest's checkout on /details: the coupon lowers the fee of the order summary.
  const origin = { origin: baseURL ?? '' };
  const init = await json(await page.request.post('/v1/checkout/init', { data: { test: true, cryptoAddress: ADDRESS }, headers: origin }));
  await page.goto('/sys-flow/details');
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order.getByText(`${init.checkout.fiatCurrency.fee} EUR`)).toBeVisible();
  await page.getByLabel('Coupon code').fill('NOT-A-CODE');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page.getByLabel('Coupon code')).toHaveAttribute('aria-invalid', 'true');
  await page.getByLabel('Coupon code').fill(code);
  await page.getByRole('button', { name: 'Apply' }).click();
  const priced = await json(await page.request.get(`/v1/checkout/getCheckout/${init.checkout._id}`));
  expect(Number(priced.fiatCurrency.fee)).toBeLessThan(Number(init.checkout.fiatCurrency.fee));
  await expect(page.getByRole('status').filter({ hasText: `Coupon ${code} applied` })).toContainText(`${init.checkout.fiatCurrency.fee} → ${priced.fiatCurrency.fee} EUR`);
  await expect(order.getByText(`${priced.fiatCurrency.fee} EUR`)).toBeVisible();
  await expect(order.getByText(`${priced.cryptoCurrency.amount} BTC`)).toBeVisible();
  await expect(order.getByText(`${init.checkout.fiatCurrency.amount} EUR`)).toBeVisible();
  await shoot(page, 'details-coupon');
});
