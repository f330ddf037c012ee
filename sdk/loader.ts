// The core of the SDK: one function that puts the checkout frame on the page, hands it a MessagePort and
// relays what comes back (the protocol is described at the top of core/protocol.ts). Everything visual
// (backdrop, modal card, focus trap, Esc with a confirmation) lives inside the iframe app; this file only
// places the frame, locks and restores the page's scroll, and moves focus in and back.
// Written for size: every byte ships in pay.js (1.2 KB gzip in all), so no classes and few names.

import { HANDSHAKE_TIMEOUT_MS, PROTOCOL_VERSION } from '#core/protocol.ts';
import type { CheckoutEventMap, CheckoutEventName, CheckoutParams, InitMessage, PortEventMap, PortMessage } from '#core/protocol.ts';
import { SETTLING_EVENT } from './result.ts';
import type { BuyOptions, CheckoutHandle, CheckoutHandler, CheckoutOptions, PaymentResult } from './types.ts';

// Each sandbox token, and why the checkout needs it:
//   allow-scripts                   the checkout is an app.
//   allow-same-origin               keeps the checkout's own origin: its API calls and storage need it, and
//                                   so does the exact-origin delivery of `init` (otherwise it is "null").
//   allow-forms                     the checkout submits forms (contact details, the fiat flows' card forms).
//   allow-popups                    "open in wallet" links and block explorers open in a new tab...
//   allow-popups-to-escape-sandbox  ...as ordinary pages, not as sandboxed copies of this frame.
// Not granted: allow-top-navigation (the checkout cannot move this page; it sends a `redirect` event that
// the SDK checks), allow-modals, allow-downloads, allow-pointer-lock and the rest.
const SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-popups-to-escape-sandbox';

// Set through CSSOM (style.cssText), never a style attribute or a <style> element, so a strict style-src
// allows it. Overlay: the frame covers the viewport, transparent, and the checkout draws its backdrop and
// card inside it (full screen on small phones for free). color-scheme: normal matches the checkout's, so
// the browser keeps the frame transparent on a dark-scheme page.
const FRAME_STYLE = "border:0;width:100%;color-scheme:normal;";
const OVERLAY_STYLE = 'position:fixed;inset:0;height:100%;z-index:2147483647';
const INLINE_STYLE = 'height:600px';

type Handlers = { [E in CheckoutEventName]?: CheckoutHandler<E>[] };
type ConnectionError = { code: 'timeout' | 'blocked'; message: string };

/**
 * `module`: 'widget' opens the payment widget (PayKit.open), 'buywidget' the buy widget (PayKit.buy).
 * Both are the same frame, handshake, events and close; only the page inside differs.
 */
