import { describe, expect, it } from 'vitest';
import { OnboardingBodySchema, RegistrationAttemptBodySchema } from '#core/contract/registration.ts';
import { LoginBodySchema } from '#core/contract/sessions.ts';
import { confirmMismatch, serverFieldMessages, validateForm } from './form-errors.ts';

describe('form validation with the contract schemas', () => {
  it("empty required inputs say 'Required field'", () => {
    expect(validateForm(LoginBodySchema, { email: '', password: '' })).toEqual({
      ok: false,
      fields: { email: 'Required field', password: 'Required field' },
    });
  });

  it('names a nested field by its dotted path', () => {
    const result = validateForm(OnboardingBodySchema, {
      firstName: 'Ana',
      lastName: 'Ruiz',
      dateOfBirth: '1990-04-23',
      billing: { address1: '1 High St', city: 'London', country: 'GB', zipCode: '' },
    });
    expect(result).toEqual({ ok: false, fields: { 'billing.zipCode': 'Required field' } });
  });

  it('gives the normalised output of valid input', () => {
    expect(validateForm(RegistrationAttemptBodySchema, { email: ' Ana@Example.TEST', mobile: '+44 7700 900123' })).toEqual({
      ok: true,
      output: { email: 'ana@example.test', mobile: '+447700900123' },
    });
  });

  it('keeps the first server message of each field', () => {
    expect(serverFieldMessages({ code: 'validation_failed', message: '', fields: { password: ['Too common', 'Too short'] } })).toEqual({ password: 'Too common' });
  });
});

describe('the repeated password', () => {
  it.each([
    [{ password: 'Long-enough-1', confirm: 'Long-enough-1' }, {}],
    [{ password: 'Long-enough-1', confirm: 'Long-enough-2' }, { confirm: 'differs' }],
  ])('%o gives %o', (values, errors) => {
    expect(confirmMismatch(values, 'password', 'differs')).toEqual(errors);
  });
});
