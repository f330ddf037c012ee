// The checkout's half of the widget protocol (core/protocol.ts): wait for the merchant SDK's `init`, take
// the MessagePort it carries, answer `ready` over it, and from then on send events over that port only.
// Plain TypeScript, no React, so both apps (and the hosted payment-link page) can use it.
//
// Call connectToMerchant() synchronously while the entry module first runs, before any await or lazy
// import: the SDK posts `init` on the frame's load event, and a window message posted before anyone
// listens is lost.

import { HANDSHAKE_TIMEOUT_MS, PROTOCOL_VERSION, isInitMessage, isPortMessage, paramsProblem } from '#core/protocol.ts';
import type { CheckoutParams, PortEventMap, PortEventName, PortMessage } from '#core/protocol.ts';
import { windowTransport } from './transport.ts';
import type { BridgePort, ParentTransport } from './transport.ts';

export interface Bridge {
  /** The merchant page's origin, as the browser reported it on `init` (never as the page claimed it). */
  readonly merchantOrigin: string;
  /** The merchant's options as sent; check `problem` before trusting them. */
  readonly params: CheckoutParams;
  /** Null when the params can open a checkout; else the message already sent as an `invalid_options` error. */
  readonly problem: string | null;
  /** Sends one event to the merchant page. Throws on a malformed event: that is a bug in the checkout. */
  send<E extends PortEventName>(type: E, data: PortEventMap[E]): void;
  /** Runs `handler` once when the checkout ends: it sent `close`, or the merchant removed the frame. */
  onClose(handler: () => void): void;
}

export interface ConnectOptions {
  /** The protocol version this checkout speaks; an `init` of another version is ignored. */
  expectedVersion: typeof PROTOCOL_VERSION;
  /** How long to wait for `init` before working standalone. */
  timeoutMs?: number;
  transport?: ParentTransport;
  /** How this checkout judges the merchant's params (default: the payment widget's paramsProblem). */
  problemOf?: (params: unknown) => string | null;
}

/**
 * Resolves a Bridge once the merchant's SDK has connected, or null when there is no SDK to talk to: the
 * page is not framed (the hosted payment-link page, a direct visit) or no valid `init` came in time.
 */
export function connectToMerchant({
  expectedVersion,
  timeoutMs = HANDSHAKE_TIMEOUT_MS,
  transport = windowTransport(),
  problemOf = paramsProblem,
}: ConnectOptions): Promise<Bridge | null> {
  if (!transport.framed) return Promise.resolve(null);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, timeoutMs);
    const stop = transport.listen(({ source, origin, data, ports }) => {
      // Only the page that framed us, only a well-formed init of our version, only with its port.
      const port = ports[0];
      if (source !== transport.parent || !isInitMessage(data) || data.v !== expectedVersion || !port) return;
      stop();
      clearTimeout(timer);
      resolve(openBridge(port, data.ch, origin, data.data, transport, problemOf));
    });
  });
}

function openBridge(port: BridgePort, channel: string, merchantOrigin: string, params: CheckoutParams, transport: ParentTransport, problemOf: (params: unknown) => string | null): Bridge {
  const closeHandlers: (() => void)[] = [];
  let closed = false;
  const finish = () => {
    if (closed) return;
    closed = true;
    stopHide();
    for (const handler of closeHandlers.splice(0)) handler();
  };
  const stopHide = transport.onHide(finish);

  const send = <E extends PortEventName>(type: E, data: PortEventMap[E]): void => {
    const message = { v: PROTOCOL_VERSION, ch: channel, type, data } as PortMessage;
    if (!isPortMessage(message, channel)) {
      throw new TypeError(`Checkout bug: the ${type} event does not match core/protocol.ts: ${JSON.stringify(data)}`);
    }
    if (closed) return;
    port.postMessage(message);
    if (type === 'close') finish();
  };

  // `ready` is the handshake: the SDK's timeout stops, and events may follow.
  send('ready', {});
  const problem = problemOf(params);
  if (problem) {
    send('error', { code: 'invalid_options', message: problem });
    // The merchant's developer sees it in the console too (a frame's console shows in the page's devtools).
    console.error(`PayKit: ${problem}`);
  }

  return {
    merchantOrigin,
    params,
    problem,
    send,
    onClose(handler) {
      if (closed) handler();
      else closeHandlers.push(handler);
    },
  };
}

/**
 * What the overlay card's close control (and its Esc confirmation) calls. Inside a merchant page it asks
 * the SDK to remove the frame and returns true; standalone (no bridge) it returns false and the caller
 * decides, e.g. by going to the merchant's return URL.
 */
export function requestClose(bridge: Bridge | null): boolean {
  if (!bridge) return false;
  bridge.send('close', {});
  return true;
}
