// The iframe app's pages per module. A route of core/modules.ts without an entry here renders the
// 404 inside the module's own frame. sys-widget has its pages: home (choose a coin, at / and
// /home), the payment pages and /redirect; each is a lazy chunk so the entry stays within the 30 KB budget.
import type { AppRoute } from '#ui/app/app-root.tsx';
import { lazyRoute } from '#ui/routing/lazy-route.ts';
import { buyWidgetPages } from './buywidget/buy-widget-routes.tsx';

export type IframeModule = 'sys-widget' | 'sys-buywidget' | 'sys-flow' | 'sys-remitflow';

const payment = lazyRoute(() => import('./pages/payment-page.tsx'));
// Home's next page is nearly always /payment (a payment with its coin moves on at once, one without moves
// on after the choice), so its chunk loads beside home's instead of after home's answers.
const home = lazyRoute(() => {
  void payment.preload();
  return import('./pages/home-page.tsx');
});
const paymentDetected = lazyRoute(() => import('./pages/payment-detected-page.tsx'));
const paymentSuccess = lazyRoute(() => import('./pages/payment-success-page.tsx'));
const paymentFailed = lazyRoute(() => import('./pages/payment-failed-page.tsx'));
const redirect = lazyRoute(() => import('./pages/redirect-page.tsx'));
const flowStart = lazyRoute(() => import('./pages/flow-start-page.tsx'));
const flowDetails = lazyRoute(() => import('./pages/flow-details-page.tsx'));
const flowPayment = lazyRoute(() => import('./pages/flow-payment-page.tsx'));
const flowProcessing = lazyRoute(() => import('./pages/flow-processing-page.tsx'));
const flowCompliance = lazyRoute(() => import('./pages/flow-compliance-page.tsx'));
const flowKyc = lazyRoute(() => import('./pages/flow-kyc-page.tsx'));
const flowReview = lazyRoute(() => import('./pages/flow-review-page.tsx'));
const flowWire = lazyRoute(() => import('./pages/flow-wire-page.tsx'));
const flowOnlineBanking = lazyRoute(() => import('./pages/flow-online-banking-page.tsx'));
const flowProcessingOnline = lazyRoute(() => import('./pages/flow-processing-online-page.tsx'));
const flowInvoice = lazyRoute(() => import('./pages/flow-invoice-page.tsx'));
const remitStart = lazyRoute(() => import('./pages/remit-start-page.tsx'));
const remitStatus = lazyRoute(() => import('./pages/remit-status-page.tsx'));
const buyStart = lazyRoute(() => import('./pages/buy-widget-start-page.tsx'));

export const MODULE_PAGES: Record<IframeModule, readonly AppRoute[]> = {
  'sys-widget': [
    { path: '/', route: home },
    { path: '/home', route: home },
    { path: '/payment', route: payment },
    { path: '/payment-detected', route: paymentDetected },
    { path: '/payment-success', route: paymentSuccess },
    { path: '/payment-failed', route: paymentFailed },
    { path: '/redirect', route: redirect },
  ],
  // Set below from sys-flow's pages.
  'sys-buywidget': [],
  // The guest flow: start, details, the card's pay step and verify account; the bank methods' pages and the invoice come next (core/modules.ts NOT_BUILT).
  'sys-flow': [
    { path: '/', route: flowStart },
    { path: '/buy/widget', route: flowStart },
    { path: '/test', route: flowStart },
    { path: '/details', route: flowDetails },
    { path: '/payment', route: flowPayment },
    { path: '/processing', route: flowProcessing },
    { path: '/compliance', route: flowCompliance },
    { path: '/kyc', route: flowKyc },
    { path: '/review', route: flowReview },
    { path: '/wire', route: flowWire },
    { path: '/online_banking', route: flowOnlineBanking },
    { path: '/processing_online', route: flowProcessingOnline },
    { path: '/invoice', route: flowInvoice },
  ],
  // The remittance flow: its own start and the sender's status (/invoice); the step pages are sys-flow's,
  // whose links and guard are relative to the module (use-flow-checkout.ts), so they work under either prefix.
  'sys-remitflow': [
    { path: '/', route: remitStart },
    { path: '/test', route: remitStart },
    { path: '/details', route: flowDetails },
    { path: '/payment', route: flowPayment },
    { path: '/processing', route: flowProcessing },
    { path: '/compliance', route: flowCompliance },
    { path: '/kyc', route: flowKyc },
    { path: '/review', route: flowReview },
    { path: '/wire', route: flowWire },
    { path: '/online_banking', route: flowOnlineBanking },
    { path: '/processing_online', route: flowProcessingOnline },
    { path: '/invoice', route: remitStatus },
  ],
};

// The buy widget: its start, then each of the flow's step pages inside its card (buywidget/buy-widget-routes.tsx).
MODULE_PAGES['sys-buywidget'] = buyWidgetPages(buyStart, MODULE_PAGES['sys-flow']);
