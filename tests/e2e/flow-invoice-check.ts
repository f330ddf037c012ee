// The figures a guest was shown before paying, and the check that the invoice they land on repeats them:
// /payment's order (what they pay, the fee, the coins) read from the page, then /invoice's "What you paid"
// holding the same texts and, once the worker sent the coins, the transaction id the server answers.
import { expect, type Page } from '@playwright/test';

export interface ShownFigures {
  amount: string;
  fee: string;
  coins: string;
}

/** A description list's value by its term, within a region. */
const valueOf = (page: Page, region: string, term: string | RegExp) =>
  page
    .getByRole('region', { name: region })
    .locator('dl > div', { has: page.locator('dt', { hasText: term }) })
    .locator('dd');

/** The order as /payment shows it (texts such as "30.00 EUR" and "0.00031234 BTC"). */
export async function paymentFigures(page: Page): Promise<ShownFigures> {
  await expect(page).toHaveURL(/\/sys-flow\/payment$/);
  const read = async (term: RegExp) => ((await valueOf(page, 'Your order', term).textContent()) ?? '').trim();
  const figures = { amount: await read(/^You pay$/), fee: await read(/^Fee \(included\)$/), coins: await read(/^You get$/) };
  for (const value of Object.values(figures)) expect(value).toMatch(/^\d+\.\d+ [A-Z]{3,5}$/);
  return figures;
}

/** On /invoice: the same figures, then (the coins sent by the worker) the transaction id the server holds. */
export async function expectInvoiceRepeats(page: Page, shown: ShownFigures, checkoutId: string): Promise<void> {
  await expect(page).toHaveURL(/\/sys-flow\/invoice$/);
  await expect(valueOf(page, 'What you paid', /^Total paid$/)).toHaveText(shown.amount);
  await expect(valueOf(page, 'What you paid', /^Fee/)).toHaveText(shown.fee);
  await expect(valueOf(page, 'What you paid', / bought$/)).toHaveText(shown.coins);
  const delivery = page.getByRole('region', { name: 'Delivery' });
  await expect(delivery.getByRole('status')).toContainText('Sent to your address', { timeout: 15_000 });
  const answer = await page.request.get(`/v1/checkout/invoice/${checkoutId}`);
  const invoice = ((await answer.json()) as { data: { delivery: { txid: string | null } } }).data;
  expect(invoice.delivery.txid).toMatch(/\S+/);
  await expect(valueOf(page, 'Delivery', /^Transaction id$/)).toHaveText(invoice.delivery.txid!);
}
