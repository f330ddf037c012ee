// profile#widgetSettings changes the live checkout: the demo merchant refuses a pale colour (WCAG AA),
// saves a new primary colour, name and logo, and the checkout the demo shop opens through pay.js shows
// them. The settings are put back afterwards, so other specs see the seeded merchant.
import { expect, test } from '@playwright/test';
import { buy, checkoutOf, openShop } from './checkout-helpers.ts';
import { signIn } from './identity-helpers.ts';

const MERCHANT = { email: 'merchant@demo.test', password: 'Demo-merchant-2026!' };
// A 2x2 PNG (a real one: the server reads its bytes).
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAYAAABytg0kAAAAEUlEQVR4nGOQNQ3/D8IMMAYANiIGoZEFTbgAAAAASUVORK5CYII=', 'base64');

test('saved colours, name and logo change the live checkout opened from the demo shop', async ({ page, browser, baseURL }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page, MERCHANT.email, MERCHANT.password);
  await page.waitForURL(/\/sys-wallets\/wallets/);
  await page.goto('/sys-wallets/profile#widgetSettings');
  const section = page.locator('#widgetSettings');
  await expect(section.getByRole('heading', { level: 2, name: 'Widget settings' })).toBeVisible();
  const name = section.getByLabel('Merchant name');
  const original = { name: await name.inputValue(), primary: await section.getByRole('textbox', { name: 'Primary colour', exact: true }).inputValue() };

  // A pale primary colour: the preview's ratio says so, and the save is refused with the reason.
  await section.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#ffe066');
  await expect(section.getByText(/Contrast with white text: 1\.\d\d:1/)).toBeVisible();
  await section.getByRole('button', { name: 'Save settings' }).click();
  await expect(section.getByText(/WCAG AA needs 4\.5:1/).first()).toBeVisible();

  await section.getByRole('textbox', { name: 'Primary colour', exact: true }).fill('#1d3557');
  await name.fill('Fernhill Garden Co.');
  await section.getByLabel('PNG, JPEG, WebP or SVG, at most 512 KB.').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
  await expect(section.getByText('Logo saved.')).toBeVisible();
  await section.getByRole('button', { name: 'Save settings' }).click();
  await expect(section.getByText('Settings saved.', { exact: false })).toBeVisible();
  // The preview beside the form shows what the checkout will.
  const preview = section.getByTestId('widget-preview');
  await expect(preview).toContainText('Fernhill Garden Co.');
  await expect(preview.locator('.widget-preview__header')).toHaveCSS('background-color', 'rgb(29, 53, 87)');
  await section.scrollIntoViewIfNeeded();
  await page.screenshot({ path: '/tmp/widget-settings-1280.png', fullPage: true, animations: 'disabled' });
  await page.setViewportSize({ width: 390, height: 844 });
  await page.screenshot({ path: '/tmp/widget-settings-390.png', fullPage: true, animations: 'disabled' });

  // The buyer, on the demo shop, in another context: the live checkout wears the new colour, name and logo.
  const shopContext = await browser.newContext({ baseURL });
  const shop = await shopContext.newPage();
  await openShop(shop);
  await buy(shop, 'walnut-lamp');
  const checkout = checkoutOf(shop);
  await expect(checkout.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
  const header = checkout.locator('.merchant-header');
  await expect(header).toContainText('Fernhill Garden Co.');
  await expect(header).toHaveCSS('background-color', 'rgb(29, 53, 87)');
  await expect(header.locator('img.merchant-header__logo')).toHaveAttribute('src', /^\/media\/merchant-logo\/mch_demo_verdant\/[0-9a-f]{16}\.png$/);
  await expect.poll(() => header.locator('img.merchant-header__logo').evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(2);
  await shop.screenshot({ path: '/tmp/widget-settings-checkout-1280.png' });
  await shopContext.close();

  // Put the seeded look back.
  await page.setViewportSize({ width: 1280, height: 900 });
  await section.getByRole('textbox', { name: 'Primary colour', exact: true }).fill(original.primary);
  await name.fill(original.name);
  await section.getByRole('button', { name: 'Remove logo' }).click();
  await expect(section.getByText('No logo yet.')).toBeVisible();
  await section.getByRole('button', { name: 'Save settings' }).click();
  await expect(section.getByText('Settings saved.', { exact: false })).toBeVisible();
});
