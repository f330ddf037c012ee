// Paying a guest checkout in a server test the way the guest does: the card is AUTHORISED
// (POST /v1/paynet/deposit), then the checkout is cleared by the email and mobile codes, asked for
// (verify/resend), read from the dev outbox and entered (verify/checkVerify); the last correct code
// captures the card (clearance.ts) and the checkout becomes successful. Tests that need a paid checkout
// use this rather than marking the codes verified in the database, so they pass through the same
// clearance a guest does. Each checkout should have a mobile number of its own (uniqueMobile): one
// file's many checkouts would otherwise reach the per-destination send cap (verification/codes.ts).

import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import { codeInText, listOutbox } from '../notifications/outbox.ts';
import { ORIGIN, randomIp } from '../identity/session-test-kit.ts';

/** The test acquirer's card that is authorised without 3-D Secure. */
export const TEST_CARD = { number: '4242 4242 4242 4242', exp_month: '12', exp_year: '2030', cvc: '123', holder: 'Ana García' };

let sequence = 0;
/** A Spanish mobile number no other checkout of this process uses. */
export function uniqueMobile(): string {
  sequence += 1;
  const n = `${(Date.now() % 100_000) * 100 + (sequence % 100)}`.padStart(7, '0').slice(-7);
  return `+34 6${n.slice(0, 2)} ${n.slice(2, 5)} ${n.slice(5)}0`;
}
const newKey = () => `clear-key-${Date.now()}-${(sequence += 1)}`;

export interface FlowAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  body: any;
  response: Awaited<ReturnType<FastifyInstance['inject']>>;
}

/** A call with the guest's flow token (null: none), as the flow pages make it; JSON answers are parsed. */
export async function flowCall(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  url: string,
  token: string | null,
  body?: unknown,
  extra: Record<string, string> = {},
): Promise<FlowAnswer> {
  const headers: Record<string, string> = { host: 'localhost', origin: ORIGIN, ...extra };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const options: InjectOptions = { method, url, headers, remoteAddress: randomIp() };
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(body);
  }
  const response = await app.inject(options);
  const json = response.headers['content-type']?.toString().startsWith('application/json') ? response.json() : null;
  return { status: response.statusCode, body: json, response };
}

/** Pays by card; the checkout's codes were not entered yet, so the card is only authorised (held). */
export async function authoriseCard(app: FastifyInstance, token: string, card = TEST_CARD): Promise<FlowAnswer> {
  const answer = await flowCall(app, 'POST', '/v1/paynet/deposit', token, { step: 'card', card }, { 'idempotency-key': newKey() });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  expect(answer.body.data.outcome).toBe('authorized');
  return answer;
}

type Channel = 'email' | 'mobile';

async function contactsOf(app: FastifyInstance, id: string): Promise<Record<Channel, string>> {
  const row = await app.db.selectFrom('guest_checkouts').select(['email', 'mobile']).where('public_id', '=', id).executeTakeFirstOrThrow();
  if (row.email === null || row.mobile === null) throw new Error(`checkout ${id} has no email or mobile to send codes to`);
  return { email: row.email, mobile: row.mobile };
}

/** The newest code the dev outbox holds for this address or number. */
export async function codeSentTo(app: FastifyInstance, to: string): Promise<string> {
  const [message] = await listOutbox(app.db, { to, limit: 1 });
  const code = message ? codeInText(message.text) : null;
  if (code === null) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Asks for the checkout's email and mobile codes (verify/resend), as the verify account page does on opening. */
export async function sendCodes(app: FastifyInstance, checkout: { token: string }): Promise<void> {
  for (const channel of ['email', 'mobile'] as const) {
    const sent = await flowCall(app, 'POST', '/v1/verify/resend', checkout.token, { channel });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  }
}

/** Enters the code the outbox holds for one channel; answers checkVerify's answer (the last code clears the checkout). */
export async function enterCode(app: FastifyInstance, checkout: { id: string; token: string }, channel: Channel) {
  const to = (await contactsOf(app, checkout.id))[channel];
  const answer = await flowCall(app, 'POST', `/v1/verify/checkVerify/${checkout.id}`, checkout.token, { channel, code: await codeSentTo(app, to) });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return answer.body.data;
}

/** Sends and enters both codes; answers the last checkVerify answer (cleared, and successful for a held card below the limit). */
export async function clearWithCodes(app: FastifyInstance, checkout: { id: string; token: string }) {
  await sendCodes(app, checkout);
  await enterCode(app, checkout, 'email');
  return enterCode(app, checkout, 'mobile');
}

/** Authorises the card and clears the checkout: a checkout below the unverified limit is then successful. */
export async function payAndClear(app: FastifyInstance, checkout: { id: string; token: string }, card = TEST_CARD): Promise<{ payment: FlowAnswer; cleared: Awaited<ReturnType<typeof clearWithCodes>> }> {
  const payment = await authoriseCard(app, checkout.token, card);
  const cleared = await clearWithCodes(app, checkout);
  expect(cleared).toMatchObject({ status: 'successful', cleared: true });
  return { payment, cleared };
}
