// Payment links (core/contract/payment-links.ts): the merchant's calls (signed in, spec §6 widget gate)
// and the hosted page's public open.

import type { FastifyInstance } from 'fastify';
import { createPaymentLink, listPaymentLinks, openPaymentLink, sendPaymentLinkMail } from '#core/contract/payment-links.ts';
import { route } from '../contract/route.ts';
import { widgetMerchantOf } from '../merchant-settings/widget-merchant.ts';
import { openLink } from './open-link.ts';
import { createLink, listLinks, mailPaymentLink } from './payment-links.ts';

export async function paymentLinkRoutes(app: FastifyInstance): Promise<void> {
  const deps = () => ({ db: app.db, publicUrl: app.notifier.publicUrl });

  route(app, createPaymentLink, async ({ body, request }) => createLink(deps(), await widgetMerchantOf(app.db, request), body));

  route(app, listPaymentLinks, async ({ query, request }) => listLinks(deps(), await widgetMerchantOf(app.db, request), query.page, query.per_page));

  route(app, sendPaymentLinkMail, async ({ body, request }) =>
    mailPaymentLink({ ...deps(), mailer: app.notifier.mailer }, await widgetMerchantOf(app.db, request), { link_id: body.link_id, email: body.email, lang: body.lang }),
  );

  route(app, openPaymentLink, async ({ body }) => openLink({ db: app.db, rates: app.rates, network: app.chain.network }, body.link));
}
