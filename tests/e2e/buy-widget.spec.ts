import { mkdirSync } from 'node:fs';
import { expect, test, type Frame, type Page } from '@playwright/test';
import { checkoutOf, logged, loggedEventNames, MERCHANT, SHOP } from './checkout-helpers.ts';
import { pressClosingKey } from './closing-key.ts';
import { enterCodesIn } from './flow-card-helpers.ts';
import { newPerson } from './identity-helpers.ts';

// The buy widget embedded in the demo shop's "Buy crypto" page, from the shop's own origin
// (http://127.0.0.1, another site than the platform on localhost: a real third-party frame, whose calls
// carry no cookie, so the flow token goes as a bearer). PayKit.buy shows the server's price at once with
// who sells, ready and order-created reach the page, Continue runs the flow's /details inside the same
// frame, and closing returns the focus to the shop's button. The paid journey runs the flow's own pages in
// the frame (details, the card on /payment, the codes on /compliance) and ends on the invoice, with
// order-completed carrying a receipt the shop's server verifies. Online banking is not offered in the frame
// (its redirect would navigate the frame away from the shop's channel), and the payment page says why.
const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const SHOTS = '/tmp/shots-buy-widget';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

async function openBuyPage(page: Page) {
  await page.goto(`${SHOP}/buy`);
  await expect.poll(() => page.evaluate(() => typeof window.PayKit?.buy)).toBe('function');
}

/** The buy widget's document (for what a frame locator cannot do: its URL and its own storage). */
function buyFrame(page: Page): Frame {
  const frame = page.frames().find((candidate) => candidate.url().includes('/sys-buywidget/'));
  if (!frame) throw new Error('no buy widget frame');
  return frame;
}

function payload(page: Page, name: string) {
  return logged(page, name).first().locator('pre').textContent().then((text) => JSON.parse(text ?? '{}'));
}

