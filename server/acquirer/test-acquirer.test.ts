import { describe, expect, it } from 'vitest';
import { authorizeCharge, maskedCard, tokenizeCard, type CardInput } from './test-acquirer.ts';
import { passesLuhn } from './test-cards.ts';

const NOW = new Date('2026-11-22T12:00:00Z');
const fingerprintOf = (number: string) => `fp(${number.length})`;
const card = (number: string, overrides: Partial<CardInput> = {}): CardInput => ({ number, exp_month: '12', exp_year: '2030', cvc: '123', holder: ' Ana Test ', ...overrides });

function tokenOf(number: string): string {
  const result = tokenizeCard(card(number), NOW, fingerprintOf);
  if (!result.ok) throw new Error(result.error.message);
  return result.card.token;
}

describe('test acquirer', () => {
  it.each([
    { number: '4242424242424242', brand: 'Visa', outcome: 'approved' },
    { number: '5555555555554444', brand: 'Mastercard', outcome: 'approved' },
    { number: '4000000000000002', brand: 'Visa', outcome: 'declined' },
    { number: '4000000000009995', brand: 'Visa', outcome: 'declined' },
    { number: '4000002760003184', brand: 'Visa', outcome: 'challenge' },
    { number: '4012888888881881', brand: 'Visa', outcome: 'approved' },
  ])('test card $number ($brand) is $outcome', ({ number, brand, outcome }) => {
    const result = tokenizeCard(card(number), NOW, fingerprintOf);
    expect(result).toMatchObject({ ok: true, card: { brand, last4: number.slice(-4), exp_month: '12', exp_year: '2030', holder: 'Ana Test' } });
    expect(authorizeCharge(tokenOf(number)).outcome).toBe(outcome);
  });

  it('the insufficient-funds card says so; the plain decline does not', () => {
    const nsf = authorizeCharge(tokenOf('4000000000009995'));
    const plain = authorizeCharge(tokenOf('4000000000000002'));
    expect(nsf.outcome === 'declined' && nsf.error).toMatchObject({ code: 'card_declined', message: expect.stringContaining('insufficient funds') });
    expect(plain.outcome === 'declined' && plain.error.message).not.toContain('insufficient');
  });

  it('a 3-D Secure card is approved once the cardholder passed the challenge', () => {
    expect(authorizeCharge(tokenOf('4000002760003184'), true).outcome).toBe('approved');
  });

  it('a token holds neither the number nor the security code, and each tokenization is a new token', () => {
    const first = tokenOf('4242424242424242');
    expect(first).toMatch(/^tok_test_ok_[A-Za-z0-9_-]{16}$/);
    expect(first).not.toContain('4242');
    expect(tokenOf('4242424242424242')).not.toBe(first);
  });

  it('an unknown or made-up token is declined', () => {
    expect(authorizeCharge('tok_live_something').outcome).toBe('declined');
    expect(authorizeCharge('tok_test_ok_short').outcome).toBe('declined');
  });

  it.each([
    { case: 'one digit wrong (Luhn)', input: card('4242424242424241'), field: 'card.number' },
    { case: 'expired last month', input: card('4242424242424242', { exp_month: '10', exp_year: '26' }), field: 'card.exp_year' },
    { case: 'month 13', input: card('4242424242424242', { exp_month: '13' }), field: 'card.exp_month' },
  ])('$case is card_invalid on $field', ({ input, field }) => {
    const result = tokenizeCard(input, NOW, fingerprintOf);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.code).toBe('card_invalid');
      expect(Object.keys(result.error.fields ?? {})).toEqual([field]);
    }
  });

  it('a card expiring this month is still valid, and a two-digit year means 20xx', () => {
    expect(tokenizeCard(card('4242424242424242', { exp_month: '11', exp_year: '26' }), NOW, fingerprintOf)).toMatchObject({ ok: true, card: { exp_year: '2026', exp_month: '11' } });
  });

  it.each([
    ['4242424242424242', true],
    ['79927398713', false],
    ['378282246310005', true],
    ['4242424242424243', false],
  ])('Luhn: %s -> %s', (number, valid) => {
    expect(passesLuhn(number)).toBe(valid);
  });

  it('a list shows brand and last 4 only', () => {
    expect(maskedCard({ brand: 'Visa', last4: '4242' })).toBe('Visa •••• 4242');
  });
});
