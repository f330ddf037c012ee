// The sign-in link mail (login/token), in en and es: the link signs the reader in, so the text
// says it works once and for a limited time, and that nobody else should have it.

import type { Brand } from './brand.ts';
import { renderEmail, type RenderedEmail } from './layout.ts';
import type { MessageLocale } from './locale.ts';

export function loginLinkEmail(brand: Brand, locale: MessageLocale, link: string, validityS: number): RenderedEmail {
  const minutes = Math.round(validityS / 60);
  if (locale === 'es') {
    return renderEmail(brand, locale, `Tu enlace para iniciar sesión en ${brand.label_name}`, 'Abre este enlace para iniciar sesión:', link, [
      `El enlace caduca en ${minutes} minutos y solo sirve una vez. No lo reenvíes: quien lo abra entra en tu cuenta.`,
      'Si no lo has pedido, ignora este mensaje: nadie puede entrar sin el enlace.',
    ]);
  }
  return renderEmail(brand, locale, `Your ${brand.label_name} sign-in link`, 'Open this link to sign in:', link, [
    `The link expires in ${minutes} minutes and works once. Do not forward it: whoever opens it is signed in to your account.`,
    'If you did not ask for it, ignore this message: nobody can sign in without the link.',
  ]);
}
