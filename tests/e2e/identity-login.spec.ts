// Login, the login-layout and check-auth redirects, sign out, login codes (double-auth) and the
// Session Timeout modal when another browser logs in as the same member.
import { expect, test } from '@playwright/test';
import { apiFor, createMember, newPerson, nextFromOutbox, outboxMark, signIn } from './identity-helpers.ts';

test('login -> /wallets; the login layout then sends the member away; sign out -> /login', async ({ page }) => {
  await signIn(page, 'member@demo.test', 'not-the-password');
  await expect(page.getByRole('alert')).toHaveText('The email or password is incorrect.');

  await signIn(page, 'member@demo.test', 'Demo-member-2026!');
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Alex');

  await page.goto('/sys-wallets/login');
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/login$/);
  expect((await page.context().cookies()).find((cookie) => cookie.name === 'token')).toBeUndefined();

  await page.goto('/sys-wallets/wallets');
  await expect(page).toHaveURL(/\/sys-wallets\/login$/);
});

test('login with login codes on -> /double-auth -> /wallets', async ({ page, baseURL }) => {
  const person = newPerson('otp');
  await createMember(baseURL, person);
  const api = await apiFor(baseURL);

  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);

  // Turn login codes on from profile#security, confirming with a code.
  await page.goto('/sys-wallets/profile#security');
  let mark = await outboxMark(api, person.email);
  await page.getByRole('button', { name: 'Turn on login codes' }).click();
  await page.getByLabel('Verification code').fill(await nextFromOutbox(api, person.email, mark));
  await page.getByRole('button', { name: 'Turn on login codes' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Login codes are now on.' })).toBeVisible();

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('button', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/login$/);

  mark = await outboxMark(api, person.email);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/sys-wallets\/double-auth$/);
  // A member who owes the code cannot reach member pages.
  await page.goto('/sys-wallets/wallets');
  await expect(page).toHaveURL(/\/sys-wallets\/double-auth$/);
  await page.getByLabel('Verification code').fill(await nextFromOutbox(api, person.email, mark));
  await page.getByRole('button', { name: 'Verify and continue' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await api.dispose();
});

test('a second browser logs in -> the first sees the Session Timeout modal', async ({ page, browser, baseURL }) => {
  const person = newPerson('two');
  await createMember(baseURL, person);

  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);

  const other = await browser.newContext({ baseURL });
  const otherPage = await other.newPage();
  await signIn(otherPage, person.email, person.password);
  await expect(otherPage).toHaveURL(/\/sys-wallets\/wallets$/);

  await page.getByRole('button', { name: /Account menu/ }).click();
  await page.getByRole('link', { name: 'View Profile' }).click();
  const dialog = page.getByRole('dialog', { name: 'Session Timeout' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('You are logged in on other devices or browsers. Please login again.');
  await dialog.getByRole('button', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/login$/);
  await expect(dialog).toBeHidden();

  // The second browser's session is the live one.
  await otherPage.goto('/sys-wallets/profile');
  await expect(otherPage.getByRole('heading', { level: 1 })).toHaveText('My Profile');
  await other.close();
});

test('onboarding: a member updates their profile details and lands on /wallets', async ({ page, baseURL }) => {
  const person = newPerson('onb');
  await createMember(baseURL, person);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);

  await page.goto('/sys-wallets/onboarding');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Complete your profile');
  await expect(page.getByLabel('City')).toHaveValue('Bristol');
  await page.getByLabel('First name').fill('');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page.getByText('Required field')).toBeVisible();
  await page.getByLabel('First name').fill('Danielle');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Danielle');
});

test('a wrong password on a Spanish page is explained in Spanish', async ({ page }) => {
  await page.goto('/sys-wallets/login?lang=es');
  await page.getByLabel('Correo electrónico').fill('nobody@example.test');
  await page.getByLabel('Contraseña', { exact: true }).fill('not-the-password');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('El correo o la contraseña no son correctos.');
});

test('a locked account on a Spanish page is told when to retry in Spanish', async ({ page, baseURL }) => {
  const person = newPerson('locked-es');
  await createMember(baseURL, person);
  await page.goto('/sys-wallets/login?lang=es');
  await page.getByLabel('Correo electrónico').fill(person.email);
  for (let attempt = 1; attempt <= 4; attempt += 1) {
    await page.getByLabel('Contraseña', { exact: true }).fill(`Wrong-guess-${attempt}x`);
    await page.getByRole('button', { name: 'Iniciar sesión' }).click();
    await expect(page.getByRole('alert')).toHaveText('El correo o la contraseña no son correctos.');
  }
  await page.getByLabel('Contraseña', { exact: true }).fill('Wrong-guess-5x');
  await page.getByRole('button', { name: 'Iniciar sesión' }).click();
  await expect(page.getByRole('alert')).toHaveText('Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de 15 minutos.');
});
