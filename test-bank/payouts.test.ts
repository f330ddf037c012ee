// The test bank's payouts over HTTP: signed, checked field by field, credited or refused at once (the
// documented closed account), and the same reference answering the same payout.

import { createServer } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REFUSED_IBAN, ibanValid } from './payouts.ts';
import { startBank, type RunningBank } from './server.ts';
import { sign, SIGNATURE_HEADER } from './signature.ts';

const SECRET = 'b'.repeat(64);
const IBAN = 'DE89370400440532013000';
const now = () => Math.floor(Date.now() / 1000);

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (!address || typeof address !== 'object') throw new Error('no port');
  return address.port;
}

let bank: RunningBank;
beforeAll(async () => {
  bank = await startBank({ secret: SECRET, port: await freePort() });
});
afterAll(async () => {
  await bank.close();
});

let references = 0;
const payoutBody = (overrides: Record<string, unknown> = {}) =>
  JSON.stringify({ amount: '2950', currency: 'EUR', iban: IBAN, account_holder: 'Luis Pérez', reference: `chk_payout_${(references += 1)}`, description: 'Money from Ana García', ...overrides });

async function post(body: string, signature: string | null = sign(SECRET, now(), body)) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (signature !== null) headers[SIGNATURE_HEADER] = signature;
  const response = await fetch(`${bank.url}/payouts`, { method: 'POST', headers, body });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('test bank payouts', () => {
  it('credits a payout to a valid IBAN and reads it back only when signed', async () => {
    const sent = await post(payoutBody());
    expect(sent).toMatchObject({ status: 201, body: { status: 'credited', reason: null, amount: '2950', currency: 'EUR', iban: IBAN, account_holder: 'Luis Pérez' } });
    expect(sent.body.id).toMatch(/^bpo_[0-9a-f]{24}$/);
    expect((await fetch(`${bank.url}/payouts/${String(sent.body.id)}`)).status).toBe(401);
    const read = await fetch(`${bank.url}/payouts/${String(sent.body.id)}`, { headers: { [SIGNATURE_HEADER]: sign(SECRET, now(), '') } });
    expect(await read.json()).toMatchObject({ id: sent.body.id, status: 'credited' });
  });

  it('refuses every payout to the closed test account, with the reason', async () => {
    expect(ibanValid(REFUSED_IBAN)).toBe(true);
    expect(await post(payoutBody({ iban: REFUSED_IBAN }))).toMatchObject({ status: 201, body: { status: 'refused', reason: 'The receiving account is closed.' } });
  });

  it('the same reference answers the same payout (200), never a second credit', async () => {
    const body = payoutBody();
    const first = await post(body);
    const again = await post(body);
    expect(first.status).toBe(201);
    expect(again).toEqual({ status: 200, body: first.body });
  });

  it.each([
    { case: 'no signature', body: payoutBody(), signature: null, status: 401 },
    { case: 'another secret', body: payoutBody(), signature: sign('c'.repeat(64), now(), payoutBody()), status: 401 },
    { case: 'a stale signature', body: payoutBody(), signature: 'stale', status: 401 },
    { case: 'a mistyped IBAN (check digits)', body: payoutBody({ iban: 'DE88370400440532013000' }), signature: undefined, status: 400 },
    { case: 'an amount of zero', body: payoutBody({ amount: '0' }), signature: undefined, status: 400 },
    { case: 'an array', body: '[]', signature: undefined, status: 400 },
  ])('$case is refused ($status)', async ({ body, signature, status }) => {
    const header = signature === undefined ? sign(SECRET, now(), body) : signature === 'stale' ? sign(SECRET, now() - 301, body) : signature;
    expect((await post(body, header)).status).toBe(status);
  });
});
