// Pages rendered per request (the app shells, the markets pages, the API reference, the dev outbox)
// are compressed per response when the client accepts it and the answer is over 1 KB. Built files
// are not: they were compressed once at build time (server/routes/static-files.ts).
//
// Page routes only, chosen by path when each route is registered. API answers (/v1, /mapi, /healthz)
// stay plain: route-level onSend hooks such as the Idempotency-Key store (server/http/idempotency.ts)
// must see the JSON text, not a compressed stream, and a merchant API call should not pay for a
// compressor (a route without compression gets no hook at all). The page routes answer no event stream.

import { constants } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import { globalPlugin } from './global-plugin.ts';

/** Below this a compressed answer saves less than it costs (a TCP packet holds about 1.4 KB). */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** Routes whose answers are pages (or the API reference), compressed; every other route is not. */
const PAGE_ROUTE = /^\/(sys-[a-z]+(\/|$)|docs(\/|$)|dev\/)/;

export function isCompressedRoute(url: string): boolean {
  return PAGE_ROUTE.test(url);
}

const PAGE_COMPRESSION = {
  threshold: COMPRESSION_THRESHOLD_BYTES,
  encodings: ['br' as const, 'gzip' as const],
  // Per request, speed matters more than the last bytes: Brotli 4 is about as fast as gzip 6 and smaller.
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
  zlibOptions: { level: 6 },
};

export const htmlCompression = globalPlugin('html-compression', async (app) => {
  // Before the plugin's own onRoute hook, which reads `compress` off each route as it is registered.
  app.addHook('onRoute', (route) => {
    route.compress ??= isCompressedRoute(route.url) ? PAGE_COMPRESSION : false;
  });
  await app.register(fastifyCompress, {
    global: false,
    // Request bodies stay as sent: the API takes plain JSON only (server/http/json-body.ts).
    globalDecompression: false,
  });
});
