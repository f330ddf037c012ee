import { describe, expect, it } from 'vitest';
import { clearAttempt, readAttempt, saveAttempt, type KeyValueStore } from './registration-attempt.ts';

function memoryStore(initial: Record<string, string> = {}): KeyValueStore {
  const data = new Map(Object.entries(initial));
  return { getItem: (k) => data.get(k) ?? null, setItem: (k, v) => void data.set(k, v), removeItem: (k) => void data.delete(k) };
}

describe('the registration attempt kept between the register steps', () => {
  it('reads back what was saved and nothing after clearing', () => {
    const store = memoryStore();
    const attempt = { reg_token: 'tok', email: 'a@b.test', mobile: '+447700900123', emailVerified: true, mobileVerified: false };
    saveAttempt(attempt, store);
    expect(readAttempt(store)).toEqual(attempt);
    clearAttempt(store);
    expect(readAttempt(store)).toBeNull();
  });

  it.each([['not json'], ['{"email":"a@b.test"}'], ['null']])('treats the damaged value %s as no attempt', (raw) => {
    expect(readAttempt(memoryStore({ 'identity.registrationAttempt': raw }))).toBeNull();
  });
});
