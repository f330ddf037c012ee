// Payment links (POST /mapi/api/sendlink): the merchant's server asks us to mail a buyer a link to a
// payment it created; the link opens the hosted widget page for that payment. Only a payment still
// waiting for money ('new') gets a link: a link to a paid or expired payment would only confuse.
// The mail is branded by the merchant's provider and names the merchant, the amount and the expiry.

import type { Kysely } from 'kysely';
import { formatMinor } from '#core/money.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import type { Mailer } from '../notifications/mailer.ts';
import { brandFor } from '../notifications/templates/brand.ts';
import { renderEmail } from '../notifications/templates/layout.ts';
import type { MessageLocale } from '../notifications/templates/locale.ts';
import type { MerchantContext } from '../merchants/merchant-context.ts';

/**
 * The hosted page of a payment, the widget module on our own origin: its payment page once the coin is
 * chosen, else the widget's home, where the buyer chooses the coin first.
 */
export function paymentLinkUrl(publicUrl: string, merchantId: string, token: string, coinChosen = true): string {
  const url = new URL(coinChosen ? '/sys-widget/payment' : '/sys-widget/home', publicUrl);
  url.searchParams.set('merchant_id', merchantId);
  url.searchParams.set('transaction_id', token);
  return url.toString();
}

export interface SendLinkInput {
  token: string;
  email: string;
  lang: MessageLocale;
}

export interface LinkMail {
  to: string;
  lang: MessageLocale;
  link: string;
  /** Formatted with its currency, like "120.00 EUR". */
  amount: string;
  product: string;
  /** Minutes until the link stops working; null for a payment link without an expiry. */
  minutesLeft: number | null;
}

/** The payment-link mail, branded by the merchant's provider (also sent for the back office's payment links). */
export async function mailLink(deps: { db: Kysely<Database>; mailer: Mailer }, merchant: MerchantContext, mail: LinkMail): Promise<void> {
  const brand = await brandFor(deps.db, merchant.providerId);
  const { amount, product, link, minutesLeft } = mail;
  const rendered =
    mail.lang === 'es'
      ? renderEmail(brand, 'es', `${merchant.name}: tu enlace de pago`, `${merchant.name} te pide ${amount} por ${product}. Abre este enlace para pagar:`, link, [
          minutesLeft === null ? 'Si no esperabas este pago, ignora este mensaje.' : `El enlace caduca en ${minutesLeft} minutos. Si no esperabas este pago, ignora este mensaje.`,
        ])
      : renderEmail(brand, 'en', `${merchant.name}: your payment link`, `${merchant.name} asks you to pay ${amount} for ${product}. Open this link to pay:`, link, [
          minutesLeft === null ? 'If you did not expect this payment, ignore this message.' : `The link expires in ${minutesLeft} minutes. If you did not expect this payment, ignore this message.`,
        ]);
  await deps.mailer.send({ providerId: merchant.providerId, to: mail.to, subject: rendered.subject, text: rendered.text, html: rendered.html });
}

export async function sendPaymentLink(deps: { db: Kysely<Database>; mailer: Mailer; publicUrl: string; now?: Date }, merchant: MerchantContext, input: SendLinkInput): Promise<{ link: string; expiresAt: Date }> {
  const payment = await deps.db.selectFrom('payments').selectAll().where('public_id', '=', input.token).where('merchant_id', '=', merchant.id).executeTakeFirst();
  if (!payment) throw apiError('payment_not_found');
  const now = deps.now ?? new Date();
  if (payment.status !== 'new' || payment.expires_at.getTime() <= now.getTime()) {
    throw apiError('transaction_not_pending', 'This payment is no longer waiting for money. Create a new transaction and send its link.');
  }
  const link = paymentLinkUrl(deps.publicUrl, merchant.merchantId, payment.public_id, payment.coin !== null);
  const amount = `${formatMinor(payment.fiat_amount_minor, payment.fiat_currency)} ${payment.fiat_currency}`;
  const minutes = Math.max(1, Math.floor((payment.expires_at.getTime() - now.getTime()) / 60_000));
  await mailLink(deps, merchant, { to: input.email, lang: input.lang, link, amount, product: payment.product, minutesLeft: minutes });
  return { link, expiresAt: payment.expires_at };
}
