import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { enterCodes, payWithCard } from './flow-card-helpers.ts';
import { newPerson } from './identity-helpers.ts';

// The remittance flow (sys-remitflow) in the browser: the sender enters what they pay and the recipient
// (crypto at an address, or money at an IBAN; told by e-mail or SMS), sees the server's price with the
// recipient, fills their own details on the same step page as sys-flow, then pays by card on the flow's own
// pages under /sys-remitflow (the card held on /payment, the e-mail and mobile codes on /compliance capture
// it), lands on their status page and follows it to delivered; a reload keeps it. The recipient's message is in the dev outbox. A payout the test bank
// refuses (its closed account) ends refused, with the refund said.
const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const IBAN = 'DE89 3704 0044 0532 0130 00';
const REFUSED_IBAN = 'DE68 3704 0044 0000 0000 00';
const SHOTS = '/tmp/shots-remit-flow';

async function shoot(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The sender's details (a new e-mail and mobile per test: their codes are read from the outbox), then on to /payment. */
async function fillSender(page: Page) {
  const sender = newPerson('remit');
  await page.getByLabel('First name').fill('Ana');
  await page.getByLabel('Last name').fill('García');
  await page.getByLabel('Email').fill(sender.email);
  await page.getByLabel('Mobile number').fill(sender.mobile);
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByLabel('Street and number').fill('Calle Mayor 12');
  await page.getByLabel('City').fill('Madrid');
  await page.getByLabel('Postcode').fill('28013');
  await page.getByLabel('Country').fill('ES');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/sys-remitflow\/payment$/);
  return sender;
}

/** Pays on the remittance's own pages: the card held on /payment, captured by the codes on /compliance; the guard then sends the sender to their status. */
async function payByCard(page: Page, sender: { email: string; mobile: string }) {
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  await payWithCard(page, '4242 4242 4242 4242');
  await enterCodes(page, sender);
  await expect(page).toHaveURL(/\/sys-remitflow\/invoice$/, { timeout: 15_000 });
}

async function startRemittance(page: Page, recipient: { notify: 'email' | 'sms'; contact: string } & ({ address: string } | { iban: string })) {
  await page.goto('/sys-remitflow/test');
  await expect(page.getByRole('heading', { level: 1, name: 'Send money' })).toBeVisible();
  await expect(page.getByLabel('Amount you pay, fee included')).toHaveValue('30.00');
  await page.getByLabel('Recipient\'s full name').fill('Luis Pérez');
  if (recipient.notify === 'sms') {
    await page.getByRole('radio', { name: 'By SMS' }).check();
    await page.getByLabel('Recipient\'s mobile number').fill(recipient.contact);
  } else {
    await page.getByLabel('Recipient\'s e-mail').fill(recipient.contact);
  }
  if ('iban' in recipient) {
    await page.getByRole('radio', { name: 'Money at their bank account (IBAN)' }).check();
    await page.getByLabel('Their IBAN').fill(recipient.iban);
    await page.getByLabel('Account holder\'s name').fill('Luis Pérez');
  } else {
    await page.getByLabel('Their BTC address').fill(recipient.address);
  }
  await page.getByRole('button', { name: 'Get the price' }).click();
}

test('a remittance of bitcoin to an address: the price with the recipient, the sender\'s details, then paid and followed to delivered', async ({ page }) => {
  const email = `luis.${Date.now()}@example.com`;
  await startRemittance(page, { notify: 'email', contact: email, address: ADDRESS });
  const quote = page.getByRole('region', { name: 'Your remittance' });
  await expect(quote).toBeVisible();
  await expect(quote.getByText('Luis Pérez')).toBeVisible();
  await expect(quote.getByText('30.00 EUR')).toBeVisible();
  await expect(quote.getByText(/^1 BTC = \d+\.\d{2} EUR$/)).toBeVisible();
  await expect(quote.getByText(ADDRESS)).toBeVisible();
  await expect(quote.getByText(`E-mail to ${email}`)).toBeVisible();
  const got = (await quote.getByText(/^\d+\.\d{8} BTC$/).textContent())!;
  await shoot(page, 'start-crypto-quote');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/sys-remitflow\/details$/);
  // The same step page as sys-flow, showing the recipient where a purchase shows the address.
  const order = page.getByRole('region', { name: 'Your order' });
  await expect(order.getByText('Luis Pérez')).toBeVisible();
  await expect(order.getByText(got)).toBeVisible();
  await shoot(page, 'details');
  const sender = await fillSender(page);
  // The pay step shows who receives what, for how much, where the buy flow shows the address.
  const toPay = page.getByRole('region', { name: 'Your order' });
  await expect(toPay.getByText('Luis Pérez')).toBeVisible();
  await expect(toPay.getByText(ADDRESS)).toBeVisible();
  await expect(toPay.getByText(got)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pay 30.00 EUR' })).toBeVisible();
  await shoot(page, 'payment-crypto');
  await payWithCard(page, '4242 4242 4242 4242');
  await expect(page).toHaveURL(/\/sys-remitflow\/compliance$/);
  await expect(page.getByRole('region', { name: 'Your order' }).getByText('Luis Pérez')).toBeVisible();
  await shoot(page, 'compliance-crypto');
  await enterCodes(page, sender);
  await expect(page).toHaveURL(/\/sys-remitflow\/invoice$/, { timeout: 15_000 });
  const banner = page.getByRole('status').filter({ hasText: 'Delivered.' });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toContainText('Luis Pérez has received it.');
  await expect(page.getByText('Luis Pérez was told by e-mail.')).toBeVisible({ timeout: 10_000 });
  // The status page says who receives what, for how much, with the server's figures of the quote.
  const sent = page.getByRole('region', { name: 'What you send' });
  await expect(sent.getByText(got)).toBeVisible();
  await expect(sent.getByText('Luis Pérez')).toBeVisible();
  await expect(sent.getByText('30.00 EUR')).toBeVisible();
  await expect(page.getByText(/^[0-9a-f]{64}$/)).toBeVisible();
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Delivered.' })).toBeVisible();
  await shoot(page, 'status-delivered-crypto');

  const mail = await page.request.get(`/dev/outbox/latest?to=${encodeURIComponent(email)}&format=json`);
  expect(mail.status()).toBe(200);
  expect(JSON.stringify(await mail.json())).toContain('Ana García sent you money');
});

