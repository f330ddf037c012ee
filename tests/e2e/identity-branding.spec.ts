// Provider 2 (wl2.localhost): its own branding on the login layout, and its registration without
// the new flow (one form).
import { expect, test } from '@playwright/test';
import { apiFor, hostOrigin, newPerson, nextFromOutbox, outboxMark } from './identity-helpers.ts';

test('wl2.localhost shows the Harbor Coin branding on the login layout', async ({ page, baseURL }) => {
  await page.goto(`${hostOrigin(baseURL, 'wl2.localhost')}/sys-wallets/login`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in');
  await expect(page.getByText('Welcome back to Harbor Coin.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Harbor Coin' })).toHaveAttribute('src', '/brand/harbor/logo.svg');
  const primary = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--color-primary').trim());
  expect(primary.toLowerCase()).toBe('#1d3557');
  const button = await page.getByRole('button', { name: 'Sign in' }).evaluate((element) => getComputedStyle(element).backgroundColor);
  expect(button).toBe('rgb(29, 53, 87)');
});

test('provider 1 members cannot sign in on wl2.localhost', async ({ page, baseURL }) => {
  await page.goto(`${hostOrigin(baseURL, 'wl2.localhost')}/sys-wallets/login`);
  await page.getByLabel('Email').fill('member@demo.test');
  await page.getByLabel('Password', { exact: true }).fill('Demo-member-2026!');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
});

test('without registration_new_flow, wl2.localhost registers with one form', async ({ page, baseURL }) => {
  await page.goto(`${hostOrigin(baseURL, 'wl2.localhost')}/sys-wallets/register?lang=es`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Crea tu cuenta');
  for (const label of ['Nombre', 'Apellidos', 'Correo electrónico', 'Número de móvil']) await expect(page.getByLabel(label)).toBeVisible();
  await page.getByRole('button', { name: 'Crear cuenta' }).click();
  await expect(page.getByText('Campo obligatorio')).toHaveCount(5);
});

test('wl2.localhost: register with one form -> /verification with a code to each contact -> /wallets', async ({ page, baseURL }) => {
  const origin = hostOrigin(baseURL, 'wl2.localhost');
  const person = newPerson('wl2');
  const api = await apiFor(baseURL); // the outbox is one mailbox for every provider
  const emailMark = await outboxMark(api, person.email);
  const mobileMark = await outboxMark(api, person.mobile);

  await page.goto(`${origin}/sys-wallets/register`);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Mobile number').fill(person.mobile);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  await expect(page).toHaveURL(/\/sys-wallets\/verification$/);
  for (const [label, to, mark] of [[/^Code sent to .*@example\.test$/, person.email, emailMark], [/^Code sent to \+/, person.mobile, mobileMark]] as const) {
    const field = page.getByLabel(label);
    await field.fill(await nextFromOutbox(api, to, mark));
    await field.locator('xpath=ancestor::form').getByRole('button', { name: 'Verify', exact: true }).click();
  }
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Dana');
  await expect(page.getByRole('main').getByText(/^HC\d+$/)).toBeVisible();
  await api.dispose();
});
