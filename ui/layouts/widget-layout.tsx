// Widget frame, shown inside the merchant's iframe: the merchant header when core's widgetHeader()
// says there is a priced order to describe, the page, and a compact footer. No site navigation:
// the merchant page around it is the site.
import type { ReactNode } from 'react';
import { FooterBar } from '../components/footer-bar.tsx';
import { MerchantHeader, type MerchantHeaderProps } from '../components/merchant-header.tsx';
import { MAIN_ID, SkipLink } from '../components/skip-link.tsx';
import { TestModeBadge } from '../components/test-mode-badge.tsx';

export interface WidgetLayoutProps {
  children: ReactNode;
  /** widgetHeader(...) of core/rules/widget-header.ts (null hides the header) and the coin on the payment page. */
  merchant?: MerchantHeaderProps | null;
}

export function WidgetLayout({ children, merchant }: WidgetLayoutProps) {
  return (
    <div className="layout layout--widget">
      <SkipLink />
      <div className="widget-topline">
        <TestModeBadge />
      </div>
      {merchant ? <MerchantHeader {...merchant} /> : null}
      <main id={MAIN_ID} className="layout__main layout__main--widget" tabIndex={-1}>
        {children}
      </main>
      <FooterBar />
    </div>
  );
}
