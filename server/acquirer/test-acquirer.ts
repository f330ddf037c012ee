// The TEST ACQUIRER: a labelled stand-in for a card network, like Stripe's test mode. It checks a
// card (Luhn, expiry), turns it into an opaque token and answers authorisations by the test card
// table (test-cards.ts). Nothing here moves real money, and nothing but the token, brand, last 4
// digits, expiry, holder and a keyed fingerprint leaves this file: the number and the security code
// are never returned, stored or logged.
//
// A real acquirer keeps the card in its own vault behind the token. This double has no vault that
// survives a restart, so the token carries the test card's behaviour tag instead of the number
// (the test numbers are public anyway); charging a saved card reads the tag.

import { randomBytes } from 'node:crypto';
import { appError, type AppError } from '#core/errors.ts';
import { behaviourOf, passesLuhn, type CardBehaviour } from './test-cards.ts';

/** A card as the form sends it (core/contract/deposits.ts CardInputSchema output). */
export interface CardInput {
  number: string;
  exp_month: string;
  exp_year: string;
  cvc: string;
  holder: string;
}

/** What we may keep of a card. */
export interface TokenizedCard {
  token: string;
  brand: string;
  last4: string;
  /** Two digits, "01".."12". */
  exp_month: string;
  /** Four digits. */
  exp_year: string;
  holder: string;
  /** HMAC of the number under the server's secret: the same card is recognised without keeping it. */
  fingerprint: string;
}

export type TokenizeResult = { ok: true; card: TokenizedCard } | { ok: false; error: AppError };

export type AuthorizeOutcome =
  | { outcome: 'approved' }
  | { outcome: 'declined'; error: AppError }
  /** 3-D Secure: the cardholder must answer the bank's challenge first. */
  | { outcome: 'challenge' };

type Tag = 'ok' | 'dec' | 'nsf' | '3ds';

function tagOf(behaviour: CardBehaviour, number: string): Tag {
  if (behaviour.kind === 'three_d_secure') return '3ds';
  if (behaviour.kind === 'succeeds') return 'ok';
  return number === '4000000000009995' ? 'nsf' : 'dec';
}

/** Checks the card and tokenizes it. `fingerprintOf` is keyed by the server's secret (see server/money/cards.ts). */
export function tokenizeCard(input: CardInput, now: Date, fingerprintOf: (number: string) => string): TokenizeResult {
  const number = input.number.replace(/[\s-]/g, '');
  if (!passesLuhn(number)) return { ok: false, error: appError('card_invalid', undefined, { 'card.number': ['This card number is not valid. Check the digits.'] }) };
  const month = Number(input.exp_month);
  const year = input.exp_year.length === 2 ? 2000 + Number(input.exp_year) : Number(input.exp_year);
  if (!(month >= 1 && month <= 12)) return { ok: false, error: appError('card_invalid', undefined, { 'card.exp_month': ['Enter the expiry month, 01 to 12.'] }) };
  // A card is valid through the last day of its expiry month.
  const currentYear = now.getUTCFullYear();
  const currentMonth = now.getUTCMonth() + 1;
  if (year < currentYear || (year === currentYear && month < currentMonth)) {
    return { ok: false, error: appError('card_invalid', 'This card has expired. Use another card.', { 'card.exp_year': ['The card has expired.'] }) };
  }
  if (year > currentYear + 20) return { ok: false, error: appError('card_invalid', undefined, { 'card.exp_year': ['Check the expiry year.'] }) };
  const { brand, behaviour } = behaviourOf(number);
  return {
    ok: true,
    card: {
      token: `tok_test_${tagOf(behaviour, number)}_${randomBytes(12).toString('base64url')}`,
      brand,
      last4: number.slice(-4),
      exp_month: String(month).padStart(2, '0'),
      exp_year: String(year),
      holder: input.holder.trim(),
      fingerprint: fingerprintOf(number),
    },
  };
}

function tagOfToken(token: string): Tag | null {
  const match = /^tok_test_(ok|dec|nsf|3ds)_[A-Za-z0-9_-]{16}$/.exec(token);
  return match ? (match[1] as Tag) : null;
}

/**
 * Authorises a charge on a token. `afterChallenge` is true once the cardholder passed 3-D Secure
 * for this charge. An unknown token is a declined card, as a real acquirer answers.
 */
export function authorizeCharge(token: string, afterChallenge = false): AuthorizeOutcome {
  const tag = tagOfToken(token);
  if (tag === 'ok') return { outcome: 'approved' };
  if (tag === '3ds') return afterChallenge ? { outcome: 'approved' } : { outcome: 'challenge' };
  if (tag === 'nsf') return { outcome: 'declined', error: appError('card_declined', 'The card was declined: insufficient funds on the card. Use another card or a smaller amount.') };
  return { outcome: 'declined', error: appError('card_declined') };
}

/** The masked card a list shows: "Visa •••• 4242". */
export function maskedCard(card: { brand: string; last4: string }): string {
  return `${card.brand} •••• ${card.last4}`;
}
