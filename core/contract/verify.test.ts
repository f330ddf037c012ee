import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChangeOtpSchema, ForgetPasswordSchema, ResetPasswordSchema } from './profile.ts';
import { OTP_CHANNEL, OTP_PURPOSES, OtpCodeSchema, RequestOtpSchema, SetVerificationDataSchema, SetVerifyIdSchema, VerifyOtpSchema } from './verify.ts';

function messages(schema: v.GenericSchema, input: unknown): Record<string, string[]> {
  const result = v.safeParse(schema, input);
  if (result.success) return {};
  return v.flatten(result.issues).nested as Record<string, string[]>;
}

describe('one-time code contract', () => {
  it.each([
    { input: '123456', output: '123456' },
    { input: ' 012345 ', output: '012345' },
  ])('the code $input is accepted as $output', ({ input, output }) => {
    expect(v.parse(OtpCodeSchema, input)).toBe(output);
  });

  it.each([
    { input: '', message: 'Required field' },
    { input: '12345', message: 'Enter the 6-digit code from the message.' },
    { input: '1234567', message: 'Enter the 6-digit code from the message.' },
    { input: '12a456', message: 'Enter the 6-digit code from the message.' },
    { input: 123456, message: 'Required field' },
  ])('the code $input is refused with "$message"', ({ input, message }) => {
    const result = v.safeParse(OtpCodeSchema, input);
    expect(result.success).toBe(false);
    expect(result.issues?.[0]?.message).toBe(message);
  });

  it('mobile codes go by SMS, every other purpose by e-mail', () => {
    expect(OTP_PURPOSES.map((p) => `${p}:${OTP_CHANNEL[p]}`)).toEqual(['verify_email:email', 'verify_mobile:sms', 'login:email', 'otp_settings:email']);
  });

  it('requestOTP takes a purpose, an optional reg_token and an optional language', () => {
    expect(v.parse(RequestOtpSchema, { purpose: 'verify_mobile', reg_token: 'abc', language: 'es' })).toEqual({ purpose: 'verify_mobile', reg_token: 'abc', language: 'es' });
    expect(messages(RequestOtpSchema, { purpose: 'sms', language: 'fr' })).toMatchObject({ purpose: [expect.any(String)], language: [expect.any(String)] });
  });

  it('an otp_settings code is entered through changeOTP, not verifyOTP', () => {
    expect(messages(VerifyOtpSchema, { purpose: 'otp_settings', code: '123456' }).purpose?.[0]).toContain('changeOTP');
  });
});

describe('identity verification contract', () => {
  it.each(['pending', 'review'])('setVerifyId accepts %s', (compliance) => {
    expect(v.parse(SetVerifyIdSchema, { compliance })).toEqual({ compliance });
  });

  it.each(['successful', 'failed', ''])('setVerifyId refuses %s: a client cannot verify itself', (compliance) => {
    expect(v.safeParse(SetVerifyIdSchema, { compliance }).success).toBe(false);
  });

  it('setVerificationData trims the number and upper-cases the country', () => {
    expect(v.parse(SetVerificationDataSchema, { documentType: 'id_card', documentNumber: ' AB-12 34 ', issueCountry: 'es' })).toEqual({
      documentType: 'id_card',
      documentNumber: 'AB-12 34',
      issueCountry: 'ES',
    });
  });

  it.each([
    { input: { documentType: 'passport', documentNumber: '', issueCountry: 'GB' }, field: 'documentNumber', message: 'Required field' },
    { input: { documentType: 'passport', documentNumber: 'X'.repeat(41), issueCountry: 'GB' }, field: 'documentNumber', message: 'Enter at most 40 characters.' },
    { input: { documentType: 'passport', documentNumber: 'X1', issueCountry: 'GBR' }, field: 'issueCountry', message: 'Enter the two-letter country code, such as GB or ES.' },
    { input: { documentType: 'visa', documentNumber: 'X1', issueCountry: 'GB' }, field: 'documentType', message: 'Choose passport, id_card, driving_licence or residence_permit.' },
  ])('setVerificationData: $field gets "$message"', ({ input, field, message }) => {
    expect(messages(SetVerificationDataSchema, input)[field]?.[0]).toBe(message);
  });
});

describe('login codes and password reset contract', () => {
  it.each([
    { input: { OTPLogin: 0 }, ok: true },
    { input: { OTPLogin: 1, code: '123456' }, ok: true },
    { input: { OTPLogin: true }, ok: false },
    { input: { OTPLogin: 1, code: '1' }, ok: false },
  ])('changeOTP $input valid: $ok', ({ input, ok }) => {
    expect(v.safeParse(ChangeOtpSchema, input).success).toBe(ok);
  });

  it('forgetPassword lowercases the email', () => {
    expect(v.parse(ForgetPasswordSchema, { email: ' Member@Demo.TEST ' })).toEqual({ email: 'member@demo.test' });
  });

  it.each([
    { input: { reset_token: '', password: 'Long-enough-pass-1' }, field: 'reset_token', message: 'Required field' },
    { input: { reset_token: 'abc', password: 'short' }, field: 'password', message: 'Use at least 10 characters for the password.' },
  ])('resetPassword: $field gets "$message"', ({ input, field, message }) => {
    expect(messages(ResetPasswordSchema, input)[field]?.[0]).toBe(message);
  });
});
