// One-time codes: issue and check. A code is six digits from crypto.randomInt, stored only as an
// HMAC (code-key.ts), valid OTP_VALIDITY_S, used once, dead after MAX_ATTEMPTS wrong tries. Sends
// are limited per subject (a member or a registration attempt), counted from the codes table itself:
// one a minute per purpose (so turning login codes on does not hold back the next login's code) and
// ten an hour per channel (what bounds the mail or SMS one can make us send). Each call runs in a transaction holding the
// subject's row lock, so two parallel requests cannot both pass a limit or both use one code.
// Failures are values (AppError); the routes turn them into answers.

import { createHash, randomInt } from 'node:crypto';
import { sql, type Kysely, type Transaction } from 'kysely';
import { OTP_CHANNEL, OTP_CODE_LENGTH, OTP_RESEND_INTERVAL_S, OTP_VALIDITY_S, type CodePurpose, type OtpChannel } from '#core/contract/verify.ts';
import { appError, minutesToWait, withRetryAfter, type AppError } from '#core/errors.ts';
import type { Database } from '../db/schema.ts';
import type { CodeKey } from './code-key.ts';

export const MAX_ATTEMPTS = 5;
export const SENDS_PER_HOUR = 10;

/** Whose code it is: a member, a registration attempt before the account exists, or a guest checkout (migration 0027). */
export type CodeSubject = { userId: bigint } | { attemptId: bigint } | { checkoutId: bigint };

export type IssueResult =
  /** codeId: the stored code's row, so a caller can bind the code to what it authorises (a withdrawal). */
  | { ok: true; code: string; channel: OtpChannel; codeId: bigint }
  | { ok: false; error: AppError; retryAfterS: number };

export type CheckResult = { ok: true } | { ok: false; error: AppError };

/** Per destination: a little above one subject's cap, so a member with several purposes is never the one refused. */
export const SENDS_PER_HOUR_PER_DESTINATION = 15;

export function destinationHash(destination: string): string {
  return createHash('sha256').update(destination.trim().toLowerCase()).digest('hex');
}

export function newCode(): string {
  return String(randomInt(0, 10 ** OTP_CODE_LENGTH)).padStart(OTP_CODE_LENGTH, '0');
}

function subjectColumn(subject: CodeSubject): { column: 'user_id' | 'registration_attempt_id' | 'checkout_id'; id: bigint } {
  if ('userId' in subject) return { column: 'user_id', id: subject.userId };
  return 'attemptId' in subject ? { column: 'registration_attempt_id', id: subject.attemptId } : { column: 'checkout_id', id: subject.checkoutId };
}

async function lockSubject(trx: Transaction<Database>, subject: CodeSubject): Promise<void> {
  if ('userId' in subject) await trx.selectFrom('users').select('id').where('id', '=', subject.userId).forUpdate().execute();
  else if ('attemptId' in subject) await trx.selectFrom('registration_attempts').select('id').where('id', '=', subject.attemptId).forUpdate().execute();
  else await trx.selectFrom('guest_checkouts').select('id').where('id', '=', subject.checkoutId).forUpdate().execute();
}

export interface IssueRequest {
  providerId: bigint;
  subject: CodeSubject;
  purpose: CodePurpose;
  /** Where the code goes (e-mail address or mobile number); sends per destination are capped too. */
  destination: string;
  /**
   * A login with the right password always gets a fresh code (the password is the gate, and the
   * login route has its own limits); only the hourly caps apply to it.
   */
  afterPasswordLogin?: boolean;
}

type Refusal = Extract<IssueResult, { ok: false }>;

function refusal(waitS: number, message: string): Refusal {
  return { ok: false, retryAfterS: waitS, error: withRetryAfter(appError('code_resend_limited', message), waitS) };
}

