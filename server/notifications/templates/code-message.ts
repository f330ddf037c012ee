// The one-time-code messages, per purpose, in en and es. The code is the only six-digit number in
// the text (the outbox helpers and the e2e specs read it from there).

import type { CodePurpose } from '#core/contract/verify.ts';
import type { Brand } from './brand.ts';
import { renderEmail, type RenderedEmail } from './layout.ts';
import type { MessageLocale } from './locale.ts';

interface Words {
  subject: string;
  lead: string;
}

const WORDS: Record<MessageLocale, Record<CodePurpose, (label: string) => Words>> = {
  en: {
    verify_email: (label) => ({ subject: `Your ${label} verification code`, lead: 'Enter this code to verify your email address:' }),
    verify_mobile: (label) => ({ subject: `Your ${label} verification code`, lead: 'Enter this code to verify your mobile number:' }),
    login: (label) => ({ subject: `Your ${label} login code`, lead: 'Enter this code to finish signing in:' }),
    otp_settings: (label) => ({ subject: `Your ${label} security code`, lead: 'Enter this code to turn on login codes:' }),
    withdrawal: (label) => ({ subject: `Your ${label} withdrawal code`, lead: 'Enter this code to confirm your withdrawal. If you did not ask to withdraw, do not enter it and change your password:' }),
  },
  es: {
    verify_email: (label) => ({ subject: `Tu código de verificación de ${label}`, lead: 'Introduce este código para verificar tu correo electrónico:' }),
    verify_mobile: (label) => ({ subject: `Tu código de verificación de ${label}`, lead: 'Introduce este código para verificar tu número de móvil:' }),
    login: (label) => ({ subject: `Tu código de acceso de ${label}`, lead: 'Introduce este código para terminar de iniciar sesión:' }),
    otp_settings: (label) => ({ subject: `Tu código de seguridad de ${label}`, lead: 'Introduce este código para activar los códigos de acceso:' }),
    withdrawal: (label) => ({ subject: `Tu código de retirada de ${label}`, lead: 'Introduce este código para confirmar tu retirada. Si no has pedido retirar fondos, no lo introduzcas y cambia tu contraseña:' }),
  },
};

const AFTER: Record<MessageLocale, (minutes: number) => string[]> = {
  en: (minutes) => [`The code expires in ${minutes} minutes and works once.`, 'If you did not ask for it, ignore this message and never share the code.'],
  es: (minutes) => [`El código caduca en ${minutes} minutos y solo sirve una vez.`, 'Si no lo has pedido, ignora este mensaje y no compartas el código con nadie.'],
};

export function codeEmail(brand: Brand, locale: MessageLocale, purpose: CodePurpose, code: string, validityS: number): RenderedEmail {
  const words = WORDS[locale][purpose](brand.label_name);
  return renderEmail(brand, locale, words.subject, words.lead, code, AFTER[locale](Math.round(validityS / 60)));
}

const SMS: Record<MessageLocale, (label: string, code: string, minutes: number) => string> = {
  en: (label, code, minutes) => `${label}: your verification code is ${code}. It expires in ${minutes} minutes. Never share it.`,
  es: (label, code, minutes) => `${label}: tu código de verificación es ${code}. Caduca en ${minutes} minutos. No lo compartas.`,
};

export function codeSms(brand: Brand, locale: MessageLocale, code: string, validityS: number): string {
  return SMS[locale](brand.label_name, code, Math.round(validityS / 60));
}
