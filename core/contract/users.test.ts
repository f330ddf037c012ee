import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { EmailSchema, MobileSchema, REQUIRED_FIELD } from './fields.ts';
import { EditProfileBodySchema } from './profile.ts';
import { OnboardingBodySchema, RegisterBodySchema } from './registration.ts';
import { LoginBodySchema } from './sessions.ts';
import { DateOfBirthSchema, PasswordSchema } from './users.ts';

function outcome(schema: v.GenericSchema, input: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  const result = v.safeParse(schema, input);
  return result.success ? { ok: true, value: result.output } : { ok: false, message: result.issues[0].message };
}

describe('contract field rules', () => {
  it.each([
    { name: 'an email is lowercased and trimmed', schema: EmailSchema, input: '  Ana@Example.COM ', value: 'ana@example.com' },
    { name: 'an empty email is a Required field', schema: EmailSchema, input: '', message: REQUIRED_FIELD },
    { name: 'an email without a domain is refused', schema: EmailSchema, input: 'ana@', message: /valid email/ },
    { name: 'a mobile keeps + and digits only', schema: MobileSchema, input: '+44 (7700) 900-123', value: '+447700900123' },
    { name: 'a mobile without + and country code is refused', schema: MobileSchema, input: '07700900123', message: /international format/ },
    { name: 'the date of birth "null" becomes empty', schema: DateOfBirthSchema, input: 'null', value: '' },
    { name: 'a missing date of birth is empty', schema: DateOfBirthSchema, input: null, value: '' },
    { name: 'a real date of birth is kept', schema: DateOfBirthSchema, input: '2000-02-29', value: '2000-02-29' },
    { name: 'a day that does not exist is refused', schema: DateOfBirthSchema, input: '2001-02-29', message: /YYYY-MM-DD/ },
    { name: 'a date in another format is refused', schema: DateOfBirthSchema, input: '23/04/1990', message: /YYYY-MM-DD/ },
    { name: 'a password of 9 characters is too short', schema: PasswordSchema, input: 'abcdefgh9', message: /at least 10/ },
    { name: 'an empty password is a Required field', schema: PasswordSchema, input: '', message: REQUIRED_FIELD },
  ])('$name', ({ schema, input, value, message }) => {
    const result = outcome(schema, input);
    if (message === undefined) expect(result).toEqual({ ok: true, value });
    else {
      expect(result.ok).toBe(false);
      if (!result.ok) expect(result.message).toMatch(message);
    }
  });

  it('a register form with every field left out answers Required field for each required one', () => {
    const result = v.safeParse(RegisterBodySchema, {});
    expect(result.success).toBe(false);
    const fields = Object.fromEntries((result.issues ?? []).map((issue) => [v.getDotPath(issue), issue.message]));
    expect(fields).toEqual({ firstName: REQUIRED_FIELD, lastName: REQUIRED_FIELD, email: REQUIRED_FIELD, mobile: REQUIRED_FIELD, password: REQUIRED_FIELD });
  });

  it('a body that is not an object says to send an object', () => {
    expect(outcome(LoginBodySchema, 'email=a')).toEqual({ ok: false, message: 'Send a JSON object with the fields of this form.' });
  });

  it('login accepts an old password shorter than today\'s policy', () => {
    expect(v.safeParse(LoginBodySchema, { email: 'a@example.com', password: 'short' }).success).toBe(true);
  });

  it('an edit must change something', () => {
    expect(outcome(EditProfileBodySchema, {})).toEqual({ ok: false, message: 'Send at least one field to change.' });
    expect(v.safeParse(EditProfileBodySchema, { language: 'es' }).success).toBe(true);
  });

  it('onboarding needs the complete address of spec §5 (address1, city, dateOfBirth, country, zipCode)', () => {
    const result = v.safeParse(OnboardingBodySchema, { firstName: 'A', lastName: 'B', dateOfBirth: 'null', billing: { address2: 'Flat 2' } });
    const paths = (result.issues ?? []).map((issue) => v.getDotPath(issue)).sort();
    expect(paths).toEqual(['billing.address1', 'billing.city', 'billing.country', 'billing.zipCode', 'dateOfBirth']);
  });
});
