import { describe, it, expect } from 'vitest';
import { ERRORS, appError, errorStatus, isErrorCode, minutesToWait, withRetryAfter, type ErrorCode } from './errors.ts';

const codes = Object.keys(ERRORS) as ErrorCode[];

describe('error-code catalogue', () => {
  it.each(codes)('%s has a 4xx/5xx status and a non-empty message', (code) => {
    const { status, message } = ERRORS[code];
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
    expect(message.trim().length).toBeGreaterThan(0);
    expect(errorStatus(code)).toBe(status);
  });

  it('codes are snake_case (stable API identifiers)', () => {
    for (const code of codes) expect(code).toMatch(/^[a-z][a-z0-9_]*$/);
  });

  it('spec §8 texts: 404 "This page could not be found", invalid_session asks to login again', () => {
    expect(ERRORS.not_found).toEqual({ status: 404, message: 'This page could not be found' });
    expect(ERRORS.invalid_session.message).toBe('You are logged in on other devices or browsers. Please login again.');
    expect(ERRORS.internal_error.status).toBe(500);
  });

  it.each([
    ['not_found', true],
    ['invalid_session', true],
    ['toString', false],
    ['constructor', false],
    ['', false],
    [42, false],
  ])('isErrorCode(%j) is %s', (value, expected) => {
    expect(isErrorCode(value)).toBe(expected);
  });

  it('appError uses the catalogue message unless given one', () => {
    expect(appError('rate_limited')).toEqual({ code: 'rate_limited', message: ERRORS.rate_limited.message });
    expect(appError('forbidden', 'Not yours.')).toEqual({ code: 'forbidden', message: 'Not yours.' });
  });

  it('appError carries field errors only when given', () => {
    const error = appError('validation_failed', undefined, { 'billing.zipCode': ['Required field'] });
    expect(error).toEqual({ code: 'validation_failed', message: ERRORS.validation_failed.message, fields: { 'billing.zipCode': ['Required field'] } });
    expect('fields' in appError('validation_failed')).toBe(false);
  });

  it.each([
    [59.2, 60],
    [0, 1],
    [900, 900],
  ])('a wait of %s s is sent as retry_after_s %s (whole seconds, at least 1)', (seconds, sent) => {
    expect(withRetryAfter(appError('code_resend_limited', 'Wait.'), seconds)).toEqual({ code: 'code_resend_limited', message: 'Wait.', retry_after_s: sent });
  });

  it.each([
    [900, 15],
    [870, 15],
    [840, 14],
    [10, 1],
    [0, 1],
  ])('a wait of %s s is said as %s minutes: rounded up, never 0', (seconds, minutes) => {
    expect(minutesToWait(seconds)).toBe(minutes);
  });
});
