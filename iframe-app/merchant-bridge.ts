// The one connection between this checkout and the merchant page's SDK. It is opened here, at import
// time of the entry chunk, because the SDK posts `init` on the frame's load event: a listener added
// after a lazy import or an await would miss it (ui/checkout/bridge.ts says why in full).

import { useEffect, useState } from 'react';
import { PROTOCOL_VERSION } from '#core/protocol.ts';
import { connectToMerchant, type Bridge } from '#ui/checkout/bridge.ts';
import { paramsFromSearch } from '#ui/checkout/params.ts';

export const merchantBridge: Promise<Bridge | null> = connectToMerchant({ expectedVersion: PROTOCOL_VERSION });

/** Overlay mode is known from the URL before the handshake, so the first paint already has the backdrop. */
export const isOverlay = paramsFromSearch(location.search).mode === 'overlay';

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
