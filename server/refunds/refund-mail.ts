// The refund mail (en, es): the merchant's name, the amount and coin, and the claim link, branded by the
// merchant's provider, sent through the platform's notifier like the payment-link mail.

import type { Kysely } from 'kysely';
import type { CryptoAsset } from '#core/assets.ts';
import { formatMinor } from '#core/money.ts';
import type { Database } from '../db/schema.ts';
import type { Mailer } from '../notifications/mailer.ts';
import { brandFor } from '../notifications/templates/brand.ts';
import { renderEmail } from '../notifications/templates/layout.ts';
import type { MessageLocale } from '../notifications/templates/locale.ts';

export interface RefundMail {
  providerId: bigint;
  to: string;
  lang: MessageLocale;
  merchantName: string;
  coin: CryptoAsset;
  receivesMinor: bigint;
  link: string;
  expiresAt: Date;
}

export async function mailRefundLink(deps: { db: Kysely<Database>; mailer: Mailer }, mail: RefundMail): Promise<void> {
  const brand = await brandFor(deps.db, mail.providerId);
  const amount = `${formatMinor(mail.receivesMinor, mail.coin)} ${mail.coin}`;
  const day = mail.expiresAt.toISOString().slice(0, 10);
  const rendered =
    mail.lang === 'es'
      ? renderEmail(brand, 'es', `${mail.merchantName}: tu reembolso`, `${mail.merchantName} te reembolsa ${amount}. Abre este enlace y escribe la dirección ${mail.coin} donde quieres recibirlo:`, mail.link, [
          `El enlace funciona una vez y caduca el ${day}. Si no esperabas este reembolso, ignora este mensaje.`,
        ])
      : renderEmail(brand, 'en', `${mail.merchantName}: your refund`, `${mail.merchantName} is refunding you ${amount}. Open this link and enter the ${mail.coin} address to receive it:`, mail.link, [
          `The link works once and expires on ${day}. If you did not expect this refund, ignore this message.`,
        ]);
  await deps.mailer.send({ providerId: mail.providerId, to: mail.to, subject: rendered.subject, text: rendered.text, html: rendered.html });
}
