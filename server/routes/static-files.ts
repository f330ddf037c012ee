// Built files and brand assets, straight from disk:
//   /static/<app>/* (member, iframe, markets)   hashed names: cached for a year, immutable;
//                                               manifest.json stays private (the shell reads it)
//   /sdk/*                                      pay.js keeps its URL within v1 while its content
//                                               updates, so it is cached for 5 minutes only
//   /brand/*                                    provider logos and favicons (server/public/brand)
//   /static/coins/*.svg                         the listed assets' icons, straight from the CC0
//                                               cryptocurrency-icons package (core/coin-icons.ts)
// /static and /sdk may be loaded by any origin (see security-headers.ts).
// The built files are sent compressed: the build wrote a .br and a .gz copy beside each
// (ui/build/precompress.mjs) and `preCompressed` picks one by Accept-Encoding, Brotli first, else the
// plain file (a client that accepts neither, or a file too small to have a copy). The copies are not
// URLs of their own.

import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { ICONED_ASSETS } from '#core/coin-icons.ts';
import { allowCrossOriginLoad } from '../plugins/security-headers.ts';

const COIN_ICON_DIR = join(dirname(createRequire(import.meta.url).resolve('cryptocurrency-icons/manifest.json')), 'svg', 'color');
const COIN_ICON_FILES = new Set(ICONED_ASSETS.map((asset) => `/${asset.toLowerCase()}.svg`));

export interface StaticFileOptions {
  distDir: string;
  publicDir: string;
}

/** Paths served from disk; the rate limiter lets them through (a page load fetches many of them). */
export const STATIC_PREFIXES = ['/static/', '/sdk/', '/brand/'] as const;

export function isStaticPath(url: string): boolean {
  return STATIC_PREFIXES.some((prefix) => url.startsWith(prefix));
}

/** The compressed copies are picked by negotiation only, never requested by name. */
const isEncodedCopy = (pathName: string) => pathName.endsWith('.br') || pathName.endsWith('.gz');

/** One URL, several encodings: a shared cache must key on Accept-Encoding. */
function setBuiltFileHeaders(res: { setHeader(name: string, value: string): unknown }): void {
  allowCrossOriginLoad(res);
  res.setHeader('Vary', 'Accept-Encoding');
}

export async function staticFileRoutes(app: FastifyInstance, { distDir, publicDir }: StaticFileOptions): Promise<void> {
  const common = { decorateReply: false, index: false as const, dotfiles: 'deny' as const };
  const built = { ...common, preCompressed: true, setHeaders: setBuiltFileHeaders };
  for (const bundle of ['member-app', 'iframe-app', 'markets-app'] as const) {
    await app.register(fastifyStatic, {
      ...built,
      root: join(distDir, bundle),
      prefix: `/static/${bundle}/`,
      maxAge: '365d',
      immutable: true,
      // Directories have no listing, and the manifest is the shell's business.
      allowedPath: (pathName) => pathName !== '/manifest.json' && !pathName.endsWith('/') && !isEncodedCopy(pathName),
    });
  }
  await app.register(fastifyStatic, {
    ...built,
    root: join(distDir, 'sdk'),
    prefix: '/sdk/',
    maxAge: '5m',
    allowedPath: (pathName) => !isEncodedCopy(pathName),
  });
  // The package ships hundreds of icons; only the assets we list are served.
  await app.register(fastifyStatic, {
    ...common,
    root: COIN_ICON_DIR,
    prefix: '/static/coins/',
    maxAge: '7d',
    allowedPath: (pathName) => COIN_ICON_FILES.has(pathName),
    setHeaders: allowCrossOriginLoad,
  });
  await app.register(fastifyStatic, {
    ...common,
    root: join(publicDir, 'brand'),
    prefix: '/brand/',
    maxAge: '1h',
  });
}
