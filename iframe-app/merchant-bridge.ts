// The one connection between this checkout and the merchant page's SDK. It is opened here, at import
// time of the entry chunk, because the SDK posts `init` on the frame's load event: a listener added
// after a lazy import or an await would miss it (ui/checkout/bridge.ts says why in full).

import { useEffect, useState } from 'react';
import { PROTOCOL_VERSION } from '#core/protocol.ts';
import { connectToMerchant, requestClose, type Bridge } from '#ui/checkout/bridge.ts';
import { reportHeight } from '#ui/checkout/inline-height.ts';
import { paramsFromSearch } from '#ui/checkout/params.ts';
import { buyParamsProblem } from './buywidget/buy-params.ts';
import { overlayModeOf } from './widget/overlay-mode.ts';

// The buy widget (PayKit.buy) is judged by its own parameters: a coin it sells, no merchant required.
export const merchantBridge: Promise<Bridge | null> = connectToMerchant({
  expectedVersion: PROTOCOL_VERSION,
  ...(location.pathname.startsWith('/sys-buywidget') ? { problemOf: buyParamsProblem } : {}),
});

/** The URL's mode and whether a page frames us, known before the handshake, so the first paint has its backdrop. */
const urlMode = paramsFromSearch(location.search).mode;
const framed = window.parent !== window;

/** Whether to draw the overlay: framed as one, or the connected SDK says so (widget/overlay-mode.ts). */
export function isOverlayWith(bridge: Bridge | null): boolean {
  return overlayModeOf(urlMode, bridge?.params ?? null, framed);
}

/** The bridge once connected; null while connecting and when the page runs standalone. */
export function useMerchantBridge(): Bridge | null {
  const [bridge, setBridge] = useState<Bridge | null>(null);
  useEffect(() => {
    let live = true;
    void merchantBridge.then((connected) => live && setBridge(connected));
    return () => {
      live = false;
    };
  }, []);
  return bridge;
}

export interface WidgetChrome {
  /** Draw the overlay's backdrop and card. */
  overlay: boolean;
  /** Framed inline in the merchant's page: as tall as the content. */
  inline: boolean;
  /** Present when an SDK is connected: the close button and Esc end the checkout. */
  onClose: (() => void) | undefined;
}

/**
 * What every frame around a widget page takes from the connection: overlay or inline, the close,
 * and, inline, the height reports that size the merchant's frame to the checkout (no scrollbar in a
 * scrollbar). One hook for the payment pages' frame and the app's error and 404 frame.
 */
export function useWidgetChrome(): WidgetChrome {
  const bridge = useMerchantBridge();
  const inline = bridge?.params.mode === 'inline';
  useEffect(() => (bridge && inline ? reportHeight(bridge, document.getElementById('root') ?? document.body) : undefined), [bridge, inline]);
  return { overlay: isOverlayWith(bridge), inline, onClose: bridge ? () => void requestClose(bridge) : undefined };
}
