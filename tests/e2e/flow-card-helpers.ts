// Shared steps of the guest card specs (flow-card.spec.ts): a checkout started in the browser with a
// person nobody else uses, the card form, the verify account codes read from the dev outbox, the identity
// photos, and the checkout's state read through the API with the browser's own flow cookie.
import { mkdirSync } from 'node:fs';
import jpegJs from 'jpeg-js';
import { expect, type APIRequestContext, type FrameLocator, type Page } from '@playwright/test';
import { newPerson, nextFromOutbox, outboxMark, type Person } from './identity-helpers.ts';

export const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
const SHOTS = '/tmp/shots-flow-card';

export async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** A JPEG the server's photo checks accept (800 x 520). */
export function photo(seed: number): { name: string; mimeType: string; buffer: Buffer } {
  const width = 800;
  const height = 520;
  const data = Buffer.alloc(width * height * 4);
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 4;
      data[at] = (x + seed * 40) % 256;
      data[at + 1] = (y + seed * 70) % 256;
      data[at + 2] = (x + y) % 256;
      data[at + 3] = 255;
    }
  }
  return { name: `photo-${seed}.jpg`, mimeType: 'image/jpeg', buffer: Buffer.from(jpegJs.encode({ data, width, height }, 80).data) };
}

/**
 * A checkout started in the browser up to /payment: the test route's 30.00 EUR (below the unverified limit),
 * or `amount` on the start page (300.00 is above it), with the details of a new person; with `merchantId`, opened
 * for that merchant (as its buy link does).
 */
export async function checkoutAtPayment(page: Page, options: { amount?: string; tag: string; lastName?: string; merchantId?: string }): Promise<Person> {
  const person = { ...newPerson(options.tag), lastName: options.lastName ?? 'Okafor' };
  const start = options.amount === undefined ? '/sys-flow/test' : '/sys-flow/';
  await page.goto(options.merchantId === undefined ? start : `${start}?merchant_id=${options.merchantId}`);
  if (options.amount !== undefined) await page.getByLabel('Amount you pay, fee included').fill(options.amount);
  await page.getByLabel('Your BTC address').fill(ADDRESS);
  await page.getByRole('button', { name: 'Get the price' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(/\/sys-flow\/details$/);
  await page.getByLabel('First name').fill(person.firstName);
  await page.getByLabel('Last name').fill(person.lastName);
  await page.getByLabel('Email').fill(person.email);
  await page.getByLabel('Mobile number').fill(person.mobile);
  await page.getByLabel('Date of birth').fill('1990-04-12');
  await page.getByLabel('Street and number').fill('Calle Mayor 12');
  await page.getByLabel('City').fill('Madrid');
  await page.getByLabel('Postcode').fill('28013');
  await page.getByLabel('Country').fill('ES');
  await page.getByRole('button', { name: 'Save and continue' }).click();
  await expect(page).toHaveURL(/\/sys-flow\/payment$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Payment' })).toBeVisible();
  return person;
}

export async function payWithCard(page: Page, number: string): Promise<void> {
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry (MM/YY)').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByRole('button', { name: /^Pay \d+\.\d{2} EUR$/ }).click();
}

/** On /compliance (under any flow module's prefix): the codes the page sent on opening, read from the outbox and entered. */
export async function enterCodes(page: Page, person: Pick<Person, 'email' | 'mobile'>): Promise<void> {
  await expect(page).toHaveURL(/\/sys-[a-z]+\/compliance$/);
  await enterCodesIn(page, page.request, person);
}

/** The same on a /compliance page drawn in `scope`: the page itself, or a frame (the buy widget's, in a shop). */
export async function enterCodesIn(scope: Page | FrameLocator, api: APIRequestContext, person: Pick<Person, 'email' | 'mobile'>): Promise<void> {
  await expect(scope.getByRole('heading', { level: 1, name: 'Verify your account' })).toBeVisible();
  for (const [channel, to] of [['Email code', person.email], ['Mobile code', person.mobile]] as const) {
    const code = await nextFromOutbox(api, to, null);
    const box = scope.getByRole('region', { name: channel });
    await box.getByLabel(channel).fill(code);
    await box.getByRole('button', { name: 'Verify', exact: true }).click();
    // The last code may clear the checkout, and the page then moves on: only the first is checked here.
    if (channel === 'Email code') await expect(scope.getByRole('region', { name: channel }).getByText('Verified')).toBeVisible();
  }
}

export { outboxMark };

/** The flow cookie's checkout as the API answers it (the browser's own cookie). */
export async function checkoutState(page: Page): Promise<{ _id: string; status: string; payment_status: string | null; verified: { id: number }; failure_reason: string | null; delivery: { status: string | null } }> {
  const cookie = await page.request.get('/v1/getCheckoutCookie?is_flow=1');
  const cookieBody = (await cookie.json()) as { data?: { _id: string }; request_details?: { _id: string } };
  const id = cookieBody.data?._id ?? cookieBody.request_details?._id;
  const read = await page.request.get(`/v1/checkout/getCheckout/${id}`);
  expect(read.ok()).toBe(true);
  return ((await read.json()) as { data: Awaited<ReturnType<typeof checkoutState>> }).data;
}
