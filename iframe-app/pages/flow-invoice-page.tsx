// sys-flow /invoice: where a successful checkout lands (spec §4). The invoice with the server's figures,
// the delivery kept live (use-invoice.ts), Print (the print stylesheet leaves only the invoice) and the
// PDF download, and the box that turns the guest into a member who keeps this purchase.
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { LoadingState } from '#ui/components/loading-state.tsx';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import type { CheckoutAnswer } from '#core/contract/checkout.ts';
import { FlowNotReady } from '../flow/flow-states.tsx';
import { useFlowCheckout } from '../flow/use-flow-checkout.ts';
import { useInvoiceT } from '../i18n/use-invoice-t.ts';
import { invoicePdfUrl } from '../invoice/invoice-api.ts';
import { InvoiceView } from '../invoice/invoice-view.tsx';
import { RegisterBox } from '../invoice/register-box.tsx';
import { useInvoice } from '../invoice/use-invoice.ts';

export default function FlowInvoicePage() {
  const t = useInvoiceT();
  useDocumentTitle(t('invoice.title'));
  const state = useFlowCheckout('/invoice');
  return <FlowLayout>{state.phase === 'ready' ? <InvoicePage checkout={state.checkout} /> : <FlowNotReady state={state} />}</FlowLayout>;
}

function InvoicePage({ checkout }: { checkout: CheckoutAnswer }) {
  const t = useInvoiceT();
  const state = useInvoice(checkout._id);
  if (state.phase === 'loading') return <LoadingState label={t('invoice.title')} />;
  if (state.phase === 'failed') {
    return (
      <div className="flow-page flow-page--error" role="alert">
        <p>{t('invoice.loadFailed')}</p>
        <button type="button" className="button button--primary" onClick={state.retry}>
          {t('invoice.retry')}
        </button>
      </div>
    );
  }
  const { invoice } = state;
  return (
    <section className="flow-page invoice-page" aria-labelledby="invoice-title">
      <div className="invoice-page__top">
        <h1 id="invoice-title" className="flow-page__title">
          {t('invoice.title')}
        </h1>
        <div className="invoice-page__actions">
          <button type="button" className="button button--secondary" onClick={() => window.print()}>
            {t('invoice.print')}
          </button>
          <a className="button button--primary" href={invoicePdfUrl(invoice.checkout_id)} download={`invoice-${invoice.invoice_number}.pdf`}>
            {t('invoice.pdf')}
          </a>
        </div>
      </div>
      {invoice.buyer.email && invoice.delivery.state === 'sending' ? <p className="flow-page__note">{t('invoice.receipt', { email: invoice.buyer.email })}</p> : null}
      <InvoiceView invoice={invoice} />
      {invoice.buyer.email ? <RegisterBox email={invoice.buyer.email} /> : null}
    </section>
  );
}
