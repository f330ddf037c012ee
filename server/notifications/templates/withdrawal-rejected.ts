// The mail a member gets when the operators reject a large withdrawal held for approval: what was
// not sent, why (the operator's words), and that the money is available again.

import type { Brand } from './brand.ts';
import { renderEmail, type RenderedEmail } from './layout.ts';
import type { MessageLocale } from './locale.ts';

const WORDS: Record<MessageLocale, (label: string, reason: string) => { subject: string; lead: string; after: string[] }> = {
  en: (label, reason) => ({
    subject: `Your ${label} withdrawal was not approved`,
    lead: 'We reviewed your withdrawal and did not send it:',
    after: [`Reason: ${reason}`, 'The amount and its fee are back in your wallet and available again. Reply to this message or contact support if you have questions.'],
  }),
  es: (label, reason) => ({
    subject: `Tu retirada de ${label} no ha sido aprobada`,
    lead: 'Hemos revisado tu retirada y no la hemos enviado:',
    after: [`Motivo: ${reason}`, 'El importe y su comisión vuelven a estar disponibles en tu monedero. Responde a este mensaje o contacta con soporte si tienes preguntas.'],
  }),
};

/** `amount`: the figure the member asked to send, with its currency ("12000.00 EUR"). */
export function withdrawalRejectedEmail(brand: Brand, locale: MessageLocale, amount: string, reason: string): RenderedEmail {
  const words = WORDS[locale](brand.label_name, reason);
  return renderEmail(brand, locale, words.subject, words.lead, amount, words.after);
}
