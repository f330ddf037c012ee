import { describe, it, expect } from 'vitest';
import { normaliseDateOfBirth, normaliseEmail, normaliseIpCountry, normaliseUser } from './user-normalise.ts';

describe('user state normalisations (spec §3)', () => {
  it.each([
    ['Member@Demo.TEST', 'member@demo.test'],
    ['  a@b.c ', 'a@b.c'],
    ['already@lower.case', 'already@lower.case'],
  ])('email (lowercased): %j -> %j', (input, output) => {
    expect(normaliseEmail(input)).toBe(output);
  });

  it.each<[string | null | undefined, string]>([
    ['null', ''],
    [' null ', ''],
    [null, ''],
    [undefined, ''],
    ['', ''],
    ['1990-04-01', '1990-04-01'],
    ['Nullvember', 'Nullvember'],
  ])('dateOfBirth (the string null becomes empty): %j -> %j', (input, output) => {
    expect(normaliseDateOfBirth(input)).toBe(output);
  });

  it.each<[string | null | undefined, string]>([
    ['', 'GB'],
    ['  ', 'GB'],
    [null, 'GB'],
    [undefined, 'GB'],
    ['ES', 'ES'],
    ['de', 'DE'],
  ])('ip_country (GB when empty): %j -> %j', (input, output) => {
    expect(normaliseIpCountry(input)).toBe(output);
  });

  it('normaliseUser applies all three and keeps other fields', () => {
    const user = { user_id: 'u1', email: 'A@B.C', dateOfBirth: 'null', ip_country: '', firstName: 'Ada' };
    expect(normaliseUser(user)).toEqual({ user_id: 'u1', email: 'a@b.c', dateOfBirth: '', ip_country: 'GB', firstName: 'Ada' });
  });
});