function inMinutes(waitS: number): string {
  const minutes = minutesToWait(waitS);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** Why this send must wait, or null: once a minute per purpose, SENDS_PER_HOUR per channel, a cap per destination. */
async function sendLimit(trx: Transaction<Database>, request: IssueRequest, destination: string): Promise<Refusal | null> {
  const { column, id } = subjectColumn(request.subject);
  const recent = await trx
    .selectFrom('one_time_codes')
    .select(['purpose', sql<number>`floor(extract(epoch from (now() - created_at)))::int`.as('age_s')])
    .where(column, '=', id)
    .where('channel', '=', OTP_CHANNEL[request.purpose])
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .orderBy('created_at', 'desc')
    .execute();
  const newestAge = recent.find((row) => row.purpose === request.purpose)?.age_s;
  if (!request.afterPasswordLogin && newestAge !== undefined && newestAge < OTP_RESEND_INTERVAL_S) {
    const wait = OTP_RESEND_INTERVAL_S - newestAge;
    return refusal(wait, `Wait ${wait === 1 ? '1 second' : `${wait} seconds`} before asking for another code.`);
  }
  if (recent.length >= SENDS_PER_HOUR) {
    const wait = Math.max(1, 3600 - (recent[SENDS_PER_HOUR - 1]?.age_s ?? 0));
    return refusal(wait, `You asked for ${SENDS_PER_HOUR} codes this hour. Wait ${inMinutes(wait)} before asking for another code.`);
  }
  const toDestination = await trx
    .selectFrom('one_time_codes')
    .select(sql<number>`floor(extract(epoch from (now() - min(created_at))))::int`.as('oldest_age_s'))
    .select((eb) => eb.fn.countAll<bigint>().as('count'))
    .where('destination_hash', '=', destination)
    .where('created_at', '>', sql<Date>`now() - interval '1 hour'`)
    .executeTakeFirst();
  if (toDestination && BigInt(toDestination.count) >= BigInt(SENDS_PER_HOUR_PER_DESTINATION)) {
    const wait = Math.max(1, 3600 - (toDestination.oldest_age_s ?? 0));
    return refusal(wait, `Too many codes were sent to this address this hour. Wait ${inMinutes(wait)} before asking for another code.`);
  }
  return null;
}

/** A new code for `purpose`; any earlier live code of the same purpose stops working. */
export async function issueCode(db: Kysely<Database>, key: CodeKey, request: IssueRequest): Promise<IssueResult> {
  const { column, id } = subjectColumn(request.subject);
  const channel = OTP_CHANNEL[request.purpose];
  const destination = destinationHash(request.destination);
  return db.transaction().execute(async (trx) => {
    await lockSubject(trx, request.subject);
    const refused = await sendLimit(trx, request, destination);
    if (refused) return refused;
    await trx
      .updateTable('one_time_codes')
      .set({ consumed_at: sql<Date>`now()`, consumed_reason: 'superseded' })
      .where(column, '=', id)
      .where('purpose', '=', request.purpose)
      .where('consumed_at', 'is', null)
      .execute();
    const code = newCode();
    const inserted = await trx
      .insertInto('one_time_codes')
      .values({
        provider_id: request.providerId,
        user_id: 'userId' in request.subject ? request.subject.userId : null,
        registration_attempt_id: 'attemptId' in request.subject ? request.subject.attemptId : null,
        checkout_id: 'checkoutId' in request.subject ? request.subject.checkoutId : null,
        purpose: request.purpose,
        channel,
        code_hash: key.digest(request.purpose, code),
        destination_hash: destination,
        expires_at: sql<Date>`now() + ${`${OTP_VALIDITY_S} seconds`}::interval`,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return { ok: true, code, channel, codeId: inserted.id };
  });
}

/**
 * Checks `code` against the subject's newest code for `purpose` and uses it up when it matches.
 * Only the newest counts: a newer send supersedes the earlier code.
 */
export async function checkCode(
  db: Kysely<Database>,
  key: CodeKey,
  request: { subject: CodeSubject; purpose: CodePurpose; code: string; /** Only this code counts (a code bound to one withdrawal). */ codeId?: bigint },
): Promise<CheckResult> {
  const { column, id } = subjectColumn(request.subject);
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('one_time_codes')
      .select(['id', 'code_hash', 'attempts', 'consumed_reason', sql<boolean>`expires_at <= now()`.as('expired')])
      .where(column, '=', id)
      .where('purpose', '=', request.purpose)
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, error: appError('code_expired', 'There is no code to check. Ask for a new code.') };
    if (row.consumed_reason === 'attempts') return { ok: false, error: appError('code_attempts_exceeded') };
    if (row.consumed_reason !== null || row.expired) return { ok: false, error: appError('code_expired') };
    // A newer code was sent for something else (another withdrawal): this one no longer has a live code.
    if (request.codeId !== undefined && row.id !== request.codeId) {
      return { ok: false, error: appError('code_expired', 'A newer code replaced the one for this request. Ask for a new code.') };
    }

    if (!key.matches(request.purpose, request.code, row.code_hash)) {
      const attempts = row.attempts + 1;
      const dead = attempts >= MAX_ATTEMPTS;
      await trx
        .updateTable('one_time_codes')
        .set(dead ? { attempts, consumed_at: sql<Date>`now()`, consumed_reason: 'attempts' } : { attempts })
        .where('id', '=', row.id)
        .execute();
      if (dead) return { ok: false, error: appError('code_attempts_exceeded') };
      const left = MAX_ATTEMPTS - attempts;
      return { ok: false, error: appError('invalid_code', `The code is not correct. Check the latest message we sent: ${left} ${left === 1 ? 'try' : 'tries'} left.`) };
    }
    await trx.updateTable('one_time_codes').set({ consumed_at: sql<Date>`now()`, consumed_reason: 'verified' }).where('id', '=', row.id).execute();
    return { ok: true };
  });
}
