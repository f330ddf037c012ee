// Signing in to the operator console as the demo operator of a role (seeded in test mode, the same on
// both demo providers), with its TOTP code computed here (core/compliance/totp.ts). A code is accepted
// once, and specs in parallel workers share the demo operators: each worker remembers the last step it
// used per role, the server accepts one step either side of now, and when another worker took the step
// first (the sign-in fails) the helper tries the next step, then waits for a fresh one.
import { expect, test, type Page } from '@playwright/test';
import { decodeBase32Secret, hotp, TOTP_PERIOD_S, totpStep } from '../../core/compliance/totp.ts';
import type { OperatorRole } from '../../core/operators/roles.ts';
import { demoOperator } from '../../server/seed/seed-operators.ts';

const lastStep = new Map<OperatorRole, number>();

/** The code of `step` for the demo operator of `role`. */
export function demoCode(role: OperatorRole, step: number): string {
  return hotp(decodeBase32Secret(demoOperator(role).totpSecret) as Uint8Array, step);
}

/** A step this worker has not used for `role`, within the server's window (now - 1 .. now + 1), or null when it must wait. */
function freshStep(role: OperatorRole): number | null {
  const now = totpStep(Date.now());
  const candidate = Math.max(now, (lastStep.get(role) ?? -1) + 1);
  return candidate <= now + 1 ? candidate : null;
}

async function waitForNextStep(): Promise<void> {
  const periodMs = TOTP_PERIOD_S * 1000;
  const wait = periodMs - (Date.now() % periodMs) + 200;
  test.info().setTimeout(test.info().timeout + wait);
  await new Promise((resolve) => setTimeout(resolve, wait));
}

/**
 * Fills /sys-admin/login (English) as the demo operator of `role` and waits for the overview. `origin`
 * signs in on another provider's host, e.g. hostOrigin(baseURL, 'wl2.localhost') of identity-helpers.ts.
 */
export async function signInOperator(page: Page, role: OperatorRole, { origin }: { origin?: string } = {}): Promise<void> {
  const operator = demoOperator(role);
  await page.goto(`${origin ?? ''}/sys-admin/login`);
  for (let attempt = 0; attempt < 4; attempt++) {
    let step = freshStep(role);
    if (step === null) {
      await waitForNextStep();
      step = freshStep(role) as number;
    }
    lastStep.set(role, step);
    await page.getByLabel('Work email').fill(operator.email);
    await page.getByLabel('Password', { exact: true }).fill(operator.password);
    await page.getByLabel('Authenticator code').fill(demoCode(role, step));
    const answer = page.waitForResponse((response) => response.url().endsWith('/v1/admin/session') && response.request().method() === 'POST');
    await page.getByRole('button', { name: 'Sign in' }).click();
    if ((await answer).ok()) {
      await expect(page.getByRole('heading', { level: 1, name: 'Overview' })).toBeVisible();
      return;
    }
  }
  throw new Error(`signInOperator(${role}): the console refused four codes in a row`);
}
