// The card every buy widget page sits in: the widget layout of the payment widget (overlay card or inline,
// the close button and Esc when the SDK is connected, the focus trap), with the flow's pages drawn inside
// it (FlowEmbedded: no header or footer of their own). Closing asks "Leave this payment?" on the steps
// between the price and the invoice, where the buyer is in the middle of paying.
import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { FlowEmbedded } from '#ui/layouts/flow-embed.ts';
import { WidgetLayout } from '#ui/layouts/widget-layout.tsx';
import { useWidgetChrome } from '../merchant-bridge.ts';

export function BuyWidgetFrame({ children }: { children: ReactNode }) {
  const { overlay, inline, onClose } = useWidgetChrome();
  const [location] = useLocation();
  const paying = location !== '/' && location !== '/invoice';
  return (
    <WidgetLayout overlay={overlay} inline={inline} onClose={onClose} confirmLeave={paying}>
      <FlowEmbedded.Provider value={true}>
        <div className="buy-widget">{children}</div>
      </FlowEmbedded.Provider>
    </WidgetLayout>
  );
}
