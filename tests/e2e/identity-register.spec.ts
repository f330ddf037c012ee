// Registration under registration_new_flow (provider 1): email and mobile, a code to each read
// from the test-mode outbox, personal details, address details, then the wallets page.
import { expect, test, type Page } from '@playwright/test';
import { apiFor, latestMessage, newPerson, nextFromOutbox, outboxMark, type Person } from './identity-helpers.ts';

interface Texts {
  email: string;
  mobile: string;
  continue: string;
  emailCode: RegExp;
  mobileCode: RegExp;
  verify: string;
  firstName: string;
  lastName: string;
  password: string;
  createAccount: string;
  addressTitle: string;
  dateOfBirth: string;
  address: string;
  city: string;
  zipCode: string;
  country: string;
  save: string;
  greeting: string;
  empty: string;
  /** The subject of the email-code message, in the page's language (server/notifications/templates/code-message.ts). */
  codeSubject: string;
}

const EN: Texts = {
  email: 'Email',
  mobile: 'Mobile number',
  continue: 'Continue',
  emailCode: /^Code sent to .*@example\.test$/,
  mobileCode: /^Code sent to \+/,
  verify: 'Verify',
  firstName: 'First name',
  lastName: 'Last name',
  password: 'Password',
  createAccount: 'Create account',
  addressTitle: 'Your address',
  dateOfBirth: 'Date of birth',
  address: 'Address',
  city: 'City',
  zipCode: 'Postcode',
  country: 'Country',
  save: 'Save and continue',
  greeting: 'Hello, Dana',
  empty: 'No wallets yet',
  codeSubject: 'Your Verdant Exchange verification code',
};

const ES: Texts = {
  email: 'Correo electrónico',
  mobile: 'Número de móvil',
  continue: 'Continuar',
  emailCode: /^Código enviado a .*@example\.test$/,
  mobileCode: /^Código enviado a \+/,
  verify: 'Verificar',
  firstName: 'Nombre',
  lastName: 'Apellidos',
  password: 'Contraseña',
  createAccount: 'Crear cuenta',
  addressTitle: 'Tu dirección',
  dateOfBirth: 'Fecha de nacimiento',
  address: 'Dirección',
  city: 'Ciudad',
  zipCode: 'Código postal',
  country: 'País',
  save: 'Guardar y continuar',
  greeting: 'Hola, Dana',
  empty: 'Todavía no tienes monederos',
  codeSubject: 'Tu código de verificación de Verdant Exchange',
};

async function enterCode(page: Page, label: RegExp, code: string, verify: string) {
  const field = page.getByLabel(label);
  await field.fill(code);
  await field.locator('xpath=ancestor::form').getByRole('button', { name: verify, exact: true }).click();
}

async function registerJourney(page: Page, baseURL: string | undefined, person: Person, t: Texts, query: string) {
  const api = await apiFor(baseURL);
  const emailMark = await outboxMark(api, person.email);
  const mobileMark = await outboxMark(api, person.mobile);

  await page.goto(`/sys-wallets/register${query}`);
  await page.getByLabel(t.email).fill(person.email);
  await page.getByLabel(t.mobile).fill(person.mobile);
  await page.getByRole('button', { name: t.continue }).click();

  // Both codes are sent as the step opens; each is read from the outbox and entered.
  await enterCode(page, t.emailCode, await nextFromOutbox(api, person.email, emailMark), t.verify);
  // The code mail is in the page's language: the page sends it with requestOTP.
  expect((await latestMessage(api, person.email)).subject).toBe(t.codeSubject);
  await enterCode(page, t.mobileCode, await nextFromOutbox(api, person.mobile, mobileMark), t.verify);

  await expect(page).toHaveURL(/\/sys-wallets\/register\/personal_details$/);
  await page.getByLabel(t.firstName).fill(person.firstName);
  await page.getByLabel(t.lastName).fill(person.lastName);
  await page.getByLabel(t.password, { exact: true }).fill(person.password);
  await page.getByRole('button', { name: t.createAccount }).click();

  await expect(page).toHaveURL(/\/sys-wallets\/register\/address_details$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.addressTitle);
  await page.getByLabel(t.dateOfBirth).fill('1991-07-14');
  await page.getByLabel(t.address, { exact: true }).fill('4 Quay Street');
  await page.getByLabel(t.city).fill('Bristol');
  await page.getByLabel(t.zipCode).fill('BS1 4DJ');
  await page.getByLabel(t.country).selectOption('GB');
  await page.getByRole('button', { name: t.save }).click();

  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.greeting);
  await expect(page.getByRole('heading', { name: t.empty })).toBeVisible();
  await api.dispose();
}

test('register -> verify email and mobile with codes from the outbox -> address details -> lands on /wallets', async ({ page, baseURL }) => {
  await registerJourney(page, baseURL, newPerson('reg'), EN, '');
  await expect(page.getByRole('main').getByText(/^VX\d+$/)).toBeVisible();
});

test('the register journey in Spanish', async ({ page, baseURL }) => {
  await registerJourney(page, baseURL, newPerson('reg-es'), ES, '?lang=es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
});

test("empty required inputs say 'Required field'", async ({ page }) => {
  await page.goto('/sys-wallets/register');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Required field')).toHaveCount(2);
  await expect(page.getByLabel('Email')).toHaveAttribute('aria-invalid', 'true');
});

test("a registration token the server no longer knows says 'Registration token Expired!' and starts over", async ({ page }) => {
  const person = newPerson('expired');
  await page.goto('/sys-wallets/register');
  // The state the register step leaves behind, with a token the server never issued.
  await page.evaluate((attempt) => sessionStorage.setItem('identity.registrationAttempt', JSON.stringify(attempt)), {
    reg_token: 'A'.repeat(43),
    email: person.email,
    mobile: person.mobile,
    emailVerified: true,
    mobileVerified: true,
  });
  await page.goto('/sys-wallets/register/personal_details');
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Password', { exact: true }).fill(person.password);
  await page.getByRole('button', { name: 'Create account' }).click();
  await expect(page.getByRole('alert')).toHaveText('Registration token Expired!');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Your registration has expired');
  await page.getByRole('link', { name: 'Start again' }).click();
  await expect(page).toHaveURL(/\/sys-wallets\/register$/);
  await expect(page.getByLabel('Mobile number')).toBeVisible();
  // Starting again keeps the email and mobile of the attempt that ended.
  await expect(page.getByLabel('Email')).toHaveValue(person.email);
  await expect(page.getByLabel('Mobile number')).toHaveValue(person.mobile);
});
