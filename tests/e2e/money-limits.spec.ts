// Levels and limits as a member at the basic level (email and phone verified, identity not) meets
// them: the Limits card on the profile (level, what is left this month, what the next level needs,
// the way to Account Verification), the "left this month" line on buy, sell and withdraw, and a buy
// above the limit refused with the message that names the step, in English and in Spanish.
// (Becoming identity-verified and buying more is the KYC journey's.)
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { balances, convert, fillCard, minor, signedInMember } from './money-helpers.ts';

const SHOTS = '/tmp/shots-limits';
const BUY_REFUSED_EN =
  'You can buy up to €150.00 more this month at your verification level. To buy up to €5,000.00 a day and €20,000.00 a month, verify your identity (an identity document and a selfie) in Account Verification, or enter a smaller amount.';
const BUY_REFUSED_ES =
  'Puedes comprar hasta 150,00 € más este mes con tu nivel de verificación. Para comprar hasta 5.000,00 € al día y 20.000,00 € al mes, verifica tu identidad (un documento de identidad y un selfi) en Verificación de la cuenta, o introduce un importe menor.';

async function shoot(page: Page, name: string, focus: string): Promise<void> {
  if (test.info().project.name !== 'pglite') return;
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    // Let the sidebar finish moving to its place for the new width.
    await page.waitForTimeout(500);
    await page.locator(focus).first().scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png` });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
}

/** Test coins arrive on chain (not a limited operation) and confirm; resolves when they are available. */
async function receiveBtc(page: Page, amount: string): Promise<void> {
  const origin = new URL(page.url()).origin;
  const headers = { Origin: origin };
  const created = await (await page.request.post('/v1/users/createWallet', { data: { symbol: 'BTC' }, headers })).json();
  const address = created.request_details.wallets.find((wallet: { currency: string }) => wallet.currency === 'BTC').address as string;
  expect((await page.request.post('/v1/test-network/pay', { data: { asset: 'BTC', address, amount }, headers })).ok()).toBe(true);
  await expect.poll(async () => {
    await page.request.post('/v1/test-network/mine', { data: { blocks: 2 }, headers });
    return (await balances(page.request)).get('BTC')?.available;
  }, { timeout: 20_000 }).toBe(amount);
}

test('a basic member sees the level and what is left, and a buy above the limit is refused naming the step (en, es)', async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await signedInMember(page, baseURL, 'limits', { identity: false });

  // The profile's Limits card: basic, everything of the month left, identity is the next step.
  await page.goto('/sys-wallets/profile#limits');
  const card = page.locator('#limits');
  await expect(card.getByRole('heading', { name: 'Limits' })).toBeVisible();
  await expect(card.getByTestId('limits-level')).toHaveText('Basic');
  await expect(card.getByTestId('limits-row-buy')).toContainText('€150.00');
  await expect(card.getByTestId('limits-row-send')).toContainText('€0.00');
  const next = card.getByTestId('limits-next');
  await expect(next.getByRole('heading', { name: 'Next level: Identity verified' })).toBeVisible();
  await expect(next).toContainText('To raise your limits, verify your identity (an identity document and a selfie).');
  await expect(next.getByRole('link', { name: 'Go to Account Verification' })).toHaveAttribute('href', '/sys-wallets/compliance');
  await shoot(page, 'profile-limits', '#limits');

  // Money within the basic level: a card deposit of €150 and a sell of test coins (about €111).
  await page.goto('/sys-wallets/deposit?tab=card');
  await expect(page.getByTestId('limit-left')).toContainText('Left this month at your verification level: €150.00');
  await fillCard(page, '150', '4242 4242 4242 4242');
  await expect(page.getByRole('heading', { name: 'Deposit approved' })).toBeVisible();
  await receiveBtc(page, '0.00200000');
  await page.goto('/sys-wallets/sell?from=BTC&to=EUR');
  await expect(page.getByTestId('limit-left')).toContainText('Left this month at your verification level: €150.00');
  await convert(page, '/sell?from=BTC&to=EUR', '0.002');
  const eur = minor((await balances(page.request)).get('EUR')?.available ?? '0', 2);
  expect(eur).toBeGreaterThan(20_000n);

  // Buy: the line says what is left; €200 is refused by the server with the step, though the balance covers it.
  await page.goto('/sys-wallets/buy?from=EUR&to=BTC');
  await expect(page.getByTestId('limit-left')).toHaveText('Left this month at your verification level: €150.00 Raise your limits');
  await page.getByLabel(/^Amount to spend/).fill('200');
  await page.getByRole('button', { name: 'Get quote' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'verification level' })).toHaveText(BUY_REFUSED_EN);
  await shoot(page, 'buy-refused', '.trade-form');

  // The withdraw page says nothing can be sent at this level.
  await page.goto('/sys-wallets/withdrawal?currency=BTC');
  await expect(page.getByTestId('limit-left')).toContainText('Left this month at your verification level: €0.00');
  await shoot(page, 'withdraw-left', '[data-testid="limit-left"]');

  // In Spanish, the same refusal in Spanish, with its figures.
  await page.goto('/sys-wallets/buy?from=EUR&to=BTC&lang=es');
  await expect(page.getByTestId('limit-left')).toContainText('Te queda este mes con tu nivel de verificación: 150,00 €');
  await page.getByLabel(/^Importe a gastar/).fill('200');
  await page.getByRole('button', { name: 'Obtener cotización' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'nivel de verificación' })).toHaveText(BUY_REFUSED_ES);
  await shoot(page, 'buy-refused-es', '.trade-form');
  await page.goto('/sys-wallets/profile?lang=es#limits');
  await expect(page.locator('#limits').getByTestId('limits-level')).toHaveText('Básico');
  await shoot(page, 'profile-limits-es', '#limits');

  // A buy that fits goes through, and the line counts it.
  await page.goto('/sys-wallets/buy?from=EUR&to=BTC&lang=en');
  await convert(page, '/buy?from=EUR&to=BTC', '50');
  await page.goto('/sys-wallets/buy?from=EUR&to=BTC');
  await expect(page.getByTestId('limit-left')).toContainText('Left this month at your verification level: €100.00');
});
