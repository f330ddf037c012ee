// Money as the platform handles it: decimal strings on the wire, bigint minor units in code.
// A JS number never holds an amount (0.1 + 0.2 !== 0.3, and large satoshi sums pass 2^53),
// so every conversion between the two forms, and every rounding, happens here and only here.
//
// Decision: parseAmount REJECTS an amount with more decimals than its asset allows. Silently
// rounding what a user typed would move money they did not ask to move. Where rounding is the
// intent (spec §5: crypto rounded to 8 decimals, fiat to 2), call roundToAsset with a named mode.

import { ERRORS } from './errors.ts';
import { decimalsOf, type Asset } from './assets.ts';

export type AmountErrorCode =
  | 'amount_not_string'
  | 'amount_required'
  | 'amount_malformed'
  | 'amount_negative'
  | 'amount_too_precise'
  | 'amount_too_large';

/** `decimal` is the canonical form: optional "-", digits, ".", exactly the asset's decimals. */
export type AmountResult =
  | { ok: true; minor: bigint; decimal: string }
  | { ok: false; code: AmountErrorCode; message: string };

/**
 * Rounding by magnitude, the same for negative amounts:
 * 'down' toward zero, 'up' away from zero, 'half-up' to nearest with halves away from zero.
 * House favour is 'down' for what the user receives and 'up' for what the user is charged.
 */
export type RoundingMode = 'half-up' | 'down' | 'up';

export interface ParseOptions {
  /** Signed amounts are for internal sums and ledger deltas; user input never carries a sign. */
  allowNegative?: boolean;
}

/** PostgreSQL BIGINT's maximum: money columns hold minor units as BIGINT, so nothing larger can be stored. */
export const MAX_MINOR = 9_223_372_036_854_775_807n;

/** A limit on input length, so a hostile string cannot make us build a huge bigint. */
const MAX_INPUT_LENGTH = 64;

const PLAIN_DECIMAL = /^\d+(\.\d+)?$/;
const EXPONENT = /^[+-]?(\d+\.?\d*|\.\d+)e[+-]?\d+$/i;
const NON_FINITE = /^[+-]?(nan|infinity)$/i;

type Split = { ok: true; negative: boolean; int: string; frac: string } | Extract<AmountResult, { ok: false }>;

function failure(code: AmountErrorCode, message: string = ERRORS[code].message): Extract<AmountResult, { ok: false }> {
  return { ok: false, code, message };
}

/** Check the grammar and cut "-12.345" into its parts; every rejection says what to change. */
function splitDecimal(input: unknown, options: ParseOptions): Split {
  if (typeof input !== 'string') return failure('amount_not_string');
  if (input === '') return failure('amount_required');
  if (input.length > MAX_INPUT_LENGTH) return failure('amount_malformed', 'The amount is too long. Enter at most 64 characters.');
  if (/\s/.test(input)) return failure('amount_malformed', 'Remove the spaces from the amount.');
  if (NON_FINITE.test(input)) return failure('amount_malformed', 'Enter a number of digits; NaN and Infinity are not amounts.');
  if (EXPONENT.test(input)) return failure('amount_malformed', 'Write the amount in full, without exponent notation (0.0012, not 1.2e-3).');
  if (input.startsWith('+')) return failure('amount_malformed', 'Remove the + sign from the amount.');
  const negative = input.startsWith('-');
  if (negative && !options.allowNegative) return failure('amount_negative');
  const body = negative ? input.slice(1) : input;
  if (!PLAIN_DECIMAL.test(body)) return failure('amount_malformed');
  const [int = '', frac = ''] = body.split('.');
  return { ok: true, negative, int, frac };
}

function pow10(exponent: number): bigint {
  return 10n ** BigInt(exponent);
}

/** Divide with an explicit rounding mode; `divisor` must be positive. */
export function divideRounded(dividend: bigint, divisor: bigint, mode: RoundingMode): bigint {
  if (divisor <= 0n) throw new RangeError('divideRounded: divisor must be positive');
  const quotient = dividend / divisor; // bigint division truncates toward zero
  const remainder = dividend % divisor;
  if (remainder === 0n) return quotient;
  const away = dividend < 0n ? -1n : 1n;
  if (mode === 'down') return quotient;
  if (mode === 'up') return quotient + away;
  const twiceRemainder = remainder < 0n ? -2n * remainder : 2n * remainder;
  return twiceRemainder >= divisor ? quotient + away : quotient;
}

