// pay.js on the demo shop, a real second site (127.0.0.1) framing the platform (localhost): how pay.js is
// served, the script-tag button, loading twice, the frame it creates, scroll and focus, forged messages,
// and the handshake with the real checkout.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { expect, test, type Page } from '@playwright/test';
import { pressClosingKey } from './closing-key.ts';

const SHOP = `http://127.0.0.1:${process.env.E2E_SHOP_PORT ?? 4180}`;
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';
const DIST_SDK = join(import.meta.dirname, '..', '..', 'dist', 'sdk');

function platformOrigin(baseURL: string | undefined): string {
  return new URL(baseURL ?? 'http://localhost:8180').origin;
}

function publishedIntegrity(): string {
  return (JSON.parse(readFileSync(join(DIST_SDK, 'sri.json'), 'utf8')) as { 'pay.js': string })['pay.js'];
}

/** The log entries the shop wrote for SDK events (not results or notes). */
function loggedEvents(page: Page, name?: string) {
  return page.locator(`#event-log li[data-kind="event"]${name ? `[data-event="${name}"]` : ''}`);
}

test.describe('pay.js as served', () => {
  test('is cross-origin loadable JavaScript whose SRI hash is the published one, within 1.2 KB gzip', async ({ request }) => {
    const response = await request.get('/sdk/v1/pay.js');
    expect(response.status()).toBe(200);
    const headers = response.headers();
    expect(headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(headers['access-control-allow-origin']).toBe('*');
    expect(headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(headers['x-content-type-options']).toBe('nosniff');
    const body = await response.body();
    const integrity = `sha384-${createHash('sha384').update(body).digest('base64')}`;
    expect(integrity).toBe(publishedIntegrity());
    // What `gzip -9 -c pay.js | wc -c` counts: zlib's stream plus gzip's stored file name ("pay.js\0").
    expect(gzipSync(body, { level: 9 }).length + 7).toBeLessThanOrEqual(1228);
    // No eval-like constructs: the SDK must run under a CSP without 'unsafe-eval'.
    expect(body.toString()).not.toMatch(/\beval\(|new Function\(|innerHTML|insertAdjacentHTML|createElement\("style"\)/);
  });
});

test.describe('the shop page', () => {
  test('loads pay.js pinned by its integrity hash, under a CSP that allows only the platform', async ({ page, baseURL }) => {
    const response = await page.goto(SHOP);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain(`script-src 'self' ${platformOrigin(baseURL)}`);
    expect(csp).toContain(`frame-src ${platformOrigin(baseURL)}`);
    expect(csp).not.toContain('unsafe');
    const scripts = page.locator(`script[src="${platformOrigin(baseURL)}/sdk/v1/pay.js"]`);
    await expect(scripts).toHaveCount(2);
    for (const script of await scripts.all()) {
      await expect(script).toHaveAttribute('integrity', publishedIntegrity());
      await expect(script).toHaveAttribute('crossorigin', 'anonymous');
    }
    await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
  });

  test('the script tag renders one pay button right after itself, styled only by the shop', async ({ page }) => {
    await page.goto(SHOP);
    const button = page.locator('.paykit-button');
    await expect(button).toHaveCount(1);
    await expect(button).toHaveText('Buy the pour-over set');
    await expect(button).toHaveAttribute('type', 'button');
    const placement = await button.evaluate((element) => ({
      afterScript: (element.previousElementSibling as HTMLScriptElement | null)?.dataset.merchantId !== undefined,
      styleAttribute: element.getAttribute('style'),
      styleElements: document.querySelectorAll('style').length,
    }));
    expect(placement).toEqual({ afterScript: true, styleAttribute: null, styleElements: 0 });
  });

  test('loading pay.js once more registers nothing and renders no second button', async ({ page, baseURL }) => {
    await page.goto(SHOP);
    await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
    const sameKit = await page.evaluate(
      ({ src, integrity }) =>
        new Promise<boolean>((resolve, reject) => {
          const before = window.PayKit;
          const script = document.createElement('script');
          Object.assign(script, { src, integrity, crossOrigin: 'anonymous' });
          script.onload = () => resolve(window.PayKit === before);
          script.onerror = () => reject(new Error('pay.js did not load a second time'));
          document.body.append(script);
        }),
      { src: `${platformOrigin(baseURL)}/sdk/v1/pay.js`, integrity: publishedIntegrity() },
    );
    expect(sameKit).toBe(true);
    await expect(page.locator('.paykit-button')).toHaveCount(1);
  });
});

test.describe('opening the checkout', () => {
  test('creates a sandboxed, titled, full-viewport frame on the platform origin and moves focus into it', async ({ page, baseURL }) => {
    await page.goto(SHOP);
    await page.locator('button.buy').first().click();
    const frame = page.locator('iframe');
    await expect(frame).toHaveCount(1);
    await expect(frame).toHaveAttribute('sandbox', SANDBOX);
    await expect(frame).toHaveAttribute('allow', 'clipboard-write');
    await expect(frame).toHaveAttribute('title', 'Checkout');
    const src = new URL((await frame.getAttribute('src')) ?? '');
    expect(src.origin).toBe(platformOrigin(baseURL));
    // The shop's server created the payment: its token is in the frame's URL, so the server renders the payment
    // into the page (and the request log masks it).
    expect(src.pathname).toBe('/sys-widget/');
    expect(src.searchParams.get('token')).toMatch(/^pay_[A-Za-z0-9_-]{22}$/);
    expect(Object.fromEntries(src.searchParams)).toMatchObject({
      merchantId: 'mch_demo_verdant',
      amount: '49.00',
      currency: 'EUR',
      product: 'Moss Terrarium',
      mode: 'overlay',
      lang: 'en',
    });
    // Focus moves in once the checkout document has loaded: focus given earlier would not reach it.
    await expect(frame).toBeFocused();
    const layout = await frame.evaluate((element) => {
      const box = element.getBoundingClientRect();
      return {
        fixed: getComputedStyle(element).position,
        covers: box.left === 0 && box.top === 0 && box.width === innerWidth && box.height === innerHeight,
        focused: document.activeElement === element,
        overflow: document.body.style.overflow,
      };
    });
    expect(layout).toEqual({ fixed: 'fixed', covers: true, focused: true, overflow: 'hidden' });
  });

  test('close() removes the frame, restores the page scroll, returns focus and settles the result', async ({ page }) => {
    await page.goto(SHOP);
    await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
    const buy = page.locator('button.buy').nth(1);
    await buy.focus();
    const outcome = await page.evaluate(async () => {
      document.body.style.overflow = 'clip';
      const events: string[] = [];
      const handle = window.PayKit!.open({ merchantId: 'mch_demo_verdant', amount: '34.50', currency: 'EUR' });
      handle.on('close', () => events.push('close'));
      const locked = document.body.style.overflow;
      handle.close();
      handle.close();
      const result = await handle.result;
      await new Promise((resolve) => setTimeout(resolve, 50));
      return { locked, restored: document.body.style.overflow, frames: document.querySelectorAll('iframe').length, result, events };
    });
    expect(outcome).toEqual({ locked: 'hidden', restored: 'clip', frames: 0, result: { status: 'close' }, events: ['close'] });
    await expect(buy).toBeFocused();
  });

  test('a forged message posted by the page itself is ignored', async ({ page }) => {
    await page.goto(SHOP);
    await page.locator('button.buy').first().click();
    await expect(page.locator('iframe')).toHaveCount(1);
    await page.evaluate(() => {
      const receipt = { transaction_id: 'tx_forged', amount: '49.00', currency: 'EUR', status: 'settled', timestamp: 1767225600, signature: 'v1,AAAA' };
      const forged = [
        { v: 1, ch: '1-2-3-4', type: 'payment-success', data: { receipt } },
        { v: 1, ch: '1-2-3-4', type: 'ready', data: {} },
        { v: 1, ch: '1-2-3-4', type: 'close', data: {} },
        { v: 1, ch: '1-2-3-4', type: 'redirect', data: { url: 'https://evil.example/' } },
      ];
      for (const message of forged) window.postMessage(message, '*');
    });
    await page.waitForTimeout(500);
    await expect(loggedEvents(page, 'payment-success')).toHaveCount(0);
    await expect(loggedEvents(page, 'close')).toHaveCount(0);
    await expect(loggedEvents(page, 'redirect')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(1);
    expect(page.url()).toBe(`${SHOP}/`);
  });
});

// These need the checkout app to run ui/checkout/bridge.ts (connectToMerchant) in sys-widget.
test.describe('the handshake with the real checkout', () => {
  test('the checkout answers: the shop logs ready, and the timeout never fires', async ({ page }) => {
    await page.goto(SHOP);
    await page.locator('button.buy').first().click();
    await expect(loggedEvents(page, 'ready')).toHaveCount(1, { timeout: 10_000 });
    await page.waitForTimeout(10_500);
    await expect(loggedEvents(page, 'error')).toHaveCount(0);
    await expect(page.locator('iframe')).toHaveCount(1);
  });

  test('a malformed option is reported by the checkout as invalid_options, naming the option', async ({ page }) => {
    await page.goto(SHOP);
    await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
    const error = await page.evaluate(
      () =>
        new Promise<unknown>((resolve) => {
          // @ts-expect-error money is a decimal string: this is the mistake under test
          window.PayKit!.open({ merchantId: 'mch_demo_verdant', amount: 25, currency: 'EUR' }).on('error', resolve);
        }),
    );
    expect(error).toEqual({ code: 'invalid_options', message: 'amount must be a decimal string like "25.00" (never a number), got 25' });
  });
});

test.describe('the overlay card, by keyboard alone', () => {
  test('focus lands in the checkout dialog, Tab stays inside it, and Esc asks before closing it back to the pay button', async ({ page }) => {
    await page.goto(SHOP);
    const buy = page.locator('button.buy').first();
    await buy.focus();
    await page.keyboard.press('Enter');
    await expect(loggedEvents(page, 'ready')).toHaveCount(1, { timeout: 10_000 });
    const checkout = page.frameLocator('iframe[title="Checkout"]');
    const dialog = checkout.getByRole('dialog');
    await expect(dialog).toBeFocused();
    await expect(checkout.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
    for (let i = 0; i < 8; i++) {
      await page.keyboard.press('Tab');
      // Wherever Tab goes, it stays within the card: never back onto the shop page behind the backdrop.
      expect(await page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
      expect(await dialog.evaluate((card) => card.contains(document.activeElement))).toBe(true);
    }

    // Esc while the payment is open asks first; Keep paying has the focus, and Tab stays in the question.
    await page.keyboard.press('Escape');
    const question = checkout.getByRole('alertdialog', { name: 'Leave this payment?' });
    await expect(question).toBeVisible();
    await expect(question).toHaveAccessibleDescription('If you leave now, you go back to the merchant without finishing this payment.');
    const keep = question.getByRole('button', { name: 'Keep paying' });
    const leave = question.getByRole('button', { name: 'Leave' });
    await expect(keep).toBeFocused();
    for (const next of [leave, keep, leave]) {
      await page.keyboard.press('Tab');
      await expect(next).toBeFocused();
    }
    await page.keyboard.press('Shift+Tab');
    await expect(keep).toBeFocused();
    // Esc again is the safe answer: back to the checkout, which is still open and still has the focus.
    await page.keyboard.press('Escape');
    await expect(question).toHaveCount(0);
    await expect(checkout.getByRole('heading', { level: 1, name: 'Choose a coin' })).toBeVisible();
    expect(await dialog.evaluate((card) => card.contains(document.activeElement))).toBe(true);
    await expect(loggedEvents(page, 'close')).toHaveCount(0);

    // The close button asks too; Enter on Keep paying returns to the checkout.
    await checkout.getByRole('button', { name: 'Close checkout' }).focus();
    await page.keyboard.press('Enter');
    await expect(keep).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(question).toHaveCount(0);
    await expect(checkout.getByRole('button', { name: 'Close checkout' })).toBeFocused();
    await page.setViewportSize({ width: 375, height: 812 });
    await page.keyboard.press('Escape');
    await expect(keep).toBeFocused();
    await page.screenshot({ path: '/tmp/widget-leave-confirmation-375.png' });

    await page.keyboard.press('Tab');
    await expect(leave).toBeFocused();
    // Enter on Leave removes the frame that has the focus (closing-key.ts says why this is not awaited).
    await pressClosingKey(page, 'Enter', page.locator('iframe'));
    await expect(loggedEvents(page, 'close')).toHaveCount(1);
    await expect(buy).toBeFocused();
  });

  test('with no payment to lose (an unknown merchant), Esc closes at once', async ({ page }) => {
    await page.goto(SHOP);
    await expect.poll(() => page.evaluate(() => typeof window.PayKit?.open)).toBe('function');
    await page.evaluate(() => void window.PayKit!.open({ merchantId: 'mch_nobody_here', amount: '60.00', currency: 'EUR' }));
    const checkout = page.frameLocator('iframe[title="Checkout"]');
    await expect(checkout.getByRole('alert')).toHaveText('Merchant not recognized!', { timeout: 15_000 });
    await expect(checkout.getByRole('dialog')).toBeFocused();
    await pressClosingKey(page, 'Escape', page.locator('iframe'));
  });
});
