// The public markets site in a real browser: the prices list (rows, search, sort, live prices that
// keep their rows), coin pages in English and Spanish with their chart ranges, provider 2's branding,
// the 404 for an unknown coin, axe on both pages, and screenshots at desktop and phone widths.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { hostOrigin } from './identity-helpers.ts';

const SHOTS = 'test-results/markets';

/** Console errors and CSP refusals the page caused (a hydration mismatch or a blocked inline style shows here). */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

const rowIds = (page: Page) => page.locator('.price-table tbody tr').evaluateAll((rows) => rows.map((row) => row.getAttribute('data-coin')));

async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);
}

test.describe('the prices list', () => {
  test('lists the coins with their prices, 24 h change and sparkline, and buy links', async ({ page }) => {
    const errors = collectErrors(page);
    const response = await page.goto('/sys-markets/prices?fiat=EUR');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Crypto prices today in EUR · Verdant Exchange');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crypto prices');
    await expect(page.getByRole('link', { name: 'Markets' })).toHaveAttribute('aria-current', 'page');
    const rows = page.locator('.price-table tbody tr');
    await expect(rows).toHaveCount(6);
    const bitcoin = page.locator('tr[data-coin="bitcoin"]');
    await expect(bitcoin.getByRole('link', { name: 'Bitcoin BTC' })).toHaveAttribute('href', '/sys-markets/prices/bitcoin?fiat=EUR');
    await expect(bitcoin.locator('.price-table__price')).toHaveText(/^€\d{1,3}(,\d{3})*\.\d{2}$/);
    await expect(bitcoin.locator('.change')).toHaveText(/^[▲▼•][+−]?\d+\.\d{2} %$/);
    await expect(bitcoin.locator('.sparkline path')).toHaveAttribute('d', /^M[\d.]+ [\d.]+(L[\d.]+ [\d.]+){10,}$/);
    await expect(bitcoin.locator('img.market-icon')).toHaveAttribute('src', '/static/market-coins/btc.svg');
    await expect(bitcoin.getByRole('link', { name: 'Buy Bitcoin' })).toHaveAttribute('href', '/sys-wallets/buy');
    // Coins we only write about are linked below, never priced.
    await expect(page.getByRole('heading', { name: 'More coins to learn about' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cardano ADA' })).toHaveAttribute('href', '/sys-markets/prices/cardano?fiat=EUR');
    expect(errors).toEqual([]);
  });

  test('searches and sorts in place, and the address keeps the view', async ({ page }) => {
    await page.goto('/sys-markets/prices');
    await page.getByRole('searchbox', { name: 'Search coins' }).fill('eth');
    expect(await rowIds(page)).toEqual(['ethereum', 'tether']);
    await expect(page).toHaveURL(/\?q=eth$/);
    await page.getByRole('searchbox', { name: 'Search coins' }).fill('zzz');
    await expect(page.getByText('No coin matches “zzz”.')).toBeVisible();
    await page.getByRole('link', { name: 'Show all coins' }).click();
    await expect(page.locator('.price-table tbody tr')).toHaveCount(6);

    await page.getByRole('columnheader', { name: /Price/ }).getByRole('link').click();
    await expect(page.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'descending');
    const byPrice = await rowIds(page);
    expect(byPrice[0]).toBe('bitcoin');
    expect(byPrice.slice(-2).sort()).toEqual(['tether', 'usd-coin']);
    await page.getByRole('columnheader', { name: /Price/ }).getByRole('link').click();
    await expect(page.getByRole('columnheader', { name: /Price/ })).toHaveAttribute('aria-sort', 'ascending');
    expect((await rowIds(page)).at(-1)).toBe('bitcoin');
    await expect(page).toHaveURL(/sort=price&dir=asc/);
  });

  test('updates prices live without moving the rows', async ({ page }) => {
    await page.goto('/sys-markets/prices');
    const order = await rowIds(page);
    const prices = () => page.locator('.price-table__price').allTextContents();
    const first = await prices();
    // The test feed moves every second; the page asks every 10 s.
    await expect.poll(prices, { timeout: 15_000, intervals: [1_000] }).not.toEqual(first);
    expect(await rowIds(page)).toEqual(order);
  });

  test('changes the currency', async ({ page }) => {
    await page.goto('/sys-markets/prices');
    await page.getByLabel('Currency').selectOption('GBP');
    await expect(page).toHaveURL(/fiat=GBP/);
    await expect(page.locator('tr[data-coin="bitcoin"] .price-table__price')).toHaveText(/^£/);
  });
});

test.describe('a coin page', () => {
  test('in English: price, changes, chart with its four ranges, facts and text', async ({ page }) => {
    const errors = collectErrors(page);
    await page.goto('/sys-markets/prices/bitcoin?lang=en');
    await expect(page).toHaveTitle(/^Bitcoin \(BTC\) price in (EUR|USD|GBP) · Verdant Exchange$/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bitcoin price');
    await expect(page.locator('.coin-changes__item')).toHaveCount(4);
    const plot = page.locator('.coin-chart__plot');
    await expect(plot.locator('canvas')).toHaveCount(1);
    await expect(page.locator('.coin-chart__summary')).toContainText('over thirty days');
    for (const [tab, words] of [['seven days', 'over seven days'], ['one year', 'over one year'], ['one day', 'over one day']] as const) {
      await page.getByRole('link', { name: tab }).click();
      await expect(page.locator('.coin-chart__summary')).toContainText(words);
      await expect(page.getByRole('link', { name: tab })).toHaveAttribute('aria-current', 'true');
      await expect(plot).toHaveAttribute('data-state', 'ready');
    }
    await expect(plot.locator('canvas')).toHaveCount(1);
    await expect(page.getByRole('complementary', { name: 'Facts' })).toContainText('21,000,000 BTC');
    await expect(page.getByRole('heading', { name: 'About Bitcoin' })).toBeVisible();
    expect(errors).toEqual([]);
  });

  test('a visitor goes from the list to a coin page and buys it without an account, in Spanish', async ({ page }) => {
    await page.goto('/sys-markets/prices?lang=es');
    await page.locator('a.coin-link[href*="/prices/litecoin"]').click();
    await expect(page).toHaveURL(/\/sys-markets\/prices\/litecoin/);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Litecoin');
    await page.locator('.coin-head__actions a.button--secondary').click();
    await expect(page).toHaveURL(/\/sys-flow\/\?coin=LTC&lang=es$/);
    // The guest flow opens on the coin the visitor was reading, in the visitor's language.
    await expect(page.getByRole('radio', { name: /Litecoin/ })).toBeChecked();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('in Spanish with ?lang=es, its chart ranges included', async ({ page }) => {
    await page.goto('/sys-markets/prices/ethereum?lang=es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Precio de Ethereum');
    await expect(page.getByRole('heading', { name: 'Sobre Ethereum' })).toBeVisible();
    await page.getByRole('link', { name: 'un año' }).click();
    await expect(page.locator('.coin-chart__summary')).toContainText('durante un año');
    await expect(page.getByRole('complementary', { name: 'Datos' })).toContainText('Prueba de participación');
  });

  test('a coin not offered here shows its facts and text and says there is no price', async ({ page }) => {
    const response = await page.goto('/sys-markets/prices/cardano');
    expect(response?.status()).toBe(200);
    await expect(page.getByText('Cardano is not offered here, so we show no price for it.')).toBeVisible();
    await expect(page.locator('.coin-chart')).toHaveCount(0);
    await expect(page.getByRole('complementary', { name: 'Facts' })).toContainText('ADA');
  });

  test('an unknown coin id is the not-found page with HTTP 404', async ({ page }) => {
    const response = await page.goto('/sys-markets/prices/no-such-coin');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  });
});

test('provider 2 shows its own branding on the markets site', async ({ page, baseURL }) => {
  await page.goto(`${hostOrigin(baseURL, 'wl2.localhost')}/sys-markets/prices`);
  await expect(page).toHaveTitle(/· Harbor Coin$/);
  await expect(page.getByRole('img', { name: 'Harbor Coin' }).first()).toBeVisible();
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
  expect(primary).toBe('#1d3557');
  await page.screenshot({ path: `${SHOTS}/prices-provider2-desktop.png`, fullPage: true });
});

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the prices list is all there, and search and sort work as links and forms', async ({ page }) => {
    await page.goto('/sys-markets/prices?fiat=USD');
    await expect(page.locator('.price-table tbody tr')).toHaveCount(6);
    await expect(page.locator('tr[data-coin="bitcoin"] .price-table__price')).toHaveText(/^\$\d/);
    await page.getByRole('searchbox', { name: 'Search coins' }).fill('lite');
    await page.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/q=lite/);
    expect(await rowIds(page)).toEqual(['litecoin']);
    await page.goto('/sys-markets/prices');
    await page.getByRole('columnheader', { name: /Coin/ }).getByRole('link').click();
    await expect(page).toHaveURL(/sort=name/);
    expect((await rowIds(page))[0]).toBe('bitcoin');
    expect((await rowIds(page)).at(-1)).toBe('usd-coin');
  });

  test('the coin page has its text, price and chart summary (the chart itself needs JavaScript)', async ({ page }) => {
    await page.goto('/sys-markets/prices/bitcoin?lang=en&range=7d');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Bitcoin price');
    await expect(page.locator('.coin-head__amount')).toHaveText(/\d\.\d{2}/);
    await expect(page.locator('.coin-chart__summary')).toContainText('over seven days: from');
    await expect(page.getByRole('heading', { name: 'About Bitcoin' })).toBeVisible();
    await expect(page.locator('.coin-chart__plot canvas')).toHaveCount(0);
  });
});

test.describe('accessibility and looks', () => {
  for (const [name, path] of [['prices', '/sys-markets/prices'], ['coin', '/sys-markets/prices/bitcoin'], ['coin-es', '/sys-markets/prices/litecoin?lang=es'], ['coin-no-price', '/sys-markets/prices/aptos']] as const) {
    test(`axe finds no violations on the ${name} page; screenshots at desktop and phone widths`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 900 });
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
      await page.setViewportSize({ width: 390, height: 844 });
      await page.waitForTimeout(300);
      await expectNoAxeViolations(page);
      await page.screenshot({ path: `${SHOTS}/${name}-mobile.png`, fullPage: true });
    });
  }
});