test('PayKit.buy opens the buy widget in the shop: the price with who sells, ready and order-created, /details in the same frame, close returns focus', async ({ page }) => {
  await openBuyPage(page);
  const button = page.getByRole('button', { name: 'Buy bitcoin' });
  await button.click();
  const widget = checkoutOf(page);
  await expect(widget.getByRole('heading', { level: 1, name: 'Buy crypto' })).toBeVisible();
  await expect(widget.getByText('Sold by Verdant Exchange')).toBeVisible();
  // Prefilled from PayKit.buy's parameters; the coins wear their real icons.
  const coins = widget.getByRole('group', { name: 'Coins you can buy' });
  await expect(coins.getByRole('radio', { name: 'Bitcoin BTC' })).toBeChecked();
  await expect(coins.locator('img[src="/static/coins/btc.svg"]')).toHaveCount(1);
  await expect(widget.getByLabel('Amount you pay, fee included')).toHaveValue('30.00');
  await expect(widget.getByLabel('Your BTC address')).toHaveValue(ADDRESS);

  // Everything the price needs came from the shop: the server's price shows without a click.
  const quote = widget.getByRole('region', { name: 'Your price' });
  await expect(quote).toBeVisible();
  await expect(quote.getByText('Fernhill Supply')).toBeVisible();
  await expect(quote.getByText('30.00 EUR')).toBeVisible();
  const coinAmount = (await quote.getByText(/^\d+\.\d{8} BTC$/).textContent())!.replace(' BTC', '');
  await expect(quote.getByText(ADDRESS)).toBeVisible();

  await expect(logged(page, 'ready')).toHaveCount(1);
  await expect(logged(page, 'order-created')).toHaveCount(1);
  const created = await payload(page, 'order-created');
  expect(created).toEqual({ order_id: expect.stringMatching(/^chk_/), amount: '30.00', currency: 'EUR', coin: 'BTC' });
  await shoot(page, 'price');

  // The flow's steps run inside the same frame: the channel survives, nothing new is announced.
  await widget.getByRole('button', { name: 'Continue' }).click();
  await expect(widget.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
  expect(new URL(buyFrame(page).url()).pathname).toBe('/sys-buywidget/details');
  // The order beside the form is the same order, read with the frame's bearer flow token (no cookie here).
  await expect(widget.getByRole('region', { name: 'Your order' }).getByText(`${coinAmount} BTC`)).toBeVisible();
  await shoot(page, 'details');
  expect(await loggedEventNames(page)).toEqual(['ready', 'order-created']);

  // Mid-payment, Esc asks first; Leave closes, the page hears close, and the focus is back on its button.
  await page.keyboard.press('Escape');
  const question = widget.getByRole('alertdialog', { name: 'Leave this payment?' });
  await expect(question).toBeVisible();
  await page.keyboard.press('Tab');
  await pressClosingKey(page, 'Enter');
  await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(0);
  await expect(logged(page, 'close')).toHaveCount(1);
  await expect(page.locator('#event-log li[data-kind="result"][data-event="close"]')).toHaveCount(1);
  await expect(button).toBeFocused();
});

test('the data-coin script tag opens the buy widget prefilled; without an address the buyer asks for the price', async ({ page }) => {
  await openBuyPage(page);
  await page.getByRole('button', { name: 'Buy ether with the script tag' }).click();
  const widget = checkoutOf(page);
  await expect(widget.getByRole('heading', { level: 1, name: 'Buy crypto' })).toBeVisible();
  await expect(widget.getByRole('group', { name: 'Coins you can buy' }).getByRole('radio', { name: /Ethereum/ })).toBeChecked();
  await expect(widget.getByLabel('Amount you pay, fee included')).toHaveValue('50.00');
  await expect(widget.getByLabel('Your ETH address')).toHaveValue('');
  await expect(widget.getByRole('button', { name: 'Get the price' })).toBeVisible();
  await expect(widget.getByRole('region', { name: 'Your price' })).toHaveCount(0);
  // The frame's address carries the display parameters, never a credential.
  const frameUrl = new URL(buyFrame(page).url());
  expect(Object.fromEntries(frameUrl.searchParams)).toMatchObject({ coin: 'ETH', fiat: 'EUR', amount: '50.00', merchantId: MERCHANT });
  // Nothing is being paid yet: Esc closes at once.
  await pressClosingKey(page, 'Escape');
  await expect(page.locator('iframe[title="Checkout"]')).toHaveCount(0);
});

test('malformed buy options: the page gets invalid_options naming the option (and the widget still opens)', async ({ page }) => {
  await openBuyPage(page);
  const events = await page.evaluate(
    () =>
      new Promise<unknown[]>((resolve) => {
        const seen: unknown[] = [];
        const handle = window.PayKit!.buy({ coin: 'DOGE', fiat: 'EUR', amount: '10.00' });
        handle.on('ready', () => seen.push('ready'));
        handle.on('error', (error) => {
          seen.push(error);
          resolve(seen);
          handle.close();
        });
      }),
  );
  expect(events).toEqual(['ready', { code: 'invalid_options', message: 'coin must be one of BTC, LTC, ETH, BCH, USDT, USDC, got "DOGE"' }]);
});

test('the paid order through the frame\'s own pages: details, card, codes, then the invoice, with order-completed\'s receipt verified by the shop\'s server', async ({ page }) => {
  test.setTimeout(90_000);
  const buyer = newPerson('buy-widget');
  await openBuyPage(page);
  await page.getByRole('button', { name: 'Buy bitcoin' }).click();
  const widget = checkoutOf(page);
  const quote = widget.getByRole('region', { name: 'Your price' });
  await expect(quote).toBeVisible();
  const coinAmount = (await quote.getByText(/^\d+\.\d{8} BTC$/).textContent())!;
  await widget.getByRole('button', { name: 'Continue' }).click();
  await widget.getByLabel('First name').fill('Ana');
  await widget.getByLabel('Last name').fill('García');
  await widget.getByLabel('Email').fill(buyer.email);
  await widget.getByLabel('Mobile number').fill(buyer.mobile);
  await widget.getByLabel('Date of birth').fill('1990-04-12');
  await widget.getByLabel('Street and number').fill('Calle Mayor 12');
  await widget.getByLabel('City').fill('Madrid');
  await widget.getByLabel('Postcode').fill('28013');
  await widget.getByLabel('Country').fill('ES');
  await widget.getByRole('button', { name: 'Save and continue' }).click();

  // The card page, inside the same frame: who is paid, for what and how much, as the price said.
  await expect(widget.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  expect(new URL(buyFrame(page).url()).pathname).toBe('/sys-buywidget/payment');
  const order = widget.getByRole('region', { name: 'Your order' });
  await expect(order.getByText('Fernhill Supply')).toBeVisible();
  await expect(order.getByText('30.00 EUR', { exact: true })).toBeVisible();
  await expect(order.getByText(coinAmount)).toBeVisible();
  await expect(order.getByText(ADDRESS)).toBeVisible();
  // Card and bank transfers stay in the frame; online banking would leave it, so it is not offered, with the reason.
  const methods = widget.getByRole('group', { name: 'How you pay' });
  await expect(methods.getByRole('radio', { name: 'Card' })).toBeChecked();
  await expect(methods.getByRole('radio', { name: 'SEPA bank transfer' })).toBeVisible();
  await expect(methods.getByRole('radio', { name: /Online banking/ })).toHaveCount(0);
  await expect(methods.getByText(/Online banking is not offered here/)).toBeVisible();
  await shoot(page, 'payment');

  await widget.getByLabel('Card number').fill('4242 4242 4242 4242');
  await widget.getByLabel('Expiry (MM/YY)').fill('12/30');
  await widget.getByLabel('Security code (CVC)').fill('123');
  await widget.getByRole('button', { name: 'Pay 30.00 EUR' }).click();
  // Held: the shop hears payment-authorized; the codes on /compliance capture it.
  await expect(widget.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
  expect(new URL(buyFrame(page).url()).pathname).toBe('/sys-buywidget/compliance');
  await expect(logged(page, 'payment-authorized')).toHaveCount(1);
  expect(await loggedEventNames(page)).toEqual(['ready', 'order-created', 'payment-authorized']);
  await enterCodesIn(widget, page.request, buyer);

  // The invoice, in the frame, with the server's figures; the shop hears order-completed once, with its receipt.
  await expect(widget.getByRole('heading', { level: 1, name: 'Your invoice' })).toBeVisible({ timeout: 15_000 });
  expect(new URL(buyFrame(page).url()).pathname).toBe('/sys-buywidget/invoice');
  const figures = widget.getByRole('region', { name: 'What you paid' });
  await expect(figures.getByText('30.00 EUR').first()).toBeVisible();
  await expect(figures.getByText(coinAmount)).toBeVisible();
  await expect(logged(page, 'order-completed')).toHaveCount(1);
  expect(await loggedEventNames(page)).toEqual(['ready', 'order-created', 'payment-authorized', 'order-completed']);
  const created = await payload(page, 'order-created');
  const completed = await payload(page, 'order-completed');
  expect(completed.receipt).toMatchObject({ order_id: created.order_id, amount: '30.00', currency: 'EUR', coin: 'BTC', status: 'successful' });
  await expect(page.locator('#event-log li[data-kind="note"]').filter({ hasText: /^.*receipt verified by the shop’s server: \d+\.\d{8} BTC for 30\.00 EUR/ })).toHaveCount(1);
  await expect(page.locator('#event-log li[data-kind="result"][data-event="order-completed"]')).toHaveCount(1);
  // The worker sends the coins; the invoice in the frame follows it.
  await expect(widget.getByRole('region', { name: 'Delivery' }).getByRole('status')).toContainText('Sent to your address on', { timeout: 20_000 });
  await shoot(page, 'invoice');
});

test('inline and in Spanish: the widget sits in the merchant\'s element at its content\'s height, and speaks the locale', async ({ page }) => {
  await openBuyPage(page);
  await page.evaluate(() => {
    const host = document.createElement('div');
    host.id = 'buy-inline';
    document.querySelector('main')!.prepend(host);
    window.PayKit!.buy({ coin: 'LTC', fiat: 'GBP', amount: '40.00', mode: 'inline', target: '#buy-inline', locale: 'es' });
  });
  const frame = page.locator('#buy-inline iframe[title="Checkout"]');
  await expect(frame).toHaveCount(1);
  const widget = checkoutOf(page);
  await expect(widget.getByRole('heading', { level: 1, name: 'Comprar cripto' })).toBeVisible();
  await expect(widget.getByRole('radio', { name: 'Litecoin LTC' })).toBeChecked();
  await expect(widget.locator('#buy-fiat')).toHaveValue('GBP');
  // Inline, the frame takes the height the widget reports (not the SDK's first 600px), and no overlay is drawn.
  await expect.poll(async () => (await frame.boundingBox())?.height ?? 0).toBeGreaterThan(650);
  await expect(widget.getByRole('dialog')).toHaveCount(0);
  await shoot(page, 'inline-es');
});
