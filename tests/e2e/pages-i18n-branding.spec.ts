// Languages (?lang=es, unsupported ?lang=xx), the alternate branding on wl2.localhost and a host
// without a provider, which lands on /error.
import { expect, test } from '@playwright/test';

function hostOrigin(baseURL: string | undefined, host: string): string {
  const url = new URL(baseURL ?? 'http://localhost:8180');
  url.hostname = host;
  return url.origin;
}

test.describe('languages', () => {
  test('?lang=es shows the blocked page in Spanish', async ({ page }) => {
    const response = await page.goto('/sys-blocked/country?lang=es');
    expect(response?.status()).toBe(200);
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verdant Exchange no está disponible en tu país o región');
    await expect(page.getByRole('link', { name: 'Contactar con soporte' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Condiciones de uso' })).toBeVisible();
  });

  test('?lang=es shows the maintenance page in Spanish', async ({ page }) => {
    await page.goto('/sys-maintenance?lang=es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Volvemos enseguida');
    await expect(page.getByRole('button', { name: 'Intentar de nuevo' })).toBeVisible();
  });

  test('the language switcher goes to the same page in the other language', async ({ page }) => {
    await page.goto('/sys-maintenance/wallets?lang=es');
    await expect(page.getByRole('link', { name: 'Español' })).toHaveAttribute('aria-current', 'true');
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page).toHaveURL(/\/sys-maintenance\/wallets\?lang=en$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wallets are under maintenance');
  });

  test('?lang=xx gives HTTP 404 and the 404 text', async ({ page }) => {
    const response = await page.goto('/sys-blocked?lang=xx');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
  });

  test('the 404 of an unsupported language links to the page in the default language', async ({ page }) => {
    await page.goto('/sys-maintenance?lang=xx');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('This page could not be found');
    await page.getByRole('link', { name: 'Go to the home page' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('We’ll be back soon');
  });

  test('an unknown route in Spanish shows the Spanish 404', async ({ page }) => {
    await page.goto('/sys-maintenance/a/b?lang=es');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No se ha podido encontrar esta página');
  });
});

test.describe('branding', () => {
  test('wl2.localhost shows Harbor Coin with its own primary colour', async ({ page, baseURL }) => {
    await page.goto(`${hostOrigin(baseURL, 'wl2.localhost')}/sys-blocked/country`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Harbor Coin is not available in your country or region');
    await expect(page.getByRole('img', { name: 'Harbor Coin' })).toHaveAttribute('src', '/brand/harbor/logo.svg');
    await expect(page.getByText(/Harbor Coin S\.L\./).last()).toBeVisible();
    const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
    expect(primary).toBe('#1d3557');
    const button = page.locator('.status-help__links a').first();
    await expect(button).toBeVisible();
  });

  test('localhost keeps the default colours', async ({ page }) => {
    await page.goto('/sys-maintenance');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const colours = await page.evaluate(() => {
      const style = getComputedStyle(document.documentElement);
      return [style.getPropertyValue('--color-primary').trim(), style.getPropertyValue('--color-secondary').trim()];
    });
    expect(colours).toEqual(['#053f2e', '#096e52']);
  });

  test('a host without a provider lands on /error with the error texts', async ({ page, baseURL }) => {
    await page.goto(`${hostOrigin(baseURL, 'nocfg.localhost')}/sys-blocked/country`);
    await expect(page).toHaveURL(/\/sys-blocked\/error$/);
    await expect(page.getByText("We're unable to find the page you're looking for.")).toBeVisible();
    await expect(page.locator('.error-code')).toHaveText('404');
    await expect(page.getByText('This address has no service configured. Check the address and try again.')).toBeVisible();
    // Every page of a host without configuration leads back here, so there is no link home to loop through.
    await expect(page.getByRole('link', { name: 'Go to the home page' })).toHaveCount(0);
  });

  test('a host without a provider lands on /error in the iframe app too', async ({ page, baseURL }) => {
    await page.goto(`${hostOrigin(baseURL, 'nocfg.localhost')}/sys-widget/payment`);
    await expect(page).toHaveURL(/\/sys-widget\/error$/);
    await expect(page.getByText("We're unable to find the page you're looking for.")).toBeVisible();
  });
});
