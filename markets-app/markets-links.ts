// Links inside the markets site are plain page loads (every page is rendered on the server with its
// data), so they are written as full paths. The visitor's explicit ?fiat= travels with them.
import type { FiatAsset } from '#core/assets.ts';

export interface LinkContext {
  /** The module prefix, "/sys-markets". */
  base: string;
  /** The fiat the visitor chose with ?fiat=, carried along; null when the page chose it itself. */
  fiatParam: FiatAsset | null;
}

export function pricesHref({ base, fiatParam }: LinkContext): string {
  return `${base}/prices${fiatParam ? `?fiat=${fiatParam}` : ''}`;
}

export function coinHref({ base, fiatParam }: LinkContext, id: string): string {
  return `${base}/prices/${encodeURIComponent(id)}${fiatParam ? `?fiat=${fiatParam}` : ''}`;
}
