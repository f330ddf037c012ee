// The registration attempt of the new flow (spec §5): the reg_token of POST
// /v1/users/registrationAttempt with the email and mobile it was made for, and which of the two
// were verified with codes. Kept in sessionStorage, so a reload between the steps keeps it while
// the tab lives; the server's 30-minute validity is what really limits it.

export interface RegistrationAttempt {
  reg_token: string;
  email: string;
  mobile: string;
  emailVerified: boolean;
  mobileVerified: boolean;
}

const KEY = 'identity.registrationAttempt';

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

export function readAttempt(store: KeyValueStore | null = storage()): RegistrationAttempt | null {
  const raw = store?.getItem(KEY);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<RegistrationAttempt>;
    if (typeof value.reg_token !== 'string' || typeof value.email !== 'string' || typeof value.mobile !== 'string') return null;
    return { reg_token: value.reg_token, email: value.email, mobile: value.mobile, emailVerified: value.emailVerified === true, mobileVerified: value.mobileVerified === true };
  } catch {
    return null;
  }
}

export function saveAttempt(attempt: RegistrationAttempt, store: KeyValueStore | null = storage()): void {
  store?.setItem(KEY, JSON.stringify(attempt));
}

export function clearAttempt(store: KeyValueStore | null = storage()): void {
  store?.removeItem(KEY);
}
