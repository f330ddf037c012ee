import { describe, expect, it } from 'vitest';
import { cardBrand, cardDigits, cardInput, cardProblems, expiryInPast, formatCardNumber, formatExpiry, luhnValid, splitExpiry, TEST_CARDS } from './card-input.ts';

describe('the card form', () => {
  it.each([
    ['4242424242424242', '4242 4242 4242 4242'],
    ['4242-4242 42', '4242 4242 42'],
    ['42424242424242424242999', '4242 4242 4242 4242 424'],
  ])('groups %s as %s', (raw, expected) => {
    expect(formatCardNumber(raw)).toBe(expected);
  });

  it.each([
    ['1', '', '1'],
    ['4', '', '04/'],
    ['12', '1', '12/'],
    ['12', '12/', '12'],
    ['1228', '12/2', '12/28'],
    ['12/285', '12/28', '12/28'],
  ])('types the expiry %s (after %s) as %s', (raw, previous, expected) => {
    expect(formatExpiry(raw, previous)).toBe(expected);
  });

  it('splits the expiry for the contract schema', () => {
    expect(splitExpiry('04/29')).toEqual({ exp_month: '04', exp_year: '29' });
    expect(splitExpiry('04')).toEqual({ exp_month: '04', exp_year: '' });
  });

  it('every documented test card passes the Luhn check; a typo does not', () => {
    for (const card of TEST_CARDS) expect(luhnValid(cardDigits(card.number)), card.number).toBe(true);
    expect(luhnValid('4242424242424241')).toBe(false);
    expect(luhnValid('4242')).toBe(false);
  });

  it.each([
    ['4242424242424242', 'visa'],
    ['5555555555554444', 'mastercard'],
    ['378282246310005', 'amex'],
    ['6011000990139424', 'card'],
  ] as const)('%s is a %s', (digits, brand) => {
    expect(cardBrand(digits)).toBe(brand);
  });

  it.each([
    ['10', '26', true],
    ['11', '26', false],
    ['01', '2027', false],
    ['12', '25', true],
  ])('an expiry of %s/%s in November 2026 is past: %s', (month, year, expected) => {
    expect(expiryInPast(month, year, new Date('2026-11-22T05:00:00Z'))).toBe(expected);
  });
});

describe('the card check before sending', () => {
  const now = new Date('2026-11-22T05:00:00Z');
  it.each([
    ['a good test card has no problems', { number: '4242 4242 4242 4242', expiry: '12/28', cvc: '123', holder: 'Dana Okafor' }, {}],
    ['empty fields each say what is missing', { number: '', expiry: '', cvc: '', holder: ' ' }, { number: 'numberRequired', expiry: 'expiryInvalid', cvc: 'cvcInvalid', holder: 'holderRequired' }],
    ['a typo in the number fails Luhn', { number: '4242 4242 4242 4241', expiry: '12/28', cvc: '123', holder: 'D' }, { number: 'numberInvalid' }],
    ['last month is past', { number: '4242424242424242', expiry: '10/26', cvc: '1234', holder: 'D' }, { expiry: 'expiryPast' }],
  ] as const)('%s', (_name, values, expected) => {
    expect(cardProblems(values, now)).toEqual(expected);
  });

  it('sends the digits and the split expiry', () => {
    expect(cardInput({ number: '4242 4242 4242 4242', expiry: '04/29', cvc: ' 123 ', holder: ' Dana ' })).toEqual({
      number: '4242424242424242',
      exp_month: '04',
      exp_year: '29',
      cvc: '123',
      holder: 'Dana',
    });
  });
});
