// Security headers (helmet). One strict policy for the member app and the API, one variant for the
// pages merchants embed in an iframe, and the cross-origin headers for files merchants' pages load.
//   - CSP: only same-origin scripts and styles, no inline code (theme colours go through CSSOM,
//     which CSP allows). `frame-ancestors 'none'` plus X-Frame-Options everywhere except the
//     iframe-app modules, which any merchant site may frame (`frame-ancestors *`).
//   - HSTS only when the public URL is https: on http://localhost it would pin the browser to https.
//   - /sdk and /static are loaded cross-origin (pay.js with an SRI `integrity`, which needs CORS),
//     so they answer CORP cross-origin and Access-Control-Allow-Origin *. They carry no cookies.

import type { FastifyHelmetOptions } from '@fastify/helmet';
import { MODULE_APP, type ModuleName } from '#core/modules.ts';

type RouteHelmet = Omit<FastifyHelmetOptions, 'global'>;

function directives(frameAncestors: string, https: boolean, styleSrc: string[] = ["'self'"]): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': styleSrc,
    'img-src': ["'self'", 'data:', 'https:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'object-src': ["'none'"],
    'base-uri': ["'self'"],
    'form-action': ["'self'"],
    'frame-ancestors': [frameAncestors],
    ...(https ? { 'upgrade-insecure-requests': [] } : {}),
  };
}

export interface SecurityHeaderPolicies {
  /** Registered globally: member app, API, everything not listed below. */
  strict: FastifyHelmetOptions;
  /** Route option for the iframe-app modules' pages. */
  frameable: RouteHelmet;
  /**
   * Route option for the API reference at /docs. Scripts stay same-origin only; the viewer (Redoc)
   * writes its styles into <style> elements at run time, so styles may be inline there, and its
   * search runs in a worker it creates from a blob. The page shows nothing of anyone's account.
   */
  reference: RouteHelmet;
}

export function securityHeaderPolicies(publicUrl: string): SecurityHeaderPolicies {
  const https = publicUrl.startsWith('https://');
  const common = {
    hsts: https ? { maxAge: 31_536_000, includeSubDomains: false } : false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
  };
  return {
    strict: {
      ...common,
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: directives("'none'", https) },
      frameguard: { action: 'deny' },
    },
    frameable: {
      ...common,
      contentSecurityPolicy: { useDefaults: false, directives: directives('*', https) },
      frameguard: false,
      // A merchant page that isolates itself (COEP require-corp) can still embed the checkout.
      crossOriginResourcePolicy: { policy: 'cross-origin' },
    },
    reference: {
      ...common,
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { ...directives("'none'", https, ["'self'", "'unsafe-inline'"]), 'img-src': ["'self'", 'data:'], 'worker-src': ["'self'", 'blob:'] },
      },
      frameguard: { action: 'deny' },
    },
  };
}

/** The helmet route option for a module's pages. */
export function moduleHelmet(module: ModuleName, policies: SecurityHeaderPolicies): RouteHelmet | undefined {
  return MODULE_APP[module] === 'iframe-app' ? policies.frameable : undefined;
}

/** For @fastify/static's setHeaders: files any origin may load, including with an SRI check. */
export function allowCrossOriginLoad(res: { setHeader(name: string, value: string): unknown }): void {
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
  res.setHeader('Access-Control-Allow-Origin', '*');
}
