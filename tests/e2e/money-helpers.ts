// Steps the money specs share: a fresh signed-in member, a card deposit through the test acquirer,
// a conversion through its quote, and the transaction and balances as the API answers them.
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createMember, newPerson, signIn, type Person } from './identity-helpers.ts';

// A checksummed EIP-55 address: the test network accepts ETH withdrawals to it.
export const ETH_ADDRESS = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';

export interface TxRecord {
  id: string;
  status: string;
  currency_iso: string;
  amount: string;
  currency_2_iso: string | null;
  amount_2: string | null;
  fee: string;
  fee_currency: string;
}

/** Decimal string -> minor units, exactly (no float ever holds money, not even in a test). */
export function minor(value: string, decimals: number): bigint {
  const [int = '0', frac = ''] = value.split('.');
  return BigInt(int + frac.padEnd(decimals, '0'));
}

export async function details(api: APIRequestContext, id: string): Promise<TxRecord> {
  // A cookie-authenticated POST must name its origin (the CSRF check); the page's own origin is the base URL.
  const response = await api.post('/v1/transactions/getTransacionaDetails', { data: { transaction_id: id }, headers: { Origin: new URL(test.info().project.use.baseURL ?? '').origin } });
  const body = (await response.json()) as { request_status: string; request_details: { transaction: TxRecord } };
  expect(body.request_status, JSON.stringify(body)).toBe('1');
  return body.request_details.transaction;
}

export async function balances(api: APIRequestContext): Promise<Map<string, { balance: string; available: string }>> {
  const body = (await (await api.get('/v1/users/getUserBalances')).json()) as { request_details: { wallets: { currency: string; balance: string; available: string }[] } };
  return new Map(body.request_details.wallets.map((w) => [w.currency, w]));
}

/**
 * A new member, signed in. Identity-verified by default through the test-mode control, so a journey
 * about money is not about the verification level's limits (server/limits/); `identity: false`
 * leaves the member at the basic level (email and phone verified).
 */
export async function signedInMember(page: Page, baseURL: string | undefined, tag: string, options: { identity?: boolean; level?: 'verified' | 'enhanced' } = {}): Promise<Person> {
  const person = newPerson(tag);
  await createMember(baseURL, person);
  await signIn(page, person.email, person.password);
  await expect(page).toHaveURL(/\/sys-wallets\/wallets$/);
  if (options.identity ?? true) await verifyIdentityForTests(page, options.level);
  return person;
}

/**
 * Test mode: the signed-in member of `page` becomes identity-verified (POST /v1/test-mode/verifyIdentity);
 * `enhanced` also gives an approved proof of address (the top level, for amounts only it allows).
 * Sent from the page itself, so it goes to the page's host (wl2.localhost too) with its session cookie.
 */
export async function verifyIdentityForTests(page: Page, level: 'verified' | 'enhanced' = 'verified'): Promise<void> {
  const status = await page.evaluate(async (level) => {
    const response = await fetch('/v1/test-mode/verifyIdentity', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ level }),
    });
    return ((await response.json()) as { request_status: string }).request_status;
  }, level);
  expect(status).toBe('1');
}

export async function fillCard(page: Page, amount: string, number: string, origin = ''): Promise<void> {
  const cardsLoaded = page.waitForResponse((response) => response.url().includes('/v1/users/getUserCards'));
  await page.goto(`${origin}/sys-wallets/deposit?tab=card`);
  await cardsLoaded;
  await expect(page.getByRole('heading', { name: 'Deposit EUR' })).toBeVisible();
  await page.getByLabel('Amount (EUR)').fill(amount);
  // After a successful charge the card is saved and offered first; these specs type a new one.
  const newCard = page.getByRole('radio', { name: 'A new card' });
  if (await newCard.isVisible()) await newCard.check();
  await page.getByLabel('Card number').fill(number);
  await page.getByLabel('Expiry date').fill('12/30');
  await page.getByLabel('Security code (CVC)').fill('123');
  await page.getByLabel('Name on the card').fill('Dana Okafor');
  await page.getByRole('button', { name: /^Deposit €/ }).click();
}

export async function convert(page: Page, path: string, amount: string): Promise<string> {
  await page.goto(`/sys-wallets${path}`);
  await page.getByLabel(/^Amount to spend/).fill(amount);
  await page.getByRole('button', { name: 'Get quote' }).click();
  await expect(page.getByRole('heading', { name: 'Review your quote' })).toBeVisible();
  await expect(page.getByText(/This price holds for \d+ s\./)).toBeVisible();
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByRole('heading', { name: 'Done' })).toBeVisible();
  return (await page.getByTestId('transaction-id').textContent()) ?? '';
}

/** Minor units back to the decimal string the API and the screens write ("0.01100000"). */
export function decimal(value: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals);
  return `${value / scale}.${(value % scale).toString().padStart(decimals, '0')}`;
}

/**
 * The provider's flat withdrawal fee of `asset` (GET /v1/transactions/getFees), asked from the page
 * itself: the member's session and provider are the page's (wl2.localhost resolves in the browser only).
 */
export async function withdrawalFeeOf(page: Page, asset: string): Promise<string> {
  const body = (await page.evaluate(async () => (await fetch('/v1/transactions/getFees')).json())) as { request_details: { withdrawal: Record<string, string> } };
  const fee = body.request_details.withdrawal[asset];
  expect(fee, `a withdrawal fee for ${asset}`).toBeTruthy();
  return fee ?? '';
}
