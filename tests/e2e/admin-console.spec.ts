// The operator console: sign-in with email, password and the authenticator's TOTP code (computed with
// core/compliance/totp.ts from the demo operator's known secret), a wrong code refused without saying
// which part was wrong, the nav of each role, sign-out, and the console refused inside an iframe.
// Screenshots at 1280 and 390 px land in /tmp/shots-console/.
import { expect, test } from '@playwright/test';
import { totpStep } from '../../core/compliance/totp.ts';
import { demoOperator } from '../../server/seed/seed-operators.ts';
import { demoCode, signInOperator } from './admin-helpers.ts';

const SHOTS = process.env.SHOTS_DIR ?? '/tmp/shots-console';

test.describe('operator console sign-in', () => {
  test('a wrong code is refused with the same message as any wrong part, and the code field empties', async ({ page }) => {
    const admin = demoOperator('admin');
    await page.goto('/sys-admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
    await expect(page.getByLabel('Authenticator code')).toHaveAttribute('autocomplete', 'one-time-code');
    await page.getByLabel('Work email').fill(admin.email);
    await page.getByLabel('Password', { exact: true }).fill(admin.password);
    // A code from five minutes ago: outside the server's window.
    await page.getByLabel('Authenticator code').fill(demoCode('admin', totpStep(Date.now()) - 10));
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page.getByRole('alert')).toHaveText('The email, password or authenticator code is not correct. Check all three and try again.');
    await expect(page.getByLabel('Authenticator code')).toHaveValue('');
    await expect(page).toHaveURL(/\/sys-admin\/login$/);
  });

  test('admin signs in with the TOTP code, sees every area, and signs out', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/sys-admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/login-1280.png`, fullPage: true });
    await signInOperator(page, 'admin');
    const nav = page.getByRole('navigation', { name: 'Console areas' });
    await expect(nav.getByRole('link')).toHaveText(['Overview', 'Compliance', 'Members', 'Money', 'Merchants', 'Fees', 'White label', 'Audit log']);
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Robin Admin', { exact: true })).toBeVisible();
    await expect(page.getByText('Audit log entries today')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/overview-admin-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/sys-admin\/login$/);
    // The session is over: the console sends the visitor back to sign in.
    await page.goto('/sys-admin/');
    await expect(page).toHaveURL(/\/sys-admin\/login$/);
  });

  test('support sees only its areas; on a phone the nav is a drawer', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/sys-admin/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Operator console' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/login-390.png`, fullPage: true });
    await signInOperator(page, 'support');
    await page.screenshot({ path: `${SHOTS}/overview-support-390.png`, fullPage: true });
    const nav = page.getByRole('navigation', { name: 'Console areas' });
    await expect(nav).toBeHidden();
    await page.getByRole('button', { name: 'Open the console menu' }).click();
    await expect(nav.getByRole('link')).toHaveText(['Overview', 'Members', 'Merchants']);
    await page.screenshot({ path: `${SHOTS}/nav-support-390.png`, fullPage: true });
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });

  test('the console is refused inside an iframe (X-Frame-Options DENY, frame-ancestors none)', async ({ page, baseURL }) => {
    const response = await page.request.get('/sys-admin/login');
    expect(response.headers()['x-frame-options']).toBe('DENY');
    expect(response.headers()['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(response.headers()['x-robots-tag']).toBe('noindex, nofollow');
    // A page of another origin (the shop's) that frames the console: the browser shows nothing of it.
    const shop = `http://127.0.0.1:${process.env.E2E_SHOP_PORT ?? 4180}`;
    await page.goto(shop);
    await page.evaluate((src) => {
      const frame = document.createElement('iframe');
      frame.src = src;
      frame.id = 'console-frame';
      document.body.append(frame);
    }, `${baseURL}/sys-admin/login`);
    await page.waitForTimeout(1500);
    const framed = page.frames().find((frame) => frame !== page.mainFrame());
    expect(framed).toBeDefined();
    await expect(page.frameLocator('#console-frame').getByLabel('Work email')).toHaveCount(0);
    expect(framed?.url()).not.toContain('/sys-admin/login');
  });
});
