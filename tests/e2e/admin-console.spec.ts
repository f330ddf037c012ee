// The operator console: sign-in with email, password and the authenticator's TOTP code (computed with
// core/compliance/totp.ts from the demo operator's known secret), a wrong code refused without saying
// which part was wrong, the nav of each role, sign-out, the console refused inside an iframe, and a
// member found, blocked (their sign-in refused) and the block shown in the admin's audit log.
// Screenshots at 1280 and 390 px land in /tmp/shots-console/.
import { expect, test } from '@playwright/test';
import { totpStep } from '../../core/compliance/totp.ts';
import { demoOperator } from '../../server/seed/seed-operators.ts';
import { demoCode, signInOperator } from './admin-helpers.ts';
import { createMember, hostOrigin, newPerson, signIn } from './identity-helpers.ts';

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
    await expect(nav.getByRole('link')).toHaveText(['Overview', 'Compliance', 'Members', 'Money', 'Chains', 'Merchants', 'Fees', 'White label', 'Audit log']);
    await expect(nav.getByRole('link', { name: 'Overview' })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('Robin Admin', { exact: true })).toBeVisible();
    await expect(page.getByText('Audit log entries today')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/overview-admin-1280.png`, fullPage: true });
    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
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
    await expect(nav.getByRole('link')).toHaveText(['Overview', 'Members', 'Chains', 'Merchants']);
    await page.screenshot({ path: `${SHOTS}/nav-support-390.png`, fullPage: true });
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
  });

  test('two minutes before the 30-minute idle expiry the console warns, "Stay signed in" keeps it, and after it says the session ended', async ({ page }) => {
    await page.clock.install();
    await signInOperator(page, 'finance');
    const warning = page.getByRole('status').filter({ hasText: 'For your security you will be signed out in' });
    await expect(warning).toHaveCount(0);
    // The server may count from up to a minute earlier than the page: the notice allows for it.
    await page.clock.fastForward('27:30');
    await expect(warning).toBeVisible();
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await expect(warning).toHaveCount(0);
    await page.clock.fastForward('30:00');
    await expect(page.getByRole('alert')).toContainText('Your console session has ended');
    await expect(page.getByRole('link', { name: 'Sign in again' })).toBeVisible();
  });

  test('the console speaks Spanish with ?lang=es', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signInOperator(page, 'admin');
    await page.goto('/sys-admin/?lang=es');
    await expect(page.getByRole('heading', { level: 1, name: 'Resumen' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/overview-admin-es-390.png`, fullPage: true });
    // On a phone the way out is in the menu, beside who is signed in.
    await page.getByRole('button', { name: 'Abrir el menú de la consola' }).click();
    await expect(page.getByRole('button', { name: 'Cerrar sesión', exact: true })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/nav-admin-es-390.png` });
    await page.goto('/sys-admin/audit');
    await expect(page.getByRole('heading', { level: 1, name: 'Registro de auditoría' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/audit-es-390.png`, fullPage: true });
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    await page.goto('/sys-admin/?lang=en');
  });

  test('compliance signs in on provider 2\'s host with that provider\'s demo operator', async ({ page, baseURL }) => {
    await signInOperator(page, 'compliance', { origin: hostOrigin(baseURL, 'wl2.localhost') });
    await expect(page.getByRole('navigation', { name: 'Console areas' }).getByRole('link')).toHaveText(['Overview', 'Compliance', 'Members']);
    await expect(page.getByText('Casey Compliance', { exact: true })).toBeVisible();
    expect(new URL(page.url()).hostname).toBe('wl2.localhost');
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

test.describe('members and the audit log', () => {
  test('support finds a member and blocks them; their sign-in is refused; admin sees the block in the audit log', async ({ page, browser, baseURL }) => {
    test.setTimeout(90_000);
    const person = newPerson('console-block');
    await createMember(baseURL, person);

    await page.setViewportSize({ width: 1280, height: 900 });
    await signInOperator(page, 'support');
    await page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Members' }).click();
    await page.getByLabel('Email, name, account number or phone').fill(person.email);
    await page.getByRole('button', { name: 'Search' }).click();
    const rows = page.locator('.admin-table tbody tr');
    await expect(rows).toHaveCount(1);
    await page.screenshot({ path: `${SHOTS}/members-1280.png`, fullPage: true });
    await rows.getByRole('link', { name: `${person.firstName} ${person.lastName}` }).click();
    await expect(page.getByRole('heading', { level: 1 })).toContainText(`${person.firstName} ${person.lastName}`);
    // Support never sees the date of birth or the address.
    await expect(page.getByText('Date of birth and address are shown to compliance and admin only.')).toBeVisible();
    await page.getByLabel('Reason (kept in the audit log)').fill('Member reported a stolen phone');
    await page.getByRole('button', { name: 'Block member' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Blocked.' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Blocked');
    await page.screenshot({ path: `${SHOTS}/member-blocked-1280.png`, fullPage: true });
    const memberId = page.url().split('/').pop() as string;

    const memberContext = await browser.newContext({ baseURL });
    const memberPage = await memberContext.newPage();
    await signIn(memberPage, person.email, person.password);
    await expect(memberPage.getByRole('alert')).toContainText('This account is blocked.');
    await memberContext.close();

    await page.getByRole('button', { name: 'Sign out', exact: true }).click();
    await expect(page).toHaveURL(/\/sys-admin\/login$/);
    await signInOperator(page, 'admin');
    await page.getByRole('navigation', { name: 'Console areas' }).getByRole('link', { name: 'Audit log' }).click();
    await page.getByLabel('Target id').fill(memberId);
    await page.getByRole('button', { name: 'Apply filters' }).click();
    const entry = page.locator('.admin-table tbody tr').filter({ hasText: 'member.block' });
    await expect(entry).toHaveCount(1);
    await expect(entry).toContainText('Sasha Support');
    await expect(entry).toContainText('Member reported a stolen phone');
    await expect(entry.locator('del')).toHaveText('false');
    await expect(entry.locator('ins').first()).toHaveText('true');
    await page.screenshot({ path: `${SHOTS}/audit-1280.png`, fullPage: true });
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Download CSV' }).click();
    const csv = await (await download).path();
    const { readFile } = await import('node:fs/promises');
    expect(await readFile(csv, 'utf8')).toContain(`member.block,member,${memberId}`);

    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${SHOTS}/audit-390.png`, fullPage: true });
    await page.goto(`/sys-admin/members/${memberId}`);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('Blocked');
    await expect(page.getByRole('link', { name: 'This member in the audit log' })).toHaveAttribute('href', `/sys-admin/audit?target_type=member&target_id=${memberId}`);
    // Admin sees the identity data support did not.
    await expect(page.getByText('1991-07-14')).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/member-390.png`, fullPage: true });
    const widths = await page.evaluate(() => ({ scroll: document.documentElement.scrollWidth, client: document.documentElement.clientWidth }));
    expect(widths.scroll).toBeLessThanOrEqual(widths.client);
    // The link opens the log filtered to this member.
    await page.getByRole('link', { name: 'This member in the audit log' }).click();
    await expect(page.getByLabel('Target id')).toHaveValue(memberId);
    await expect(page.locator('.admin-table tbody tr')).toHaveCount(1);
    await expect(page.locator('.admin-table tbody tr')).toContainText('member.block');
  });
});

