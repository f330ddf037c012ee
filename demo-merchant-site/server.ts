// The demo shop's own server, on its own origin (http://127.0.0.1:4000 by default, a different site from
// the platform on localhost), so the checkout runs in a real cross-site frame. It integrates the way any
// merchant would: pay.js from the platform's origin, pinned by its SRI hash, under a strict CSP.
//
// The app is built in one place, in a fixed order: security headers, then the storefront routes.
// Beside them are the routes that need the merchant's secret key or webhook secret and so can
// only live on a server: creating the transaction for an order (merchant API, POST /mapi/api/transaction),
// cancelling an unpaid one (POST /mapi/api/transaction/expire), checking the signed receipt, receiving the platform's webhooks (verified with the standardwebhooks
// package), and the order page the buyer is redirected back to. They are registered after the storefront.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { renderMissingOrderPage, renderOrderPage } from './order-page.ts';
import { registerOrderRoutes } from './orders.ts';
import { renderShopPage } from './page.ts';
import { renderBuyPage } from './buy-page.ts';
import { verifyOrderReceipt } from './buy-receipt.ts';

export interface ShopOptions {
  port: number;
  /** The platform's public origin, where pay.js and the checkout live (PUBLIC_URL). */
  platformUrl: string;
  /** The publishable merchant id this shop sells under. */
  merchantId: string;
  /** 127.0.0.1 by default: a demo shop has no business on other interfaces. */
  host?: string;
  /**
   * The shop's own origin as buyers reach it, which each payment's return URL starts with
   * (http://<host>:<port> by default; behind a proxy, its public https origin).
   */
  publicUrl?: string;
  /** Where dist/sdk/sri.json is; the repository's dist by default. */
  distDir?: string;
  /** The merchant's secret API key (scripts/start.ts issues one per start); kept on this server only. */
  secretKey?: string;
  /** The webhook signing secret ('whsec_…') the platform signs this shop's events with. */
  webhookSecret?: string;
  /** How long a late webhook is awaited before the status API's word is taken (orders.ts). */
  webhookGraceMs?: number;
}

/** What buildShop needs: the shop's public URL must be known, since each payment's return URL starts with it. */
export type BuildShopOptions = Omit<ShopOptions, 'port' | 'host' | 'publicUrl'> & { publicUrl: string };

export interface RunningShop {
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

const ROOT = join(import.meta.dirname, '..');
const PUBLIC_DIR = join(import.meta.dirname, 'public');
const ASSETS: Record<string, string> = {
  '/shop.js': 'text/javascript; charset=utf-8',
  '/buy.js': 'text/javascript; charset=utf-8',
  '/order.js': 'text/javascript; charset=utf-8',
  '/order-cancel.js': 'text/javascript; charset=utf-8',
  '/order-status.js': 'text/javascript; charset=utf-8',
  '/shop.css': 'text/css; charset=utf-8',
  '/favicon.svg': 'image/svg+xml',
};

/** The shop's CSP: its own files, plus pay.js and the checkout frame from the platform, nothing inline. */
export function shopCsp(platformOrigin: string): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${platformOrigin}`,
    `frame-src ${platformOrigin}`,
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join('; ');
}

/**
 * The SRI hash of the pay.js build, read on every page view so a rebuild shows at once; undefined until
 * the SDK has been built.
 */
async function readIntegrity(distDir: string): Promise<string | undefined> {
  try {
    const sri = JSON.parse(await readFile(join(distDir, 'sdk', 'sri.json'), 'utf8')) as Record<string, unknown>;
    const hash = sri['pay.js'];
    return typeof hash === 'string' && /^sha384-[A-Za-z0-9+/]+={0,2}$/.test(hash) ? hash : undefined;
  } catch {
    return undefined;
  }
}

export async function buildShop({
  platformUrl,
  merchantId,
  publicUrl,
  distDir = join(ROOT, 'dist'),
  secretKey,
  webhookSecret,
  webhookGraceMs,
}: BuildShopOptions): Promise<FastifyInstance> {
  const platformOrigin = new URL(platformUrl).origin;
  const shopOrigin = new URL(publicUrl).origin;
  const app = Fastify({ logger: false });

  const csp = shopCsp(platformOrigin);
  app.addHook('onSend', async (_request, reply) => {
    reply.header('content-security-policy', csp);
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'DENY');
  });

  app.get('/', async (_request, reply) => {
    const integrity = await readIntegrity(distDir);
    const page = renderShopPage({
      platformOrigin,
      shopOrigin,
      merchantId,
      integrity: integrity ?? 'sha384-(not built yet)',
      ...(integrity ? {} : { unavailable: 'pay.js is not built yet: run npm run build, then reload this page.' }),
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });

  // The "Buy crypto" page: the platform's buy widget (PayKit.buy and the data-coin script tag).
  app.get('/buy', async (_request, reply) => {
    const integrity = await readIntegrity(distDir);
    const page = renderBuyPage({
      platformOrigin,
      merchantId,
      integrity: integrity ?? 'sha384-(not built yet)',
      ...(integrity ? {} : { unavailable: 'pay.js is not built yet: run npm run build, then reload this page.' }),
    });
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(page);
  });

  // The buy widget's order-completed receipt, checked with the webhook secret (buy-receipt.ts).
  app.post('/api/buy-receipts', async (request, reply) => {
    if (!webhookSecret) return reply.code(503).send({ error: 'This shop has no webhook secret yet, so it cannot check receipts.' });
    const body = request.body as { order_id?: unknown; receipt?: unknown } | null;
    const check = verifyOrderReceipt(body?.receipt, body?.order_id, webhookSecret);
    return check.ok ? { verified: true, receipt: check.receipt } : reply.code(400).send({ error: check.reason });
  });

  for (const [path, type] of Object.entries(ASSETS)) {
    app.get(path, async (_request, reply) =>
      reply.type(type).header('cache-control', 'no-cache').send(await readFile(join(PUBLIC_DIR, path.slice(1)))),
    );
  }

  app.get('/healthz', async () => ({ ok: true }));

  // The routes that need the secret key or the webhook secret (orders.ts), after the storefront.
  const orders = registerOrderRoutes(app, {
    platformUrl,
    merchantId,
    publicUrl: shopOrigin,
    ...(secretKey ? { secretKey } : {}),
    ...(webhookSecret ? { webhookSecret } : {}),
    ...(webhookGraceMs === undefined ? {} : { webhookGraceMs }),
  });

  // Where the checkout's `redirect` brings the buyer back: each payment's return URL names its order's page.
  app.get<{ Params: { id: string } }>('/orders/:id', async (request, reply) => {
    const order = orders.find(request.params.id);
    reply.type('text/html; charset=utf-8').header('cache-control', 'no-store');
    return order ? reply.send(renderOrderPage(order)) : reply.code(404).send(renderMissingOrderPage());
  });
  return app;
}

export async function startShop(options: ShopOptions): Promise<RunningShop> {
  const host = options.host ?? '127.0.0.1';
  const url = `http://${host}:${options.port}`;
  const app = await buildShop({ ...options, publicUrl: options.publicUrl ?? url });
  await app.listen({ port: options.port, host });
  return { url, app, close: () => app.close() };
}
