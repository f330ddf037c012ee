import { describe, expect, it } from 'vitest';
import { linkState } from './payment-links.ts';

const NOW = new Date('2026-11-24T12:00:00Z');
const later = new Date('2026-11-25T12:00:00Z');
const earlier = new Date('2026-11-23T12:00:00Z');

describe('the state a payment link shows', () => {
  it.each([
    ['no payment and no expiry is open', null, [], 'open'],
    ['a payment waiting for the buyer keeps it open', later, [{ status: 'new' }], 'open'],
    ['a payment being confirmed keeps it open until it settles', later, [{ status: 'processing' }], 'open'],
    ['a settled payment makes it paid', later, [{ status: 'expired' }, { status: 'settled' }], 'paid'],
    ['paid stays paid after the expiry passes', earlier, [{ status: 'settled' }], 'paid'],
    ['past its expiry without a settled payment it is expired', earlier, [{ status: 'expired' }], 'expired'],
    ['an invalid (late) payment does not make it paid', earlier, [{ status: 'invalid' }], 'expired'],
  ] as const)('%s', (_name, expiresAt, payments, state) => {
    expect(linkState({ expires_at: expiresAt }, payments, NOW)).toBe(state);
  });
});
