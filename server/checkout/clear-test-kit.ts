// For API tests that need a guest's card checkout paid: a card is only authorised at paynet/deposit and
// captured once the checkout is cleared (clearance.ts), so a test clears it the way the guest does, through
// verify/resend and verify/checkVerify with the codes read from the dev outbox. The code journey itself
// (wrong codes, resend intervals, a changed number) is tested in checkout-steps.test.ts.

import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { ORIGIN, randomIp } from '../identity/session-test-kit.ts';

type Channel = 'email' | 'mobile';

async function flowCall(app: FastifyInstance, token: string, url: string, body: unknown): Promise<{ status: number; body: any }> {
  const response = await app.inject({
    method: 'POST',
    url,
    headers: { host: 'localhost', origin: ORIGIN, authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    remoteAddress: randomIp(),
    payload: JSON.stringify(body),
  });
  return { status: response.statusCode, body: response.json<any>() };
}

/** The newest six-digit code in the dev outbox for this address or number (SMS recipients compared by their digits). */
export async function codeSentTo(app: FastifyInstance, to: string): Promise<string> {
  const digits = to.replace(/[^\d+]/g, '');
  const rows = await app.db.selectFrom('dev_outbox').select(['recipient', 'text']).orderBy('id', 'desc').limit(50).execute();
  const row = rows.find((r) => r.recipient === to || r.recipient.replace(/[^\d+]/g, '') === digits);
  const code = row?.text.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** Sends one channel's code and enters it; answers verify/checkVerify's data after it. */
export async function proveChannel(app: FastifyInstance, checkoutId: string, token: string, channel: Channel): Promise<any> {
  expect((await flowCall(app, token, '/v1/verify/resend', { channel })).status).toBe(200);
  // The answer masks the address; the code went to the checkout's own.
  const checkout = await app.db.selectFrom('guest_checkouts').select(['email', 'mobile']).where('public_id', '=', checkoutId).executeTakeFirstOrThrow();
  const to = checkout[channel];
  if (to === null) throw new Error(`checkout ${checkoutId} has no ${channel}`);
  const checked = await flowCall(app, token, `/v1/verify/checkVerify/${checkoutId}`, { channel, code: await codeSentTo(app, to) });
  expect(checked.status).toBe(200);
  return checked.body.data;
}

/**
 * Proves the checkout's email and mobile by code, as the guest does on /compliance. Below the unverified
 * limit that clears an authorised card: it is captured (the checkout successful) in the second call.
 */
export async function clearWithCodes(app: FastifyInstance, checkoutId: string, token: string): Promise<any> {
  await proveChannel(app, checkoutId, token, 'email');
  return proveChannel(app, checkoutId, token, 'mobile');
}
