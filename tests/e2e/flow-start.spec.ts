import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';

// The guest flow's first pages (sys-flow): a visitor without an account starts a checkout (coin,
// amount, address), sees the server's price, fills in the contact details (the server refuses a bad
// email and names the field), goes on to the payment and finds its details kept on the server; a visitor without the flow cookie who
// opens /details lands on the start (spec §4).
const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const SHOTS = '/tmp/shots-flow-pages';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

test('a visitor starts a checkout, sees the price, fills the details and keeps the step after a reload', async ({ page }) => {
  await page.goto('/sys-flow/');
  await expect(page.getByRole('heading', { level: 1, name: 'Buy crypto' })).toBeVisible();
  const coins = page.getByRole('group', { name: 'Coins you can buy' });
  // The coins wear their real icons (served from our origin).
  await expect(coins.locator('img[src="/static/coins/eth.svg"]')).toHaveCount(1);
  await expect(page.getByLabel('Amount you pay, fee included')).toHaveValue('300.00');

  // A BTC address is not an ETH address: the server says so in words, under the address.
  await coins.getByRole('radio', { name: /Ethereum/ }).check();
  await page.getByLabel('Your ETH address').fill(ADDRESS);
  await page.getByRole('button', { name: 'Get the price' }).click();
  await expect(page.getByText('This is not a valid address for this coin. Check it and paste it again.')).toBeVisible();
  await expect(page.getByLabel('Your ETH address')).toHaveAttribute('aria-invalid', 'true');
  await shoot(page, 'start-address-refused');

  await coins.getByRole('radio', { name: /Bitcoin/ }).first().check();
  await page.getByLabel('Amount you pay, fee included').fill('120.00');
  await page.getByLabel('Your BTC address').fill(ADDRESS);
  await page.getByRole('button', { name: 'Get the price' }).click();
  const quote = page.getByRole('region', { name: 'Your price' });
  await expect(quote).toBeVisible();
  await expect(quote.getByText('120.00 EUR')).toBeVisible();
  await expect(quote.getByText(/^\d+\.\d{8} BTC$/)).toBeVisible();
  await expect(quote.getByText(/^1 BTC = \d+\.\d{2} EUR$/)).toBeVisible();
  await expect(quote.getByText(ADDRESS)).toBeVisible();
  const got = await quote.getByText(/^\d+\.\d{8} BTC$/).textContent();
  await shoot(page, 'start-quote');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/sys-flow\/details$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Your details' })).toBeVisible();
  // The order beside the form is the server's checkout: the same figures as the quote.
  await expect(page.getByRole('region', { name: 'Your order' }).getByText(got!)).toBeVisible();

  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('García');
  await page.getByLabel('Email').fill('ana@example');
  await page.getByLabel('Mobile number').fill('+34600123456');
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByLabel('Street and number').fill('Calle Mayor 12');
  await page.getByLabel('City').fill('Madrid');
  await page.getByLabel('Postcode').fill('28013');
  await page.getByLabel('Country').fill('ES');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // The bad email is refused with the field named, and the field takes the focus.
  const email = page.getByLabel('Email');
  await expect(email).toHaveAttribute('aria-invalid', 'true');
  await expect(email).toHaveAccessibleDescription(/valid email address/);
  await expect(email).toBeFocused();
  await expect(page.getByRole('alert')).toHaveText('Check the fields marked below.');
  await shoot(page, 'details-refused');

  await email.fill('ana@example.com');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  // Saved, the next step is the payment.
  await expect(page).toHaveURL(/\/sys-flow\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();

  // The state is the server's: the details page again shows what was saved, after a reload too.
  await page.goto('/sys-flow/details');
  await page.reload();
  await expect(page).toHaveURL(/\/sys-flow\/details$/);
  await expect(page.getByLabel('Email')).toHaveValue('ana@example.com');
  await expect(page.getByLabel('City')).toHaveValue('Madrid');
  await expect(page.getByRole('region', { name: 'Your order' }).getByText(got!)).toBeVisible();
  await shoot(page, 'details-saved');
});

test('a visitor without the flow cookie who opens /details lands on the start', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/sys-flow/details');
  await expect(page).toHaveURL(/\/sys-flow\/?$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Buy crypto' })).toBeVisible();
  await context.close();
});

test('the test route starts at 30 and the server keeps it within 30 to 50', async ({ page }) => {
  await page.goto('/sys-flow/test');
  await expect(page.getByLabel('Amount you pay, fee included')).toHaveValue('30.00');
  await page.getByLabel('Amount you pay, fee included').fill('60.00');
  await page.getByLabel('Your BTC address').fill(ADDRESS);
  await page.getByRole('button', { name: 'Get the price' }).click();
  await expect(page.getByLabel('Amount you pay, fee included')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('region', { name: 'Your price' })).toHaveCount(0);
});

test('a merchant\'s buy page names the provider as the one paid and the merchant\'s site it was bought on', async ({ page }) => {
  await page.goto('/sys-flow/buy/widget?merchant_id=mch_demo_verdant');
  await page.getByLabel('Your BTC address').fill(ADDRESS);
  await page.getByRole('button', { name: 'Get the price' }).click();
  const quote = page.getByRole('region', { name: 'Your price' });
  // The provider sells the coins and takes the money (as the invoice and the ledger say); the shop is where it was bought.
  await expect(quote.getByRole('definition').first()).toHaveText('Verdant Exchange');
  await expect(quote.getByRole('definition').nth(1)).toHaveText('Fernhill Supply');
  await expect(quote.getByText('300.00 EUR')).toBeVisible();
});

test('the start speaks Spanish with ?lang=es', async ({ page }) => {
  await page.goto('/sys-flow/?lang=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Comprar cripto' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver el precio' })).toBeVisible();
  await shoot(page, 'start-es');
});
