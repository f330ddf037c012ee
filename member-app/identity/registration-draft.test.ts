import { describe, expect, it } from 'vitest';
import { REGISTRATION_ATTEMPT_TTL_S } from '#core/contract/registration.ts';
import {
  addressTypedFor,
  afterAccountCreated,
  clearDraft,
  EMPTY_DRAFT,
  endAttempt,
  readDraft,
  registrationStep,
  restartDraft,
  saveDraft,
  startAttempt,
  type KeyValueStore,
  type RegistrationDraft,
} from './registration-draft.ts';

const KEY = 'identity.registrationAttempt';
const TOKEN = 'T'.repeat(43);
const NOW = Date.UTC(2026, 10, 22, 9, 0, 0);

function memoryStore(initial: Record<string, string> = {}): KeyValueStore & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return { data, getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

const typed: RegistrationDraft = { ...EMPTY_DRAFT, email: 'ana@example.test', mobile: '+34612345678' };
const started = startAttempt(typed, { reg_token: TOKEN, email: typed.email, mobile: typed.mobile }, NOW);

describe('a registration resumes at its step after a reload', () => {
  it.each<[string, RegistrationDraft, string]>([
    ['nothing sent yet: the first step', typed, 'contacts'],
    ['an attempt with codes to enter: the codes step', started, 'codes'],
    ['one code verified: still the codes step', { ...started, emailVerified: true }, 'codes'],
    ['both codes verified: personal details', { ...started, emailVerified: true, mobileVerified: true }, 'personal'],
    ['an attempt the server ended: the expired step', endAttempt({ ...started, emailVerified: true, mobileVerified: true }), 'expired'],
    ['started again after it ended: the first step', restartDraft(endAttempt(started)), 'contacts'],
  ])('%s', (_name, draft, step) => {
    expect(registrationStep(draft)).toBe(step);
  });

  it('reads back what was saved, typed fields included', () => {
    const store = memoryStore();
    const draft = { ...started, emailVerified: true, resendAt: { verify_mobile: NOW + 60_000 }, firstName: 'Ana', address: { 'billing.city': 'Madrid' } };
    saveDraft(draft, store);
    expect(readDraft(NOW + 1000, store)).toEqual(draft);
  });

  it('an attempt lasts the server’s 30 minutes from its start', () => {
    expect(started.expiresAt).toBe(NOW + REGISTRATION_ATTEMPT_TTL_S * 1000);
    expect(REGISTRATION_ATTEMPT_TTL_S).toBe(1800);
  });

  it('an attempt whose 30 minutes are up reads back ended, with the email and mobile kept and the token gone', () => {
    const store = memoryStore();
    saveDraft({ ...started, emailVerified: true, mobileVerified: true, firstName: 'Ana' }, store);
    const draft = readDraft(NOW + REGISTRATION_ATTEMPT_TTL_S * 1000, store);
    expect(draft && registrationStep(draft)).toBe('expired');
    expect(draft).toMatchObject({ reg_token: null, email: typed.email, mobile: typed.mobile, firstName: 'Ana', emailVerified: false, mobileVerified: false });
  });

  it('starting again keeps the email and mobile and forgets the old token, proofs and code timers', () => {
    const again = restartDraft(endAttempt({ ...started, emailVerified: true, resendAt: { verify_email: NOW } }));
    expect(again).toMatchObject({ email: typed.email, mobile: typed.mobile, reg_token: null, emailVerified: false, resendAt: {}, expired: false });
  });

  it('never keeps a password, even when the object handed over carries one', () => {
    const store = memoryStore();
    saveDraft({ ...started, password: 'Saffron-Kettle-1!' } as RegistrationDraft, store);
    expect(store.data.get(KEY)).not.toContain('Saffron');
    expect(store.data.get(KEY)).not.toContain('password');
  });

  it('reads the attempt an earlier version of the page kept (no expiry: the server decides)', () => {
    const old = JSON.stringify({ reg_token: TOKEN, email: typed.email, mobile: typed.mobile, emailVerified: true, mobileVerified: false });
    const draft = readDraft(NOW, memoryStore({ [KEY]: old }));
    expect(draft).toMatchObject({ reg_token: TOKEN, expiresAt: null, emailVerified: true, mobileVerified: false });
    expect(draft && registrationStep(draft)).toBe('codes');
  });

  it('once the account exists, only its email is kept, for the address the next step types', () => {
    const created = afterAccountCreated({ ...started, emailVerified: true, mobileVerified: true, firstName: 'Ana', lastName: 'Ruiz' });
    expect(created).toEqual({ ...EMPTY_DRAFT, email: typed.email });
    const withAddress = { ...created, address: { 'billing.city': 'Madrid' } };
    expect(addressTypedFor(withAddress, 'ANA@example.test')).toEqual({ 'billing.city': 'Madrid' });
    expect(addressTypedFor(withAddress, 'someone.else@example.test')).toEqual({});
    expect(addressTypedFor(null, typed.email)).toEqual({});
  });

  it('is gone after clearing', () => {
    const store = memoryStore();
    saveDraft(started, store);
    clearDraft(store);
    expect(readDraft(NOW, store)).toBeNull();
  });

  it.each([['not json'], ['null'], ['[]'], ['{"reg_token":"short"}'], ['{"email":42}'], [`{"email":"${'a'.repeat(300)}"}`]])('treats the damaged value %s as no draft', (raw) => {
    expect(readDraft(NOW, memoryStore({ [KEY]: raw }))).toBeNull();
  });

  it('a storage that refuses to write costs the resume, not the page', () => {
    const full: KeyValueStore = { getItem: () => null, setItem: () => { throw new Error('QuotaExceededError'); }, removeItem: () => undefined };
    expect(() => saveDraft(started, full)).not.toThrow();
  });
});
