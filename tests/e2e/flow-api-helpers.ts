// A guest checkout taken to a given state through the real API with the browser context's own cookie jar
// (page.request), so the page opened next is that checkout's: started (the test route's 30.00 EUR, below
// the unverified limit) with a new person's details, the card authorised, the codes the server sent read
// from the dev outbox and entered (the last clears and captures the card), the identity sent to the test
// KYC provider. No database writes: only the endpoints a guest's pages call.
import { expect, type APIRequestContext } from '@playwright/test';
import { photo } from './flow-card-helpers.ts';
import { newPerson, nextFromOutbox, outboxMark, type Person } from './identity-helpers.ts';

export const ADDRESS = 'tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx';
export const TEST_CARD = { number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2030', cvc: '123', holder: 'Ana García' };

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function json(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<any> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const body = (await response.json()) as { data?: any; request_details?: any };
  expect(response.ok(), JSON.stringify(body)).toBe(true);
  return body.data ?? body.request_details;
}

export interface FlowCheckout {
  id: string;
  person: Person;
  /** The Origin header the server's CSRF check wants on cookie-authenticated writes. */
  headers: Record<string, string>;
}

/** Starts a checkout (Credit Card unless `method`) and saves a new person's details; the flow cookie lands in `api`'s jar. */
export async function startCheckout(api: APIRequestContext, baseURL: string | undefined, options: { tag: string; method?: string; lastName?: string }): Promise<FlowCheckout> {
  const headers = { origin: baseURL ?? '' };
  const person = { ...newPerson(options.tag), lastName: options.lastName ?? 'García', firstName: 'Ana' };
  const init = await json(await api.post('/v1/checkout/init', { data: { test: true, cryptoAddress: ADDRESS, ...(options.method ? { payment_method: options.method } : {}) }, headers }));
  const billing = { address1: 'Calle Mayor 12', city: 'Madrid', country: 'ES', zipCode: '28013' };
  await json(await api.post('/v1/checkout/billing', { data: { firstName: person.firstName, lastName: person.lastName, email: person.email, mobile: person.mobile, dateOfBirth: '1990-04-12', billing }, headers }));
  return { id: init.checkout._id as string, person, headers };
}

/** Pays by the test card: held (authorized) while the codes were not entered. Answers paynet/deposit's data. */
export async function authoriseCard(api: APIRequestContext, checkout: FlowCheckout) {
  const paid = await json(await api.post('/v1/paynet/deposit', { data: { step: 'card', card: TEST_CARD }, headers: { ...checkout.headers, 'Idempotency-Key': `e2e-pay-${checkout.id}` } }));
  expect(paid.outcome).toBe('authorized');
  return paid;
}

/** Asks for the email and mobile codes, reads them from the outbox and enters them; answers the last checkVerify. */
export async function enterCodes(api: APIRequestContext, checkout: FlowCheckout) {
  let answer: { status: string; cleared: boolean } | null = null;
  for (const [channel, to] of [['email', checkout.person.email], ['mobile', checkout.person.mobile]] as const) {
    const mark = await outboxMark(api, to);
    await json(await api.post('/v1/verify/resend', { data: { channel }, headers: checkout.headers }));
    const code = await nextFromOutbox(api, to, mark);
    answer = await json(await api.post(`/v1/verify/checkVerify/${checkout.id}`, { data: { channel, code }, headers: checkout.headers }));
  }
  return answer!;
}

/** The card authorised, then captured by the codes: the checkout is successful. */
export async function payAndClear(api: APIRequestContext, checkout: FlowCheckout) {
  const paid = await authoriseCard(api, checkout);
  const cleared = await enterCodes(api, checkout);
  expect(cleared).toMatchObject({ status: 'successful', cleared: true });
  return paid;
}

/** Sends the identity to the test KYC provider with the number it approves at once (TEST-APPROVED). */
export async function approveIdentity(api: APIRequestContext, checkout: FlowCheckout) {
  const image = (seed: number) => photo(seed).buffer.toString('base64');
  const answer = await json(
    await api.patch('/v1/checkout/updatekyc', {
      data: { document_type: 'passport', document_number: 'TEST-APPROVED', issue_country: 'ES', document_image: image(7), selfie_image: image(8) },
      headers: checkout.headers,
    }),
  );
  expect(answer).toMatchObject({ identity: 'approved', verified: { id: 1 } });
  return answer;
}
