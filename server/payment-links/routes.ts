// Payment links (core/contract/payment-links.ts): the merchant's calls (signed in, spec §6 widget gate)
// and the hosted page's public open.

import type { FastifyInstance } from 'fastify';
import { createPaymentLink, listPaymentLinks, openPaymentLink, sendPaymentLinkMail } from '#core/contract/payment-links.ts';
import { route } from '../contract/route.ts';
import { requireCoinOn } from '../http/require-coin-on.ts';
import { paymentDeps } from '../payments/payment-deps.ts';
import { widgetMerchantOf } from '../merchant-settings/widget-merchant.ts';
import { openLink } from './open-link.ts';
import { createLink, listLinks, mailPaymentLink } from './payment-links.ts';

export async function paymentLinkRoutes(app: FastifyInstance): Promise<void> {
  const deps = () => ({ db: app.db, publicUrl: app.notifier.publicUrl });

  route(app, createPaymentLink, async ({ body, request }) => {
    const merchant = await widgetMerchantOf(app.db, request);
    // A link fixed to a coin this server cannot receive would only fail for every buyer who opens it.
    if (body.coin) requireCoinOn(app.chain, body.coin, 'coin');
    return createLink(deps(), merchant, body);
  });

  route(app, listPaymentLinks, async ({ query, request }) => listLinks(deps(), await widgetMerchantOf(app.db, request), query.page, query.per_page));

  route(app, sendPaymentLinkMail, async ({ body, request }) =>
    mailPaymentLink({ ...deps(), mailer: app.notifier.mailer }, await widgetMerchantOf(app.db, request), { link_id: body.link_id, email: body.email, lang: body.lang }),
  );

  route(app, openPaymentLink, async ({ body }) => openLink(paymentDeps(app), body.link));
}
