// The page language as a visitor of any multilingual site expects it (core/language.ts): the first
// visit follows the browser's languages, a choice made with ?lang= or the language switcher is
// remembered for every later page of every module (typed URLs, reloads, in-app links), and the
// provider's footer texts follow the page language.
import { expect, test, type Page } from '@playwright/test';
import { hostOrigin } from './identity-helpers.ts';

const VERDANT_DISCLAIMER_ES = /Los criptoactivos son volátiles y no están cubiertos por ningún sistema de garantía de depósitos\./;
const VERDANT_DISCLAIMER_EN = /Crypto assets are volatile and not covered by deposit protection\./;
const VERDANT_REGULATION_ES = 'Verdant Exchange Ltd es una empresa de demostración. No está autorizada ni regulada por ninguna autoridad financiera.';

async function expectSpanishMaintenance(page: Page) {
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Los monederos están en mantenimiento');
  await expect(page.getByRole('contentinfo').getByText(VERDANT_DISCLAIMER_ES)).toBeVisible();
  await expect(page.getByRole('region', { name: 'Información regulatoria' })).toHaveText(VERDANT_REGULATION_ES);
}

test.describe('a browser that prefers Spanish', () => {
  test.use({ locale: 'es-ES' });

  test('gets Spanish on its first visit, without ?lang, footer texts included', async ({ page }) => {
    const response = await page.goto('/sys-maintenance/wallets');
    // The server chose the language: the HTML it sent is already Spanish, before any script ran.
    expect(await response?.text()).toContain('<html lang="es">');
    await expectSpanishMaintenance(page);
  });

  test('keeps English once English is chosen with the switcher', async ({ page }) => {
    await page.goto('/sys-wallets/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
    await page.getByRole('link', { name: 'English' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');

    await page.goto('/sys-maintenance/wallets');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wallets are under maintenance');
    await expect(page.getByRole('contentinfo').getByText(VERDANT_DISCLAIMER_EN)).toBeVisible();
  });
});

test.describe('an English browser that chooses Spanish', () => {
  test.use({ locale: 'en-GB' });

  test('stays Spanish after the switcher: typed URLs in other modules, reloads and in-app links', async ({ page }) => {
    await page.goto('/sys-wallets/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
    await page.getByRole('link', { name: 'Español' }).click();
    await expect(page).toHaveURL(/\/sys-wallets\/login\?lang=es$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');

    // A typed URL of another module, without ?lang.
    await page.goto('/sys-maintenance/wallets');
    await expectSpanishMaintenance(page);

    // A reload.
    await page.reload();
    await expectSpanishMaintenance(page);

    // An in-app link, then a reload of the page it led to.
    await page.goto('/sys-wallets/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Iniciar sesión');
    await page.getByRole('link', { name: 'Crear una cuenta' }).click();
    await expect(page).toHaveURL(/\/sys-wallets\/register$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crea tu cuenta');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crea tu cuenta');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  });

  test('?lang=es is remembered in a lang cookie: a year, path /, SameSite=Lax', async ({ page, context }) => {
    await page.goto('/sys-blocked/country?lang=es');
    const cookie = (await context.cookies()).find((c) => c.name === 'lang');
    expect(cookie).toMatchObject({ value: 'es', path: '/', sameSite: 'Lax', httpOnly: false });
    const daysLeft = ((cookie?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(daysLeft).toBeGreaterThan(364);
    expect(daysLeft).toBeLessThanOrEqual(365);
  });

  test('?lang wins over the remembered choice for its load, and becomes the remembered one', async ({ page }) => {
    await page.goto('/sys-maintenance/wallets?lang=es');
    await page.goto('/sys-maintenance/wallets?lang=en');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wallets are under maintenance');
    await page.goto('/sys-maintenance/wallets');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wallets are under maintenance');
  });

  test('an unsupported ?lang is still the 404, in the remembered language, and forgets nothing', async ({ page }) => {
    await page.goto('/sys-maintenance?lang=es');
    const response = await page.goto('/sys-maintenance?lang=xx');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('No se ha podido encontrar esta página');
    await page.goto('/sys-maintenance/wallets');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Los monederos están en mantenimiento');
  });

  test("the alternate provider's footer texts are in Spanish too", async ({ page, baseURL }) => {
    await page.goto(`${hostOrigin(baseURL, 'wl2.localhost')}/sys-blocked/country?lang=es`);
    await page.goto(`${hostOrigin(baseURL, 'wl2.localhost')}/sys-maintenance`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Volvemos enseguida');
    await expect(page.getByRole('contentinfo').getByText(/^Operar con criptoactivos conlleva riesgos\. Harbor Coin es un proveedor de demostración/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Información regulatoria' })).toHaveText(/^Harbor Coin S\.L\. es una empresa de demostración\./);
  });
});
