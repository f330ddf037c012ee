// Passwordless sign-in: the login page mails a sign-in link (read from the test-mode outbox), the
// link's /login/token page signs the member in and lands on /wallets, and the link works once.
import { expect, test } from '@playwright/test';
import { apiFor, createMember, latestMessage, newPerson, nextFromOutbox, outboxMark } from './identity-helpers.ts';

test('email me a sign-in link -> open it -> /wallets; opening it again explains it was used', async ({ page, browser, baseURL }) => {
  const person = newPerson('link');
  await createMember(baseURL, person);
  const api = await apiFor(baseURL);

  await page.goto('/sys-wallets/login');
  const mark = await outboxMark(api, person.email);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Check your email');
  await expect(page.getByRole('status')).toContainText(person.email);

  const token = await nextFromOutbox(api, person.email, mark, 'login_token');
  expect((await latestMessage(api, person.email)).subject).toBe('Your Verdant Exchange sign-in link');
  await page.goto(`/sys-wallets/login/token?token=${token}`);
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Dana');

  await page.goto(`/sys-wallets/login/token?token=${token}`);
  await expect(page.getByRole('alert')).toHaveText('This sign-in link has expired or was already used. Request a new one.');
  // The failed link changed nothing: the session it started is still the live one.
  await page.goto('/sys-wallets/wallets');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Dana');

  // In another browser the used link offers a way to ask for a new one.
  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await otherPage.goto(`/sys-wallets/login/token?token=${token}`);
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('This link cannot sign you in');
  await otherPage.getByRole('link', { name: 'Request a new link' }).click();
  await expect(otherPage).toHaveURL(/\/sys-wallets\/login$/);
  await expect(otherPage.getByRole('button', { name: 'Email me a sign-in link' })).toBeVisible();
  await other.close();
  await api.dispose();
});

test('a sign-in link asked for on a Spanish page comes in Spanish', async ({ page, baseURL }) => {
  const person = newPerson('link-es');
  await createMember(baseURL, person);
  const api = await apiFor(baseURL);

  await page.goto('/sys-wallets/login?lang=es');
  const mark = await outboxMark(api, person.email);
  await page.getByLabel('Correo electrónico').fill(person.email);
  await page.getByRole('button', { name: 'Envíame un enlace de acceso' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Revisa tu correo');

  await nextFromOutbox(api, person.email, mark, 'login_token');
  expect((await latestMessage(api, person.email)).subject).toBe('Tu enlace para iniciar sesión en Verdant Exchange');
  await api.dispose();
});

test('the sign-in link button asks for the email first', async ({ page }) => {
  await page.goto('/sys-wallets/login');
  await page.getByRole('button', { name: 'Email me a sign-in link' }).click();
  await expect(page.getByText('Required field')).toHaveCount(1);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});
