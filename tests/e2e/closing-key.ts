import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Presses a key whose handling removes the cross-site checkout frame that has the focus (Esc, or Enter on
 * Leave). Playwright waits for the renderer to acknowledge each key event; when that renderer is the frame the
 * key tears down, the acknowledgement can be lost on a busy machine and the call never returns, although the
 * overlay did close. So the key is not awaited: the frame's removal is, which is what the test asserts anyway.
 */
export async function pressClosingKey(page: Page, key: string, frame: Locator = page.locator('iframe[title="Checkout"]')): Promise<void> {
  const pressing = page.keyboard.press(key).catch(() => undefined);
  await expect(frame).toHaveCount(0);
  // Usually acknowledged at once; if not, the browser has dropped it with the frame.
  await Promise.race([pressing, new Promise((resolve) => setTimeout(resolve, 1_000))]);
}
