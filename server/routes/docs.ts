// The API reference: GET /docs renders the OpenAPI document (GET /docs/openapi.json, generated from
// the endpoint table at start) with Redoc, every byte served from this origin under the reference's
// CSP (server/plugins/security-headers.ts): no CDN, no inline script.

import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ENDPOINTS } from '#core/contract/endpoints.ts';
import { openApiDocument } from '#core/contract/reference.ts';
import { route } from '../contract/route.ts';
import { openApiDocument as buildDocument } from '../docs/openapi.ts';
import { referencePage } from '../docs/reference-page.ts';
import type { SecurityHeaderPolicies } from '../plugins/security-headers.ts';

const ASSETS = join(import.meta.dirname, '..', 'docs', 'assets');
/** Redoc's sidebar footer loads its logo from Redocly's CDN; ours points at our own mark instead. */
const REDOC_CDN_LOGO = 'https://cdn.redoc.ly/redoc/logo-mini.svg';

export interface DocsRouteOptions {
  publicUrl: string;
  version: string;
  policies: SecurityHeaderPolicies;
}

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

function asset(type: string, text: string): Asset {
  const body = Buffer.from(text);
  return { type, body, gzip: gzipSync(body) };
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, file: Asset): FastifyReply {
  reply.type(file.type).header('cache-control', 'public, max-age=3600').header('vary', 'accept-encoding');
  if (/\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''))) return reply.header('content-encoding', 'gzip').send(file.gzip);
  return reply.send(file.body);
}

export async function docsRoutes(app: FastifyInstance, options: DocsRouteOptions): Promise<void> {
  const document = buildDocument(ENDPOINTS, { publicUrl: options.publicUrl, version: options.version });
  const helmet = options.policies.reference;
  const page = { config: { rateLimit: false as const }, helmet };

  // Read on first use: a server that never shows the reference never loads the 1 MB viewer.
  let files: Record<string, Asset> | null = null;
  const assets = (): Record<string, Asset> => {
    if (files) return files;
    const redoc = readFileSync(createRequire(import.meta.url).resolve('redoc/bundles/redoc.standalone.js'), 'utf8');
    files = {
      'redoc.standalone.js': asset('text/javascript; charset=utf-8', redoc.replaceAll(REDOC_CDN_LOGO, '/docs/assets/redoc-mark.svg')),
      'docs.js': asset('text/javascript; charset=utf-8', readFileSync(join(ASSETS, 'docs.js'), 'utf8')),
      'redoc-mark.svg': asset('image/svg+xml', readFileSync(join(ASSETS, 'redoc-mark.svg'), 'utf8')),
    };
    return files;
  };

  route(app, openApiDocument, ({ reply }) => {
    reply.header('cache-control', 'public, max-age=300');
    return document as never;
  });

  app.get('/docs', page, async (_request, reply) => reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(referencePage()));

  app.get('/docs/assets/:file', page, async (request, reply) => {
    const file = assets()[(request.params as { file: string }).file];
    if (!file) return reply.callNotFound();
    return sendAsset(request, reply, file);
  });
}
