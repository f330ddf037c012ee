// Built files and brand assets, straight from disk:
//   /static/member-app/*, /static/iframe-app/*  hashed names: cached for a year, immutable;
//                                               manifest.json stays private (the shell reads it)
//   /sdk/*                                      pay.js keeps its URL within v1 while its content
//                                               updates, so it is cached for 5 minutes only
//   /brand/*                                    provider logos and favicons (server/public/brand)
//   /static/coins/*.svg                         the listed assets' icons, straight from the CC0
//                                               cryptocurrency-icons package (core/coin-icons.ts)
// /static and /sdk may be loaded by any origin (see security-headers.ts).

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

export async function staticFileRoutes(app: FastifyInstance, { distDir, publicDir }: StaticFileOptions): Promise<void> {
  const common = { decorateReply: false, index: false as const, dotfiles: 'deny' as const };
  for (const bundle of ['member-app', 'iframe-app'] as const) {
    await app.register(fastifyStatic, {
      ...common,
      root: join(distDir, bundle),
      prefix: `/static/${bundle}/`,
      maxAge: '365d',
      immutable: true,
      // Directories have no listing, and the manifest is the shell's business.
      allowedPath: (pathName) => pathName !== '/manifest.json' && !pathName.endsWith('/'),
      setHeaders: allowCrossOriginLoad,
    });
  }
  await app.register(fastifyStatic, {
    ...common,
    root: join(distDir, 'sdk'),
    prefix: '/sdk/',
    maxAge: '5m',
    setHeaders: allowCrossOriginLoad,
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
