import { describe, expect, it } from 'vitest';
import { ERRORS, isErrorCode } from '#core/errors.ts';
import { apiErrorsEs } from '../i18n/api-errors-es.ts';
import { errorText } from './error-text.ts';

describe('API failures in the page language', () => {
  it.each([
    [{ code: 'invalid_credentials', message: 'The email or password is incorrect.' }, 'en', 'The email or password is incorrect.'],
    [{ code: 'invalid_credentials', message: 'The email or password is incorrect.' }, 'es', 'El correo o la contraseña no son correctos.'],
    [{ code: 'account_locked', message: 'Too many failed attempts. Try again in 14 minutes.' }, 'es', 'Too many failed attempts. Try again in 14 minutes.'],
    [{ code: 'account_locked', message: 'Too many failed sign-in attempts. Try again in 14 minutes.', retry_after_s: 840 }, 'en', 'Too many failed sign-in attempts. Try again in 14 minutes.'],
    [{ code: 'account_locked', message: 'Too many failed sign-in attempts. Try again in 14 minutes.', retry_after_s: 821 }, 'es', 'Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de 14 minutos.'],
    [{ code: 'account_locked', message: 'Too many failed sign-in attempts. Try again in 1 minute.', retry_after_s: 10 }, 'es', 'Demasiados intentos fallidos de inicio de sesión. Vuelve a intentarlo dentro de 1 minuto.'],
    [{ code: 'code_resend_limited', message: 'Wait 42 seconds before asking for another code.', retry_after_s: 42 }, 'es', 'Espera 42 segundos antes de pedir otro código.'],
    [{ code: 'code_resend_limited', message: 'Wait 1 second before asking for another code.', retry_after_s: 1 }, 'es', 'Espera 1 segundo antes de pedir otro código.'],
    [{ code: 'code_resend_limited', message: 'You asked for 10 codes this hour. Wait 50 minutes before asking for another code.', retry_after_s: 2990 }, 'es', 'Se han pedido demasiados códigos en la última hora. Espera 50 minutos antes de pedir otro código.'],
    [{ code: 'rate_limited', message: 'Too many requests. Retry in 37 seconds.', retry_after_s: 37 }, 'es', 'Demasiadas solicitudes. Vuelve a intentarlo dentro de 37 segundos.'],
    [{ code: 'rate_limited', message: 'Too many requests. Retry in 37 seconds.', retry_after_s: 37 }, 'en', 'Too many requests. Retry in 37 seconds.'],
    [{ code: 'rate_limited', message: 'Too many requests. Wait a moment and try again.' }, 'es', 'Demasiadas solicitudes. Espera un momento y vuelve a intentarlo.'],
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
