// Widget frame, shown inside the merchant's iframe: the merchant header when core's widgetHeader()
// says there is a priced order to describe, the page, and a compact footer. No site navigation:
// the merchant page around it is the site.
import { useEffect, useRef, type ReactNode } from 'react';
import { FooterBar } from '../components/footer-bar.tsx';
import { MerchantHeader, type MerchantHeaderProps } from '../components/merchant-header.tsx';
import { MAIN_ID, SkipLink } from '../components/skip-link.tsx';
import { TestModeBadge } from '../components/test-mode-badge.tsx';
import { useT } from '../i18n/use-t.ts';
import { FOCUSABLE, nextFocusIndex } from '../modal/focus-trap.ts';

export interface WidgetLayoutProps {
  children: ReactNode;
  /** widgetHeader(...) of core/rules/widget-header.ts (null hides the header) and the coin on the payment page. */
  merchant?: MerchantHeaderProps | null;
  /**
   * Overlay mode: the SDK's frame covers the merchant's whole viewport and this layout draws the backdrop
   * and the card, so the SDK itself stays a tiny loader with no styles of its own.
   */
  overlay?: boolean;
  /** Present when the merchant's SDK is connected: a close button and Esc end the checkout. */
  onClose?: (() => void) | undefined;
}

export function WidgetLayout({ children, merchant, overlay = false, onClose }: WidgetLayoutProps) {
  const t = useT();
  useEffect(() => {
    // The page behind an overlay must show through the frame.
    document.documentElement.classList.toggle('is-overlay', overlay);
  }, [overlay]);
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!onClose) return;
    // Connected as an overlay: the dialog takes focus (the SDK has focused this frame), Esc closes it, and
    // Tab wraps inside the card so focus never reaches the merchant page hidden behind the backdrop.
    if (overlay) card.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
      if (event.key !== 'Tab' || !overlay || !card.current) return;
      const items = [...card.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const next = nextFocusIndex(items.indexOf(document.activeElement as HTMLElement), items.length, event.shiftKey);
      if (next < 0) return;
      event.preventDefault();
      items[next]?.focus();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose, overlay]);

  return (
    <div className={overlay ? 'layout layout--widget layout--overlay' : 'layout layout--widget'}>
      <div ref={card} tabIndex={-1} className="widget-card" role={overlay ? 'dialog' : undefined} aria-modal={overlay ? true : undefined} aria-label={overlay ? t('widget.checkout') : undefined}>
        <SkipLink />
        <div className="widget-topline">
          <TestModeBadge />
          {onClose ? (
            <button type="button" className="widget-close" onClick={onClose} aria-label={t('widget.close')}>
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
    </div>
  );
}
