// Where the buy widget keeps its order's flow token, and the Authorization header that carries it.
//
// Why not the HttpOnly flow cookie, as sys-flow does: the buy widget runs inside another site's frame, and
// a browser does not send a cookie to a third-party frame's calls (SameSite=Lax, and third-party cookie
// blocking in Safari, Firefox and Chrome). So checkout/create answers the token in its body, this frame
// keeps it and sends it as `Authorization: Bearer` with every flow call, which the server accepts
// (server/checkout/flow-token.ts). It never goes into a URL: not the frame's, not an API path, not a query,
// so it is in no access log or history.
//
// Kept in memory first: the buy widget's steps are one document (that is what keeps the SDK's channel), so
// memory lasts the whole order, and a browser that refuses a third-party frame its storage (Chrome with
// third-party cookies blocked: "Access is denied for this document") loses nothing. Also in the frame's
// sessionStorage where the browser allows it (one tab, partitioned per top-level site, gone with the tab),
// so a reload of the frame keeps the order.
//
// Only the buy widget's document reads it: a first-party /sys-flow page in the same tab keeps its cookie,
// never a stale token left by a widget.
import type { AnyEndpoint } from '#core/contract/endpoint.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';

const KEY = 'paykit.buywidget.flow_token';

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    // Storage refused (some browsers' strictest privacy settings): the cookie is then the only way.
    return null;
  }
}

let current: string | null = null;

export function keepFlowToken(token: string): void {
  current = token;
  try {
    storage()?.setItem(KEY, token);
  } catch {
    // Quota or refusal: memory holds it for this document.
  }
}

export function storedFlowToken(): string | null {
  if (current !== null) return current;
  try {
    return storage()?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/** The API client's `authorization` option: the buy widget's flow calls carry its token; nothing else does. */
export function flowAuthorization(endpoint: AnyEndpoint, module = useBootStore.getState().boot.module): string | undefined {
  if (endpoint.caller !== 'flow' || module !== 'sys-buywidget') return undefined;
  const token = storedFlowToken();
  return token === null ? undefined : `Bearer ${token}`;
}
