// The password-reset mail, in en and es: the link is the secret, so the text says it works once
// and for a limited time, and what to do if the reader did not ask for it.

import type { Brand } from './brand.ts';
import { renderEmail, type RenderedEmail } from './layout.ts';
import type { MessageLocale } from './locale.ts';

export function resetLinkEmail(brand: Brand, locale: MessageLocale, link: string, validityS: number): RenderedEmail {
  const minutes = Math.round(validityS / 60);
  if (locale === 'es') {
    return renderEmail(brand, locale, `Restablece tu contraseña de ${brand.label_name}`, 'Abre este enlace para elegir una contraseña nueva:', link, [
      `El enlace caduca en ${minutes} minutos y solo sirve una vez.`,
      'Si no lo has pedido, ignora este mensaje: tu contraseña no cambia.',
    ]);
  }
  return renderEmail(brand, locale, `Reset your ${brand.label_name} password`, 'Open this link to choose a new password:', link, [
    `The link expires in ${minutes} minutes and works once.`,
    'If you did not ask for it, ignore this message: your password stays the same.',
  ]);
}
