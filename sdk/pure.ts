// The pure entry: no side effects at import or at call time beyond what `open` does. It bundles the
// loader itself instead of fetching pay.js, for apps whose bundler already ships their code (and whose
// CSP then needs only frame-src for the platform, not script-src).

import { openCheckout } from './loader.ts';
import type { PayKit } from './types.ts';

export function createPayKit({ origin }: { origin: string }): PayKit {
  const parsed = new URL(origin);
  if (parsed.origin !== origin) {
    throw new TypeError(`PayKit: origin must be a bare origin like "https://pay.example.com", got "${origin}"; use "${parsed.origin}"`);
  }
  const open = (options: Parameters<PayKit['open']>[0] | Parameters<PayKit['buy']>[0]) => openCheckout(origin, options);
  return { open, buy: open };
}
