// The receipt a guest buyer gets once their coins are sent: the invoice number and the invoice's own
// figures (paid, fee, rate, coins, address, transaction id), so the mail agrees with the page and the PDF.

import { coinPrice } from '#core/coin-price.ts';
import type { InvoiceAnswer } from '#core/contract/invoice.ts';
import type { Brand } from './brand.ts';
import { renderEmail, type RenderedEmail } from './layout.ts';
import type { MessageLocale } from './locale.ts';

const WORDS: Record<MessageLocale, (invoice: InvoiceAnswer, label: string) => { subject: string; lead: string; after: string[] }> = {
  en: (invoice, label) => ({
    subject: `Your ${label} receipt ${invoice.invoice_number}: ${invoice.coins.amount} ${invoice.coins.currency} sent`,
    lead: `Thank you for your purchase. Your coins have been sent. Invoice ${invoice.invoice_number}, order ${invoice.checkout_id}.`,
    after: [
      `Total paid: ${invoice.paid.amount} ${invoice.paid.currency} (fee ${invoice.paid.fee} ${invoice.paid.currency}${invoice.coupon_code ? `, coupon ${invoice.coupon_code}` : ''})`,
      `Rate: 1 ${invoice.coins.currency} = ${coinPrice(invoice.rate, invoice.paid.currency)} ${invoice.paid.currency}`,
      `Sent to: ${invoice.coins.address}`,
      `Transaction id: ${invoice.delivery.txid ?? ''}`,
      `Payment method: ${invoice.payment_method}. Paid to ${invoice.seller.company}.`,
    ],
  }),
  es: (invoice, label) => ({
    subject: `Tu recibo de ${label} ${invoice.invoice_number}: ${invoice.coins.amount} ${invoice.coins.currency} enviados`,
    lead: `Gracias por tu compra. Tus monedas ya se han enviado. Factura ${invoice.invoice_number}, pedido ${invoice.checkout_id}.`,
    after: [
      `Total pagado: ${invoice.paid.amount} ${invoice.paid.currency} (comisión ${invoice.paid.fee} ${invoice.paid.currency}${invoice.coupon_code ? `, cupón ${invoice.coupon_code}` : ''})`,
      `Tipo de cambio: 1 ${invoice.coins.currency} = ${coinPrice(invoice.rate, invoice.paid.currency)} ${invoice.paid.currency}`,
      `Enviado a: ${invoice.coins.address}`,
      `Id de la transacción: ${invoice.delivery.txid ?? ''}`,
      `Método de pago: ${invoice.payment_method}. Pagado a ${invoice.seller.company}.`,
    ],
  }),
};

export function checkoutReceiptEmail(brand: Brand, locale: MessageLocale, invoice: InvoiceAnswer): RenderedEmail {
  const words = WORDS[locale](invoice, brand.label_name);
  return renderEmail(brand, locale, words.subject, words.lead, `${invoice.coins.amount} ${invoice.coins.currency}`, words.after);
}
