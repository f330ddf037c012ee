// Widget frame, shown inside the merchant's iframe: the merchant header when core's widgetHeader()
// says there is a priced order to describe, the page, and a compact footer. No site navigation:
// the merchant page around it is the site.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { FooterBar } from '../components/footer-bar.tsx';
import { MerchantHeader, type MerchantHeaderProps } from '../components/merchant-header.tsx';
import { MAIN_ID, SkipLink } from '../components/skip-link.tsx';
import { TestModeBadge } from '../components/test-mode-badge.tsx';
import { useT } from '../i18n/use-t.ts';
import { FOCUSABLE, nextFocusIndex } from '../modal/focus-trap.ts';
import { Modal } from '../modal/modal.tsx';
import { closeOutcome } from './leave-confirmation.ts';

export interface WidgetLayoutProps {
  children: ReactNode;
  /** widgetHeader(...) of core/rules/widget-header.ts (null hides the header) and the coin on the payment page. */
  merchant?: MerchantHeaderProps | null;
  /**
   * Overlay mode: the SDK's frame covers the merchant's whole viewport and this layout draws the backdrop
   * and the card, so the SDK itself stays a tiny loader with no styles of its own.
   */
  overlay?: boolean;
  /**
   * Inline in the merchant's page (SDK mode 'inline'): the page is as tall as its content, not as the
   * frame, so the height it reports (ui/checkout/inline-height.ts) can shrink as well as grow.
   */
  inline?: boolean;
  /** Present when the merchant's SDK is connected: a close button and Esc end the checkout. */
  onClose?: (() => void) | undefined;
  /**
   * A payment is open on this page (choosing the coin, paying, waiting for confirmations): Esc and the
   * close button first ask "Leave this payment?" (leave-confirmation.ts). Off, they close at once.
   */
  confirmLeave?: boolean;
}

export function WidgetLayout({ children, merchant, overlay = false, inline = false, onClose, confirmLeave = false }: WidgetLayoutProps) {
  const t = useT();
  const [asking, setAsking] = useState(false);
  useEffect(() => {
    // The page behind an overlay must show through the frame.
    document.documentElement.classList.toggle('is-overlay', overlay);
    document.documentElement.classList.toggle('is-inline', inline);
  }, [overlay, inline]);
  const card = useRef<HTMLDivElement>(null);
  // The one keydown listener reads the latest props through this ref: pages re-render with every status
  // poll (and hand a new onClose each time), which must neither re-add the listener nor pull focus back.
  const latest = useRef({ onClose, confirmLeave, asking });
  latest.current = { onClose, confirmLeave, asking };
  const requestLeave = useCallback(() => {
    const outcome = closeOutcome(latest.current);
    if (outcome === 'close') latest.current.onClose?.();
    else setAsking(outcome === 'ask');
  }, []);
  const keepPaying = useCallback(() => setAsking(false), []);
  const leave = useCallback(() => latest.current.onClose?.(), []);
  const connected = onClose !== undefined;
  useEffect(() => {
    if (!connected) return;
    // Connected as an overlay: the dialog takes focus (the SDK has focused this frame), Esc asks or closes,
    // and Tab wraps inside the card so focus never reaches the merchant page hidden behind the backdrop.
    if (overlay) card.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') return requestLeave();
      // While the question is open it keeps Tab inside itself (ui/modal/modal.tsx).
      if (event.key !== 'Tab' || !overlay || !card.current || latest.current.asking) return;
      const items = [...card.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const next = nextFocusIndex(items.indexOf(document.activeElement as HTMLElement), items.length, event.shiftKey);
      if (next < 0) return;
      event.preventDefault();
      items[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [connected, overlay, requestLeave]);

  return (
    <div className={overlay ? 'layout layout--widget layout--overlay' : 'layout layout--widget'}>
      <div ref={card} tabIndex={-1} className="widget-card" role={overlay ? 'dialog' : undefined} aria-modal={overlay ? true : undefined} aria-label={overlay ? t('widget.checkout') : undefined}>
        <SkipLink />
        <div className="widget-topline">
          <TestModeBadge />
          {onClose ? (
            <button type="button" className="widget-close" onClick={requestLeave} aria-label={t('widget.close')}>
              <span aria-hidden="true">×</span>
            </button>
          ) : null}
        </div>
        {merchant ? <MerchantHeader {...merchant} /> : null}
        <main id={MAIN_ID} className="layout__main layout__main--widget" tabIndex={-1}>
          {children}
        </main>
        <FooterBar />
      </div>
      {connected ? (
        <Modal
          alert
          open={asking}
          title={t('widget.leaveTitle')}
          onClose={keepPaying}
          actions={
            <>
              {/* First, so it takes the focus: the safe answer is one Enter away. */}
              <button type="button" className="button button--primary" onClick={keepPaying}>
                {t('widget.keepPaying')}
              </button>
              <button type="button" className="button button--secondary" onClick={leave}>
                {t('widget.leave')}
              </button>
            </>
          }
        >
          <p>{t('widget.leaveText')}</p>
        </Modal>
      ) : null}
    </div>
  );
}
