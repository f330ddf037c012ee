import { describe, expect, it } from 'vitest';
import { ERRORS, isErrorCode } from '#core/errors.ts';
import { apiErrorsEs } from '../i18n/api-errors-es.ts';
import { errorText } from './error-text.ts';

describe('API failures in the page language', () => {
  it.each([
    [{ code: 'invalid_credentials', message: 'The email or password is incorrect.' }, 'en', 'The email or password is incorrect.'],
    [{ code: 'invalid_credentials', message: 'The email or password is incorrect.' }, 'es', 'El correo o la contraseña no son correctos.'],
    [{ code: 'account_locked', message: 'Too many failed attempts. Try again in 14 minutes.' }, 'es', 'Too many failed attempts. Try again in 14 minutes.'],
  ] as const)('%o in %s reads %s', (error, locale, text) => {
    expect(errorText(error, locale)).toBe(text);
  });

  it('translates only codes that exist and whose message is fixed', () => {
    for (const code of Object.keys(apiErrorsEs)) {
      if (code === 'network_error' || code === 'bad_response') continue;
      expect(isErrorCode(code), code).toBe(true);
      expect(isErrorCode(code) && /\d/.test(ERRORS[code].message), code).toBe(false);
    }
  });
});
