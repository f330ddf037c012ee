// Forgotten password: the reset link from the outbox, a new password, then login with it.
import { expect, test } from '@playwright/test';
import { apiFor, createMember, newPerson, nextFromOutbox, outboxMark, signIn } from './identity-helpers.ts';

test('forget password -> reset -> login', async ({ page, baseURL }) => {
  const person = newPerson('reset');
  await createMember(baseURL, person);
  const api = await apiFor(baseURL);
  const mark = await outboxMark(api, person.email);

  await page.goto('/sys-wallets/login');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/forget-password$/);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(page.getByRole('status')).toContainText(`If an account exists for ${person.email}`);

  const token = await nextFromOutbox(api, person.email, mark, 'reset_token');
  await page.goto(`/sys-wallets/change-password?reset=${encodeURIComponent(token)}`);
  const newPassword = `${person.password}-renewed`;
  await page.getByLabel('New password', { exact: true }).fill(newPassword);
  await page.getByLabel('Repeat the new password').fill(`${newPassword}x`);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByText('The two passwords are not the same')).toBeVisible();
  await page.getByLabel('Repeat the new password').fill(newPassword);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Password changed');

  // The link works once.
  await page.goto(`/sys-wallets/change-password?reset=${encodeURIComponent(token)}`);
  await page.getByLabel('New password', { exact: true }).fill(`${newPassword}-again`);
  await page.getByLabel('Repeat the new password').fill(`${newPassword}-again`);
  await page.getByRole('button', { name: 'Save new password' }).click();
  await expect(page.getByRole('alert')).toContainText('invalid, expired or already used');

  await signIn(page, person.email, person.password);
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');
  await signIn(page, person.email, newPassword);
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await api.dispose();
});

test('profile#security: change the password, then sign in with the new one', async ({ page, baseURL }) => {
  const person = newPerson('chg');
  await createMember(baseURL, person);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'Security Settings' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/profile#security$/);
  const security = page.getByRole('region', { name: 'Security Settings' });
  await expect(security.getByText('Signed in', { exact: true })).toBeVisible();

  const newPassword = `${person.password}-changed`;
  await security.getByLabel('Current password').fill('wrong-password-here');
  await security.getByLabel('New password', { exact: true }).fill(newPassword);
  await security.getByLabel('Repeat the new password').fill(newPassword);
  await security.getByRole('button', { name: 'Save new password' }).click();
  await expect(security.getByRole('alert')).toHaveText('Your current password is not correct. Enter it again.');

  await security.getByLabel('Current password').fill(person.password);
  await security.getByRole('button', { name: 'Save new password' }).click();
  await expect(security.getByRole('status').filter({ hasText: 'Your password has been changed.' })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await signIn(page, person.email, newPassword);
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
});
