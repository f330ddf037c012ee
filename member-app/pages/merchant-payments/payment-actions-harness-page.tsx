// /dev/payment-actions?payment=pay_…&status=…&exception=…: a test-mode-only page that mounts
// PaymentActions on its own, so the component is tried in a browser (tests/e2e/refund-claim.spec.ts)
// before the merchant transactions page that will hold it exists. Outside test mode it is the 404 page.
import { useState } from 'react';
import { useSearch } from 'wouter';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { NotFoundPage } from '#ui/components/not-found-page.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { MemberFrame } from '../../identity/member-frame.tsx';
import { PaymentActions } from './payment-actions.tsx';

export default function PaymentActionsHarnessPage() {
  const test = useBootStore((state) => state.boot.mode === 'test');
  if (!test) return <NotFoundPage />;
  return <MemberFrame>{() => <Harness />}</MemberFrame>;
}

function Harness() {
  useDocumentTitle('Payment actions (test harness)');
  const params = new URLSearchParams(useSearch());
  const payment = params.get('payment') ?? '';
  const [changes, setChanges] = useState(0);
  return (
    <section className="panel" aria-labelledby="harness-title">
      <h1 id="harness-title" className="panel__title refund-claim__wrap">Payment {payment}</h1>
      <p data-testid="harness-changes">onChanged: {changes}</p>
      <PaymentActions paymentId={payment} status={params.get('status') ?? ''} exception={params.get('exception') || null} onChanged={() => setChanges((n) => n + 1)} />
    </section>
  );
}
