// The test acquirer's card numbers, like Stripe's test mode: each number stands for one behaviour of
// a real card network, so every path of a card deposit can be exercised without real money. Any
// other number that passes the Luhn check behaves like a plain successful card of its brand.

export type CardBehaviour =
  | { kind: 'succeeds' }
  | { kind: 'declined'; message: string }
  | { kind: 'three_d_secure' };

export const TEST_CARDS: Readonly<Record<string, { brand: string; behaviour: CardBehaviour }>> = {
  '4242424242424242': { brand: 'Visa', behaviour: { kind: 'succeeds' } },
  '5555555555554444': { brand: 'Mastercard', behaviour: { kind: 'succeeds' } },
  '4000000000000002': { brand: 'Visa', behaviour: { kind: 'declined', message: 'The card was declined by its bank. Use another card or contact your bank.' } },
  '4000000000009995': {
    brand: 'Visa',
    behaviour: { kind: 'declined', message: 'The card was declined: insufficient funds on the card. Use another card or a smaller amount.' },
  },
  '4000002760003184': { brand: 'Visa', behaviour: { kind: 'three_d_secure' } },
};

/** The brand from the number's prefix (IIN ranges), for cards outside the table. */
export function brandOf(number: string): string {
  if (number.startsWith('4')) return 'Visa';
  if (/^(5[1-5]|2[2-7])/.test(number)) return 'Mastercard';
  if (/^3[47]/.test(number)) return 'American Express';
  return 'Card';
}

export function behaviourOf(number: string): { brand: string; behaviour: CardBehaviour } {
  return TEST_CARDS[number] ?? { brand: brandOf(number), behaviour: { kind: 'succeeds' } };
}

/** The Luhn check digit test every card number passes; a typo in one digit fails it. */
export function passesLuhn(number: string): boolean {
  if (!/^\d{12,19}$/.test(number)) return false;
  let sum = 0;
  for (let i = 0; i < number.length; i += 1) {
    let digit = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}
