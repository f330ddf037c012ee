import { describe, expect, it } from 'vitest';
import { generateSecretKey, hashSecretKey } from './secret-key.ts';

describe('merchant secret keys', () => {
  it.each(['test', 'live'] as const)('a %s key is sk_<mode>_ plus 256 random bits, different every time', (mode) => {
    const key = generateSecretKey(mode);
    expect(key).toMatch(new RegExp(`^sk_${mode}_[A-Za-z0-9_-]{43}$`));
    expect(generateSecretKey(mode)).not.toBe(key);
  });

  it('is stored as a stable SHA-256 hex digest that does not contain the key', () => {
    const key = 'sk_test_example';
    expect(hashSecretKey(key)).toBe(hashSecretKey(key));
    expect(hashSecretKey(key)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashSecretKey(key)).not.toContain('example');
  });
});
