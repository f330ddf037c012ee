// A merchant's payment links: making one (its token, amount and terms), the page of links with each
// one's state and payments, and mailing one. State is derived, never stored: paid once any payment made
// through it settled, expired once its expiry passed unpaid, else open.

import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { PAYMENT_LINK_MAX_DAYS, type CreatePaymentLinkInput, type PaymentLink, type PaymentLinkState, type PaymentLinksPage } from '#core/contract/payment-links.ts';
import { formatMinor } from '#core/money.ts';
import type { Database } from '../db/schema.ts';
import { apiError } from '../http/api-error.ts';
import type { MerchantContext } from '../merchants/merchant-context.ts';
import type { Mailer } from '../notifications/mailer.ts';
import type { MessageLocale } from '../notifications/templates/locale.ts';
import { orderAmountMinor } from '../payments/create-payment.ts';
import { mailLink } from '../payments/payment-link.ts';
import { qrDataUrl } from '../payments/payment-qr.ts';
import type { PaymentLinksTable } from '../db/tables/payment-links.ts';
import type { Selectable } from 'kysely';

type LinkRow = Selectable<PaymentLinksTable>;

/** 'pl_' + 32 base64url characters: 192 random bits. */
export function newLinkToken(): string {
  return `pl_${randomBytes(24).toString('base64url')}`;
}

/** The hosted page of a link: the widget's home, which opens the link and shows the order before the coin. */
export function linkUrl(publicUrl: string, token: string): string {
  const url = new URL('/sys-widget/home', publicUrl);
  url.searchParams.set('link', token);
  return url.toString();
}

function fieldError(field: string, message: string): never {
  throw apiError('validation_failed', undefined, { [field]: [message] });
}

function expiryOf(raw: string | null | undefined, now: Date): Date | null {
  if (!raw) return null;
  const at = new Date(raw);
  if (at.getTime() <= now.getTime()) fieldError('expires_at', 'Choose an expiry in the future, or none.');
  if (at.getTime() > now.getTime() + PAYMENT_LINK_MAX_DAYS * 86_400_000) fieldError('expires_at', `Choose an expiry within ${PAYMENT_LINK_MAX_DAYS} days.`);
  return at;
}

export function linkState(link: Pick<LinkRow, 'expires_at'>, payments: readonly { status: string }[], now: Date): PaymentLinkState {
  if (payments.some((payment) => payment.status === 'settled')) return 'paid';
  if (link.expires_at && link.expires_at.getTime() <= now.getTime()) return 'expired';
  return 'open';
}

interface Deps {
  db: Kysely<Database>;
  publicUrl: string;
  now?: Date;
}

export async function createLink(deps: Deps, merchant: MerchantContext, input: CreatePaymentLinkInput): Promise<PaymentLink> {
  const now = deps.now ?? new Date();
  const amountMinor = orderAmountMinor(input.amount, input.currency);
  const expiresAt = expiryOf(input.expires_at, now);
  const row = await deps.db
    .insertInto('payment_links')
    .values({
      merchant_id: merchant.id,
      token: newLinkToken(),
      fiat_currency: input.currency,
      fiat_amount_minor: amountMinor,
      product: input.product,
      order_id: input.order_id?.trim() || null,
      coin: input.coin ?? null,
      expires_at: expiresAt,
      current_payment_id: null,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return linkAnswer(deps.publicUrl, row, [], now);
}

type LinkPaymentRow = { link_id: bigint; public_id: string; status: PaymentLink['payments'][number]['status']; coin: PaymentLink['coin']; created_at: Date; settled_at: Date | null };

async function linkAnswer(publicUrl: string, link: LinkRow, payments: readonly LinkPaymentRow[], now: Date): Promise<PaymentLink> {
  const url = linkUrl(publicUrl, link.token);
  return {
    link_id: link.token,
    url,
    amount: formatMinor(link.fiat_amount_minor, link.fiat_currency),
    currency: link.fiat_currency,
    product: link.product,
    order_id: link.order_id,
    coin: link.coin,
    expires_at: link.expires_at?.toISOString() ?? null,
    state: linkState(link, payments, now),
    qr: await qrDataUrl(url),
    payments: payments.map((payment) => ({
      transaction_id: payment.public_id,
      status: payment.status,
      coin: payment.coin,
      created_at: payment.created_at.toISOString(),
      settled_at: payment.settled_at?.toISOString() ?? null,
    })),
    created_at: link.created_at.toISOString(),
  };
}

export async function listLinks(deps: Deps, merchant: MerchantContext, page: number, perPage: number): Promise<PaymentLinksPage> {
  const now = deps.now ?? new Date();
  const [links, count] = await Promise.all([
    deps.db.selectFrom('payment_links').selectAll().where('merchant_id', '=', merchant.id).orderBy('id', 'desc').limit(perPage).offset((page - 1) * perPage).execute(),
    deps.db.selectFrom('payment_links').select((eb) => eb.fn.countAll<string>().as('n')).where('merchant_id', '=', merchant.id).executeTakeFirstOrThrow(),
  ]);
  const payments: LinkPaymentRow[] =
    links.length === 0
      ? []
      : await deps.db
          .selectFrom('payment_link_payments')
          .innerJoin('payments', 'payments.id', 'payment_link_payments.payment_id')
          .select(['payment_link_payments.link_id', 'payments.public_id', 'payments.status', 'payments.coin', 'payments.created_at', 'payments.settled_at'])
          .where('payment_link_payments.link_id', 'in', links.map((link) => link.id))
          // The merchant's own payments only, even though the link already is the merchant's.
          .where('payments.merchant_id', '=', merchant.id)
          .orderBy('payments.id', 'desc')
          .execute();
  return {
    links: await Promise.all(links.map((link) => linkAnswer(deps.publicUrl, link, payments.filter((payment) => payment.link_id === link.id), now))),
    page,
    per_page: perPage,
    total: Number(count.n),
  };
}

export async function mailPaymentLink(deps: Deps & { mailer: Mailer }, merchant: MerchantContext, input: { link_id: string; email: string; lang: MessageLocale }): Promise<{ link_id: string; sent_to: string }> {
  const now = deps.now ?? new Date();
  const link = await deps.db.selectFrom('payment_links').selectAll().where('token', '=', input.link_id).where('merchant_id', '=', merchant.id).executeTakeFirst();
  if (!link) throw apiError('payment_link_not_found');
  const payments = await deps.db
    .selectFrom('payment_link_payments')
    .innerJoin('payments', 'payments.id', 'payment_link_payments.payment_id')
    .select('payments.status')
    .where('payment_link_payments.link_id', '=', link.id)
    .execute();
  const state = linkState(link, payments, now);
  if (state !== 'open') throw apiError('payment_link_closed', state === 'paid' ? 'This link is already paid. Make a new link for another order.' : 'This link has expired. Make a new link and send that.');
  const minutesLeft = link.expires_at ? Math.max(1, Math.floor((link.expires_at.getTime() - now.getTime()) / 60_000)) : null;
  await mailLink(deps, merchant, {
    to: input.email,
    lang: input.lang,
    link: linkUrl(deps.publicUrl, link.token),
    amount: `${formatMinor(link.fiat_amount_minor, link.fiat_currency)} ${link.fiat_currency}`,
    product: link.product,
    minutesLeft,
  });
  return { link_id: link.token, sent_to: input.email };
}
