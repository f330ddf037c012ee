// Shared steps of the identity specs: unique people, codes and link tokens read from the test-mode
// outbox (GET /dev/outbox/latest?to=...&format=json), and a member created through the API.
import { expect, request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';

let counter = 0;

/** A person nobody else in the run uses: one live session per user makes sharing flaky. */
export function newPerson(tag: string) {
  counter += 1;
  const stamp = `${Date.now().toString(36)}${counter}${process.pid}`;
  const digits = `${Date.now()}${counter}`.slice(-6);
  return {
    email: `e2e-${tag}-${stamp}@example.test`,
    mobile: `+4477009${digits}`,
    password: `Saffron-Kettle-${stamp}!`,
    firstName: 'Dana',
    lastName: 'Okafor',
  };
}

export type Person = ReturnType<typeof newPerson>;

interface OutboxAnswer {
  id: string;
  subject: string;
  text: string;
  code: string | null;
  reset_token: string | null;
  login_token: string | null;
}

async function latest(api: APIRequestContext, to: string): Promise<OutboxAnswer | null> {
  const response = await api.get(`/dev/outbox/latest?to=${encodeURIComponent(to)}&format=json`);
  if (response.status() === 404) return null;
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { request_details: OutboxAnswer }).request_details;
}

/** The newest message to `to` as its reader sees it (subject and text), to check its language. */
export async function latestMessage(api: APIRequestContext, to: string): Promise<{ subject: string; text: string }> {
  const message = await latest(api, to);
  expect(message, `a message to ${to}`).not.toBeNull();
  return { subject: message?.subject ?? '', text: message?.text ?? '' };
}

/** The id of the newest message to `to` now, so a later read waits for a newer one. */
export async function outboxMark(api: APIRequestContext, to: string): Promise<string | null> {
  return (await latest(api, to))?.id ?? null;
}

/** Waits for a message to `to` newer than `after` and returns the field picked out of it. */
export async function nextFromOutbox(api: APIRequestContext, to: string, after: string | null, field: 'code' | 'reset_token' | 'login_token' = 'code'): Promise<string> {
  let value: string | null = null;
  await expect
    .poll(
      async () => {
        const message = await latest(api, to);
        value = message && message.id !== after ? message[field] : null;
        return value;
      },
      { timeout: 15_000 },
    )
    .not.toBeNull();
  return value as unknown as string;
}

/** An API client that sends the Origin header the CSRF check wants for cookie-authenticated calls. */
export async function apiFor(baseURL: string | undefined, origin = baseURL): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL, extraHTTPHeaders: { Origin: origin ?? '' } });
}

async function post(api: APIRequestContext, path: string, data: unknown, method: 'post' | 'patch' = 'post'): Promise<Record<string, unknown>> {
  const response = await api[method](`/v1/${path}`, { data });
  const body = (await response.json()) as { request_status: string; request_details: Record<string, unknown> };
  expect(body.request_status, `${path}: ${JSON.stringify(body)}`).toBe('1');
  return body.request_details;
}

/** A complete, verified member of provider 1 (new registration flow), made through the API. */
export async function createMember(baseURL: string | undefined, person: Person): Promise<void> {
  const api = await apiFor(baseURL);
  const { reg_token } = (await post(api, 'users/registrationAttempt', { email: person.email, mobile: person.mobile })) as { reg_token: string };
  for (const [purpose, to] of [['verify_email', person.email], ['verify_mobile', person.mobile]] as const) {
    const mark = await outboxMark(api, to);
    await post(api, 'verify/requestOTP', { purpose, reg_token });
    await post(api, 'verify/verifyOTP', { purpose, reg_token, code: await nextFromOutbox(api, to, mark) });
  }
  await post(api, 'users/register', { reg_token, email: person.email, mobile: person.mobile, password: person.password, firstName: person.firstName, lastName: person.lastName });
  await post(api, 'users/onboarding', {
    firstName: person.firstName,
    lastName: person.lastName,
    dateOfBirth: '1991-07-14',
    billing: { address1: '4 Quay Street', city: 'Bristol', country: 'GB', zipCode: 'BS1 4DJ' },
  });
  await post(api, 'users/logout', {});
  await api.dispose();
}

export async function signIn(page: Page, email: string, password: string, labels = { email: 'Email', password: 'Password', submit: 'Sign in' }): Promise<void> {
  await page.goto('/sys-wallets/login');
  await page.getByLabel(labels.email).fill(email);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByRole('button', { name: labels.submit }).click();
}

export function hostOrigin(baseURL: string | undefined, host: string): string {
  const url = new URL(baseURL ?? 'http://localhost:8180');
  url.hostname = host;
  return url.origin;
}
