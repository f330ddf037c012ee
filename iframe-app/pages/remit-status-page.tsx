// sys-remitflow /invoice: the sender's view of their remittance, from the server (GET checkout/recipient):
// where it stands (waiting for the payment, paid, sending, delivered, refused; failed, canceled or expired
// with nothing held), the remittance as priced with its recipient, the references (the checkout's id, the
// chain's transaction or the bank transfer's id) and whether the recipient was told. It reads again every
// 3 s until the remittance is final and, once delivered, until the recipient is told (the notice goes out on
// the delivery worker's next round, a second or so after the payout lands); a reload shows the same, the state lives on the server. A refused
// delivery says the money is with the provider and its team refunds it (an operator's task).
import { useEffect, useState } from 'react';
import type { RemittanceAnswer, RemittanceStage } from '#core/contract/remittance.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Link } from '#ui/components/link.tsx';
import { useDocumentTitle } from '#ui/components/use-document-title.ts';
import { FlowLayout } from '#ui/layouts/flow-layout.tsx';
import { FlowNotReady } from '../flow/flow-states.tsx';
import { loadRemittance } from '../flow/remit-api.ts';
import { RemitSummary } from '../flow/remit-summary.tsx';
import { useFlowCheckout } from '../flow/use-flow-checkout.ts';
import { useRemitT } from '../i18n/use-remit-t.ts';

const POLL_MS = 3_000;
const MOVING: readonly RemittanceStage[] = ['awaiting_payment', 'paid', 'sending'];
const STEPS = ['paid', 'sending', 'delivered'] as const;
/** How far along the three steps each stage is (refused stops after sending). */
const REACHED: Record<RemittanceStage, number> = { awaiting_payment: 0, paid: 1, sending: 2, delivered: 3, refused: 2, failed: 0, canceled: 0, expired: 0 };

/** Whether the page should read again: the money is on its way, or it arrived and the recipient is about to be told. */
function stillMoving({ stage, recipient }: RemittanceAnswer): boolean {
  return MOVING.includes(stage) || (stage === 'delivered' && recipient !== null && !recipient.notified);
}

export default function RemitStatusPage() {
  const t = useRemitT();
  useDocumentTitle(t('status.title'));
  const state = useFlowCheckout('/invoice');
  return <FlowLayout>{state.phase === 'ready' ? <RemitStatus /> : <FlowNotReady state={state} />}</FlowLayout>;
}

function useRemittance(): RemittanceAnswer | null | 'failed' {
  const [remittance, setRemittance] = useState<RemittanceAnswer | null | 'failed'>(null);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const read = async () => {
      const answer = await loadRemittance();
      if (!live) return;
      if (!answer.ok) return setRemittance((current) => (current && current !== 'failed' ? current : 'failed'));
      setRemittance(answer.data);
      if (stillMoving(answer.data)) timer = setTimeout(() => void read(), POLL_MS);
    };
    void read();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, []);
  return remittance;
}

function RemitStatus() {
  const t = useRemitT();
  const support = useBootStore((state) => state.boot.whitelabel?.configuration.support_email) || t('status.support');
  const remittance = useRemittance();
  if (remittance === null) return <FlowNotReady state={{ phase: 'loading' }} />;
  if (remittance === 'failed') return <FlowNotReady state={{ phase: 'failed', retry: () => window.location.reload() }} />;
  const { checkout, recipient, stage } = remittance;
  const name = recipient?.name ?? '';
  const text =
    stage === 'delivered'
      ? t('status.deliveredText', { name })
      : stage === 'refused'
        ? t('status.refusedText', { reason: t('status.refusedReason'), support })
        : t(`status.${stage}Text`);
  const tone = stage === 'delivered' ? 'success' : stage === 'refused' || stage === 'failed' ? 'danger' : 'neutral';
  const reached = REACHED[stage];
  const txid = checkout.delivery.txid;
  return (
    <section className="flow-page remit-status" aria-labelledby="remit-status-title">
      <h1 id="remit-status-title" className="flow-page__title">
        {t('status.title')}
      </h1>
      <div className={`remit-status__banner remit-status__banner--${tone}`} role="status" aria-live="polite" data-stage={stage}>
        <p className="remit-status__headline">{t(`status.${stage}`)}</p>
        <p className="remit-status__text">{text}</p>
      </div>
      {stage === 'failed' || stage === 'canceled' || stage === 'expired' ? null : (
        <ol className="remit-steps" aria-label={t('status.steps')}>
          {STEPS.map((step, index) => (
            <li key={step} className={`remit-steps__step${index < reached ? ' remit-steps__step--done' : ''}${stage === 'refused' && step === 'delivered' ? ' remit-steps__step--refused' : ''}`}>
              {t(step === 'paid' ? 'status.stepPaid' : step === 'sending' ? 'status.stepSending' : stage === 'refused' ? 'status.stepRefused' : 'status.stepDelivered')}
            </li>
          ))}
        </ol>
      )}
      <div className="flow-details__layout">
        <RemitSummary checkout={checkout} recipient={recipient} title={t('status.summary')} />
        <div className="remit-status__refs">
        <dl className="flow-quote__list">
          <div>
            <dt>{t('status.reference')}</dt>
            <dd className="flow-quote__address">{checkout._id}</dd>
          </div>
          {txid ? (
            <div>
              <dt>{recipient?.receives === 'fiat' ? t('status.bankRef') : t('status.txid')}</dt>
              <dd className="flow-quote__address">{txid}</dd>
            </div>
          ) : null}
        </dl>
          {recipient?.notified ? <p className="flow-page__text">{t('status.told', { name, channel: recipient.notify_by === 'email' ? t('status.toldEmail') : t('status.toldSms') })}</p> : null}
          {recipient ? null : <p className="flow-page__text">{t('status.noRecipient')}</p>}
        </div>
      </div>
      {MOVING.includes(stage) || stage === 'delivered' ? null : (
        <Link href="/" className="button button--primary">
          {t('status.restart')}
        </Link>
      )}
    </section>
  );
}
