// The fields many endpoints share, each defined once: text a person types (names, email, mobile,
// password, dates, countries), the money fields (amounts as decimal strings, assets), paging, and
// the shapes answers repeat (decimal strings, ISO times). Request schemas refuse with a message that
// says what to send; answer schemas describe what our server sends.

import * as v from 'valibot';
import { ACCOUNT_FIAT, ASSETS, CRYPTO, FIAT, type RateKey } from '../assets.ts';
import { LOCALES } from '../language.ts';
import { normaliseEmail } from '../rules/user-normalise.ts';
import { queryInteger } from './schema-kit.ts';

export const REQUIRED_FIELD = 'Required field';

/** Text the person must fill in: trimmed, not empty. */
export const required = (message = REQUIRED_FIELD) => v.pipe(v.string(REQUIRED_FIELD), v.trim(), v.nonEmpty(message));

/** Optional text of at most `max` characters, trimmed. */
export const optionalText = (max: number) => v.optional(v.pipe(v.string('Send text.'), v.trim(), v.maxLength(max, `Use at most ${max} characters.`)));

// ---- People ---------------------------------------------------------------------------------

/** Lowercased and trimmed before the format check, so 'Ana@Example.COM ' is accepted as 'ana@example.com'. */
export const EmailSchema = v.pipe(
  v.string(REQUIRED_FIELD),
  v.transform(normaliseEmail),
  v.nonEmpty(REQUIRED_FIELD),
  v.maxLength(254, 'Enter an email address of at most 254 characters.'),
  v.email('Enter a valid email address, like name@example.com.'),
);

/** International format: spaces, dashes, dots and brackets are dropped, then + and 7 to 15 digits remain. */
export const MobileSchema = v.pipe(
  v.string(REQUIRED_FIELD),
  v.transform((raw) => raw.replace(/[\s().-]/g, '')),
  v.nonEmpty(REQUIRED_FIELD),
  v.regex(/^\+[1-9][0-9]{6,14}$/, 'Enter the mobile number in international format, starting with + and the country code, like +44 7700 900123.'),
);

export const NameSchema = v.pipe(required(), v.maxLength(100, 'Use at most 100 characters.'));

export const CountryCodeSchema = v.pipe(
  v.string(REQUIRED_FIELD),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{2}$/, 'Choose a country (two-letter code such as GB or ES).'),
);

export const LanguageSchema = v.picklist(LOCALES, 'Choose English (en) or Spanish (es).');
export const AccountCurrencySchema = v.picklist(ACCOUNT_FIAT, `Choose one of ${ACCOUNT_FIAT.join(', ')}.`);

/** Opaque tokens: base64url, bounded, so a huge header or body cannot reach a hash function. */
export const OpaqueTokenSchema = v.pipe(v.string(REQUIRED_FIELD), v.nonEmpty(REQUIRED_FIELD), v.maxLength(200), v.regex(/^[A-Za-z0-9_-]+$/, 'The token is malformed.'));

// ---- Money ----------------------------------------------------------------------------------

/** A decimal string; its decimals and range are checked by core/money.ts parseAmount for the asset in question. */
export const AmountInputSchema = v.pipe(
  v.string('Send the amount as a decimal string such as "12.50", not as a number.'),
  v.trim(),
  v.nonEmpty('Enter an amount.'),
  v.maxLength(40, 'The amount is too long.'),
);

export const AssetSchema = v.picklist(ASSETS, `Choose one of: ${ASSETS.join(', ')}.`);
export const CryptoSchema = v.picklist(CRYPTO, `Choose one of: ${CRYPTO.join(', ')}.`);
export const FiatSchema = v.picklist(FIAT, `Choose one of: ${FIAT.join(', ')}.`);
export const AccountFiatSchema = v.picklist(ACCOUNT_FIAT, `Choose one of: ${ACCOUNT_FIAT.join(', ')}.`);

export const isoDate = v.pipe(v.string('Use a date like 2026-11-22.'), v.regex(/^\d{4}-\d{2}-\d{2}$/, 'Use a date like 2026-11-22.'));

/** Paging in a query string: page from 1, per_page 1..100 (default 20). */
export const pageQuery = { page: queryInteger(1, 1, 100_000), per_page: queryInteger(20, 1, 100) };

// ---- Answers --------------------------------------------------------------------------------

/** A decimal string as the server writes amounts and rates ("0.00120000", "12.50"). */
export const Decimal = v.pipe(v.string(), v.regex(/^-?\d+(\.\d+)?$/));

/** An ISO 8601 time as the server writes it (Date.toISOString). */
export const IsoTime = v.pipe(v.string(), v.isoTimestamp());

/**
 * A rate key such as BTC_EUR (the price of one BTC in EUR). The schema checks the shape; its type is
 * core/assets.ts RateKey (a cast of the type alone, so the JSON Schema still shows the pattern).
 */
export const RateKeySchema = v.pipe(v.string(), v.regex(/^[A-Z]{3,4}_[A-Z]{3,4}$/, 'Name the pair like BTC_EUR.')) as unknown as v.GenericSchema<RateKey>;

/** Rates keyed by pair: how many of the second asset one of the first buys. */
export const RatesRecord = v.record(RateKeySchema, Decimal);

export const Flag = v.picklist([0, 1]);
