// What the checkout specs share: the demo shop's origin, buying from it as a buyer does (the shop's server
// creates the order and its payment, pay.js opens it), and reading the shop page's events log.
import { expect, type FrameLocator, type Page } from '@playwright/test';

export const SHOP = `http://127.0.0.1:${process.env.E2E_SHOP_PORT ?? 4180}`;
export const MERCHANT = 'mch_demo_verdant';

export interface ShopOrder {
  id: string;
  status: string;
  paid_by: string | null;
  receipt: { status: string } | null;
  payment: { transaction_token: string; currency_1_iso: string | null; status: string; exception: string | null };
}

export function platformOrigin(baseURL: string | undefined): string {
  return new URL(baseURL ?? 'http://localhost:8180').origin;
}

/** The shop page, with pay.js loaded. */
export async function openShop(page: Page): Promise<void> {
  await page.goto(SHOP);
  await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
}

/**
 * Clicks (or, with `press`, presses Enter on) the product's "Pay with crypto" and answers the order the
 * shop's server created for it. The checkout opens right after.
 */
export async function buy(page: Page, productId: string, { press = false } = {}): Promise<ShopOrder> {
  const created = page.waitForResponse((response) => response.url() === `${SHOP}/api/orders` && response.request().method() === 'POST');
  const button = page.locator(`button.buy[data-product-id="${productId}"]`);
  if (press) {
    await button.focus();
    await page.keyboard.press('Enter');
  } else await button.click();
  const response = await created;
  expect(response.status()).toBe(201);
  return (await response.json()) as ShopOrder;
}

export function checkoutOf(page: Page): FrameLocator {
  return page.frameLocator('iframe[title="Checkout"]');
}

/** The shop page's log entries for SDK events (one name, or all). */
export function logged(page: Page, name?: string) {
  return page.locator(`#event-log li[data-kind="event"]${name ? `[data-event="${name}"]` : ''}`);
}

/** The SDK events the shop page logged, oldest first (the log shows the newest on top). */
export async function loggedEventNames(page: Page): Promise<string[]> {
  const names = await logged(page).evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.event ?? ''));
  return names.reverse();
}
