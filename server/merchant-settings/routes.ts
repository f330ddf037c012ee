// Widget settings for a signed-in merchant (core/contract/merchant-settings.ts), and the public logo file
// the checkout shows. The logo route is a file, not an API call: it answers the stored bytes with the type
// they were found to be, nosniff, and a CSP that lets nothing in it run or load (an SVG opened directly).

import type { FastifyInstance } from 'fastify';
import { editWidgetSettings, getWidgetSettings, uploadWidgetLogo } from '#core/contract/merchant-settings.ts';
import { route } from '../contract/route.ts';
import { apiError } from '../http/api-error.ts';
import type { Env } from '../env.ts';
import { widgetMerchantOf } from './widget-merchant.ts';
import { editWidgetSettings as edit, LOGO_PATH_PREFIX, logoFile, uploadLogo, widgetSettingsOf } from './widget-settings.ts';

/** 512 KB as base64 plus the JSON around it; the app's 64 KB limit holds for every other route. */
const LOGO_BODY_LIMIT = 700 * 1024;

export interface MerchantSettingsRouteOptions {
  env: Pick<Env, 'MODE'>;
}

export async function merchantSettingsRoutes(app: FastifyInstance, options: MerchantSettingsRouteOptions): Promise<void> {
  app.addHook('onRoute', (routeOptions) => {
    if (routeOptions.url === `/v1/${uploadWidgetLogo.path}`) routeOptions.bodyLimit = LOGO_BODY_LIMIT;
  });

  route(app, getWidgetSettings, async ({ request }) => widgetSettingsOf(app.db, await widgetMerchantOf(app.db, request)));

  route(app, editWidgetSettings, async ({ body, request }) => edit(app.db, await widgetMerchantOf(app.db, request), body, options.env.MODE));

  route(app, uploadWidgetLogo, async ({ body, request }) => uploadLogo(app.db, await widgetMerchantOf(app.db, request), body.logo_base64));

  app.get<{ Params: { merchant_id: string; file: string } }>(`${LOGO_PATH_PREFIX}/:merchant_id/:file`, async (request, reply) => {
    const { merchant_id: merchantId, file } = request.params;
    if (!/^mch_[a-z0-9_]{3,60}$/.test(merchantId) || !/^[0-9a-f]{16}\.(png|jpg|webp|svg)$/.test(file)) throw apiError('not_found');
    const logo = await logoFile(app.db, merchantId, file);
    if (!logo) throw apiError('not_found');
    return reply
      .header('content-type', logo.type)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
      .header('content-disposition', `inline; filename="logo.${file.split('.')[1]}"`)
      // The address changes with the file, so it never goes stale.
      .header('cache-control', 'public, max-age=31536000, immutable')
      .send(Buffer.from(logo.bytes));
  });
}