test('a remittance to an IBAN: the transfer fee only, paid out by the test bank, the recipient told by SMS', async ({ page }) => {
  const mobile = `+3461${String(Date.now()).slice(-7)}`;
  await startRemittance(page, { notify: 'sms', contact: mobile, iban: IBAN });
  const quote = page.getByRole('region', { name: 'Your remittance' });
  await expect(quote.getByText('No conversion')).toBeVisible();
  await expect(quote.getByText('Account DE89 •••• 3000, Luis Pérez')).toBeVisible();
  await expect(quote.getByText(`SMS to ${mobile}`)).toBeVisible();
  const got = (await quote.getByText(/^\d+\.\d{2} EUR$/).last().textContent())!;
  expect(got).not.toBe('30.00 EUR');
  await shoot(page, 'start-iban-quote');

  await page.getByRole('button', { name: 'Continue' }).click();
  const sender = await fillSender(page);
  const toPay = page.getByRole('region', { name: 'Your order' });
  await expect(toPay.getByText('Account DE89 •••• 3000, Luis Pérez')).toBeVisible();
  await expect(toPay.getByText(got)).toBeVisible();
  await shoot(page, 'payment-iban');
  await payByCard(page, sender);
  await expect(page.getByRole('status').filter({ hasText: 'Delivered.' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByText(/^bpo_[0-9a-f]{24}$/)).toBeVisible();
  await expect(page.getByText('Luis Pérez was told by SMS.')).toBeVisible({ timeout: 10_000 });
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'Delivered.' })).toBeVisible();
  await shoot(page, 'status-delivered-iban');

  const sms = await page.request.get(`/dev/outbox/latest?to=${encodeURIComponent(mobile)}&format=json`);
  expect(sms.status()).toBe(200);
  const text = JSON.stringify(await sms.json());
  expect(text).toContain(got);
  expect(text).toContain('DE89 •••• 3000');
});

test('a payout the bank refuses ends refused, and the sender is told their money is refunded', async ({ page }) => {
  await startRemittance(page, { notify: 'sms', contact: '+34612000000', iban: REFUSED_IBAN });
  await page.getByRole('button', { name: 'Continue' }).click();
  await payByCard(page, await fillSender(page));
  const banner = page.getByRole('status').filter({ hasText: 'The delivery was refused.' });
  await expect(banner).toBeVisible({ timeout: 20_000 });
  await expect(banner).toContainText('our team refunds it to you');
  await expect(page.getByRole('list', { name: 'Progress' }).getByRole('listitem')).toHaveText(['Paid', 'Sending', 'Refused']);
  await page.reload();
  await expect(page.getByRole('status').filter({ hasText: 'The delivery was refused.' })).toBeVisible();
  await shoot(page, 'status-refused');
});

test('the recipient\'s IBAN and address are checked by the server, under their fields', async ({ page }) => {
  await startRemittance(page, { notify: 'email', contact: 'luis@example.com', iban: 'DE88 3704 0044 0532 0130 00' });
  await expect(page.getByLabel('Their IBAN')).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Their IBAN')).toHaveAccessibleDescription(/check digits/);
  await expect(page.getByRole('region', { name: 'Your remittance' })).toHaveCount(0);
  await shoot(page, 'start-iban-refused');
  await page.getByRole('radio', { name: 'Crypto at their address' }).check();
  await page.getByLabel('Their BTC address').fill('0x52908400098527886E0F7030069857D2E4169EE7');
  await page.getByRole('button', { name: 'Get the price' }).click();
  await expect(page.getByLabel('Their BTC address')).toHaveAttribute('aria-invalid', 'true');
});

test('the start speaks Spanish with ?lang=es', async ({ page }) => {
  await page.goto('/sys-remitflow/?lang=es');
  await expect(page.getByRole('heading', { level: 1, name: 'Enviar dinero' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Ver el precio' })).toBeVisible();
  // The recipient's message starts in the sender's language.
  await expect(page.getByLabel('Idioma de su mensaje')).toHaveValue('es');
  await shoot(page, 'start-es');
});
