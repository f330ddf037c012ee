// The test acquirer's card form: input masks that group the number in fours and
// write the expiry as MM/YY, a Luhn check that catches a typo before the server does, and the
// documented test cards (like Stripe's) so a tester knows what each one does.

/** Digits only, at most 19 (the longest card numbers). */
export function cardDigits(raw: string): string {
  return raw.replace(/\D/g, '').slice(0, 19);
}

/** "4242424242424242" -> "4242 4242 4242 4242", as printed on the card. */
export function formatCardNumber(raw: string): string {
  return cardDigits(raw).replace(/(\d{4})(?=\d)/g, '$1 ');
}

/**
 * The expiry as the member types it: "1" stays "1", "12" becomes "12/", "1228" becomes "12/28",
 * and a leading digit above 1 is a month on its own ("4" -> "04/"). Deleting the slash works
 * because a trailing "/" is only added while typing forwards (`previous` is shorter).
 */
export function formatExpiry(raw: string, previous = ''): string {
  let digits = raw.replace(/\D/g, '').slice(0, 4);
  if (digits.length === 1 && Number(digits) > 1) digits = `0${digits}`;
  if (digits.length < 2) return digits;
  if (digits.length === 2) return raw.length > previous.length ? `${digits}/` : digits;
  return `${digits.slice(0, 2)}/${digits.slice(2)}`;
}

/** "12/28" -> { exp_month: "12", exp_year: "28" } for CardInputSchema; partial input gives what is there. */
export function splitExpiry(value: string): { exp_month: string; exp_year: string } {
  const [month = '', year = ''] = value.split('/');
  return { exp_month: month.trim(), exp_year: year.trim() };
}

/** The Luhn checksum every card number carries. */
export function luhnValid(digits: string): boolean {
  if (!/^\d{12,19}$/.test(digits)) return false;
  let sum = 0;
  for (let index = 0; index < digits.length; index += 1) {
    let digit = Number(digits[digits.length - 1 - index]);
    if (index % 2 === 1) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return sum % 10 === 0;
}

export type CardBrand = 'visa' | 'mastercard' | 'amex' | 'card';

export function cardBrand(digits: string): CardBrand {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  return 'card';
}

/** An expiry before this month is over; the server says so too, this only says it sooner. */
export function expiryInPast(month: string, year: string, now: Date): boolean {
  const m = Number(month);
  const y = year.length === 2 ? 2000 + Number(year) : Number(year);
  if (!Number.isInteger(m) || !Number.isInteger(y) || m < 1 || m > 12) return false;
  return y < now.getUTCFullYear() || (y === now.getUTCFullYear() && m < now.getUTCMonth() + 1);
}

export type TestCardOutcome = 'succeeds' | 'declined' | 'declinedFunds' | 'threeDSecure' | 'succeedsMastercard';

/** The test acquirer's cards (server/acquirer). Any future expiry, any CVC and holder work. */
export const TEST_CARDS: readonly { number: string; outcome: TestCardOutcome }[] = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '5555 5555 5555 4444', outcome: 'succeedsMastercard' },
  { number: '4000 0027 6000 3184', outcome: 'threeDSecure' },
  { number: '4000 0000 0000 0002', outcome: 'declined' },
  { number: '4000 0000 0000 9995', outcome: 'declinedFunds' },
];

export interface CardValues {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

export type CardProblem = 'numberRequired' | 'numberInvalid' | 'expiryInvalid' | 'expiryPast' | 'cvcInvalid' | 'holderRequired';

/** What is wrong with each card field, before anything is sent; an empty object means nothing. */
export function cardProblems(values: CardValues, now: Date): Partial<Record<keyof CardValues, CardProblem>> {
  const problems: Partial<Record<keyof CardValues, CardProblem>> = {};
  const digits = cardDigits(values.number);
  if (digits === '') problems.number = 'numberRequired';
  else if (!luhnValid(digits)) problems.number = 'numberInvalid';
  const { exp_month, exp_year } = splitExpiry(values.expiry);
  if (!/^(0?[1-9]|1[0-2])$/.test(exp_month) || !/^(\d{2}|\d{4})$/.test(exp_year)) problems.expiry = 'expiryInvalid';
  else if (expiryInPast(exp_month, exp_year, now)) problems.expiry = 'expiryPast';
  if (!/^\d{3,4}$/.test(values.cvc.trim())) problems.cvc = 'cvcInvalid';
  if (values.holder.trim() === '') problems.holder = 'holderRequired';
  return problems;
}

/** The card as DepositSchema's card object wants it. */
export function cardInput(values: CardValues): { number: string; exp_month: string; exp_year: string; cvc: string; holder: string } {
  return { number: cardDigits(values.number), ...splitExpiry(values.expiry), cvc: values.cvc.trim(), holder: values.holder.trim() };
}
