// The message a remittance's recipient gets once the money arrived: who sent it, how much, and where it
// went (the coin's address, or the IBAN masked). E-mail or SMS, as the sender chose, in en or es.

import type { Brand } from './brand.ts';
import { renderEmail, type RenderedEmail } from './layout.ts';
import type { MessageLocale } from './locale.ts';

export interface RemittanceDelivered {
  /** The amount with its currency, like "29.50 EUR" or "0.00047975 BTC". */
  amount: string;
  sender: string;
  /** "to the address tb1q…" or "to the account DE89 •••• 3000", already in the message's language. */
  where: string;
}

const WORDS: Record<MessageLocale, (label: string, sent: RemittanceDelivered) => { subject: string; lead: string; after: string[]; sms: string }> = {
  en: (label, sent) => ({
    subject: `${sent.sender} sent you money through ${label}`,
    lead: `${sent.sender} sent you:`,
    after: [`It was delivered ${sent.where}.`, 'You do not need to do anything. If you did not expect this money, contact support.'],
    sms: `${label}: ${sent.sender} sent you ${sent.amount}, delivered ${sent.where}.`,
  }),
  es: (label, sent) => ({
    subject: `${sent.sender} te ha enviado dinero con ${label}`,
    lead: `${sent.sender} te ha enviado:`,
    after: [`Se ha entregado ${sent.where}.`, 'No tienes que hacer nada. Si no esperabas este dinero, contacta con soporte.'],
    sms: `${label}: ${sent.sender} te ha enviado ${sent.amount}, entregado ${sent.where}.`,
  }),
};

/** Where the money went, in the message's language. */
export function deliveredWhere(locale: MessageLocale, place: { address: string } | { iban: string }): string {
  if ('address' in place) return locale === 'es' ? `en la dirección ${place.address}` : `to the address ${place.address}`;
  return locale === 'es' ? `en la cuenta ${place.iban}` : `to the account ${place.iban}`;
}

export function remittanceDeliveredEmail(brand: Brand, locale: MessageLocale, sent: RemittanceDelivered): RenderedEmail {
  const words = WORDS[locale](brand.label_name, sent);
  return renderEmail(brand, locale, words.subject, words.lead, sent.amount, words.after);
}

export function remittanceDeliveredSms(brand: Brand, locale: MessageLocale, sent: RemittanceDelivered): string {
  return WORDS[locale](brand.label_name, sent).sms;
}
