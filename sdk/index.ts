// The ESM entry for bundlers (dist/sdk/pay.mjs), after Stripe's loader: `loadPayKit` adds the hosted
// pay.js once and resolves to window.PayKit. Nothing happens at import, so it is safe under SSR, and a
// failed load clears the memo so that calling again retries instead of returning the same rejection.
// `createPayKit` (pure.ts) is the alternative that bundles the loader instead of fetching it.

import type { PayKit } from './types.ts';

export { createPayKit } from './pure.ts';
export type * from './types.ts';

export interface LoadOptions {
  /** The platform origin, e.g. "https://pay.example.com". */
  origin: string;
  /** The SRI hash published in sri.json; pins the exact pay.js you reviewed. */
  integrity?: string;
}

const loads = new Map<string, Promise<PayKit | null>>();

/** Resolves null where there is no DOM (server rendering), like loadStripe. */
export function loadPayKit({ origin, integrity }: LoadOptions): Promise<PayKit | null> {
  if (typeof window === 'undefined' || typeof document === 'undefined') return Promise.resolve(null);
  const memo = loads.get(origin);
  if (memo) return memo;
  const load = inject(`${origin}/sdk/v1/pay.js`, integrity).catch((error: unknown) => {
    loads.delete(origin);
    throw error;
  });
  loads.set(origin, load);
  return load;
}

function inject(src: string, integrity: string | undefined): Promise<PayKit> {
  return new Promise((resolve, reject) => {
    if (window.PayKit) return resolve(window.PayKit);
    let script = document.querySelector<HTMLScriptElement>(`script[src="${CSS.escape(src)}"]`);
    if (!script) {
      script = document.createElement('script');
      script.src = src;
      if (integrity) {
        script.integrity = integrity;
        script.crossOrigin = 'anonymous';
      }
      document.head.appendChild(script);
    }
    script.addEventListener('load', () =>
      window.PayKit ? resolve(window.PayKit) : reject(new Error(`PayKit: ${src} loaded but did not define window.PayKit`)),
    );
    script.addEventListener('error', () =>
      reject(new Error(`PayKit: could not load ${src}. Check the network, the integrity hash, and that your CSP allows script-src for it.`)),
    );
  });
}
