import { describe, it, expect } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password.ts';

describe('password hashing', () => {
  it('the right password verifies and a wrong one does not', async () => {
    const stored = await hashPassword('Demo-member-2026!');
    expect(await verifyPassword('Demo-member-2026!', stored)).toBe(true);
    expect(await verifyPassword('Demo-member-2026?', stored)).toBe(false);
    expect(await verifyPassword('', stored)).toBe(false);
  });

  it('stores its parameters and a per-hash salt, never the password', async () => {
    const [a, b] = await Promise.all([hashPassword('same password'), hashPassword('same password')]);
    expect(a).toMatch(/^scrypt\$N=32768,r=8,p=1\$[A-Za-z0-9+/=]+\$[A-Za-z0-9+/=]+$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain('same password');
  });

  it('verifies a hash made with other parameters, and asks for a rehash of it', async () => {
    // Made with N=1024: what an older, cheaper setting would have stored.
    const { scryptSync } = await import('node:crypto');
    const salt = Buffer.from('0123456789abcdef');
    const key = scryptSync('old password', salt, 32, { N: 1024, r: 8, p: 1 });
    const stored = `scrypt$N=1024,r=8,p=1$${salt.toString('base64')}$${key.toString('base64')}`;
    expect(await verifyPassword('old password', stored)).toBe(true);
    expect(needsRehash(stored)).toBe(true);
    expect(needsRehash(await hashPassword('new password'))).toBe(false);
  });

  it.each([
    { name: 'an empty string', stored: '' },
    { name: 'another scheme', stored: '$2b$10$abcdefghijklmnopqrstuv' },
    { name: 'N not a power of two', stored: 'scrypt$N=1000,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' },
    { name: 'a cost beyond the memory bound', stored: 'scrypt$N=1048576,r=8,p=1$AAAAAAAAAAAAAAAAAAAAAA==$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA=' },
  ])('an unreadable hash ($name) never verifies', async ({ stored }) => {
    expect(await verifyPassword('anything', stored)).toBe(false);
    expect(needsRehash(stored)).toBe(true);
  });
});
