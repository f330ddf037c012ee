// The frame every widget payment page sits in: the widget layout (close button when the SDK is
// connected, overlay card), the merchant header of spec §2 when core's widgetHeader() shows one, and
// the merchant's theme colours as CSS variables. Works the same inside the SDK's iframe and opened
// directly as the hosted payment-link page (no bridge: no close button).
// The SDK events a payment owes the merchant page are not sent from here but from the status the pages
// load (use-payment.ts, use-home.ts -> announce-status.ts), once per payment however often pages render.
import type { CSSProperties, ReactNode } from 'react';
import type { MerchantAnswer } from '#core/contract/merchant-info.ts';
import type { TransactionAnswer } from '#core/contract/merchant-payments.ts';
import { paymentSummary } from '#core/rules/payment-summary.ts';
import { widgetHeader } from '#core/rules/widget-header.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { WidgetLayout } from '#ui/layouts/widget-layout.tsx';
import { useWidgetChrome } from '../merchant-bridge.ts';
import { headerInputOf, widgetThemeVars } from './payment-view.ts';
import { PaymentSummaryView } from './payment-summary-view.tsx';

export interface WidgetFrameProps {
  children: ReactNode;
  merchant?: MerchantAnswer | null;
  details?: TransactionAnswer | null;
  /** The payment page adds "Pay with {coin}" to the header. */
  payWithCoin?: string;
  /** The payment is still open here (home, payment, detected): closing asks "Leave this payment?" first. */
  confirmLeave?: boolean;
}

export function WidgetFrame({ children, merchant, details, payWithCoin, confirmLeave = false }: WidgetFrameProps) {
  const { overlay, inline, onClose } = useWidgetChrome();
  const locale = useBootStore((state) => state.locale);
  const header = details ? widgetHeader(headerInputOf(merchant, details), locale) : null;
  // Under 50 the spec hides the header; the buyer still sees whom they pay, for what and how much.
  const summary = details && !header ? paymentSummary(headerInputOf(merchant, details), locale) : null;
  return (
    <div className="widget-theme" style={widgetThemeVars(merchant?.widget) as CSSProperties}>
      <WidgetLayout overlay={overlay} inline={inline} onClose={onClose} confirmLeave={confirmLeave} merchant={header ? { header, ...(payWithCoin ? { payWithCoin } : {}) } : null}>
        {summary ? (
          <div className="widget-body">
            <PaymentSummaryView summary={summary} />
            {children}
          </div>
        ) : (
          children
        )}
      </WidgetLayout>
    </div>
  );
}