function bounded(minor: bigint, asset: Asset): AmountResult {
  if (minor > MAX_MINOR || minor < -MAX_MINOR) return failure('amount_too_large');
  return { ok: true, minor, decimal: formatMinor(minor, asset) };
}

/** Parse a decimal string into minor units of `asset`. Rejects, never rounds (see the file comment). */
export function parseAmount(input: unknown, asset: Asset, options: ParseOptions = {}): AmountResult {
  const split = splitDecimal(input, options);
  if (!split.ok) return split;
  const decimals = decimalsOf(asset);
  if (split.frac.length > decimals) {
    return failure('amount_too_precise', `Use at most ${decimals} decimals for ${asset}.`);
  }
  const magnitude = BigInt(split.int + split.frac.padEnd(decimals, '0'));
  return bounded(split.negative ? -magnitude : magnitude, asset);
}

/**
 * Parse an amount our own code wrote (a constant, a database value already checked).
 * Throws, because a malformed trusted amount is a bug, not something a user can fix.
 */
export function mustParseAmount(input: string, asset: Asset, options: ParseOptions = {}): bigint {
  const result = parseAmount(input, asset, options);
  if (!result.ok) throw new RangeError(`mustParseAmount(${JSON.stringify(input)}, ${asset}): ${result.code}`);
  return result.minor;
}

/** Round a decimal string of any precision to the asset's decimals with a named mode (spec §5). */
export function roundToAsset(input: unknown, asset: Asset, mode: RoundingMode, options: ParseOptions = {}): AmountResult {
  const split = splitDecimal(input, options);
  if (!split.ok) return split;
  const decimals = decimalsOf(asset);
  const scaled = BigInt(split.int + split.frac);
  const signed = split.negative ? -scaled : scaled;
  const extra = split.frac.length - decimals;
  const minor = extra > 0 ? divideRounded(signed, pow10(extra), mode) : signed * pow10(-extra);
  return bounded(minor, asset);
}

/** Minor units to the canonical decimal string with exactly the asset's decimals: 120000n BTC -> "0.00120000". */
export function formatMinor(minor: bigint, asset: Asset): string {
  const decimals = decimalsOf(asset);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(decimals + 1, '0');
  const int = digits.slice(0, digits.length - decimals);
  const frac = digits.slice(digits.length - decimals);
  return `${negative ? '-' : ''}${int}${decimals > 0 ? `.${frac}` : ''}`;
}

/** Sum decimal strings of one asset (signed allowed); the first malformed value's error is returned. */
export function sumDecimals(values: readonly unknown[], asset: Asset): AmountResult {
  let total = 0n;
  for (const value of values) {
    const parsed = parseAmount(value, asset, { allowNegative: true });
    if (!parsed.ok) return parsed;
    total += parsed.minor;
  }
  return bounded(total, asset);
}

/** A rate is a positive plain decimal string ("0.000021"): how many units of the target one source unit buys. */
export function isRate(value: unknown): value is string {
  return typeof value === 'string' && value.length <= MAX_INPUT_LENGTH && PLAIN_DECIMAL.test(value) && /[1-9]/.test(value);
}

/**
 * Convert minor units of one asset into minor units of another at `rate`, entirely in bigint:
 * to = amount * rate * 10^toDecimals / 10^fromDecimals, rounded once, at the end, with `rounding`.
 * House favour: 'down' for what the user receives. A malformed rate throws: rates are checked
 * with isRate where they enter the system, so reaching here with a bad one is a bug.
 */
export function convert(amountMinor: bigint, fromAsset: Asset, rate: string, toAsset: Asset, rounding: RoundingMode): bigint {
  if (!isRate(rate)) throw new RangeError(`convert: rate must be a positive decimal string like "0.000021", got ${JSON.stringify(rate)}`);
  const [rateInt = '', rateFrac = ''] = rate.split('.');
  const numerator = amountMinor * BigInt(rateInt + rateFrac) * pow10(decimalsOf(toAsset));
  const denominator = pow10(decimalsOf(fromAsset) + rateFrac.length);
  return divideRounded(numerator, denominator, rounding);
}
