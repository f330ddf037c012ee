import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { secretBoxFor } from './secret-box.ts';
import { newSigningSecret, signatureOf, webhookHeaders } from './signature.ts';

const BODY = JSON.stringify({ type: 'payment.settled', timestamp: '2026-11-22T06:00:00.000Z', data: { transaction_token: 'tok_1', amount: '12.50' } });
const MSG = 'msg_2KWPBgLlAfxdpx2AI54pPJ85f4W';

describe('Standard Webhooks signatures, checked with the reference verifier (standardwebhooks)', () => {
  it('a delivery signed now verifies and yields the payload', () => {
    const secret = newSigningSecret();
    const headers = webhookHeaders(secret, MSG, BODY, new Date());
    expect(new Webhook(secret).verify(BODY, headers)).toEqual(JSON.parse(BODY));
  });

  it.each([
    ['a tampered body', (h: Record<string, string>) => ({ body: BODY.replace('12.50', '99.50'), headers: h })],
    ['another message id', (h: Record<string, string>) => ({ body: BODY, headers: { ...h, 'webhook-id': 'msg_other' } })],
    ['a timestamp moved by the attacker', (h: Record<string, string>) => ({ body: BODY, headers: { ...h, 'webhook-timestamp': String(Number(h['webhook-timestamp']) + 1) } })],
  ])('%s fails verification', (_name, tamper) => {
    const secret = newSigningSecret();
    const { body, headers } = tamper(webhookHeaders(secret, MSG, BODY, new Date()));
    expect(() => new Webhook(secret).verify(body, headers)).toThrow(/signature/i);
  });

  it('a delivery signed 10 minutes ago (a replay) fails verification: outside the 5-minute tolerance', () => {
    const secret = newSigningSecret();
    const headers = webhookHeaders(secret, MSG, BODY, new Date(Date.now() - 10 * 60_000));
    expect(() => new Webhook(secret).verify(BODY, headers)).toThrow(/timestamp/i);
  });

  it('a delivery signed with another secret fails verification', () => {
    const headers = webhookHeaders(newSigningSecret(), MSG, BODY, new Date());
    expect(() => new Webhook(newSigningSecret()).verify(BODY, headers)).toThrow(/signature/i);
  });

  it('the signature matches the reference implementation byte for byte', () => {
    const secret = newSigningSecret();
    const at = new Date(1_763_791_200_000);
    expect(signatureOf(secret, MSG, 1_763_791_200, BODY)).toBe(new Webhook(secret).sign(MSG, at, BODY));
  });

  it('secrets are whsec_ + base64 of 32 random bytes, never the same twice', () => {
    const a = newSigningSecret();
    expect(a).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(a.slice(6), 'base64')).toHaveLength(32);
    expect(newSigningSecret()).not.toBe(a);
  });
});

describe('the secret box (AES-256-GCM under a key derived from APP_SECRET)', () => {
  const box = secretBoxFor({ APP_SECRET: 'x'.repeat(40), MODE: 'test' });
  const secret = newSigningSecret();

  it('opens what it sealed, and the box shows nothing of the secret', () => {
    const sealed = box.seal(7n, secret);
    expect(box.open(7n, sealed)).toBe(secret);
    expect(sealed).not.toContain(secret.slice(6, 20));
    expect(box.seal(7n, secret)).not.toBe(sealed);
  });

  it.each([
    ['moved onto another merchant', (sealed: string) => box.open(8n, sealed)],
    ['opened under another APP_SECRET', (sealed: string) => secretBoxFor({ APP_SECRET: 'y'.repeat(40), MODE: 'test' }).open(7n, sealed)],
    ['altered', (sealed: string) => box.open(7n, sealed.slice(0, -2) + (sealed.endsWith('AA') ? 'BB' : 'AA'))],
  ])('refuses a box %s', (_name, open) => {
    const sealed = box.seal(7n, secret);
    expect(() => open(sealed)).toThrow();
  });

  it('live mode without APP_SECRET refuses to build a box', () => {
    expect(() => secretBoxFor({ APP_SECRET: undefined, MODE: 'live' })).toThrow(/APP_SECRET/);
  });
});
