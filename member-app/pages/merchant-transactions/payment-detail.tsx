// One payment in a dialog (GET /v1/merchant/payments/detail), opened by ?payment=<id> so it can be
// linked: its figures, the chain transfers seen at its address and the webhook events sent about it
// with each delivery attempt. While the payment is still open (new or processing) it is read again
// every 5 s, and a change of status is announced.
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { merchantPaymentDetail, type MerchantPaymentDetail } from '#core/contract/merchant-office.ts';
import type { ApiError } from '#ui/api/api-result.ts';
import { useBootStore } from '#ui/boot/boot-store.ts';
import { Modal } from '#ui/modal/modal.tsx';
import { memberApi } from '#ui/session/member-api.ts';
import { useMerchantT } from '../../i18n/use-merchant-t.ts';
import { dateTimeText } from '../../wallets/transaction-view.ts';
import { amountText } from '../../wallets/wallet-view.ts';
import { walletsErrorText } from '../../wallets/wallets-error-text.ts';
import { PaymentStatus } from './payment-status.tsx';
import { PaymentActions } from '../merchant-payments/payment-actions.tsx';

const REFRESH_MS = 5_000;

export function PaymentDetail({ paymentId, onClose, onChanged }: { paymentId: string; onClose: () => void; onChanged: () => void }) {
  const t = useMerchantT();
  const locale = useBootStore((state) => state.locale);
  const [detail, setDetail] = useState<MerchantPaymentDetail | null>(null);
  const [error, setError] = useState<ApiError | null>(null);
  const [version, setVersion] = useState(0);
  const [announce, setAnnounce] = useState('');
  const lastStatus = useRef<string | null>(null);

  useEffect(() => {
    let live = true;
    void memberApi()
      .call(merchantPaymentDetail, { query: { payment: paymentId } })
      .then((result) => {
        if (!live) return;
        if (result.ok) {
          const seen = lastStatus.current;
          lastStatus.current = result.data.payment.status;
          if (seen !== null && seen !== result.data.payment.status) {
            setAnnounce(t(`status.${result.data.payment.status}`));
            onChanged();
          }
          setDetail(result.data);
          setError(null);
        } else setError(result.error);
      });
    return () => {
      live = false;
    };
  }, [paymentId, version, onChanged, t]);

  const open = detail ? detail.payment.status === 'new' || detail.payment.status === 'processing' : false;
  useEffect(() => {
    if (!open) return undefined;
    const timer = setTimeout(() => setVersion((n) => n + 1), REFRESH_MS);
    return () => clearTimeout(timer);
  }, [open, detail]);

  const payment = detail?.payment;
  const inCoin = (amount: string | null) => (payment?.coin && amount !== null ? amountText(amount, payment.coin, locale) : t('mtx.notYet'));
  const when = (iso: string | null) => (iso ? <time dateTime={iso}>{dateTimeText(iso, locale)}</time> : t('mtx.notYet'));

  return (
    <Modal open title={t('detail.title')} onClose={onClose}>
      <div role="status" aria-live="polite" className="visually-hidden">{announce}</div>
      {error && !detail ? <p className="form-alert form-alert--error" role="alert">{t('detail.error')} {walletsErrorText(error, locale)}</p> : null}
      {!detail && !error ? <p role="status">{t('detail.loading')}</p> : null}
      {detail && payment ? (
        <div className="mtx-detail" data-testid="mtx-detail" data-payment={payment.id}>
          <dl className="facts tx-detail">
            <Fact term={t('detail.status')}><PaymentStatus payment={payment} /></Fact>
            <Fact term={t('detail.order')}>{payment.order_id ?? t('mtx.noOrder')}</Fact>
            <Fact term={t('detail.product')}>{payment.product || t('mtx.notYet')}</Fact>
            <Fact term={t('detail.fiat')}>{amountText(payment.fiat_amount, payment.fiat_currency, locale)}</Fact>
            <Fact term={t('detail.due')}>{payment.coin ? inCoin(payment.amount_due) : t('mtx.noCoin')}</Fact>
            <Fact term={t('detail.paid')}><span data-testid="mtx-detail-paid">{inCoin(payment.amount_paid)}</span></Fact>
            <Fact term={t('detail.confirmed')}>{inCoin(payment.amount_confirmed)}</Fact>
            <Fact term={t('detail.confirmations')}>
              {payment.required_confirmations === null ? t('mtx.notYet') : `${payment.confirmations} / ${payment.required_confirmations}`}
            </Fact>
            <Fact term={t('detail.fee')}>{inCoin(payment.fee)}</Fact>
            <Fact term={t('detail.credited')}><span data-testid="mtx-detail-credited">{inCoin(payment.credited)}</span></Fact>
            <Fact term={t('detail.paymentId')}><code className="tx-detail__code">{payment.id}</code></Fact>
            {payment.address ? <Fact term={t('detail.address')}><code className="tx-detail__code">{payment.address}</code></Fact> : null}
            <Fact term={t('detail.created')}>{when(payment.created_at)}</Fact>
            <Fact term={t('detail.expires')}>{when(payment.expires_at)}</Fact>
            <Fact term={t('detail.settled')}>{when(payment.settled_at)}</Fact>
          </dl>

          {/* Accept or refund a payment with an exception (nothing for a payment that allows neither). */}
          <PaymentActions
            paymentId={payment.id}
            status={payment.status}
            exception={payment.exception}
            onChanged={() => {
              setVersion((n) => n + 1);
              onChanged();
            }}
          />

          <section className="mtx-detail__section" aria-labelledby="mtx-chain-title">
            <h3 id="mtx-chain-title" className="mtx-detail__title">{t('detail.chainTitle')}</h3>
            {detail.chain_payments.length === 0 ? (
              <p className="panel__lead">{t('detail.chainEmpty')}</p>
            ) : (
              <ul className="mtx-list" data-testid="mtx-chain">
                {detail.chain_payments.map((chain) => (
                  <li key={chain.txid} className="mtx-list__item">
                    <code className="tx-detail__code">{chain.txid}</code>
                    <span className="mtx-list__line">
                      <strong>{inCoin(chain.amount)}</strong>
                      <span>{chain.status === 'confirmed' ? t('detail.chainConfirmed') : chain.status === 'dropped' ? t('detail.chainDropped') : t('detail.chainDetected')}</span>
                      <span>{t('detail.confirmations')}: {chain.confirmations} / {chain.required_confirmations}</span>
                      <span>{t('detail.seen')}: {when(chain.seen_at)}</span>
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section className="mtx-detail__section" aria-labelledby="mtx-webhooks-title">
            <h3 id="mtx-webhooks-title" className="mtx-detail__title">{t('detail.webhooksTitle')}</h3>
            {detail.webhook_events.length === 0 ? (
              <p className="panel__lead">{t('detail.webhooksEmpty')}</p>
            ) : (
              <ul className="mtx-list" data-testid="mtx-webhooks">
                {detail.webhook_events.map((event) => (
                  <li key={event.event_id} className="mtx-list__item" data-event={event.type}>
                    <span className="mtx-list__line">
                      <strong>{event.type}</strong>
                      <span>{t(`detail.delivery.${event.status}`)}</span>
                      <span>{when(event.created_at)}</span>
                    </span>
                    <code className="tx-detail__code">{event.event_id}</code>
                    {event.deliveries.length > 0 ? (
                      <ol className="mtx-list__attempts">
                        {event.deliveries.map((delivery) => (
                          <li key={delivery.attempt}>
                            {t('detail.attempt', {
                              attempt: delivery.attempt,
                              result: delivery.status_code !== null ? t('detail.attemptStatus', { code: delivery.status_code }) : t('detail.attemptError', { error: delivery.error ?? '' }),
                            })}{' '}
                            · {dateTimeText(delivery.created_at, locale)}
                          </li>
                        ))}
                      </ol>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </div>
      ) : null}
    </Modal>
  );
}

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}
