// A registration in progress under the new flow (spec §5): register (email, mobile) -> codes ->
// personal details -> address details. It lives in sessionStorage, so a reload of this tab resumes
// at the same step with the fields as the person typed them, while another tab, or the browser
// after it closes, starts clean. It holds the reg_token of POST /v1/users/registrationAttempt, which
// only proves the email and mobile for 30 minutes, and never the password.
// The token goes when the attempt ends: at the server's word (registration_token_expired) or when
// its 30 minutes are up, keeping the email and mobile so starting again needs no retyping. All of
// it goes when the registration succeeds.

import * as v from 'valibot';
import { REGISTRATION_ATTEMPT_TTL_S } from '#core/contract/registration.ts';
import { object } from '#core/contract/schema-kit.ts';
import type { OtpPurpose } from '#core/contract/verify.ts';

export interface RegistrationDraft {
  /** As typed at the first step; kept when the attempt ends. */
  email: string;
  mobile: string;
  /** The live attempt's token; null before it starts and after it ends. */
  reg_token: string | null;
  /** When the attempt's 30 minutes are up (epoch ms); null when unknown (the server still decides). */
  expiresAt: number | null;
  emailVerified: boolean;
  mobileVerified: boolean;
  /** Per code: when another may be sent (epoch ms). Present once one was sent, so a reload does not send it again. */
  resendAt: Partial<Record<OtpPurpose, number>>;
  /** The attempt is over: the page says so and offers to start again. */
  expired: boolean;
  /** Personal details as typed (the password is never kept). */
  firstName: string;
  lastName: string;
  /** The address step's fields as typed, by field name ("billing.city"). */
  address: Readonly<Record<string, string>>;
}

export type RegistrationStep = 'contacts' | 'codes' | 'personal' | 'expired';

export const EMPTY_DRAFT: RegistrationDraft = {
  email: '',
  mobile: '',
  reg_token: null,
  expiresAt: null,
  emailVerified: false,
  mobileVerified: false,
  resendAt: {},
  expired: false,
  firstName: '',
  lastName: '',
  address: {},
};

const KEY = 'identity.registrationAttempt';

/** Bounds on what is read back: sessionStorage is ours, but a damaged value must not become a page. */
const text = (max: number) => v.optional(v.pipe(v.string(), v.maxLength(max)), '');
const epochMs = v.pipe(v.number(), v.integer(), v.minValue(0));
const StoredDraftSchema = object({
  email: text(254),
  mobile: text(32),
  reg_token: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{43}$/))), null),
  expiresAt: v.optional(v.nullable(epochMs), null),
  emailVerified: v.optional(v.boolean(), false),
  mobileVerified: v.optional(v.boolean(), false),
  resendAt: v.optional(object({ verify_email: v.optional(epochMs), verify_mobile: v.optional(epochMs) }), {}),
  expired: v.optional(v.boolean(), false),
  firstName: text(100),
  lastName: text(100),
  address: v.optional(v.record(v.pipe(v.string(), v.maxLength(40)), v.pipe(v.string(), v.maxLength(200))), {}),
});

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

function storage(): KeyValueStore | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

/** The step the draft is at. A step after personal details belongs to the signed-in member, not the draft. */
export function registrationStep(draft: RegistrationDraft): RegistrationStep {
  if (draft.expired) return 'expired';
  if (draft.reg_token === null) return 'contacts';
  return draft.emailVerified && draft.mobileVerified ? 'personal' : 'codes';
}

/** The attempt is over: its token and its proofs go; what the person typed stays for starting again. */
export function endAttempt(draft: RegistrationDraft): RegistrationDraft {
  return { ...draft, reg_token: null, expiresAt: null, emailVerified: false, mobileVerified: false, resendAt: {}, expired: true };
}

/** Back to the first step with the email and mobile (and names) kept. */
export function restartDraft(draft: RegistrationDraft): RegistrationDraft {
  return { ...endAttempt(draft), expired: false };
}

/** A new attempt for the email and mobile it was made with; it lasts REGISTRATION_ATTEMPT_TTL_S from now. */
export function startAttempt(draft: RegistrationDraft, attempt: { reg_token: string; email: string; mobile: string }, now_ms: number): RegistrationDraft {
  return { ...restartDraft(draft), ...attempt, expiresAt: now_ms + REGISTRATION_ATTEMPT_TTL_S * 1000 };
}

/**
 * The account exists: the token is used up and the contacts are proven. Only what the address step
 * types is kept from here, with the account's email so it is never offered to another account.
 */
export function afterAccountCreated(draft: RegistrationDraft): RegistrationDraft {
  return { ...EMPTY_DRAFT, email: draft.email };
}

/** The address fields typed earlier in this tab for the account with this email, else none. */
export function addressTypedFor(draft: RegistrationDraft | null, email: string): Readonly<Record<string, string>> {
  return draft && draft.email.toLowerCase() === email.toLowerCase() ? draft.address : {};
}

/** The draft of this tab, or null. An attempt whose 30 minutes are up reads back as ended. */
export function readDraft(now_ms: number, store: KeyValueStore | null = storage()): RegistrationDraft | null {
  const raw = store?.getItem(KEY);
  if (!raw) return null;
  let parsed: v.SafeParseResult<typeof StoredDraftSchema>;
  try {
    parsed = v.safeParse(StoredDraftSchema, JSON.parse(raw));
  } catch {
    return null;
  }
  if (!parsed.success) return null;
  const draft: RegistrationDraft = parsed.output;
  return draft.reg_token !== null && draft.expiresAt !== null && draft.expiresAt <= now_ms ? endAttempt(draft) : draft;
}

/** Writes exactly the draft's fields: anything else a caller's object carries (a password) is not kept. */
export function saveDraft(draft: RegistrationDraft, store: KeyValueStore | null = storage()): void {
  const kept: RegistrationDraft = {
    email: draft.email,
    mobile: draft.mobile,
    reg_token: draft.reg_token,
    expiresAt: draft.expiresAt,
    emailVerified: draft.emailVerified,
    mobileVerified: draft.mobileVerified,
    resendAt: draft.resendAt,
    expired: draft.expired,
    firstName: draft.firstName,
    lastName: draft.lastName,
    address: draft.address,
  };
  try {
    store?.setItem(KEY, JSON.stringify(kept));
  } catch {
    // A full or refused storage costs the resume after a reload, not the registration itself.
  }
}

export function clearDraft(store: KeyValueStore | null = storage()): void {
  store?.removeItem(KEY);
}
