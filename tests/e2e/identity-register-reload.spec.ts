// A reload in the middle of registration (new flow, provider 1) resumes at the same step with what
// was typed, sends no codes again, and the registration finishes; an attempt that is over says so
// and starts again with the email and mobile kept. The attempt lives in this tab's sessionStorage.
import { expect, test, type Page } from '@playwright/test';
import { apiFor, newPerson, nextFromOutbox, outboxMark } from './identity-helpers.ts';

const KEY = 'identity.registrationAttempt';

async function enterCode(page: Page, label: RegExp, code: string) {
  const field = page.getByLabel(label);
  await field.fill(code);
  await field.locator('xpath=ancestor::form').getByRole('button', { name: 'Verify', exact: true }).click();
}

async function reloadAndWait(page: Page, heading: string) {
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
}

const stored = (page: Page) => page.evaluate((key) => sessionStorage.getItem(key), KEY);

test('a reload at every step of the registration resumes it there, filled in, and the registration finishes', async ({ page, baseURL }) => {
  const person = newPerson('reload');
  const api = await apiFor(baseURL);
  const emailMark = await outboxMark(api, person.email);
  const mobileMark = await outboxMark(api, person.mobile);

  // Step 1: typed, not sent yet.
  await page.goto('/sys-wallets/register');
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Mobile number').fill(person.mobile);
  await reloadAndWait(page, 'Create your account');
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await expect(page.getByLabel('Mobile number')).toHaveValue(person.mobile);
  await page.getByRole('button', { name: 'Continue' }).click();

  // Step 2: the codes went out once; a reload neither sends them again nor complains about waiting.
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Confirm your email and mobile');
  const emailCode = await nextFromOutbox(api, person.email, emailMark);
  const mobileCode = await nextFromOutbox(api, person.mobile, mobileMark);
  const emailSent = await outboxMark(api, person.email);
  await reloadAndWait(page, 'Confirm your email and mobile');
  await expect(page.getByText('Step 2 of 4')).toBeVisible();
  await expect(page.getByRole('button', { name: /^Send a new code in \d+ s$/ })).toHaveCount(2);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await enterCode(page, /^Code sent to .*@example\.test$/, emailCode);
  await expect(page.getByText('Verified')).toBeVisible();
  await reloadAndWait(page, 'Confirm your email and mobile');
  await expect(page.getByText('Verified')).toBeVisible();
  // The code in the person's phone still works: nothing replaced it.
  expect(await outboxMark(api, person.email)).toBe(emailSent);
  await enterCode(page, /^Code sent to \+/, mobileCode);

  // Step 3: the names survive a reload; the password is never kept.
  await expect(page).toHaveURL(/\/sys-wallets\/register\/personal_details$/);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await expect.poll(() => stored(page)).toContain(person.lastName);
  expect(await stored(page)).not.toContain(person.password);
  await reloadAndWait(page, 'Your personal details');
  await expect(page.getByLabel('First name')).toHaveValue(person.firstName);
  await expect(page.getByLabel('Last name')).toHaveValue(person.lastName);
  await expect(page.getByLabel('Password', { exact: true })).toHaveValue('');
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();

  // Step 4: the address typed so far survives a reload.
  await expect(page).toHaveURL(/\/sys-wallets\/register\/address_details$/);
  await page.getByLabel('Date of birth').fill('1991-07-14');
  await page.getByLabel('Address', { exact: true }).fill('4 Quay Street');
  await page.getByLabel('City').fill('Bristol');
  await reloadAndWait(page, 'Your address');
  await expect(page.getByLabel('Date of birth')).toHaveValue('1991-07-14');
  await expect(page.getByLabel('Address', { exact: true })).toHaveValue('4 Quay Street');
  await expect(page.getByLabel('City')).toHaveValue('Bristol');
  await page.getByLabel('Postcode').fill('BS1 4DJ');
  await page.getByLabel('Country').selectOption('GB');
  await page.getByRole('button', { name: 'Save and continue' }).click();

  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, Dana');
  // Done: nothing of the registration stays in the tab.
  expect(await stored(page)).toBeNull();
  await api.dispose();
});

test('an attempt the server ended says so, and starting again keeps the email and mobile', async ({ page }) => {
  const person = newPerson('over');
  await page.goto('/sys-wallets/register');
  // An attempt at the codes step whose token the server does not know (expired long ago).
  await page.evaluate(([key, attempt]) => sessionStorage.setItem(key, JSON.stringify(attempt)), [
    KEY,
    { reg_token: 'A'.repeat(43), email: person.email, mobile: person.mobile, emailVerified: false, mobileVerified: false },
  ] as const);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your registration has expired');
  await expect(page.getByText('a registration has to be finished within 30 minutes')).toBeVisible();
  await expect(page.getByRole('alert')).toHaveText('Registration token Expired!');
  await page.getByRole('link', { name: 'Start again' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await expect(page.getByLabel('Mobile number')).toHaveValue(person.mobile);
});

test('an attempt whose 30 minutes passed while the tab was away is over on reload, in Spanish too', async ({ page }) => {
  const person = newPerson('late');
  await page.goto('/sys-wallets/register?lang=es');
  await page.evaluate(([key, attempt]) => sessionStorage.setItem(key, JSON.stringify(attempt)), [
    KEY,
    { reg_token: 'B'.repeat(43), expiresAt: Date.now() - 1000, email: person.email, mobile: person.mobile, emailVerified: true, mobileVerified: true, firstName: 'Dana' },
  ] as const);
  await page.goto('/sys-wallets/register/personal_details');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tu registro ha caducado');
  await page.getByRole('link', { name: 'Empezar de nuevo' }).click();
  await expect(page.getByLabel('Correo electrónico')).toHaveValue(person.email);
  await expect(page.getByLabel('Número de móvil')).toHaveValue(person.mobile);
  // The token went with the attempt; the contacts stayed.
  const kept = JSON.parse((await stored(page)) ?? '{}') as Record<string, unknown>;
  expect(kept).toMatchObject({ reg_token: null, email: person.email, mobile: person.mobile });
});

test('the personal details step in a tab that did not do the first steps says where to start', async ({ page }) => {
  await page.goto('/sys-wallets/register/personal_details');
  await expect(page.getByText('This step follows the first two, done in this browser tab.')).toBeVisible();
  await page.getByRole('link', { name: 'Go to the first step' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Create your account');
});
