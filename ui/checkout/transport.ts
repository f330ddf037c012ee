// The checkout's view of its parent page, behind a small interface (penpal's habit) so the bridge logic
// is unit-tested with a fake, without a DOM. windowTransport is the one real implementation.

/** One end of the MessageChannel the merchant's SDK transferred with `init`. */
export interface BridgePort {
  postMessage(message: unknown): void;
  close(): void;
}

/** A window message as the bridge needs it. */
export interface InboundMessage {
  source: unknown;
  origin: string;
  data: unknown;
  ports: readonly BridgePort[];
}

export interface ParentTransport {
  /** True when this document runs inside a frame (window.parent !== window). */
  readonly framed: boolean;
  /** The parent window, compared with each message's source. */
  readonly parent: unknown;
  /** Subscribe to window messages; returns the unsubscribe function. */
  listen(handler: (message: InboundMessage) => void): () => void;
  /** Subscribe to this page going away (the merchant removed the frame or left); returns the unsubscribe. */
  onHide(handler: () => void): () => void;
}

export function windowTransport(win: Window = window): ParentTransport {
  return {
    framed: win.parent !== win,
    parent: win.parent,
    listen(handler) {
      const listener = (event: MessageEvent) =>
        handler({ source: event.source, origin: event.origin, data: event.data, ports: event.ports });
      win.addEventListener('message', listener);
      return () => win.removeEventListener('message', listener);
    },
    onHide(handler) {
      win.addEventListener('pagehide', handler);
      return () => win.removeEventListener('pagehide', handler);
    },
  };
}