export function openCheckout(origin: string, options: CheckoutOptions | BuyOptions): CheckoutHandle {
  // options.ts toParams(options), written out, with the target kept: options.test.ts holds the two equal.
  const { target, locale, ...params } = options as CheckoutOptions & BuyOptions & CheckoutParams;
  if (locale) params.lang = locale;
  const doc = document;
  const inline = params.mode === 'inline';
  // Four random 32-bit words: 16 bytes no other frame or script on the page can guess.
  const channel = crypto.getRandomValues(new Uint32Array(4)).join('-');
  const { port1, port2 } = new MessageChannel();
  const frame = doc.createElement('iframe');
  const bodyStyle = doc.body.style;
  const overflow = bodyStyle.overflow;
  const focused = doc.activeElement as HTMLElement | null;
  const handlers: Handlers = {};
  let settle!: (result: PaymentResult) => void;
  const result = new Promise<PaymentResult>((resolve) => (settle = resolve));
  let live = 1;

  const emit = <E extends CheckoutEventName>(event: E, data: CheckoutEventMap[E]): void => {
    // A task per handler: a merchant handler that throws is reported, and stops neither the others nor us.
    handlers[event]?.map((handler) => setTimeout(handler, 0, data));
    if (SETTLING_EVENT.test(event)) settle({ status: event, ...data } as PaymentResult);
  };

  // Every way a checkout ends comes here: close() by the merchant, `close` from the checkout, or a
  // connection that failed (then with the error, which also settles the result).
  const end = (error?: ConnectionError): void => {
    if (live) {
      live = 0;
      clearTimeout(timer);
      // The securitypolicyviolation listener stays: once ended, a late violation finds `live` 0 and does
      // nothing, and removing it cost bytes pay.js does not have.
      frame.remove();
      if (!inline) {
        bodyStyle.overflow = overflow;
        focused?.focus();
      }
      emit(error ? 'error' : 'close', error || {});
      // A connection error settles the result as well; after `close` this does nothing (emit settled the
      // result already, synchronously, and a promise settles once).
      settle({ status: 'error', ...error } as PaymentResult);
    }
  };
  const fail = (code: ConnectionError['code']): void => end({ code, message: `${code}: ${origin}` });

  port1.onmessage = ({ data: message }: MessageEvent<PortMessage | null>) => {
    // `live`: a message already queued when the checkout ended must not outlive it.
    // The channel check of core/protocol.ts isOnChannel, written out: a call wrapper survives minification.
    if (live && message?.ch === channel && message.v === PROTOCOL_VERSION) {
      const { type, data } = message;
      // The first message is `ready`: the handshake is done, the timeout no longer applies.
      clearTimeout(timer);
      if (type === 'resize') {
        if (inline) frame.style.height = `${(data as PortEventMap['resize']).height}px`;
      } else if (type === 'close') end();
      else {
        emit(type, data as never);
        const url = (data as { url: string }).url;
        // redirect.ts isFollowableRedirect(url, location.origin), written out.
        if (type === 'redirect' && (/^https:\/\/./.test(url) || url.startsWith(`${location.origin}/`))) location.assign(url);
      }
    }
  };

  frame.onload = () => {
    // Once: the port can be transferred only once, and a later navigation inside the frame fires load again.
    frame.onload = null;
    // To the exact checkout origin: if the frame shows anything else (an error page, a redirect elsewhere),
    // the browser drops the message and the port with it.
    const init: InitMessage = { v: PROTOCOL_VERSION, ch: channel, type: 'init', data: params };
    frame.contentWindow!.postMessage(init, origin, [port2]);
    // Focus now, not when the frame was created: focus given to a frame before its document loads does
    // not reach that document, and the checkout's keyboard handling (Esc, the focus trap) needs it.
    if (!inline) frame.focus();
  };

  // The URL carries the parameters, the token included: with it the server renders the payment into the
  // checkout's page and the pay screen opens with no request before it (the hosted page's way).
  // It names no more than the hosted page's address does; the request log masks it as it masks any
  // `token`, the checkout's links to other sites send no more than its origin (strict-origin-when-cross-origin),
  // and `init` carries it again, so the checkout still talks only to the page that opened this payment.
  Object.assign(frame, {
    sandbox: SANDBOX,
    allow: 'clipboard-write',
    title: 'Checkout',
    src: `${origin}/sys-${params.coin ? 'buy' : ''}widget/?${new URLSearchParams(params as Record<string, string>)}`,
  });
  frame.style.cssText = FRAME_STYLE + (inline ? INLINE_STYLE : OVERLAY_STYLE);
  // First of the side effects, so a missing inline target throws before anything is registered.
  (inline ? ((target as Element).nodeType ? (target as Element) : doc.querySelector(target as string)!) : doc.body).appendChild(frame);

  // This page's own CSP refusing the frame is visible here (the event is queued, so registering it after
  // appendChild is in time); a refusal by the checkout's frame-ancestors is not (browsers hide it from
  // the parent), and surfaces as the timeout.
  const onViolation = (event: SecurityPolicyViolationEvent): void => {
    if (event.blockedURI.startsWith(origin)) fail('blocked');
  };
  doc.addEventListener('securitypolicyviolation', onViolation);
  const timer = setTimeout(fail, HANDSHAKE_TIMEOUT_MS, 'timeout');
  if (!inline) bodyStyle.overflow = 'hidden';

  const handle: CheckoutHandle = {
    on(event, handler) {
      ((handlers[event] ??= []) as (typeof handler)[]).push(handler);
      return handle;
    },
    close: () => end(),
    result,
  };
  return handle;
}
